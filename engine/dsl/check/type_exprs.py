"""The type of every expression, checked where it is used: operators, conditions, indexes,
properties and calls. A mistake is reported at its node; a value that comes straight from a
constant or an option of the game file is blamed there instead (type_blame.py)."""

from __future__ import annotations

from lark import Token, Tree

from .. import builtins
from ..trees import part
from ..types import (
    BOOLEAN,
    MAPPING,
    NONE,
    NOTHING,
    NUMBER,
    PLAYER,
    SEQUENCE,
    TEXT,
    UNKNOWN,
    describe,
    family,
    join,
    join_all,
    known,
    list_of,
)
from .type_blame import Blame

_ARITH_WORDS = {"+": "cannot add {a} and {b}", "-": "cannot subtract {b} from {a}",
                "*": "cannot multiply {a} by {b}", "//": "cannot divide {a} by {b}",
                "%": "cannot divide {a} by {b}"}
_ORDERED = ("number", "text", "list")


def element(t):
    """The type of an item of a list (or a character of a text)."""
    if t.name == "list":
        return t.item or UNKNOWN
    if t == TEXT:
        return TEXT
    return NOTHING if t == NOTHING else UNKNOWN


class ExpressionTypes(Blame):
    """Infers and checks the type of expressions in the current scope."""

    def ty(self, t: Tree):
        """The type of an expression (checking it on the way)."""
        kind = t.data
        ch = t.children
        if kind == "number":
            return NUMBER
        if kind == "string":
            return TEXT
        if kind in ("true", "false"):
            return BOOLEAN
        if kind == "none":
            return NONE
        if kind == "name":
            return self.name_type(str(ch[0]))
        if kind == "list":
            return list_of(join_all(self.ty(x) for x in ch if x is not None))
        if kind == "attr":
            return self.attr_type(t)
        if kind == "index":
            return self.index_type(t)
        if kind == "call":
            return self.call_type(t)
        if kind in ("list_comp", "rank", "sort"):
            return self.comprehension(t)
        if kind == "ternary":
            a, cond, b = ch
            self.condition(cond, "'if ... else'")
            return join(self.ty(a), self.ty(b))
        if kind in ("or_op", "and_op"):
            word = "or" if kind == "or_op" else "and"
            for side in ch:
                self.condition(side, f"'{word}'")
            return BOOLEAN
        if kind == "not_op":
            self.condition(ch[0], "'not'")
            return BOOLEAN
        if kind == "neg":
            a = self.ty(ch[0])
            self.expect(ch[0], a, NUMBER, lambda: f"cannot negate {describe(a)}")
            return NUMBER
        if kind == "compare":
            return self.compare(t, str(ch[1]))
        if kind in ("member", "not_member"):
            return self.member(t)
        if kind == "binop":
            return self.arith(t, str(ch[1]))
        return UNKNOWN   # pragma: no cover - the grammar has no other expressions

    # -- conditions and operators --------------------------------------------------------
    def condition(self, t: Tree, where: str) -> None:
        """A condition must be true/false where its type is known."""
        a = self.ty(t)
        self.expect(t, a, BOOLEAN, lambda: f"the condition of {where} is {describe(a)}, "
                                           "not true/false")

    def number(self, t: Tree) -> None:
        """A value bots add up must be a number where its type is known."""
        a = self.ty(t)
        self.expect(t, a, NUMBER,
                    lambda: f"an evaluation term must be a number, not {describe(a)}")

    def _anchor(self, left: Tree, lt, right: Tree, rt):
        """Which side decides the type the other must have: a known side that is not a bare
        constant, option or parameter (those are what a mistake is blamed on)."""
        sides = [(left, lt, right, rt), (right, rt, left, lt)]
        sides.sort(key=lambda s: (not known(s[1]), self.is_blamable(s[0])))
        return sides[0]

    def arith(self, t: Tree, op: str):
        """`+` adds numbers, joins texts or lists; `-`, `*`, `//`, `%` take numbers (and `*`
        repeats a list or a text)."""
        left, _, right = t.children
        lt, rt = self.ty(left), self.ty(right)

        def message() -> str:
            return _ARITH_WORDS[op].format(a=describe(lt), b=describe(rt))
        if op == "*":
            for st, count, ct in ((lt, right, rt), (rt, left, lt)):
                if known(st) and family(st).name in ("list", "text"):
                    self.expect(count, ct, NUMBER, message, where=t)
                    return st if st.name == "list" else TEXT
        if op != "+":
            a, at, b, bt = self._anchor(left, lt, right, rt)
            self.expect(a, at, NUMBER, message, where=t)
            if not known(at) or family(at) == NUMBER:
                self.expect(b, bt, NUMBER, message, where=t)
            return NUMBER
        a, at, b, bt = self._anchor(left, lt, right, rt)
        if not known(at):
            return UNKNOWN if UNKNOWN in (lt, rt) else join(lt, rt)
        if family(at).name not in _ORDERED:
            self.expect(a, at, NUMBER, message, where=t)
            return UNKNOWN
        self.expect(b, bt, family(at), message, where=t)
        if at.name == "list":
            return join(lt, rt) if lt.name == "list" and rt.name == "list" else at
        return family(at)

    def compare(self, t: Tree, op: str):
        """`==` and `!=` compare values of one kind; `<`... order numbers or texts."""
        left, _, right = t.children
        lt, rt = self.ty(left), self.ty(right)
        a, at, b, bt = self._anchor(left, lt, right, rt)
        if op in ("==", "!="):
            outcome = "false" if op == "==" else "true"
            self.expect(b, bt, family(at), lambda: f"comparing {describe(lt)} with "
                                                   f"{describe(rt)} is always {outcome}",
                        where=t)
            return BOOLEAN
        if known(at) and family(at).name not in _ORDERED:
            self.report(t, f"cannot order {describe(at)} with {op}")
            return BOOLEAN
        self.expect(b, bt, family(at), lambda: f"cannot compare {describe(lt)} with "
                                               f"{describe(rt)} by {op}", where=t)
        return BOOLEAN

    def member(self, t: Tree):
        """`x in L`: L is a list (or a text) that may hold x."""
        item, items = t.children
        it, lt = self.ty(item), self.ty(items)
        self.expect(items, lt, SEQUENCE, lambda: f"cannot look for an item in {describe(lt)}",
                    where=t)
        if lt.name == "list" or lt == TEXT:
            inner = element(lt)
            self.expect(item, it, family(inner) if known(inner) else inner,
                        lambda: f"{describe(it)} is never in {describe(lt)}", where=t)
        return BOOLEAN

    def index_type(self, t: Tree):
        """`L[i]`: an item of a list (or a character of a text) at a number."""
        base, index = t.children
        bt, it = self.ty(base), self.ty(index)
        if bt == MAPPING:
            return UNKNOWN
        self.expect(base, bt, SEQUENCE, lambda: f"cannot take an item of {describe(bt)}")
        self.expect(index, it, NUMBER, lambda: f"an index must be a number, not {describe(it)}")
        return element(bt)

    # -- names and properties -----------------------------------------------------------
    def name_type(self, name: str):
        """A comprehension variable, a local or parameter, or a global name."""
        for scope in reversed(self.scopes):
            if name in scope:
                return scope[name]
        if name == "players":
            return list_of(PLAYER)
        if name in self.types.settings and name not in self.program.const_trees:
            return self.types.setting_type(name)
        if name in self.const_types:
            return self.const_types[name]
        return self.types.names.get(name, UNKNOWN)

    def attr_type(self, t: Tree):
        """`game.VAR`, or a property of a player, a place or a token."""
        base, attr_tok = t.children
        attr = str(attr_tok)
        if base.data == "name" and str(part(base, "name")) == "game" and not self.is_local("game"):
            return self.types.game_vars.get(attr, UNKNOWN)
        bt = self.ty(base)
        found = self.types.attr(bt, attr)
        if found is None:
            self.report(attr_tok, f"{describe(bt)} has no property {attr!r}")
            return UNKNOWN
        return found

    def is_local(self, name: str) -> bool:
        """Whether a name is a local, a parameter or a comprehension variable here."""
        return any(name in scope for scope in self.scopes)

    # -- comprehensions and calls ------------------------------------------------------
    def comprehension(self, t: Tree):
        """`[E for x in L where C]` and `rank x in L by K... where C`."""
        if t.data == "list_comp":
            item, var, source, cond = t.children
            keys = []
        else:
            var, source, *keys, cond = t.children
            item = None
        st = self.ty(source)
        self.expect(source, st, list_of(UNKNOWN),
                    lambda: f"cannot go through {describe(st)}: it is not a list")
        self.scopes.append({str(var): element(st)})
        try:
            if cond is not None:
                self.condition(cond, "'where'")
            for key in keys:
                self.ty(key)
            if item is not None:
                return list_of(self.ty(item))
            if t.data == "sort":
                return list_of(element(st))
            return list_of(list_of(element(st)))
        finally:
            self.scopes.pop()

    def call_type(self, t: Tree):
        """A call of a script function or of a built-in that computes a value."""
        name = str(part(t, "name"))
        func = self.program.funcs.get(name)
        if func is not None:
            self.script_call(t, name, func.params)
            return self.fn_types.get(name, NOTHING)
        proc = self.program.procs.get(name)
        if proc is not None:      # `let x = P(...)`: what the procedure returns
            self.script_call(t, name, proc.params)
            return getattr(self, "return_types", {}).get(name, NOTHING)
        builtin = builtins.EXPRESSIONS.get(name)
        if builtin is None:
            self.arguments(t)
            return UNKNOWN
        return self.builtin_call(t, name, builtin)

    def arguments(self, t: Tree) -> tuple[list[Tree], dict[str, Tree]]:
        """A call's positional and keyword argument trees."""
        given = part(part(t, "args"), "arguments") if part(t, "args") is not None else []
        args = [part(a, "value") for a in given if isinstance(a, Tree) and a.data == "pos_arg"]
        kwargs = {str(part(a, "name")): part(a, "value") for a in given
                  if isinstance(a, Tree) and a.data == "kw_arg"}
        return args, kwargs


def bare_name(t: Tree | Token) -> str | None:
    """The name if an expression is just a name."""
    if isinstance(t, Tree) and t.data == "name":
        return str(part(t, "name"))
    return None
