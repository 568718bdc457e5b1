"""Built-ins of tracks (interpreter/tracks.py): positions, order with stacks, moving discs."""

from __future__ import annotations

from ...interpreter import tracks
from ..trees import part
from ..types import NUMBER, PLAYER, TEXT, list_of, sig
from .registry import Builtin


# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_track_pos(reader, args, kwargs, env) -> str:
    # a printed track may wrap around (laps): the value is how far the disc has gone
    return reader.w("how far {player}'s disc has gone on {track}",
                  player=reader.expr(args[1], env), track=reader.track_words(args[0], env))


def phrase_track_order(reader, args, kwargs, env) -> str:
    track = reader.track_words(args[0], env)
    if len(args) > 1:
        return reader.w("{players}, from the one furthest ahead on {track} to the one "
                      "furthest behind", players=reader.expr(args[1], env), track=track)
    return reader.w("the players, from the one furthest ahead on {track} to the one "
                  "furthest behind", track=track)


def phrase_track_standing(reader, args, kwargs, env) -> str:
    return reader.w("how far {player} is ahead on {track}",
                  player=reader.expr(args[1], env), track=reader.track_words(args[0], env))


def phrase_advance(reader, args, kwargs, env) -> str:
    track = reader.track_words(args[0], env)
    player = reader.p.expr(args[1], env)
    ok, n = reader.p.known(args[2], env)
    if ok and isinstance(n, int) and n < 0:
        return reader.w.plural(None, "{player} moves their disc {n} space back on {track}",
                             "{player} moves their disc {n} spaces back on {track}", -n,
                             player=player, track=track)
    if ok and isinstance(n, int):
        return reader.w.plural(None, "{player} moves their disc {n} space forward on {track}",
                             "{player} moves their disc {n} spaces forward on {track}", n,
                             player=player, track=track)
    amount = args[2]
    if amount.data == "neg" or amount.data == "binop" and str(part(amount, "op")) == "-" and \
            part(amount, "left").data == "number" and \
            str(part(part(amount, "left"), "token")) == "0":
        back = part(amount, "operand") if amount.data == "neg" else part(amount, "right")
        return reader.w("{player} moves their disc back on {track} by {amount}",
                        player=player, track=track, amount=reader.p.expr(back, env))
    return reader.w("{player} moves their disc forward on {track} by {amount}",
                    player=player, track=track, amount=reader.p.expr(amount, env))


def phrase_place_disc(reader, args, kwargs, env) -> str:
    return reader.w("{player} puts their disc on space {space} of {track}, on top of any "
                  "discs already there", player=reader.p.expr(args[1], env),
                  space=reader.p.expr(args[2], env), track=reader.track_words(args[0], env))


EXPRESSIONS: dict[str, Builtin] = {
    "track_pos": Builtin(tracks.position, 2, 2,
                         doc="the space of a player's disc on a track",
                         sig=sig(TEXT, PLAYER, returns=NUMBER), phrase=phrase_track_pos),
    "track_order": Builtin(tracks.order, 1, 2,
                           doc="the players (or those of a list) from ahead to behind on a "
                               "track; higher in a stack is ahead",
                           sig=sig(TEXT, list_of(PLAYER), returns=list_of(PLAYER)),
                           phrase=phrase_track_order),
    "track_standing": Builtin(tracks.standing, 2, 2,
                              doc="how many players are behind a player on a track "
                                  "(a tie-breaker: more is better)",
                              sig=sig(TEXT, PLAYER, returns=NUMBER), phrase=phrase_track_standing,
                              never_ties=True),
}

STATEMENTS: dict[str, Builtin] = {
    "advance": Builtin(tracks.advance, 3, 3,
                       doc="move a player's disc n spaces on a track (back if negative, not "
                           "below its floor), on top of the stack where it lands",
                       sig=sig(TEXT, PLAYER, NUMBER), phrase=phrase_advance),
    "place_disc": Builtin(tracks.place, 3, 3,
                          doc="put a player's disc on a space of a track, on top of the stack",
                          sig=sig(TEXT, PLAYER, NUMBER), phrase=phrase_place_disc),
}

# Which argument must name what (checked when scripts compile).
NAMED_ARGS = {name: {0: "tracks"} for name in [*EXPRESSIONS, *STATEMENTS]}
