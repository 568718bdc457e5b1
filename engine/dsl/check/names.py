"""What a game's scripts may name, the first pass that records their definitions, and how
the compiler reports a problem at its place in a script."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any

from lark import Token, Tree

from ...errors import Location, Problem
from ...interpreter.model import GameDef
from .. import builtins
from ..program import Func, Proc, Program
from ..trees import part
from . import named_args

TOKEN_FIELDS = {"owner", "at", "controller", "shown", "kind", "id"}


class CompileProblem(Exception):
    """Raised inside the compiler to abandon one definition after recording its problem."""


class DeclaredNames:
    """The names a game declares, the definitions its scripts introduce, and located problems."""

    def __init__(self, game: GameDef, problems: list[Problem]):
        self.g = game
        self.problems = problems
        self.program = Program()
        self.file = ""
        self.context = ""     # the definition being compiled, named in problems
        self.sim_depth = 0
        self.sim_count = 0
        token_props = {p for kind in game.tokens.values() for p in kind.props}
        area_props = {p for area in game.areas.values() for p in area}
        self.attr_names = set(game.player_vars) | area_props | token_props | TOKEN_FIELDS
        self.filter_names = {"owner", "at", "controller", "shown"} | token_props
        self.statics: dict[str, Any] = {"areas": list(game.areas)}
        for name in game.locations:
            self.statics[name] = name
        for name in game.areas:
            self.statics[name] = name
        for name in list(game.pieces) + list(game.tokens) + list(game.decks):
            self.statics[name] = name
        for name, opt in game.options.items():
            self.statics[name] = opt.value
        self.statics.update(named_args.statics(game))
        self.const_names = set(game.constants)

    # -- problems ----------------------------------------------------------------------
    def where(self, node: Tree | Token) -> Location:
        """The location of a node in the script and definition being compiled."""
        line = getattr(node, "line", None)
        col = getattr(node, "column", None)
        if line is None and isinstance(node, Tree) and not node.meta.empty:
            line, col = node.meta.line, node.meta.column
        return Location(self.file, line or 0, col or 0, self.context)

    def fail(self, node: Tree | Token, message: str) -> None:
        """Record a problem at a node and abandon the definition being compiled."""
        self.problems.append(Problem(self.where(node), message))
        raise CompileProblem

    def _suggest(self, name: str, known: Iterable[str]) -> str:
        close = difflib.get_close_matches(name, list(known), n=1)
        return f"; did you mean {close[0]!r}?" if close else ""

    # -- declarations --------------------------------------------------------------------
    def declare(self, file: str, tree: Tree) -> None:
        """First pass: record the names every definition introduces."""
        self.file = file
        for d in tree.children:
            name = str(part(d, "name"))
            if name in self.program.procs or name in self.program.funcs or \
                    name in self.program.const_trees:
                self.problems.append(Problem(self.where(part(d, "name")),
                                             f"{name!r} is defined twice"))
                continue
            if name in builtins.EXPRESSIONS or name in builtins.STATEMENTS:
                self.problems.append(Problem(self.where(part(d, "name")),
                                             f"{name!r} is a built-in and cannot be redefined"))
                continue
            params = [str(t) for t in part(part(d, "params"), "names")] \
                if d.data != "const_def" and part(d, "params") is not None else []
            if d.data == "proc_def":
                self.program.procs[name] = Proc(name, params, tree=d, file=file)
            elif d.data == "func_def":
                self.program.funcs[name] = Func(name, params, tree=d, file=file)
            else:
                self.program.const_trees[name] = (file, d)
                self.const_names.add(name)

    def check_shadowing(self, tree: Tree, scope: set[str]) -> None:
        """A local may not hide a global name: `tokens(card)` must always mean the kind."""
        for name in sorted(scope):
            if name in self.statics or name in self.const_names or name in ("players", "game"):
                self.problems.append(Problem(self.where(tree),
                                             f"local name {name!r} hides the global {name!r}; "
                                             "choose another name"))


BOUND_NAMES = {"let_stmt": "name", "choose_stmt": "target", "for_stmt": "variable",
               "simultaneous_stmt": "variable"}
"""The part of each statement that introduces a local."""


def declared_names(block: Tree) -> set[str]:
    """Every local a procedure's block introduces (let, choose, for, simultaneous)."""
    names: set[str] = set()
    for node in block.iter_subtrees():
        if node.data in BOUND_NAMES:
            names.add(str(part(node, BOUND_NAMES[node.data])))
    return names
