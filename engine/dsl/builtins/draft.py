"""Built-ins for drafting and chance: passing every hand to a neighbour at once, naming a
player's neighbour, and picking one item of a list at random.

Seats sit in a circle in seat order: step +1 is the next seat, -1 the previous one.
"""

from __future__ import annotations

from typing import Any

from ...errors import ScriptRuntimeError
from ..trees import first
from ..types import NUMBER, PLACE, PLAYER, TEXT, T, list_of, sig
from .registry import Builtin


def neighbour(c, p: Any, step: int) -> int:
    """The player `step` seats after `p` around the table (negative: before)."""
    if not (type(p) is int and 0 <= p < c.n):
        raise ScriptRuntimeError(f"{p!r} is not a player")
    return (p + step) % c.n


def pass_on(c, kind: str, at: str, step: int) -> int:
    """Every player's tokens of `kind` at `at` go at once to the player `step` seats on.
    Returns how many tokens changed hands."""
    moving = [(tid, c.owner[c.tno(tid)]) for tid in c.tokens(kind, at=at)]
    moving = [(tid, owner) for tid, owner in moving if owner is not None]
    for tid, owner in moving:
        c.give(tid, neighbour(c, owner, step))
    return len(moving)


def pick_random(c, values: list) -> Any:
    """One item of a list, drawn from the game's random stream (none if empty)."""
    values = list(values)
    return values[c.random_index(len(values))] if values else None



# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_neighbour(reader, args, kwargs, env) -> str:
    return reader.w("the player {n} seat(s) on from {player} in seat order",
                  n=reader.expr(args[1], env), player=reader.expr(args[0], env))


def phrase_pick_random(reader, args, kwargs, env) -> str:
    return reader.w("one of {x} at random", x=reader.expr(args[0], env))


def phrase_pass_on(reader, args, kwargs, env) -> str:
    kind = str(first(args[0]))
    values = dict(things=reader.t.thing(kind, 2), place=reader.p.where(args[1], "in", env))
    ok, step = reader.p.known(args[2], env)
    if ok and step == 1:
        return reader.w("each player passes their {things} {place} at once to the next "
                      "player in seat order", **values)
    if ok and step == -1:
        return reader.w("each player passes their {things} {place} at once to the previous "
                      "player in seat order", **values)
    return reader.w("each player passes their {things} {place} at once to the player as "
                  "many seats on in seat order as {n} says (backwards if negative)",
                  n=reader.p.expr(args[2], env), **values)


EXPRESSIONS: dict[str, Builtin] = {
    "neighbour": Builtin(neighbour, 2, 2, doc="the player a number of seats after another "
                                              "(negative: before), around the table",
                         sig=sig(PLAYER, NUMBER, returns=PLAYER), phrase=phrase_neighbour),
    "pick_random": Builtin(pick_random, 1, 1, doc="one item of a list, picked at random",
                           sig=sig(list_of(T), returns=T), phrase=phrase_pick_random),
}

STATEMENTS: dict[str, Builtin] = {
    "pass_on": Builtin(pass_on, 3, 3, doc="every player's tokens of a kind at a place go at "
                                          "once to the player a number of seats on",
                       sig=sig(TEXT, PLACE, NUMBER), phrase=phrase_pass_on),
}
