"""What the compiler keeps once computed, keyed by contents: the grammar's parse tables
and scripts' parse trees (in memory and on disk), and compiled modules (in memory; on disk
if asked for).

`REGOLA_CACHE` chooses the folder: unset, regola/ in the user's cache folder
($XDG_CACHE_HOME or ~/.cache), where compiled modules are not written; a folder, everything
goes there; `off`, nothing is written to disk.
"""

from __future__ import annotations

import hashlib
import os
import pickle
from pathlib import Path

from lark import Tree

CACHE_ENV = "REGOLA_CACHE"


def cache_folder() -> Path | None:
    """The folder for cached parse tables and trees (None: do not cache on disk)."""
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


TREES_KEPT = 256
"""How many scripts' parse trees are kept (in memory, and on disk)."""

_trees: dict[str, bytes] = {}


def tree_key(salt: str, text: str) -> str:
    """The key of a script's parse tree: its text, with the grammar and the versions."""
    return hashlib.sha256(f"{salt}\n{text}".encode()).hexdigest()[:40]


def load_tree(key: str) -> Tree | None:
    """A parse tree kept under `key` (a fresh copy), or None."""
    data = _trees.get(key)
    if data is None:
        folder = cache_folder()
        if folder is None:
            return None
        try:
            data = (folder / "trees" / f"{key}.pickle").read_bytes()
        except OSError:
            return None
    try:
        tree = pickle.loads(data)
    except Exception:  # noqa: BLE001 - a damaged cache file is ignored
        return None
    _trees[key] = data
    return tree if isinstance(tree, Tree) else None


def store_tree(key: str, tree: Tree) -> None:
    """Keep a parse tree under `key` (the oldest beyond TREES_KEPT are dropped)."""
    data = pickle.dumps(tree, pickle.HIGHEST_PROTOCOL)
    _trees[key] = data
    while len(_trees) > TREES_KEPT:
        del _trees[next(iter(_trees))]
    folder = cache_folder()
    if folder is None:
        return
    try:
        trees = folder / "trees"
        trees.mkdir(parents=True, exist_ok=True)
        temporary = trees / f"{key}.{os.getpid()}.tmp"
        temporary.write_bytes(data)
        temporary.replace(trees / f"{key}.pickle")
        kept = sorted(trees.glob("*.pickle"), key=lambda p: p.stat().st_mtime)
        for old in kept[:-TREES_KEPT]:
            old.unlink(missing_ok=True)
    except OSError:
        pass
