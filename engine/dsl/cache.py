"""Where the compiler keeps on disk what it computes once: the grammar's parse tables
(always, unless turned off) and, if asked for, the compiled code of generated modules.

`REGOLA_CACHE` chooses: unset, the parse tables go to regola/ in the user's cache folder
($XDG_CACHE_HOME or ~/.cache) and compiled modules stay in memory; a folder, both go there;
`off`, nothing is written.
"""

from __future__ import annotations

import os
from pathlib import Path

CACHE_ENV = "REGOLA_CACHE"


def cache_folder() -> Path | None:
    """The folder for cached parse tables (None: do not cache on disk)."""
    chosen = os.environ.get(CACHE_ENV)
    if chosen == "off":
        return None
    if chosen:
        return Path(chosen)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "regola"


def module_folder() -> Path | None:
    """The folder for compiled modules: only one chosen with REGOLA_CACHE."""
    chosen = os.environ.get(CACHE_ENV)
    return Path(chosen) if chosen and chosen != "off" else None


def grammar_cache() -> str | bool:
    """Lark's `cache` argument: a file in the cache folder, or False."""
    folder = cache_folder()
    if folder is None:
        return False
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return str(folder / "grammar.lark-tables")
