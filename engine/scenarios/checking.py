"""Static checks of the scenarios kept with a game, for `regola validate`: every scenario
file under the game's `scenarios/` folder is read and checked (its shape and every name it
uses: seats, places, pieces, token properties, decks, variables, asks, procedures, log
messages) against the game being validated, without being played. A renamed area then
breaks the scenarios when the game is validated, each problem at its scenario line."""

from __future__ import annotations

from pathlib import Path

from ..errors import Location, Problem, RegolaError
from ..game import Game
from ..loading.loader import load_game
from ..loading.sources import display_name, resolve_game
from .runner import SUFFIX, compile_file


def scenario_files(game: str) -> list[Path]:
    """The scenario files kept with a game (given by id, folder or file)."""
    folder = resolve_game(game).parent / "scenarios"
    return sorted(folder.rglob(f"*{SUFFIX}")) if folder.is_dir() else []


def scenario_problems(game: str, loaded: Game) -> list[Problem]:
    """Every static problem of the scenarios kept with `game` (already `loaded`), located
    at its scenario file, line and column."""
    path = resolve_game(game)

    def games(name: str, variant: str | None) -> Game:
        if name not in (loaded.id, game) and not _same_file(name, path):
            return load_game(name, variant)
        if variant is None:
            return load_game(game, None)
        own = path.parent / "variants" / f"{variant}.yaml"
        return load_game(str(path), str(own) if own.is_file() else variant)

    problems = []
    for file in scenario_files(game):
        shown = display_name(file)
        _, _, failures = compile_file(file, shown, games)
        for failure in failures:
            where = failure.location or Location(shown, failure.line)
            problems.append(Problem(Location(shown, where.line or failure.line,
                                             where.column, where.path), failure.message))
    return problems


def _same_file(name: str, path: Path) -> bool:
    try:
        return resolve_game(name).resolve() == path.resolve()
    except RegolaError:
        return False
