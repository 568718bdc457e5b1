"""Check expression trees against the declared names and the locals in scope: every name,
property and call is resolved at load time, or a located problem is recorded."""

from __future__ import annotations

from lark import Token, Tree

from ...interpreter.limits import NUMBER_LIMIT
from ..trees import part
from .calls import CallChecks


class ExpressionChecks(CallChecks):
    """Checks expressions against the declared names and the locals in scope."""

    def args(self, node: Tree | None, scope: set[str]) -> tuple[list[Tree], dict[str, Tree]]:
        """A call's positional and keyword arguments, each checked, in order."""
        args: list[Tree] = []
        kwargs: dict[str, Tree] = {}
        if node is None:
            return args, kwargs
        for a in node.children:
            if a.data == "kw_arg":
                key = str(part(a, "name"))
                if key in kwargs:
                    self.fail(part(a, "name"), f"keyword {key!r} given twice")
                self.expr(part(a, "value"), scope)
                kwargs[key] = part(a, "value")
            else:
                if kwargs:
                    self.fail(a, "positional argument after a keyword argument")
                self.expr(part(a, "value"), scope)
                args.append(part(a, "value"))
        return args, kwargs

    def expr(self, t: Tree, scope: set[str]) -> None:
        """Check any expression tree."""
        kind = t.data
        ch = t.children
        if kind == "number":
            if abs(float(ch[0])) > NUMBER_LIMIT:
                self.fail(t, f"the number {str(ch[0])[:30]} is larger than {NUMBER_LIMIT:,} "
                             "(the limit of scripts)")
            return
        if kind in ("string", "true", "false", "none"):
            return
        if kind == "name":
            self.name(ch[0], scope)
        elif kind == "attr":
            self.attr(t, scope)
        elif kind == "call":
            self.call(t, scope)
        elif kind in ("list_comp", "rank", "sort"):
            self.binding(t, scope)
        elif kind == "choose_expr":
            self.fail(t, "'choose' asks a player and stops the procedure, so it stands only "
                         "as the value of 'let', of an assignment or of 'return'")
        elif kind in ("list", "index", "ternary", "or_op", "and_op", "not_op", "neg",
                      "member", "not_member"):
            for x in ch:
                if x is not None:
                    self.expr(x, scope)
        elif kind in ("compare", "binop"):
            self.expr(ch[0], scope)
            self.expr(ch[2], scope)
        else:  # pragma: no cover - the grammar has no other expressions
            self.fail(t, f"unsupported expression {kind}")

    def name(self, tok: Token, scope: set[str]) -> None:
        """A local, `players`, a declared name or a constant."""
        name = str(tok)
        if name in scope or name == "players" or name in self.statics or \
                name in self.const_names:
            return
        known = set(scope) | set(self.statics) | self.const_names | {"players", "game"}
        if name == "game":
            self.fail(tok, "'game' holds the game variables: write game.NAME")
        self.fail(tok, f"unknown name {name!r}" + self._suggest(name, known))

    def attr(self, t: Tree, scope: set[str]) -> None:
        """`game.VAR`, or a property of a player, an area or a token."""
        base_tree, attr_tok = t.children
        attr = str(attr_tok)
        if is_game(base_tree, scope):
            if attr not in self.g.game_vars:
                self.fail(attr_tok, f"unknown game variable {attr!r}"
                          + self._suggest(attr, self.g.game_vars))
            return
        if attr not in self.attr_names:
            self.fail(attr_tok, f"unknown property {attr!r}" + self._suggest(attr, self.attr_names))
        self.expr(base_tree, scope)

    def call(self, t: Tree, scope: set[str]) -> None:
        """A call of one of the script's functions or of a built-in that computes a value."""
        name = str(part(t, "name"))
        args, kwargs = self.args(part(t, "args"), scope)
        if name in self.program.funcs:
            func = self.program.funcs[name]
            self.check_script_arity(t, name, func.params, args, kwargs)
            return
        builtin = self.value_builtin(t, name)
        self.check_builtin_call(t, name, builtin, args, kwargs)

    def binding(self, t: Tree, scope: set[str]) -> None:
        """`[E for x in L where C]` and `rank x in L by KEY, KEY2 where C`: the list in the
        outer scope, the rest with `x` bound (checked in the order they compile)."""
        if t.data == "list_comp":
            inner = scope | {str(part(t, "variable"))}
            self.expr(part(t, "item"), inner)
            self.expr(part(t, "collection"), scope)
            if part(t, "condition") is not None:
                self.expr(part(t, "condition"), inner)
            return
        inner = scope | {str(part(t, "variable"))}
        self.expr(part(t, "collection"), scope)
        if part(t, "condition") is not None:
            self.expr(part(t, "condition"), inner)
        for key in part(t, "keys"):
            self.expr(key, inner)


def is_game(base: Tree, scope: set[str]) -> bool:
    """Is `base` the name `game` (the game variables), not a local of that name?"""
    return base.data == "name" and str(part(base, "name")) == "game" and "game" not in scope
