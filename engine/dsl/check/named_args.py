"""Compile-time checks of built-ins whose arguments must name a declared thing (a track,
a resource): the name is checked against the game file, with a suggestion."""

from __future__ import annotations

import difflib
from typing import Any

from lark import Tree

from ..builtins import NAMED_ARGS
from ..trees import part

WORDS = {"tracks": "a track", "resources": "a resource"}


def declared(game: Any, what: str) -> dict:
    """The game's declarations of one kind (tracks, resources) by name."""
    return getattr(game, what, None) or {}


def problem(game: Any, name: str, arg_trees: list) -> tuple[Any, str] | None:
    """(node, message) if an argument of `name` must name a declared thing and does not."""
    for index, what in NAMED_ARGS.get(name, {}).items():
        if index >= len(arg_trees):
            continue
        tree = arg_trees[index]
        if not (isinstance(tree, Tree) and tree.data == "name"):
            return tree, f"{name}: argument {index + 1} must name {WORDS[what]}"
        given = str(part(tree, "name"))
        known = declared(game, what)
        if given not in known:
            close = difflib.get_close_matches(given, list(known), n=1)
            hint = f"; did you mean {close[0]!r}?" if close else \
                f"; known: {', '.join(known) or 'none (declare them under ' + what + ':)'}"
            return tree, f"{name}: {given!r} is not {WORDS[what]}{hint}"
    return None


def statics(game: Any) -> dict[str, str]:
    """Names scripts may use for the game's tracks, resources and connections."""
    names = [*declared(game, "tracks"), *declared(game, "resources"),
             *declared(game, "connections")]
    return {n: n for n in names}
