"""Built-ins for card piles, rows of spaces and usage counts (see interpreter/piles.py)."""

from __future__ import annotations

from ...interpreter import piles
from ..trees import call_parts, first, part
from ..types import NUMBER, PLACE, PLAYER, TEXT, T, list_of, sig
from .registry import Builtin


# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_empty_places(reader, args, kwargs, env) -> str:
    return reader.w("those of {places} without {things}", places=reader.expr(args[1], env),
                  things=reader.t.thing(reader.kind_of(args), 2))


def phrase_count_of(reader, args, kwargs, env) -> str:
    return reader.w("how many times {item} appears in {items}",
                  item=reader.expr(args[1], env), items=reader.expr(args[0], env))


def phrase_set_at(reader, args, kwargs, env) -> str:
    position = args[1]
    if position.data == "call" and str(part(position, "name")) == "index_of":
        _, where, _ = call_parts(position)     # set_at(xs, index_of(keys, k), v): v for k
        if len(where) == 2:
            return reader.w("{items} with {value} for {key}", items=reader.expr(args[0], env),
                            value=reader.expr(args[2], env), key=reader.expr(where[1], env))
    return reader.w("{items} with the entry at position {position} replaced by {value}",
                    items=reader.expr(args[0], env), position=reader.expr(position, env),
                    value=reader.expr(args[2], env))


def phrase_index_of(reader, args, kwargs, env) -> str:
    return reader.w("the position of {item} in {items}", item=reader.expr(args[1], env),
                  items=reader.expr(args[0], env))


def phrase_draw_refill(reader, args, kwargs, env) -> str:
    kind = str(first(args[0]))
    ok, n = reader.p.known(args[4], env)
    if ok and isinstance(n, int):
        amount = reader.w("{n} {things}", n=n, things=reader.t.thing(kind, n))
    else:
        amount = reader.w("as many {things} as {amount}", things=reader.t.thing(kind, 2),
                        amount=reader.p.expr(args[4], env))
    return reader.w("{player} draws {amount} {source} and puts them {destination} (an "
                    "empty pile is first made again from their cards {refill}, shuffled)",
                  player=reader.p.expr(args[1], env), amount=amount,
                  source=reader.p.where(args[2], "from", env),
                  destination=reader.p.where(args[3], "to", env),
                  refill=reader.p.where(args[5], "in", env))


def phrase_slide_row(reader, args, kwargs, env) -> str:
    return reader.w("the {things} of {row} slide towards the start of the row to close "
                  "every gap, keeping their order",
                  things=reader.t.thing(str(first(args[0])), 2),
                  row=reader.p.expr(args[1], env))


EXPRESSIONS: dict[str, Builtin] = {
    "empty_places": Builtin(piles.empty_places, 2, 2,
                            doc="the places of a list that hold no piece or token of a kind",
                            sig=sig(TEXT, list_of(PLACE), returns=list_of(PLACE)),
                            phrase=phrase_empty_places),
    "count_of": Builtin(piles.count_of, 2, 2, doc="how many times an item occurs in a list",
                        sig=sig(list_of(T), T, returns=NUMBER), phrase=phrase_count_of),
    "set_at": Builtin(piles.set_at, 3, 3,
                      doc="a copy of a list with item i (from 0) replaced",
                      sig=sig(list_of(T), NUMBER, T, returns=list_of(T)), phrase=phrase_set_at),
    "index_of": Builtin(piles.index_of, 2, 2,
                        doc="the position (from 0) of an item in a list (none if absent)",
                        sig=sig(list_of(T), T, returns=NUMBER), phrase=phrase_index_of),
}

STATEMENTS: dict[str, Builtin] = {
    "draw_refill": Builtin(piles.draw_refill, 6, 6,
                           doc="a player draws n tokens from a pile; an empty pile is first "
                               "refilled from another (a discard pile), face down",
                           sig=sig(TEXT, PLAYER, PLACE, PLACE, NUMBER, PLACE),
                           phrase=phrase_draw_refill),
    "slide_row": Builtin(piles.slide_row, 2, 2,
                         doc="tokens of a kind in a row of places move to close the gaps",
                         sig=sig(TEXT, list_of(PLACE)), phrase=phrase_slide_row),
}
