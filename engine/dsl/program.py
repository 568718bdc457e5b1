"""The compiled form of a game's scripts: procedures as op lists, functions as closures.

The parse trees are kept beside the compiled code so the rulebook generator can walk them
and put each construct into words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import Location

PAUSE = -1   # an op returns this when its thread must wait (a decision, or a join)
STACK = -2   # an op returns this when it changed the call stack itself

Op = Callable[[dict, Any, dict], int]
Expr = Callable[[dict, Any], Any]


@dataclass
class Proc:
    """A procedure: a flat list of ops run by the VM, with each op's source location."""

    name: str
    params: list[str]
    ops: list[Op] = field(default_factory=list)
    locations: list[Location] = field(default_factory=list)
    tree: Any = None
    file: str = ""
    loops: list[tuple[int, int, Location]] = field(default_factory=list)  # first op, end, where

    def loop_at(self, pc: int) -> Location | None:
        """The innermost loop whose ops hold `pc`, by its statement's location."""
        inside = [loop for loop in self.loops if loop[0] <= pc < loop[1]]
        return max(inside, key=lambda loop: loop[0])[2] if inside else None


@dataclass
class Func:
    """A pure function: an expression over its parameters, evaluated without pausing."""

    name: str
    params: list[str]
    call: Callable[..., Any] | None = None
    tree: Any = None
    file: str = ""


@dataclass
class Program:
    """Everything compiled from a game's scripts."""

    procs: dict[str, Proc] = field(default_factory=dict)
    funcs: dict[str, Func] = field(default_factory=dict)
    consts: dict[str, Expr] = field(default_factory=dict)
    const_trees: dict[str, Any] = field(default_factory=dict)
    expressions: list[tuple[Any, list[str], str, Location | None]] = field(
        default_factory=list)
    """Expressions of the game file (end rules, goals): (tree, params, file, where the
    expression's text starts, with its path in the document)."""
    value_types: dict[str, dict[str, Any]] | None = None
    """What the type checker finds each procedure's parameters and locals hold, and the
    game's and players' variables ("game", "player"): name -> types.Type; worked out the
    first time a frontend asks (dsl/value_types.py), not at load."""
