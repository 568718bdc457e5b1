"""The engine names no game: every game-specific word lives under rules/ (DESIGN: the promise)."""

from __future__ import annotations

import re
from pathlib import Path

import regola
from regola.loading.sources import builtin_games

# The check (grep -riE ... engine/) plus every built-in game's id.
FORBIDDEN = ["doge", "palace", "quarantia", "rialto", "gondola", "councilman", "warsaw",
             "copycat", "doctorate"]


def test_no_file_under_engine_names_a_game_or_its_pieces():
    engine = Path(regola.__file__).parent
    words = sorted(set(FORBIDDEN) | set(builtin_games()))
    pattern = re.compile("|".join(map(re.escape, words)), re.IGNORECASE)
    hits = []
    for path in sorted(engine.rglob("*")):
        if path.relative_to(engine).parts[0] in ("rules", "locales"):
            continue    # installed (not editable), the game data ships inside the package
        if path.is_file() and path.suffix in (".py", ".lark", ".json", ".yaml", ".md", ".txt"):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if pattern.search(line):
                    hits.append(f"{path.relative_to(engine)}:{number}: {line.strip()}")
    assert not hits, "\n".join(hits)
