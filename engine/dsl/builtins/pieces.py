"""Built-ins of counted pieces and tokens (interpreter/runtime.py and tokens.py): counting
and finding them, moving, drawing, giving, revealing and controlling them."""

from __future__ import annotations

from typing import Any

from ...interpreter.runtime import Runtime
from ..types import NUMBER, PLACE, PLAYER, TEXT, TOKEN, list_of, sig
from .registry import FILTERS, Builtin


def tokens_only(compiler: Any, node: Any) -> None:
    """At load time: the kind named first is a kind of token, not counted pieces."""
    first = node.children[1].children[0] if node.children[1] is not None else None
    if first is None or first.data != "pos_arg" or first.children[0].data != "name":
        return                       # the kind check names this mistake
    kind = str(first.children[0].children[0])
    if kind not in compiler.g.tokens and kind in compiler.g.pieces:
        name = str(node.children[0])
        compiler.fail(node, f"{name}: {kind!r} are counted pieces; {name} picks tokens")


EXPRESSIONS: dict[str, Builtin] = {
    "count": Builtin(Runtime.count, 1, 1, FILTERS,
                     doc="how many pieces of a kind match owner, at and property filters",
                     sig=sig(TEXT, returns=NUMBER)),
    "tokens": Builtin(Runtime.tokens, 1, 1, FILTERS,
                      doc="the tokens of a kind that match the filters",
                      sig=sig(TEXT, returns=list_of(TOKEN))),
}

STATEMENTS: dict[str, Builtin] = {
    "move": Builtin(Runtime.move, 4, 5,
                    doc="move up to n pieces of a player from one place to another",
                    sig=sig(TEXT, PLAYER, PLACE, PLACE, NUMBER)),
    "move_token": Builtin(Runtime.move_token, 2, 2,
                          doc="put a token at a place", sig=sig(TOKEN, PLACE)),
    "draw": Builtin(Runtime.draw, 3, 4,
                    FILTERS, doc="move up to n tokens of a kind, picked at random among those at "
                                 "a place (and matching the filters), to another place",
                    check=tokens_only, sig=sig(TEXT, PLACE, PLACE, NUMBER)),
    "give": Builtin(Runtime.give, 2, 2,
                    doc="a token now belongs to a player (none: to nobody)",
                    sig=sig(TOKEN, PLAYER)),
    "reveal": Builtin(Runtime.reveal, 1, 1, doc="turn a token face up",
                      sig=sig(TOKEN)),
    "hide": Builtin(Runtime.hide, 1, 1, doc="turn a token face down",
                    sig=sig(TOKEN)),
    "control": Builtin(Runtime.control, 2, 2,
                       doc="a player takes control of a token with a control piece",
                       sig=sig(TOKEN, PLAYER)),
    "release": Builtin(Runtime.release, 1, 1,
                       doc="a token becomes neutral; its control piece goes home",
                       sig=sig(TOKEN)),
}
