"""`regola new-variant GAME NAME`: write a commented starting file for a variant of a game.

The file names the game and the variant and lists, commented out, what a variant may
change: the game's options (rule readings), constants, an area's properties and the end
of the game. As written it is a valid variant that changes nothing.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Annotated, Any

import typer

from ..errors import RegolaError, w
from ..i18n.catalog import Words
from ..loading.loader import load_game
from ..loading.sources import resolve_game
from ..loading.yaml_source import load_yaml

_IDENTIFIER = re.compile(r"[a-z][a-z0-9_]*")
_PLAIN = re.compile(r"[A-Za-z_][A-Za-z0-9_ ]*")
_KEYWORDS = {"true", "false", "null", "yes", "no", "on", "off", "y", "n", "~"}


class VariantFileError(RegolaError):
    """A variant file that cannot be written (a bad id, a file already there)."""


def flow(value: Any) -> str:
    """A value as YAML flow text: {a: 1, b: [2, 3]}."""
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(flow(v) for v in value) + "]"
    if isinstance(value, str) and _PLAIN.fullmatch(value) and value.lower() not in _KEYWORDS \
            and value == value.strip():
        return value
    return json.dumps(value, ensure_ascii=False)


def _comment(text: str, width: int = 88) -> list[str]:
    """A text as comment lines of at most `width` characters."""
    lines, line = [], "#"
    for word in text.split():
        if len(line) + 1 + len(word) > width and line != "#":
            lines.append(line)
            line = "#"
        line += " " + word
    return [*lines, line]


def _options(doc: dict) -> list[str]:
    options = doc.get("options", {})
    if not options:
        return []
    out = ["", "# Options: the game's readings of unclear rules. Uncomment one to choose "
               "another value.", "# options:"]
    for name, option in options.items():
        reading = f"Reading {option['reading']}: " if "reading" in option else ""
        choices = option.get("choices")
        allowed = f" (supported: {', '.join(flow(c) for c in choices)})" if choices else ""
        out += [f"#   {line[2:]}" for line in _comment(f"{reading}{option['summary']}{allowed}",
                                                    84)]
        out.append(f"#   {name}: {{value: {flow(option['value'])}}}")
    return out


def _constants(doc: dict) -> list[str]:
    constants = doc.get("constants", {})
    if not constants:
        return []
    out = ["", "# Constants: the game's numbers. Uncomment one to change it (keep the kind of "
               "value:", "# a whole number stays a whole number).", "# constants:"]
    out += [f"#   {name}: {flow(value)}" for name, value in constants.items()]
    return out


def _areas(doc: dict) -> list[str]:
    for name, area in doc.get("areas", {}).items():
        props = {k: v for k, v in area.items() if k not in ("kind", "symbol")}
        if props:
            return ["", "# Areas: change the properties of an area (only areas the game has).",
                    "# areas:", f"#   {name}: {flow(props)}"]
    return []


def _end(doc: dict) -> list[str]:
    conditions = doc.get("end", {}).get("conditions", {})
    out = ["", "# End of the game: change a condition or add one (an expression in the script",
           "# language, true for a player who meets it). A new constant or option is allowed",
           "# when the variant's rules use it (a new condition, say).", "# end:",
           "#   conditions:"]
    out += [f"#     {cid}: {flow(text)}" for cid, text in conditions.items()]
    return out


def variant_template(game_arg: str, doc: dict, variant: str, file: str) -> str:
    """The text of a new variant file of the game `doc` (a valid variant changing nothing)."""
    name = variant.replace("_", " ").capitalize()
    lines = [f"# {name}: a variant of {doc['name']}.",
             "# A variant changes what its game has: maps merge key by key, lists and values",
             "# replace the game's. Every name it changes must exist in the game.",
             f"# Check it with: regola validate {game_arg} --variant {file}",
             f"extends: {doc['id']}",
             f"variant: {variant}",
             "# The name and description: shown by `regola games --details` and in the",
             "# rulebook's title and introduction.",
             f"name: {flow(name)}",
             "description: >-",
             "  What this variant changes, and why, in a sentence or two."]
    lines += _options(doc) + _constants(doc) + _areas(doc) + _end(doc)
    lines += ["", "# Extra script files, next to this file:", "# scripts_added: [my_rules.regola]"]
    return "\n".join(lines) + "\n"


def new_variant(game: Annotated[str, typer.Argument(
                    help="A built-in game id, or a game folder or file.")],
                name: Annotated[str, typer.Argument(
                    help="The variant's id: lower-case letters, digits and _.")],
                out: Annotated[Path | None, typer.Option(
                    "--out", help="The file to write (default: NAME.yaml here).")] = None):
    """Write a commented starting file for a variant of a game (never over an existing
    file)."""
    if not _IDENTIFIER.fullmatch(name):
        raise VariantFileError.text(w("{name} is not a variant id: use lower-case letters, "
                                      "digits and _, starting with a letter"), name=repr(name))
    load_game(game)                                    # the game itself must be valid
    doc, _, _ = load_yaml(resolve_game(game))
    target = out or Path(f"{name}.yaml")
    text = variant_template(game, doc, name, str(target))
    try:
        with target.open("x", encoding="utf-8") as file:
            file.write(text)
    except FileExistsError:
        raise VariantFileError.text(w("{file} already exists; choose another file with --out"),
                                    file=str(target)) from None
    except OSError as error:
        raise VariantFileError.text(w("cannot write {file}: {reason}"), file=str(target),
                                    reason=error.strerror or "") from None
    load_game(game, str(target))                       # what was written is a valid variant
    typer.echo(Words()(w("wrote {file}; check it with: regola validate {game} --variant "
                         "{file}"), file=str(target), game=game))
