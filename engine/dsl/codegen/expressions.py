"""Expressions as Python expressions: locals are Python locals, declared names become
literals, built-ins are called directly (a Runtime method where one does the job).

The trees were checked before (check/), so every name resolves here."""

from __future__ import annotations

import keyword
import operator
import re
from typing import Any

from lark import Token, Tree

from ...errors import Location
from ...interpreter.runtime import Runtime
from .. import builtins
from ..check.names import DeclaredNames
from ..trees import name_in, part
from .fast import FastForms, token_only_properties
from .writer import local_name

RUNTIME_METHODS = ("count", "tokens", "move", "move_token", "draw", "give", "reveal", "hide",
                   "control", "release", "shuffle", "reveal_card", "reveal_deck")
"""Built-ins that only forward their arguments to the Runtime method of the same name: the
generated code calls the method itself."""

PYTHON_FUNCTIONS = {"len": "len({})", "sum": "sum({})", "any": "any({})", "all": "all({})",
                    "sorted": "sorted({})", "reversed": "list(reversed({}))",
                    "first": "_first({})"}
"""Built-ins that are plain Python on their one argument."""

_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}
_LITERALS = {"number": lambda ch: int(ch[0]), "string": lambda ch: str(ch[0])[1:-1],
             "true": lambda ch: True, "false": lambda ch: False, "none": lambda ch: None}

NOT_CONSTANT = object()
"""What Writer.constant gives for an expression known only when it runs."""
_ARITH = {"+": "_add(_L, {}, {})", "-": "_sub(_L, {}, {})", "*": "_mul({}, {})",
          "//": "{} // {}", "%": "{} % {}"}


def one_call(args: str) -> bool:
    """Whether `args` (the text between a call's parentheses) closes no parenthesis it did
    not open: then the call ends at the last one, it is not `f(a) + g(b)`."""
    depth = 0
    quote = None
    escaped = False
    for ch in args:
        if quote is not None:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == quote:
                quote = None
        elif ch in "'\"":
            quote = ch
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                return False
    return depth == 0


class Scope:
    """The script variables visible to an expression: their Python names, and those that
    may not be set yet (read through a check)."""

    def __init__(self, names: dict[str, str], unsure: frozenset[str] = frozenset()):
        self.names = names
        self.unsure = unsure

    def read(self, name: str) -> str:
        """The Python expression reading a variable."""
        python = self.names[name]
        return f"_v({python}, {name!r})" if name in self.unsure else python

    def bind(self, name: str) -> Scope:
        """This scope with one more variable, always set (a comprehension's)."""
        return Scope({**self.names, name: local_name(name)}, self.unsure - {name})

    def __contains__(self, name: str) -> bool:
        return name in self.names


class Globals:
    """The values generated code refers to by name: helpers, built-ins, static values."""

    def __init__(self) -> None:
        self.values: dict[str, Any] = {}
        self._by_id: dict[int, str] = {}

    def bind(self, hint: str, value: Any) -> str:
        """A global name for `value` (the same name for the same object)."""
        known = self._by_id.get(id(value))
        if known is not None:
            return known
        name = hint
        n = 1
        while name in self.values:
            n += 1
            name = f"{hint}{n}"
        self.values[name] = value
        self._by_id[id(value)] = name
        return name


def literal(value: Any, globals_: Globals, hint: str) -> str:
    """Python text for a static value: a literal for scalars, else a global name."""
    if value is None or type(value) in (bool, int, str):
        return repr(value)
    return globals_.bind(f"_s_{hint}", value)


class ExpressionWriter(FastForms):
    """Writes expressions of one game's scripts as Python text."""

    def __init__(self, names: DeclaredNames, globals_: Globals):
        self.n = names
        self.globals = globals_
        self.file = ""
        self.context = ""
        self.token_props = token_only_properties(names.g)

    def where(self, node: Tree | Token) -> Location:
        """The script location of a node of the definition being written."""
        line = getattr(node, "line", None)
        col = getattr(node, "column", None)
        if line is None and isinstance(node, Tree) and not node.meta.empty:
            line, col = node.meta.line, node.meta.column
        return Location(self.file, line or 0, col or 0, self.context)

    def args(self, node: Tree | None, scope: Scope) -> tuple[list[str], list[str]]:
        """A call's positional and keyword arguments as Python text (`key=value`)."""
        args, kwargs = [], []
        for a in node.children if node is not None else ():
            if a.data == "kw_arg":
                key, value = str(part(a, "name")), self.expr(part(a, "value"), scope, True)
                kwargs.append(f"{key}={value}" if key.isidentifier() and
                              not keyword.iskeyword(key) else f"**{{{key!r}: {value}}}")
            else:
                args.append(self.expr(part(a, "value"), scope, True))
        return args, kwargs

    def constant(self, t: Tree, scope: Scope) -> Any:
        """The value of an expression known as the code is written (literals, options and
        the other declared names, and comparisons, `not`, `and`, `or` and `if` over them),
        or NOT_CONSTANT."""
        kind = t.data
        ch = t.children
        if kind in _LITERALS:
            return _LITERALS[kind](ch)
        if kind == "name":
            name = str(ch[0])
            if name in scope or name == "players":
                return NOT_CONSTANT
            value = self.n.statics.get(name, NOT_CONSTANT)
            return value if value is None or type(value) in (bool, int, str) else NOT_CONSTANT
        if kind == "not_op":
            value = self.constant(ch[0], scope)
            return value if value is NOT_CONSTANT else not value
        if kind in ("and_op", "or_op"):
            first = self.constant(ch[0], scope)
            if first is NOT_CONSTANT or bool(first) == (kind == "or_op"):
                return first
            return self.constant(ch[1], scope)
        if kind == "ternary":
            cond = self.constant(ch[1], scope)
            return cond if cond is NOT_CONSTANT else self.constant(ch[0 if cond else 2], scope)
        if kind == "compare":
            a, b = self.constant(ch[0], scope), self.constant(ch[2], scope)
            if a is NOT_CONSTANT or b is NOT_CONSTANT:
                return NOT_CONSTANT
            try:
                return _COMPARE[str(ch[1])](a, b)
            except TypeError:
                return NOT_CONSTANT
        return NOT_CONSTANT

    def expr(self, t: Tree, scope: Scope, top: bool = False) -> str:
        """Any expression; `top`: no parentheses around the whole. What is known as the
        code is written is written as its value (a `game` option, a branch never taken)."""
        kind = t.data
        ch = t.children
        value = self.constant(t, scope)
        if value is not NOT_CONSTANT:
            return repr(value)
        if kind == "ternary" and self.constant(ch[1], scope) is not NOT_CONSTANT:
            return self.expr(ch[0 if self.constant(ch[1], scope) else 2], scope, top)
        if kind in ("and_op", "or_op") and self.constant(ch[0], scope) is not NOT_CONSTANT:
            return self.expr(ch[1], scope, top)
        if kind == "name":
            return self.name(str(ch[0]), scope)
        if kind == "list":
            return "[" + ", ".join(self.expr(x, scope, True) for x in ch if x is not None) + "]"
        if kind == "attr":
            return self.attr(t, scope)
        if kind == "index":
            return f"{self.expr(ch[0], scope)}[{self.expr(ch[1], scope, True)}]"
        if kind == "call":
            return self.call(t, scope)
        if kind == "list_comp":
            return self.list_comp(t, scope)
        if kind == "rank":
            return self.rank(t, scope)
        if kind == "sort":
            return self.sort(t, scope)
        text = self.operation(t, scope)
        return text if top or text.startswith("_") else f"({text})"

    def operation(self, t: Tree, scope: Scope) -> str:
        """An operator expression, without parentheses around it."""
        kind = t.data
        ch = t.children
        if kind == "ternary":
            a, cond, b = (self.expr(x, scope) for x in ch)
            return f"{a} if {cond} else {b}"
        if kind in ("or_op", "and_op"):
            word = "or" if kind == "or_op" else "and"
            return f"{self.expr(ch[0], scope)} {word} {self.expr(ch[1], scope)}"
        if kind == "not_op":
            return f"not {self.expr(ch[0], scope)}"
        if kind == "neg":
            return f"-{self.expr(ch[0], scope)}"
        if kind == "compare":
            op = str(ch[1])
            assert op in _COMPARE
            return f"{self.expr(ch[0], scope)} {op} {self.expr(ch[2], scope)}"
        if kind in ("member", "not_member"):
            word = "in" if kind == "member" else "not in"
            return f"{self.expr(ch[0], scope)} {word} {self.expr(ch[1], scope)}"
        if kind == "binop":
            pattern = _ARITH[str(ch[1])]
            return pattern.format(self.expr(ch[0], scope), self.expr(ch[2], scope))
        raise AssertionError(f"unchecked expression {kind}")  # pragma: no cover

    def name(self, name: str, scope: Scope) -> str:
        """A local, `players`, a declared name or a constant."""
        if name in scope:
            return scope.read(name)
        if name == "players":
            return "_c.players"
        if name in self.n.statics:
            return literal(self.n.statics[name], self.globals, name)
        return f"_c.consts[{name!r}]"

    def attr(self, t: Tree, scope: Scope) -> str:
        """`game.VAR`, or a property of a player, an area or a token."""
        base, attr = t.children
        if name_in(base) == "game" and "game" not in scope:
            return f"_c.s['vars'][{str(attr)!r}]"
        method = "prop" if str(attr) in self.token_props and hasattr(Runtime, "prop") \
            else "attr"
        return f"_c.{method}({self.expr(base, scope, True)}, {str(attr)!r})"

    def call(self, t: Tree, scope: Scope) -> str:
        """A call of a script function or of a built-in that computes a value."""
        name = str(part(t, "name"))
        args, kwargs = self.args(part(t, "args"), scope)
        if name in self.n.program.funcs:
            return f"f_{name}({', '.join(['_c', '_L', *args])})"
        fast = self.fast_form(name, part(t, "args"), scope)
        if fast is not None:
            return fast
        return self.builtin(name, builtins.EXPRESSIONS[name], args, kwargs)

    def builtin(self, name: str, builtin: Any, args: list[str], kwargs: list[str]) -> str:
        """A built-in's call: plain Python, a Runtime method, or its implementation."""
        if name in PYTHON_FUNCTIONS and len(args) == 1 and not kwargs:
            return PYTHON_FUNCTIONS[name].format(args[0])
        if name in RUNTIME_METHODS and hasattr(Runtime, name):
            return f"_c.{name}({', '.join(args + kwargs)})"
        impl = self.globals.bind(f"_b_{name}", builtin.impl)
        return f"{impl}({', '.join(['_c', *args, *kwargs])})"

    def list_comp(self, t: Tree, scope: Scope) -> str:
        """`[E for x in L where C]`."""
        var = str(part(t, "variable"))
        inner = scope.bind(var)
        item = self.expr(part(t, "item"), inner, True)
        items = self.expr(part(t, "collection"), scope, True)
        cond = part(t, "condition")
        where = f" if {self.expr(cond, inner, True)}" if cond is not None else ""
        if items != "_c.players":          # a few players: nothing to count
            items = f"_looked_at(_L, {items})"
        holding = self.places_holding(var, item, items, where)
        if holding is not None:
            return holding
        one = re.fullmatch(rf"_c\.prop\({re.escape(local_name(var))}, ('\w+')\)", item)
        if one and not where:                                       # [x.P for x in L]
            owned = self.owned_values(items, one.group(1))
            if owned is not None:
                return owned
            return f"_c.prop_list({items}, {one.group(1)})"
        return f"[{item} for {local_name(var)} in {items}{where}]"

    def places_holding(self, var: str, item: str, items: str, where: str) -> str | None:
        """`[x for x in L where count(K, owner=p, at=x) > 0]` for a kind K of counted piece
        and a variable p other than x, as the Runtime's places_holding; else None."""
        name = local_name(var)
        call = re.fullmatch(rf" if _c\.piece_owned\('(\w+)', (\w+), {re.escape(name)}\) > 0",
                            where)
        if item != name or call is None or call.group(2) == name \
                or not hasattr(Runtime, "places_holding"):
            return None
        return f"_c.places_holding({call.group(1)!r}, {call.group(2)}, {items})"

    def owned_values(self, items: str, prop: str) -> str | None:
        """`[x.P for x in tokens(K, owner=O, at=A)]` as the Runtime's owned_values, if
        `items` is that one call (as looked at) and every token of K has P; else None."""
        call = re.fullmatch(r"_looked_at\(_L, _c\.tokens_owned\('(\w+)', (.*)\)\)", items)
        if call is None or not hasattr(Runtime, "owned_values") or not one_call(call.group(2)):
            return None
        kind = self.n.g.tokens.get(call.group(1))
        if kind is None or prop[1:-1] not in kind.props:
            return None
        return f"_looked_at(_L, _c.owned_values({call.group(1)!r}, {call.group(2)}, {prop}))"

    def rank(self, t: Tree, scope: Scope) -> str:
        """`rank x in L by KEY, KEY2 where C`: groups of tied items, best first."""
        var = str(part(t, "variable"))
        inner = scope.bind(var)
        python = local_name(var)
        items = self.expr(part(t, "collection"), scope, True)
        condition = part(t, "condition")
        keys = [self.expr(k, inner, True) for k in part(t, "keys")]
        shared = self.shared_key(condition, keys, inner)
        if shared is not None:      # `where` compares the first key: computed once for both
            others = "".join(k + ", " for k in keys[1:])
            return f"_rank_keyed(_L, {items}, lambda {python}: {shared} and (_k, {others}))"
        cond = "None" if condition is None else \
            f"lambda {python}: {self.expr(condition, inner, True)}"
        return f"_rank(_L, {items}, {cond}, lambda {python}: ({''.join(k + ', ' for k in keys)}))"

    def sort(self, t: Tree, scope: Scope) -> str:
        """`sort x in L by KEY, KEY2 where C`: the items, lowest keys first."""
        var = str(part(t, "variable"))
        inner = scope.bind(var)
        python = local_name(var)
        items = self.expr(part(t, "collection"), scope, True)
        condition = part(t, "condition")
        keys = "".join(self.expr(k, inner, True) + ", " for k in part(t, "keys"))
        cond = "None" if condition is None else \
            f"lambda {python}: {self.expr(condition, inner, True)}"
        return f"_sort_by(_looked_at(_L, {items}), {cond}, lambda {python}: ({keys}))"

    def shared_key(self, cond: Tree | None, keys: list[str], inner: Scope) -> str | None:
        """A rank's `where KEY op E` (KEY its first key) as `(_k := KEY) op E`; else None."""
        if cond is None or not keys or cond.data != "compare" or \
                self.constant(cond, inner) is not NOT_CONSTANT or \
                self.expr(part(cond, "left"), inner, True) != keys[0]:
            return None
        op = str(part(cond, "op"))
        assert op in _COMPARE
        return f"(_k := {keys[0]}) {op} {self.expr(part(cond, 'right'), inner)}"
