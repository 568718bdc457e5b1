"""The Runtime's fast forms the generated code calls where a call's shape allows: `count`
and `tokens` of a kind at a place (of an owner, with one filter) as positional calls with
no keyword dict, and `x.name` through `prop` for a name only tokens' properties have. Each
gives the same result as the general form; one the Runtime lacks is not used."""

from __future__ import annotations

from typing import Any

from lark import Tree

from ...interpreter.layout import GRID_FIELDS
from ...interpreter.model import GameDef
from ...interpreter.runtime import Runtime
from ..trees import part

TOKEN_FIELD_NAMES = {"at", "owner", "controller", "shown", "kind", "id"}
"""What every token has besides its properties (Runtime.attr answers them first)."""
FAST_FORMS = {("count", ("at",)): "count_at", ("count", ("at", "owner")): "count_owned",
              ("tokens", ("at",)): "tokens_at", ("tokens", ("at", "owner")): "tokens_owned",
              ("count", ("at", "*")): "count_at_where",
              ("count", ("at", "owner", "*")): "count_owned_where",
              ("tokens", ("at", "*")): "tokens_at_where",
              ("tokens", ("at", "owner", "*")): "tokens_owned_where"}
"""Runtime methods for the commonest shapes of `count` and `tokens` (a kind and a place; an
owner; "*": one property filter, for a token kind): used when the Runtime has them, with the
same results as the general method."""
PIECE_OWNED = "piece_owned"
"""The form of `count(KIND, owner=, at=)` for a kind of counted piece."""


def token_only_properties(g: GameDef) -> frozenset[str]:
    """Names that only tokens' properties have (no area property, player variable or token
    field has them): `x.name` may call the Runtime's fast `prop`."""
    names = {name for kind in g.tokens.values() for name in kind.props}
    names -= {name for props in g.areas.values() for name in props}
    names -= set(g.player_vars) | set(GRID_FIELDS) | TOKEN_FIELD_NAMES
    return frozenset(names)


class FastForms:
    """The fast forms half of the ExpressionWriter (it provides n, constant and expr)."""

    n: Any

    def constant(self, t: Tree, scope: Any) -> Any:
        """The value of an expression known as the code is written (ExpressionWriter)."""
        raise NotImplementedError

    def expr(self, t: Tree, scope: Any, top: bool = False) -> str:
        """An expression as Python text (ExpressionWriter)."""
        raise NotImplementedError

    def fast_form(self, name: str, node: Tree | None, scope: Any) -> str | None:
        """`count` or `tokens` of a kind at a place (and of an owner), as the Runtime's fast
        form for that shape if it has one (FAST_FORMS: positional, no keyword dict; they
        take any place and fall back to the general form for a list of places)."""
        given = node.children if node is not None else []
        if name not in ("count", "tokens") or not given or given[0].data != "pos_arg":
            return None
        kind_tree = part(given[0], "value")
        kind = self.constant(kind_tree, scope)
        keywords = {str(part(a, "name")): part(a, "value") for a in given[1:]
                    if a.data == "kw_arg"}
        if len(keywords) != len(given) - 1 or "at" not in keywords or \
                type(kind) is not str or (name == "tokens" and kind not in self.n.g.tokens):
            return None
        others = [k for k in keywords if k not in ("at", "owner")]
        if others and kind not in self.n.g.tokens:
            return None
        shape = tuple(sorted(k for k in keywords if k in ("at", "owner"))) + \
            (("*",) if others else ())
        method = FAST_FORMS.get((name, shape)) if len(others) <= 1 else None
        if method == "count_owned" and kind in self.n.g.pieces:
            method = PIECE_OWNED
        if method is None or not hasattr(Runtime, method):
            return None
        place = self.constant(keywords["at"], scope)
        where = repr(place) if type(place) is str else self.expr(keywords["at"], scope, True)
        owner = [self.expr(keywords["owner"], scope, True)] if "owner" in keywords else []
        where_one = [repr(others[0]), self.expr(keywords[others[0]], scope, True)] \
            if others else []
        return f"_c.{method}({', '.join([repr(kind), *owner, where, *where_one])})"

