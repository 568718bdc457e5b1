"""The compiled form of a game's scripts: one generated Python module, and the entry points
into it by name.

The parse trees are kept beside the compiled code so the rulebook generator can walk them
and put each construct into words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..errors import Location

Entry = Callable[[Any, list, dict, dict], Any]
"""How the VM runs a procedure's frame: entry(runtime, budget, thread, frame) -> stopped.
A true result: the procedure stopped (it waits for a decision, or the game ended); false:
it finished, and the caller pops its frame."""


@dataclass
class Proc:
    """A procedure: its parse tree, and once generated, how to run (and resume) a frame."""

    name: str
    params: list[str]
    tree: Any = None
    file: str = ""
    run: Entry | None = None
    resume: dict[int, tuple[str, ...]] = field(default_factory=dict)
    """Where a frame of this procedure may stand (its pc) -> the variables its frame must
    hold there."""


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
    consts: dict[str, Callable[[dict, Any], Any]] = field(default_factory=dict)
    const_trees: dict[str, Any] = field(default_factory=dict)
    expressions: list[tuple[Any, list[str], str, Location | None]] = field(
        default_factory=list)
    """Expressions of the game file (end rules, goals): (tree, params, file, where the
    expression's text starts, with its path in the document)."""
    module: Any = None
    """The generated module (codegen.module.Module): its source, code and line table."""
    value_types: dict[str, dict[str, Any]] | None = None
    """What the type checker finds each procedure's parameters and locals hold, and the
    game's and players' variables ("game", "player"): name -> types.Type; worked out the
    first time a frontend asks (dsl/value_types.py), not at load."""
    value_kinds: dict[str, dict[str, str]] | None = None
    """The same with each type as a kind's name ("player", "list:player"), as the runtime
    reads them (GameDef.value_kinds)."""
