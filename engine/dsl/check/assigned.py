"""Locals that may be used before they are set: a flow-sensitive walk of a procedure.

A name is set once a `let`, an assignment, a `choose` or a `for` gives it a value on every
path that reaches the use: after an `if`, only what all its branches that go on set (a
branch that returns or breaks does not go on); after a loop, only what was set before it
(its body may run no time at all).
"""

from __future__ import annotations

from lark import Token, Tree

from ..trees import part


def unset_uses(block: Tree, params: list[str], locals_: set[str]) -> list[Token]:
    """The uses of the procedure's locals (`locals_`) that may come before any value."""
    walk = _Walk(locals_)
    walk.block(block, frozenset(params))
    return walk.found


class _Walk:
    def __init__(self, locals_: set[str]):
        self.locals = locals_
        self.found: list[Token] = []
        self.seen: set[int] = set()

    def block(self, block: Tree, done: frozenset) -> tuple[frozenset, bool]:
        """The names set after the block, and whether it goes on (no return or break)."""
        for stmt in block.children:
            done, goes_on = self.stmt(stmt, done)
            if not goes_on:
                return done, False
        return done, True

    def stmt(self, s: Tree, done: frozenset) -> tuple[frozenset, bool]:
        kind, ch = s.data, s.children
        if kind in ("let_stmt", "assign_stmt"):
            self.uses(ch[1], done)
            return done | {str(ch[0])}, True
        if kind == "choose_stmt":
            self.uses(ch[1], done)
            self.uses(ch[2], done)
            return done | {str(ch[0])}, True
        if kind == "attr_assign_stmt":
            self.name(ch[0], done)
            self.uses(ch[2], done)
        elif kind == "call_stmt":
            self.uses(ch[1], done)
        elif kind in ("return_stmt", "break_stmt"):
            return done, False
        elif kind == "return_value_stmt":
            self.uses(ch[0], done)
            return done, False
        elif kind == "if_stmt":
            return self.if_stmt(s, done)
        elif kind == "for_stmt":
            self.uses(ch[1], done)
            self.block(ch[2], done | {str(ch[0])})
        elif kind in ("while_stmt", "repeat_stmt"):
            self.uses(ch[0], done)
            self.block(ch[1], done)
        elif kind == "simultaneous_stmt":
            self.uses(ch[1], done)
            self.block(ch[2], done | {str(ch[0])})
        return done, True

    def if_stmt(self, s: Tree, done: frozenset) -> tuple[frozenset, bool]:
        after: list[frozenset] = []
        has_else = False
        for clause in [s, *part(s, "clauses")]:
            if clause is None:
                continue
            if clause.data == "else_clause":
                has_else = True
                branch = self.block(part(clause, "body"), done)
            else:
                self.uses(part(clause, "condition"), done)
                branch = self.block(part(clause, "body"), done)
            if branch[1]:
                after.append(branch[0])
        if not has_else:
            after.append(done)
        if not after:
            return done, False
        return frozenset.intersection(*after), True

    def uses(self, node: object, done: frozenset) -> None:
        if not isinstance(node, Tree):
            return
        if node.data == "name":
            self.name(part(node, "name"), done)
            return
        if node.data == "list_comp":
            value, var, source, where = node.children
            self.uses(source, done)
            inner = done | {str(var)}
            self.uses(value, inner)
            self.uses(where, inner)
            return
        if node.data in ("rank", "sort"):
            var, source, *rest = node.children
            self.uses(source, done)
            for later in rest:
                self.uses(later, done | {str(var)})
            return
        for child in node.children:
            self.uses(child, done)

    def name(self, token: object, done: frozenset) -> None:
        name = str(token)
        if name in self.locals and name not in done and isinstance(token, Token) \
                and id(token) not in self.seen:
            self.seen.add(id(token))
            self.found.append(token)
