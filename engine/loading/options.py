"""Option values given to load_game: checked like a variant's, then merged into the game.

`load_game("some_game", options={"some_reading": False})` plays a game with that reading flipped
without writing a variant file. Every name must be an option of the game (or of the variant
loaded with it) and every value must fit the option (one of its `choices`, else the type of
its value); each problem names the option (`options.NAME`), and all are reported together.
"""

from __future__ import annotations

import difflib
import math
from collections.abc import Mapping
from typing import Any

from ..errors import InvalidOption, Location, Problem
from .variants import merge, option_problem

WHERE = "load_game(options=...)"
"""The 'file' an option problem is located in: the argument it was given in."""


def _plain(value: Any, depth: int = 0) -> bool:
    """Whether `value` is plain data a rule file could hold (JSON: no sets, no objects)."""
    if depth > 100:
        return False
    if value is None or isinstance(value, bool | int | str):
        return True
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, list):
        return all(_plain(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return all(isinstance(k, str) and _plain(v, depth + 1) for k, v in value.items())
    return False


def option_problems(doc: dict, options: Mapping[str, Any]) -> list[Problem]:
    """The problems of `options` against the (merged) game document `doc`."""
    have = doc.get("options", {})
    game = doc["id"]
    problems = []
    for name, value in options.items():
        where = Location(WHERE, path=f"options.{name}")
        if not isinstance(name, str) or name not in have:
            close = difflib.get_close_matches(str(name), list(have), n=1, cutoff=0.75)
            hint = f" (did you mean {close[0]}?)" if close else \
                f"; {game} has: {', '.join(have) or 'no options'}"
            problems.append(Problem(where, f"no option {name!r} in {game}{hint}"))
        elif not _plain(value):
            problems.append(Problem(where, f"option {name!r}: {value!r} is not plain data "
                                           "(a number, text, true/false, null or a list)"))
        else:
            message = option_problem(game, name, have[name], value)
            if message:
                problems.append(Problem(where, message))
    return problems


def apply_options(doc: dict, options: Mapping[str, Any] | None) -> dict:
    """`doc` with the given option values; InvalidOption (every problem) if any is wrong."""
    if not options:
        return doc
    if not isinstance(options, Mapping):
        raise InvalidOption([Problem(Location(WHERE, path="options"),
                                     f"options must be a mapping of option names to values, "
                                     f"not {type(options).__name__}")])
    problems = option_problems(doc, options)
    if problems:
        raise InvalidOption(problems)
    return merge(doc, {"options": {k: {"value": v} for k, v in options.items()}})


def options_key(options: Mapping[str, Any] | None) -> str | None:
    """A hashable key for a set of option values (None: none given)."""
    if not options:
        return None
    if not isinstance(options, Mapping):
        return repr(options)
    return repr(sorted((str(k), repr(v)) for k, v in options.items()))
