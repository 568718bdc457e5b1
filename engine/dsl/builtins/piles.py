"""Built-ins for card piles, rows of spaces and usage counts (see interpreter/piles.py)."""

from __future__ import annotations

from ...interpreter import piles
from ..types import NUMBER, PLACE, PLAYER, TEXT, T, list_of, sig
from .registry import Builtin

EXPRESSIONS: dict[str, Builtin] = {
    "empty_places": Builtin(piles.empty_places, 2, 2,
                            doc="the places of a list that hold no piece or token of a kind",
                            sig=sig(TEXT, list_of(PLACE), returns=list_of(PLACE))),
    "count_of": Builtin(piles.count_of, 2, 2, doc="how many times an item occurs in a list",
                        sig=sig(list_of(T), T, returns=NUMBER)),
    "set_at": Builtin(piles.set_at, 3, 3,
                      doc="a copy of a list with item i (from 0) replaced",
                      sig=sig(list_of(T), NUMBER, T, returns=list_of(T))),
    "index_of": Builtin(piles.index_of, 2, 2,
                        doc="the position (from 0) of an item in a list (none if absent)",
                        sig=sig(list_of(T), T, returns=NUMBER)),
}

STATEMENTS: dict[str, Builtin] = {
    "draw_refill": Builtin(piles.draw_refill, 6, 6,
                           doc="a player draws n tokens from a pile; an empty pile is first "
                               "refilled from another (a discard pile), face down",
                           sig=sig(TEXT, PLAYER, PLACE, PLACE, NUMBER, PLACE)),
    "slide_row": Builtin(piles.slide_row, 2, 2,
                         doc="tokens of a kind in a row of places move to close the gaps",
                         sig=sig(TEXT, list_of(PLACE))),
}
