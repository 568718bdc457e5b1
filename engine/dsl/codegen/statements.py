"""Statements that cannot pause, as plain Python statements: native `if`, `for` and `while`
(each turn of a loop charges the step budget), direct calls of procedures and built-ins.

The same code serves procedures that never pause (plain functions) and the stretches of
resumable procedures between their pauses (see resumable.py), where a `break` out of a loop
that pauses jumps to the loop's end instead."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Tree

from ...errors import Location
from .. import builtins
from ..trees import part, procedure_call
from .expressions import NOT_CONSTANT, ExpressionWriter, Scope
from .flow import Assigned, meet, weight
from .writer import Spot, comment


@dataclass
class Jump:
    """A line of a resumable procedure that continues at a label (rendered once every
    label has its number); `always`: skip the rest of the block even when going forward."""

    depth: int
    label: Any
    spot: Spot | None
    always: bool = False


@dataclass
class Loop:
    """A loop around the code being written: where it is, and for a loop of a resumable
    procedure that pauses, the label after it (a `break` jumps there)."""

    where: Location
    end: Any = None


@dataclass
class Ctx:
    """What the statements of one procedure are written in."""

    names: dict[str, str]                     # script variable -> Python local
    resumable: bool = False
    loops: list[Loop] = field(default_factory=list)
    hidden: dict[str, str] = field(default_factory=dict)   # loop state kept in the frame
    _scopes: dict[frozenset, Scope] = field(default_factory=dict)

    def scope(self, assigned: Assigned) -> Scope:
        """The variables as expressions see them where `assigned` are surely set."""
        if not self.resumable:
            key = frozenset()
        else:
            key = frozenset(self.names) - (assigned or frozenset())
        found = self._scopes.get(key)
        if found is None:
            found = self._scopes[key] = Scope(self.names, key)
        return found

    def spot(self, where: Location) -> Spot:
        """A statement's spot, with the innermost loop around it."""
        return Spot(where, self.loops[-1].where if self.loops else None)


Out = list
"""Lines being written: (depth, text, spot) tuples and Jumps."""


class StatementWriter(ExpressionWriter):
    """Writes statements that cannot pause."""

    pausing: set[str]
    recursive_procs: set[str]
    sources: dict[str, list[str]]

    def source_line(self, where: Location) -> str:
        """The script's text on the line of `where` ('' if unknown)."""
        lines = self.sources.get(where.file, [])
        return lines[where.line - 1].strip() if 0 < where.line <= len(lines) else ""

    def note(self, out: Out, depth: int, node: Tree) -> Location:
        """A comment naming the node's script line; the node's location."""
        where = self.where(node)
        out.append((depth, comment(where, self.source_line(where)), None))
        return where

    def block(self, out: Out, body: Tree, depth: int, ctx: Ctx, assigned: Assigned) -> Assigned:
        """Every statement of a block, in order."""
        for s in body.children:
            assigned = self.stmt(out, s, depth, ctx, assigned)
        return assigned

    def stmt(self, out: Out, s: Tree, depth: int, ctx: Ctx, assigned: Assigned) -> Assigned:
        """One statement that cannot pause; what is surely set after it."""
        kind = s.data
        if kind in ("if_stmt", "for_stmt", "while_stmt", "repeat_stmt"):
            return getattr(self, kind)(out, s, depth, ctx, assigned)
        where = self.note(out, depth, s)
        spot = ctx.spot(where)
        scope = ctx.scope(assigned)
        if kind in ("let_stmt", "assign_stmt"):
            name = str(part(s, "name"))
            if procedure_call(s, self.n.program.procs) is not None:
                return self.value_call(out, s, depth, ctx, assigned)
            value = self.expr(part(s, "value"), scope, True)
            out.append((depth, f"{ctx.names[name]} = {value}", spot))
            return None if assigned is None else assigned | {name}
        if kind == "attr_assign_stmt":
            out.append((depth, self.attr_assign(s, scope), spot))
        elif kind == "call_stmt":
            for line in self.call_stmt(s, scope):
                out.append((depth, line, spot))
        elif kind == "return_stmt":
            out.append((depth, "return None" if ctx.resumable else "return", spot))
            return None
        elif kind == "return_value_stmt":
            value = self.expr(part(s, "value"), scope, True)
            if ctx.resumable:
                out.append((depth, f"_returned(_th, {value})", spot))
                out.append((depth, "return None", spot))
            else:
                out.append((depth, f"return {value}", spot))
            return None
        elif kind == "break_stmt":
            loop = ctx.loops[-1]
            if loop.end is None:
                out.append((depth, "break", spot))
            else:
                out.append(Jump(depth, loop.end, spot, always=True))
            return None
        elif kind == "pass_stmt":
            out.append((depth, "pass", spot))
        else:  # pragma: no cover - pausing statements are written by resumable.py
            raise AssertionError(f"{kind} cannot be written as a plain statement")
        return assigned

    def attr_assign(self, s: Tree, scope: Scope) -> str:
        """`game.VAR = E` or `p.VAR = E`."""
        base, attr = str(part(s, "base")), str(part(s, "attribute"))
        value = self.expr(part(s, "value"), scope, True)
        if base == "game" and base not in scope:
            return f"_c.s['vars'][{attr!r}] = {value}"
        return f"_c.s['pvars'][{scope.read(base)}][{attr!r}] = {value}"

    def call_stmt(self, s: Tree, scope: Scope) -> list[str]:
        """A call of a procedure that cannot pause, a flow statement or a built-in."""
        name = str(part(s, "name"))
        args, kwargs = self.args(part(s, "args"), scope)
        if name in self.n.program.procs:
            call = f"p_{name}({', '.join(['_c', '_L', *args])})"
            if name in self.recursive_procs:
                return ["_deeper(_L)", call, "_L[2] -= 1"]
            return [call]
        if name == "check_end":
            return ["_check_end(_c)"]
        if name == "end_game":
            return [f"_end_game({', '.join(['_c', *args])})"]
        return [self.builtin(name, builtins.STATEMENTS[name], args, kwargs)]

    def value_call(self, out: Out, s: Tree, depth: int, ctx: Ctx,
                   assigned: Assigned) -> Assigned:
        """`let x = P(ARGS)` of a procedure that cannot pause: x is what P returns."""
        called = part(s, "value")
        name, var = str(part(called, "name")), str(part(s, "name"))
        spot = ctx.spot(self.where(s))
        args, _ = self.args(part(called, "args"), ctx.scope(assigned))
        call = f"p_{name}({', '.join(['_c', '_L', *args])})"
        if name in self.recursive_procs:
            out.append((depth, "_deeper(_L)", spot))
            out.append((depth, f"{ctx.names[var]} = {call}", spot))
            out.append((depth, "_L[2] -= 1", spot))
        else:
            out.append((depth, f"{ctx.names[var]} = {call}", spot))
        return None if assigned is None else assigned | {var}

    def branches(self, s: Tree, scope: Scope) -> tuple[list[tuple[Tree | None, Tree, Tree]],
                                                       bool]:
        """The branches of an `if` that can be taken, each (condition, or None if it always
        holds; body; clause), and whether one always is taken. Conditions known as the code
        is written (options) leave out the branches they rule out."""
        found = []
        for clause in [s, *part(s, "clauses")]:
            if clause is None:
                continue
            if clause.data == "else_clause":
                found.append((None, part(clause, "body"), clause))
                return found, True
            value = self.constant(part(clause, "condition"), scope)
            if value is NOT_CONSTANT:
                found.append((part(clause, "condition"), part(clause, "body"), clause))
            elif value:
                found.append((None, part(clause, "body"), clause))
                return found, True
        return found, False

    def if_stmt(self, out: Out, s: Tree, depth: int, ctx: Ctx, assigned: Assigned) -> Assigned:
        """`if/elif/else` as Python's."""
        branches, total = self.branches(s, ctx.scope(assigned))
        if not branches or branches[0][0] is None:
            self.note(out, depth, s)
            if not branches:
                out.append((depth, "pass", None))
                return assigned
            return self.block(out, branches[0][1], depth, ctx, assigned)
        ends: list[Assigned] = []
        for i, (cond, body, clause) in enumerate(branches):
            self.note(out, depth, clause)
            if cond is None:
                out.append((depth, "else:", None))
            else:
                text = self.expr(cond, ctx.scope(assigned), True)
                out.append((depth, f"{'elif' if i else 'if'} {text}:",
                            ctx.spot(self.where(cond))))
            ends.append(self.block(out, body, depth + 1, ctx, assigned))
        if not total:
            ends.append(assigned)
        return meet(ends)

    def while_stmt(self, out: Out, s: Tree, depth: int, ctx: Ctx,
                   assigned: Assigned) -> Assigned:
        """`while C:` as Python's, each turn charged."""
        where = self.note(out, depth, s)
        always = self.constant(part(s, "condition"), ctx.scope(assigned))
        if always is not NOT_CONSTANT and not always:    # an option rules the loop out
            out.append((depth, "pass", None))
            return assigned
        spot = Spot(where, where)
        cond = self.expr(part(s, "condition"), ctx.scope(assigned), True)
        out.append((depth, f"while {cond}:", spot))
        out.append((depth + 1, f"_L[0] -= {weight(part(s, 'body'))}", spot))
        out.append((depth + 1, "if _L[0] < 0: _spent(_L)", spot))
        self.loop_body(out, part(s, "body"), depth + 1, ctx, assigned, where)
        return assigned

    def for_stmt(self, out: Out, s: Tree, depth: int, ctx: Ctx,
                 assigned: Assigned) -> Assigned:
        """`for x in L:` over a copy of L, its turns charged as it starts."""
        where = self.note(out, depth, s)
        var = str(part(s, "variable"))
        items = self.expr(part(s, "collection"), ctx.scope(assigned), True)
        body = part(s, "body")
        out.append((depth, f"for {ctx.names[var]} in _each(_L, {items}, {weight(body)}):",
                    Spot(where, where)))
        inner = None if assigned is None else assigned | {var}
        self.loop_body(out, body, depth + 1, ctx, inner, where)
        return assigned

    def repeat_stmt(self, out: Out, s: Tree, depth: int, ctx: Ctx,
                    assigned: Assigned) -> Assigned:
        """`repeat N:` as a Python `for` over a range, its turns charged as it starts."""
        where = self.note(out, depth, s)
        count = self.expr(part(s, "count"), ctx.scope(assigned), True)
        body = part(s, "body")
        out.append((depth, f"for _ in _repeat(_L, {count}, {weight(body)}):",
                    Spot(where, where)))
        self.loop_body(out, body, depth + 1, ctx, assigned, where)
        return assigned

    def loop_body(self, out: Out, body: Tree, depth: int, ctx: Ctx, assigned: Assigned,
                  where: Location) -> None:
        """The body of a native loop (a `break` in it is Python's)."""
        ctx.loops.append(Loop(where))
        try:
            self.block(out, body, depth, ctx, assigned)
        finally:
            ctx.loops.pop()
