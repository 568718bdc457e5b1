"""A private reveal: a token's secret properties shown to one seat only ("reveal X to P").

The state records it under `known` (only once a game has made one): token id -> the seats
it was shown to, in order. Such a seat then sees the token whole in `observe`, and the
bots' sampler (determinize.py) keeps the token as it is for that seat. What a seat saw
stays known while the token stays where it was shown: it is forgotten when the token moves
to another place (it may be mixed with others there), is turned face down again (`hide`),
or is turned face up for everybody (`reveal`). Other seats see only that a reveal happened
(the event is private: they read which kind of piece, where and to whom, not which one).
"""

from __future__ import annotations

from typing import Any

from ..errors import ScriptRuntimeError

KNOWN = "known"
"""The state's key for the private reveals."""


def reveal_to(c: Any, tid: str, player: Any) -> None:
    """`reveal_to(TOKEN, PLAYER)`: PLAYER alone now sees TOKEN's secret properties."""
    i = c.tno(tid)
    if not (type(player) is int and 0 <= player < c.n):
        raise ScriptRuntimeError(f"{player!r} is not a player")
    if c.shown[i] or not c.lay.secret[i]:
        return                            # everybody sees it already
    seats = c.s.setdefault(KNOWN, {}).setdefault(tid, [])
    if player not in seats:
        seats.append(player)
    props = c.props[i]
    secret = {k: props.get(k) for k in c.lay.secret[i]}
    c.emit({"e": "reveal_to", "token": tid, "piece": c.lay.kind_of[i], "player": player,
            "at": c.at[i], "private": True, **secret})


def forget(state: dict, tid: str) -> None:
    """Nobody keeps a private sight of token `tid` any more (it moved, or was hidden or
    revealed to all)."""
    known = state.get(KNOWN)
    if known and tid in known:
        del known[tid]
        if not known:
            del state[KNOWN]


def knows(state: dict, tid: str, seat: int | None) -> bool:
    """Was token `tid` shown privately to `seat` (and is it still where it was shown)?"""
    known = state.get(KNOWN)
    return bool(known) and seat is not None and seat in known.get(tid, ())


def seen_event(event: dict) -> dict:
    """A private reveal as the other seats see it: that it happened, not what was seen."""
    return {"e": event["e"], "piece": event["piece"], "player": event["player"],
            "at": event["at"]}
