"""Variants: what a variant file may change in its game, and how it is merged in.

A variant overrides what the game has: maps merge key by key, anything else replaces.
Every name it overrides must exist in the game (a misspelt constant or area is refused
with a did-you-mean), a constant or option keeps the type of the game's value (an option
also its `choices`), and a new constant or option is allowed only if the variant's own
rules (end conditions, goals, added scripts) use it.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path
from typing import Any

from ..errors import Problem
from .files import SourceProblem, read_source
from .yaml_source import Positions

VARIANT_KEYS = {"extends", "variant", "name", "description", "scripts_added", "rulebook"}

# Sections of named things: a variant may change them, not add to them (the noun names one).
NAMED = {"constants": "constant", "options": "option", "areas": "area", "pieces": "piece",
         "tokens": "token kind", "decks": "deck", "tracks": "track", "resources": "resource",
         "connections": "connection", "area_kinds": "kind of area", "grids": "grid"}
NEW_IF_USED = {"constants", "options", "variables"}  # new ones make sense if the variant uses them
_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_KIND_WORDS = {bool: "true or false", int: "a whole number", float: "a number", str: "a text",
               list: "a list", dict: "a mapping"}
_PLURAL_WORDS = {bool: "true/false values", int: "whole numbers", float: "numbers", str: "texts",
                 list: "lists", dict: "mappings"}


def merge(base: Any, override: Any) -> Any:
    """Maps merge key by key (recursively); any other value replaces the base's."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = dict(base)
        for key, value in override.items():
            out[key] = merge(base[key], value) if key in base else value
        return out
    return override


def changes(vdoc: dict) -> dict:
    """The part of a variant document that overrides its game."""
    return {k: v for k, v in vdoc.items() if k not in VARIANT_KEYS}


def _words_used(vdoc: dict, folder: Path) -> set[str]:
    """Every name the variant's own rules mention: expressions and added scripts."""
    texts: list[str] = []

    def strings(value: Any) -> None:
        if isinstance(value, str):
            texts.append(value)
        elif isinstance(value, dict):
            for item in value.values():
                strings(item)
        elif isinstance(value, list):
            for item in value:
                strings(item)

    strings(vdoc.get("end"))
    strings(vdoc.get("goals"))
    for script in vdoc.get("scripts_added", []):
        try:
            texts.append(read_source(folder / script, script))
        except (OSError, SourceProblem):
            pass                     # reported when the scripts are compiled
    return {word for text in texts for word in _WORD.findall(text)}


def _fits(base: Any, value: Any) -> bool:
    """Whether `value` has the type of the game's value `base` (lists: of its items' type)."""
    if base is None:
        return True
    if type(base) is float:
        return type(value) in (int, float)
    if isinstance(base, list):
        if not isinstance(value, list):
            return False
        kinds = {type(item) for item in base}
        return len(kinds) != 1 or all(_fits(base[0], item) for item in value)
    return type(base) is type(value)


def _describe(value: Any) -> str:
    """The type of a value in words: a whole number, a list of texts..."""
    if isinstance(value, list) and value and len({type(v) for v in value}) == 1:
        return "a list of " + _PLURAL_WORDS.get(type(value[0]), "values")
    return _KIND_WORDS.get(type(value), type(value).__name__)


def _mapping(doc: dict, key: str) -> dict:
    """doc[key] if it is a mapping (else the schema reports it), or an empty one."""
    value = doc.get(key)
    return value if isinstance(value, dict) else {}


class VariantCheck:
    """The problems of one variant against its game, each at its place in the variant."""

    def __init__(self, base: dict, vdoc: dict, vpos: Positions, vname: str, folder: Path):
        self.base, self.vdoc, self.vpos, self.vname = base, vdoc, vpos, vname
        self.game = base["id"]
        self.used = _words_used(vdoc, folder)
        self.problems: list[Problem] = []

    def bad(self, path: tuple, message: str) -> None:
        """Record a problem at `path` in the variant file."""
        self.problems.append(Problem(self.vpos.find(path, self.vname), message))

    def run(self) -> list[Problem]:
        """Every problem of the variant's overrides."""
        if "id" in self.vdoc and self.vdoc["id"] != self.game:
            self.bad(("id",), "a variant cannot change its game's id")
        for section, noun in NAMED.items():
            overrides = self.vdoc.get(section)
            if isinstance(overrides, dict):
                self.names(section, noun, overrides)
        variables = self.vdoc.get("variables")
        if isinstance(variables, dict):
            for scope in ("game", "player"):
                if isinstance(variables.get(scope), dict):
                    self.names(("variables", scope), f"{scope} variable", variables[scope])
        for name, value in _mapping(self.vdoc, "constants").items():
            if name in self.base.get("constants", {}):
                self.constant(name, value)
        for name, body in _mapping(self.vdoc, "options").items():
            if name in self.base.get("options", {}) and isinstance(body, dict) \
                    and "value" in body:
                self.option(name, body["value"])
        return self.problems

    def names(self, section: str | tuple, noun: str, overrides: dict) -> None:
        """Each overridden name must exist in the game (or be new and used, where allowed)."""
        path = section if isinstance(section, tuple) else (section,)
        have: dict = self.base
        for part in path:
            have = have.get(part, {}) if isinstance(have, dict) else {}
        for name in overrides:
            if name in have:
                continue
            if path[0] in NEW_IF_USED and name in self.used:
                continue
            close = difflib.get_close_matches(name, list(have), n=1, cutoff=0.75)
            hint = f" (did you mean {close[0]}?)" if close else \
                (f"; {self.game} has: {', '.join(have)}" if 0 < len(have) <= 12 else "")
            message = f"no {noun} {name!r} in {self.game}{hint}"
            if path[0] in NEW_IF_USED and not close:
                message += f"; a new {noun} is allowed only if the variant's rules use it"
            self.bad((*path, name), message)

    def constant(self, name: str, value: Any) -> None:
        """A constant keeps the type of the game's value (per player count too)."""
        base = self.base["constants"][name]
        base_values = list(base["by_players"].values()) if isinstance(base, dict) else [base]
        if isinstance(value, dict) and isinstance(value.get("by_players"), dict):
            values = [(("constants", name, "by_players", k), v)
                      for k, v in value["by_players"].items()]
        elif isinstance(value, dict):
            return                       # a malformed constant: the schema says how
        else:
            values = [(("constants", name), value)]
        for path, item in values:
            if not any(_fits(b, item) for b in base_values):
                self.bad(path, f"constant {name!r} of {self.game} is "
                               f"{_describe(base_values[0])}, got {json.dumps(item)}")

    def option(self, name: str, value: Any) -> None:
        """An option's value must be one of its choices, or have the type of its value."""
        message = option_problem(self.game, name, self.base["options"][name], value)
        if message:
            self.bad(("options", name, "value"), message)


def option_problem(game: str, name: str, option: dict, value: Any) -> str | None:
    """Why `value` cannot be the value of option `name` (its body `option`), or None: it
    must be one of the option's choices, or have the type of its value."""
    choices = option.get("choices")
    if choices is not None:
        if not any(type(value) is type(c) and value == c for c in choices):
            return (f"option {name!r}: the scripts do not support the value "
                    f"{json.dumps(value)}; supported: "
                    f"{', '.join(json.dumps(c) for c in choices)}")
    elif not _fits(option.get("value"), value):
        return (f"option {name!r} of {game} is "
                f"{_describe(option.get('value'))}, got {json.dumps(value)}")
    return _bounds_problem(name, option, value)


def _bounds_problem(name: str, option: dict, value: Any) -> str | None:
    """Why `value` is outside the option's declared `range` (of a number, or of each number
    of a list), `length` (of a list) or `items` (what a list's items may be), or None."""
    values = value if isinstance(value, list) else [value]
    if "length" in option and isinstance(value, list):
        low, high = option["length"]
        if not low <= len(value) <= high:
            return (f"option {name!r}: a list of {low} to {high} values, not of "
                    f"{len(value)}")
    if "range" in option:
        low, high = option["range"]
        for number in values:
            if number is None and option.get("value") is None or \
                    number is None and not isinstance(value, list):
                continue
            if isinstance(number, bool) or not isinstance(number, int | float) \
                    or not low <= number <= high:
                return (f"option {name!r}: {json.dumps(number)[:40]} is not a number from "
                        f"{low} to {high}")
    if "items" in option and isinstance(value, list):
        for item in value:
            if item not in option["items"]:
                return (f"option {name!r}: {json.dumps(item)[:40]} is not one of "
                        f"{', '.join(json.dumps(i) for i in option['items'])}")
    return None


def unbounded_options(doc: dict, pos: Positions, file: str) -> list[Problem]:
    """The options a player could set to any size: an option with no `choices` whose value
    is a number, a list or null must declare its `range` (numbers) or `items` (a list's
    values), and a list its `length`, so that no value given to it can break the scripts."""
    problems = []
    for name, option in _mapping(doc, "options").items():
        if not isinstance(option, dict) or "choices" in option:
            continue
        value = option.get("value")
        if isinstance(value, bool) or isinstance(value, str):
            continue
        needs = ["range"] if not isinstance(value, list) else \
            ["length", "items" if any(isinstance(v, str) for v in value) else "range"]
        missing = [key for key in needs if key not in option]
        if missing:
            problems.append(Problem(pos.find(("options", name), file),
                                    f"option {name!r} may be set to any value: declare its "
                                    f"{' and '.join(missing)} (or its choices)"))
    return problems
