"""Built-ins of tracks (interpreter/tracks.py): positions, order with stacks, moving discs."""

from __future__ import annotations

from ...interpreter import tracks
from ..types import NUMBER, PLAYER, TEXT, list_of, sig
from .registry import Builtin

EXPRESSIONS: dict[str, Builtin] = {
    "track_pos": Builtin(tracks.position, 2, 2,
                         doc="the space of a player's disc on a track",
                         sig=sig(TEXT, PLAYER, returns=NUMBER)),
    "track_order": Builtin(tracks.order, 1, 2,
                           doc="the players (or those of a list) from ahead to behind on a "
                               "track; higher in a stack is ahead",
                           sig=sig(TEXT, list_of(PLAYER), returns=list_of(PLAYER))),
    "track_standing": Builtin(tracks.standing, 2, 2,
                              doc="how many players are behind a player on a track "
                                  "(a tie-breaker: more is better)",
                              sig=sig(TEXT, PLAYER, returns=NUMBER)),
}

STATEMENTS: dict[str, Builtin] = {
    "advance": Builtin(tracks.advance, 3, 3,
                       doc="move a player's disc n spaces on a track (back if negative, not "
                           "below its floor), on top of the stack where it lands",
                       sig=sig(TEXT, PLAYER, NUMBER)),
    "place_disc": Builtin(tracks.place, 3, 3,
                          doc="put a player's disc on a space of a track, on top of the stack",
                          sig=sig(TEXT, PLAYER, NUMBER)),
}

# Which argument must name what (checked when scripts compile).
NAMED_ARGS = {name: {0: "tracks"} for name in [*EXPRESSIONS, *STATEMENTS]}
