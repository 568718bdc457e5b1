"""Find games and variants: built-in ones inside the package, or paths given by the user."""

from __future__ import annotations

import difflib
from importlib import resources
from pathlib import Path

from ..errors import UnknownGame, w


def rules_root() -> Path:
    """The folder holding the built-in games (rules/ in the source tree and the package)."""
    return Path(str(resources.files("regola.rules")))


def builtin_games() -> list[str]:
    """Ids of the built-in games, sorted."""
    root = rules_root()
    return sorted(p.parent.name for p in root.glob("*/game.yaml"))


def builtin_variants(game: str) -> list[Path]:
    """The variant files shipped with a built-in game."""
    return sorted((rules_root() / game / "variants").glob("*.yaml"))


def display_name(path: Path) -> str:
    """How a rule file is named in messages: rules/<game>/... for built-ins, else as given."""
    try:
        return "rules/" + path.resolve().relative_to(rules_root().resolve()).as_posix()
    except ValueError:
        return str(path)


def command_name(game_id: str, folder: str | Path) -> str:
    """How a command line names a loaded game: a built-in by its id, any other by its folder
    (relative to the current directory where it is below it)."""
    path = Path(folder).resolve()
    if path == (rules_root() / game_id).resolve():
        return game_id
    try:
        relative = path.relative_to(Path.cwd().resolve()).as_posix()
        return relative if relative != "." else "."
    except ValueError:
        return str(path)


def resolve_game(name_or_path: str) -> Path:
    """The game.yaml of a built-in game id, a game folder, or a game file."""
    candidate = Path(name_or_path)
    if candidate.is_dir() and (candidate / "game.yaml").exists():
        return candidate / "game.yaml"
    if candidate.is_file():
        return candidate
    here = Path.cwd()
    if "/" not in name_or_path and here.name == name_or_path and (here / "game.yaml").exists():
        return here / "game.yaml"       # the game's own folder, named as the game
    builtin = rules_root() / name_or_path / "game.yaml"
    if "/" not in name_or_path and builtin.exists():
        return builtin
    games = ", ".join(builtin_games())
    close = difflib.get_close_matches(name_or_path, builtin_games(), n=1, cutoff=0.6)
    if close:
        raise UnknownGame.text(w("unknown game {name} (did you mean {close}?); built-in games: "
                                 "{games}"), name=repr(name_or_path), close=close[0],
                               games=games)
    if (here / "game.yaml").exists():
        raise UnknownGame.text(w("unknown game {name}; built-in games: {games} (the game here "
                                 "is in the folder {folder}: give '.' or the folder's name)"),
                               name=repr(name_or_path), games=games, folder=repr(here.name))
    raise UnknownGame.text(w("unknown game {name}; built-in games: {games} (or give the path "
                             "of a game folder or file, or run it inside the game's folder "
                             "named {name})"), name=repr(name_or_path), games=games)


def resolve_variant(game: str, name_or_path: str, folder: Path | None = None) -> Path:
    """A variant file: a path, or the id of a variant in the game's folder (`folder`, whose
    variants/ holds them) or of a built-in variant of `game`."""
    candidate = Path(name_or_path)
    if candidate.is_file():
        return candidate
    variants = builtin_variants(game) if folder is None else \
        sorted((folder / "variants").glob("*.yaml"))
    for path in variants:
        if path.stem == name_or_path:
            return path
    known = ", ".join(p.stem for p in variants) or "none"
    raise UnknownGame.text(w("unknown variant {name} of {game}; built-in variants: {known}"),
                           name=repr(name_or_path), game=game, known=known)
