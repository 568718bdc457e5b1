"""Tracks: each player has one disc on a numbered track (a score, an order of play).

Discs on the same space stack: a disc that arrives goes on top, and higher in a stack
means ahead. So a track orders all players with no ties, and it can break the ties of any
other ranking. A track may have a lowest space (a floor) below which no disc goes.

State: `state["tracks"][name] = {"pos": [...], "stamp": [...], "next": k}`; `stamp` says
when each disc arrived on its space (later = higher in the stack).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import ScriptRuntimeError


@dataclass
class TrackKind:
    """A track: where discs start and the lowest space (None: no floor)."""

    name: str
    start: int = 0
    floor: int | None = None


def new_tracks(tracks: dict[str, TrackKind], players: int) -> dict[str, dict]:
    """Every disc on its start space, stacked in seat order (the last seat on top)."""
    return {t.name: {"pos": [t.start] * players, "stamp": list(range(players)),
                     "next": players} for t in tracks.values()}


def _track(c: Any, name: str) -> dict:
    track = c.s.get("tracks", {}).get(name)
    if track is None:
        raise ScriptRuntimeError(f"{name!r} is not a track")
    return track


def _player(c: Any, p: Any) -> int:
    if type(p) is not int or not 0 <= p < c.n:
        raise ScriptRuntimeError(f"{p!r} is not a player")
    return p


def position(c: Any, name: str, p: int) -> int:
    """The space of player p's disc."""
    return _track(c, name)["pos"][_player(c, p)]


def order(c: Any, name: str, group: list | None = None) -> list[int]:
    """The players (or those of `group`) from the one ahead to the one behind."""
    track = _track(c, name)
    who = c.players if group is None else [_player(c, p) for p in group]
    return sorted(who, key=lambda p: (track["pos"][p], track["stamp"][p]), reverse=True)


def standing(c: Any, name: str, p: int) -> int:
    """How many players are behind p (a number to rank by: larger is further ahead)."""
    ahead = order(c, name)
    return len(ahead) - 1 - ahead.index(_player(c, p))


def place(c: Any, name: str, p: int, space: int) -> None:
    """Put p's disc on `space`, on top of any discs already there."""
    track = _track(c, name)
    p = _player(c, p)
    floor = c.g.tracks[name].floor
    if floor is not None and space < floor:
        space = floor
    before = track["pos"][p]
    track["pos"][p] = space
    track["stamp"][p] = track["next"]
    track["next"] += 1
    c.emit({"e": "track", "track": name, "player": p, "from": before, "to": space})


def advance(c: Any, name: str, p: int, steps: int) -> int:
    """Move p's disc `steps` spaces (back if negative, never below the floor); on top of
    the stack where it lands. Returns how far it really moved."""
    track = _track(c, name)
    p = _player(c, p)
    if steps == 0:
        return 0
    before = track["pos"][p]
    place(c, name, p, before + steps)
    return track["pos"][p] - before
