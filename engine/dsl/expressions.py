"""Compile expression trees into closures `f(env, runtime) -> value`, resolving every name,
property and call at load time."""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

from lark import Token, Tree

from ..errors import ScriptRuntimeError
from .call_checks import CallChecks
from .limits import charge, check_count, sized
from .program import Expr

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}


def _add(a: Any, b: Any) -> Any:
    return sized(a + b)


def _sub(a: Any, b: Any) -> Any:
    return sized(a - b)


def _mul(a: Any, b: Any) -> Any:
    if type(b) is int and type(a) in (list, str):
        check_count(len(a) * b, "the repeated list")
    elif type(a) is int and type(b) in (list, str):
        check_count(len(b) * a, "the repeated list")
    return sized(a * b)


_ARITH = {"+": _add, "-": _sub, "*": _mul, "//": operator.floordiv, "%": operator.mod}


def rank_groups(items: list, key: Callable[[Any], Any]) -> list[list]:
    """Group `items` by key, highest key first; ties share a group, in the items' order."""
    keyed = [(key(item), item) for item in items]
    order = sorted(range(len(keyed)), key=lambda i: keyed[i][0], reverse=True)
    groups: list[list] = []
    last = object()
    for i in order:
        k, item = keyed[i]
        if groups and k == last:
            groups[-1].append(item)
        else:
            groups.append([item])
            last = k
    return groups


class ExpressionCompiler(CallChecks):
    """Compiles expressions against the declared names and the locals in scope."""

    def args(self, node: Tree | None, scope: set[str]) -> tuple[list[Expr], dict[str, Expr]]:
        """A call's positional and keyword arguments, compiled in order."""
        args: list[Expr] = []
        kwargs: dict[str, Expr] = {}
        if node is None:
            return args, kwargs
        for a in node.children:
            if a.data == "kw_arg":
                key = str(a.children[0])
                if key in kwargs:
                    self.fail(a.children[0], f"keyword {key!r} given twice")
                kwargs[key] = self.expr(a.children[1], scope)
            else:
                if kwargs:
                    self.fail(a, "positional argument after a keyword argument")
                args.append(self.expr(a.children[0], scope))
        return args, kwargs

    def expr(self, t: Tree, scope: set[str]) -> Expr:
        """Compile any expression tree."""
        kind = t.data
        ch = t.children
        if kind == "number":
            value = int(ch[0])
            return lambda e, c: value
        if kind == "string":
            text = str(ch[0])[1:-1]
            return lambda e, c: text
        if kind == "true":
            return lambda e, c: True
        if kind == "false":
            return lambda e, c: False
        if kind == "none":
            return lambda e, c: None
        if kind == "name":
            return self.name(ch[0], scope)
        if kind == "list":
            items = [self.expr(x, scope) for x in ch if x is not None]
            return lambda e, c: [f(e, c) for f in items]
        if kind == "attr":
            return self.attr(t, scope)
        if kind == "index":
            base, idx = self.expr(ch[0], scope), self.expr(ch[1], scope)
            return lambda e, c: base(e, c)[idx(e, c)]
        if kind == "call":
            return self.call(t, scope)
        if kind == "list_comp":
            return self.list_comp(t, scope)
        if kind == "rank":
            return self.rank(t, scope)
        if kind == "ternary":
            a, cond, b = (self.expr(x, scope) for x in ch)
            return lambda e, c: a(e, c) if cond(e, c) else b(e, c)
        if kind == "or_op":
            a, b = self.expr(ch[0], scope), self.expr(ch[1], scope)
            return lambda e, c: a(e, c) or b(e, c)
        if kind == "and_op":
            a, b = self.expr(ch[0], scope), self.expr(ch[1], scope)
            return lambda e, c: a(e, c) and b(e, c)
        if kind == "not_op":
            a = self.expr(ch[0], scope)
            return lambda e, c: not a(e, c)
        if kind == "neg":
            a = self.expr(ch[0], scope)
            return lambda e, c: -a(e, c)
        if kind == "compare":
            a, fn, b = self.expr(ch[0], scope), _COMPARE[str(ch[1])], self.expr(ch[2], scope)
            return lambda e, c: fn(a(e, c), b(e, c))
        if kind in ("member", "not_member"):
            a, b = self.expr(ch[0], scope), self.expr(ch[1], scope)
            if kind == "member":
                return lambda e, c: a(e, c) in b(e, c)
            return lambda e, c: a(e, c) not in b(e, c)
        if kind == "binop":
            a, fn, b = self.expr(ch[0], scope), _ARITH[str(ch[1])], self.expr(ch[2], scope)
            return lambda e, c: fn(a(e, c), b(e, c))
        self.fail(t, f"unsupported expression {kind}")  # pragma: no cover
        raise AssertionError

    def name(self, tok: Token, scope: set[str]) -> Expr:
        """A local, `players`, a declared name or a constant."""
        name = str(tok)
        if name in scope:
            def local(e, c):
                try:
                    return e[name]
                except KeyError:
                    raise ScriptRuntimeError(f"variable {name!r} used before it is set") from None
            return local
        if name == "players":
            return lambda e, c: c.players
        if name in self.statics:
            value = self.statics[name]
            return lambda e, c: value
        if name in self.const_names:
            return lambda e, c: c.consts[name]
        known = set(scope) | set(self.statics) | self.const_names | {"players", "game"}
        if name == "game":
            self.fail(tok, "'game' holds the game variables: write game.NAME")
        self.fail(tok, f"unknown name {name!r}" + self._suggest(name, known))
        raise AssertionError

    def attr(self, t: Tree, scope: set[str]) -> Expr:
        """`game.VAR`, or a property of a player, an area or a token."""
        base_tree, attr_tok = t.children
        attr = str(attr_tok)
        if base_tree.data == "name" and str(base_tree.children[0]) == "game" and \
                "game" not in scope:
            if attr not in self.g.game_vars:
                self.fail(attr_tok, f"unknown game variable {attr!r}"
                          + self._suggest(attr, self.g.game_vars))
            return lambda e, c: c.s["vars"][attr]
        if attr not in self.attr_names:
            self.fail(attr_tok, f"unknown property {attr!r}" + self._suggest(attr, self.attr_names))
        base = self.expr(base_tree, scope)
        return lambda e, c: c.attr(base(e, c), attr)

    def call(self, t: Tree, scope: set[str]) -> Expr:
        """A call of one of the script's functions or of a built-in that computes a value."""
        name = str(t.children[0])
        args, kwargs = self.args(t.children[1], scope)
        if name in self.program.funcs:
            func = self.program.funcs[name]
            self.check_script_arity(t, name, func.params, args, kwargs)
            return lambda e, c: func.call(c, *[a(e, c) for a in args])
        builtin = self.value_builtin(t, name)
        self.check_builtin_call(t, name, builtin, args, kwargs)
        impl = builtin.impl
        if not kwargs:
            if len(args) == 1:
                a0 = args[0]
                return lambda e, c: impl(c, a0(e, c))
            return lambda e, c: impl(c, *[a(e, c) for a in args])
        return lambda e, c: impl(c, *[a(e, c) for a in args],
                                 **{k: a(e, c) for k, a in kwargs.items()})

    def list_comp(self, t: Tree, scope: set[str]) -> Expr:
        """`[E for x in L where C]`."""
        var = str(t.children[1])
        inner = scope | {var}
        item = self.expr(t.children[0], inner)
        items = self.expr(t.children[2], scope)
        cond = self.expr(t.children[3], inner) if t.children[3] is not None else None

        def comp(e, c):
            env = dict(e)
            out = []
            values = items(env, c)
            charge(len(values))
            for x in values:
                env[var] = x
                if cond is None or cond(env, c):
                    out.append(item(env, c))
            return out
        return comp

    def rank(self, t: Tree, scope: set[str]) -> Expr:
        """`rank x in L by KEY, KEY2 where C`: groups of tied items, best first."""
        var = str(t.children[0])
        inner = scope | {var}
        items = self.expr(t.children[1], scope)
        rest = t.children[2:]
        cond = self.expr(rest[-1], inner) if rest[-1] is not None else None
        keys = [self.expr(k, inner) for k in rest[:-1]]

        def rank(e, c):
            env = dict(e)
            chosen = []
            values = items(env, c)
            charge(len(values))
            for x in values:
                env[var] = x
                if cond is None or cond(env, c):
                    chosen.append(x)

            def key(x):
                env[var] = x
                return tuple(k(env, c) for k in keys)
            return rank_groups(chosen, key)
        return rank
