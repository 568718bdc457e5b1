"""`regola new-game NAME [--dir DIR]`: write a small working game folder to start from.

The folder (DIR/NAME) holds a two-player card game: its rules (game.yaml, flow.regola), its
texts (text.yaml), its written rulebook (rulebook.yaml, reviewed.yaml), one scenario and its
Spanish and Dutch catalogs (locales/). As written it validates, plays, simulates, passes
its scenario and builds its rulebook in every language it ships.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path
from typing import Annotated

import typer

from ..errors import RegolaError, w
from ..i18n.catalog import Words

_IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*")
ID, NAME = "__id__", "__Name__"
"""What the template's files say where the new game's id and name go."""


class GameFolderError(RegolaError):
    """A game folder that cannot be written (a bad id, a folder already there)."""


def template_folder() -> Path:
    """The folder of the game every new game starts from (inside the package)."""
    return Path(str(resources.files("regola.cli") / "game_template"))


def write_game_folder(name: str, target: Path) -> list[Path]:
    """Write the starting game, with id `name`, into the new folder `target`; the files
    written. GameFolderError for a bad id or a folder that already exists."""
    if not _IDENTIFIER.fullmatch(name):
        raise GameFolderError.text(w("{name} is not a game id: use lower-case letters, digits "
                                     "and _, starting with a letter"), name=repr(name))
    try:
        target.mkdir(parents=True)
    except FileExistsError:
        raise GameFolderError.text(w("{folder} already exists; choose another name or "
                                     "--dir"), folder=str(target)) from None
    except OSError as error:
        raise GameFolderError.text(w("cannot write {file}: {reason}"), file=str(target),
                                   reason=error.strerror or "") from None
    title = name.replace("_", " ").capitalize()
    source = template_folder()
    written = []
    for path in sorted(source.rglob("*")):
        if not path.is_file() or path.suffix in (".pyc", ".mo"):
            continue
        text = path.read_text(encoding="utf-8").replace(ID, name).replace(NAME, title)
        out = target / path.relative_to(source)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(text, encoding="utf-8")
        written.append(out)
    return written


def new_game(name: Annotated[str, typer.Argument(
                 help="The game's id: lower-case letters, digits and _.")],
             folder: Annotated[Path, typer.Option(
                 "--dir", help="The folder to write the game's folder into (default: "
                               "here).")] = Path(".")):
    """Write a small working game folder (rules, texts, rulebook, one scenario, its
    catalogs) to start a new game from (never over an existing folder)."""
    target = folder / name
    write_game_folder(name, target)
    typer.echo(Words()(w("wrote {folder}; try: regola validate {folder}, regola play "
                         "{folder}, regola scenario run {folder}"), folder=str(target)))
