"""What a script expression is worth before the game starts, when the data decides it.

Options (the readings), fixed constants, areas and their properties are known when the
rulebook is written, so `if not some_option:` or `x if other_option else y`
are decided here: the rulebook describes the rules as this game or variant has them.
"""

from __future__ import annotations

import operator
from typing import Any

from lark import Tree

from ...dsl import builtins
from ...dsl.trees import part
from ...game import Game

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
          "%": operator.mod}
_PURE = {"len": len, "sum": sum, "sorted": sorted, "any": any, "all": all,
         "reversed": lambda v: list(reversed(v)), "first": lambda v: v[0] if v else None,
         "min": lambda v: min(v) if v else None, "max": lambda v: max(v) if v else None,
         "range": lambda a, b=None: list(range(a)) if b is None else list(range(a, b)),
         "distinct": lambda v: list(dict.fromkeys(v))}
assert set(_PURE) <= set(builtins.EXPRESSIONS)


class NotStatic(Exception):
    """The expression depends on the state of a game in progress."""


class Statics:
    """Evaluates expressions that depend only on the game's data."""

    def __init__(self, game: Game):
        self.game = game
        self.g = game.definition
        self.names: dict[str, Any] = {"areas": list(self.g.areas)}
        for name in [*self.g.locations, *self.g.areas, *self.g.pieces, *self.g.tokens,
                     *self.g.decks]:
            self.names[name] = name
        for name, option in self.g.options.items():
            self.names[name] = option.value
        for name, value in self.g.constants.items():
            if not (isinstance(value, dict) and "by_players" in value):
                self.names[name] = value
        counts = game.player_counts
        for name in self.g.program.consts:
            values = [game.constants(n)[name] for n in counts]
            if all(v == values[0] for v in values):
                self.names[name] = values[0]
        self.depth = 0

    def known(self, tree, env: dict | None = None) -> tuple[bool, Any]:
        try:
            return True, self.value(tree, env or {})
        except NotStatic:
            return False, None

    def value(self, t, env: dict) -> Any:
        if not isinstance(t, Tree):
            raise NotStatic
        kind, ch = t.data, t.children
        if kind == "number":
            return int(ch[0])
        if kind == "string":
            return str(ch[0])[1:-1]
        if kind in ("true", "false", "none"):
            return {"true": True, "false": False, "none": None}[kind]
        if kind == "name":
            name = str(ch[0])
            if name in env:
                return env[name]
            if name in self.names:
                return self.names[name]
            raise NotStatic
        if kind == "list":
            return [self.value(x, env) for x in ch if x is not None]
        if kind == "attr":
            base = self.value(ch[0], env)
            area = self.g.areas.get(base) if isinstance(base, str) else None
            if area is None or str(ch[1]) not in area:
                raise NotStatic
            return area[str(ch[1])]
        if kind == "index":
            return self.value(ch[0], env)[self.value(ch[1], env)]
        if kind == "compare":
            return _COMPARE[str(ch[1])](self.value(ch[0], env), self.value(ch[2], env))
        if kind == "binop":
            return _ARITH[str(ch[1])](self.value(ch[0], env), self.value(ch[2], env))
        if kind in ("member", "not_member"):
            inside = self.value(ch[0], env) in self.value(ch[1], env)
            return inside if kind == "member" else not inside
        if kind == "neg":
            return -self.value(ch[0], env)
        if kind == "not_op":
            return not self.value(ch[0], env)
        if kind in ("and_op", "or_op"):
            return self._logic(kind, ch, env)
        if kind == "ternary":
            return self.value(ch[0] if self.value(ch[1], env) else ch[2], env)
        if kind == "list_comp":
            return self._comprehension(ch, env)
        if kind == "call":
            return self._call(t, env)
        raise NotStatic

    def _logic(self, kind: str, ch, env: dict) -> Any:
        """`a and b` is known false if either side is known false (true for `or`)."""
        decisive = kind == "or_op"
        sides = [self.known(x, env) for x in ch]
        for ok, v in sides:
            if ok and bool(v) == decisive:
                return decisive
        if all(ok for ok, _ in sides):
            return not decisive
        raise NotStatic

    def _comprehension(self, ch, env: dict) -> list:
        item, var, items, cond = ch
        out = []
        for x in self.value(items, env):
            inner = {**env, str(var): x}
            if cond is None or self.value(cond, inner):
                out.append(self.value(item, inner))
        return out

    def _call(self, t: Tree, env: dict) -> Any:
        name = str(part(t, "name"))
        args = part(t, "args").children if part(t, "args") is not None else []
        if any(a.data != "pos_arg" for a in args):
            raise NotStatic
        values = [self.value(part(a, "value"), env) for a in args]
        if name in _PURE:
            return _PURE[name](*values)
        func = self.g.program.funcs.get(name)
        if func is None or self.depth > 20:
            raise NotStatic
        self.depth += 1
        try:
            return self.value(part(func.tree, "value"), dict(zip(func.params, values)))
        finally:
            self.depth -= 1
