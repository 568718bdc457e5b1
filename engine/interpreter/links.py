"""Connections between areas (the edges of a graph), each holding at most one tile.

A tile is a token with an `ends` property: two values, one for each end. Whoever lays a
tile on a connection chooses which end faces which area; an area's value can then be the
sum of the tile ends that touch it.

State: `state["links"][connection] = {"tile": token or None, "facing": area or None}`
(`facing` is the area the tile's first end touches).
"""

from __future__ import annotations

from typing import Any

from ..errors import ScriptRuntimeError

ENDS = "ends"


def new_links(connections: dict[str, list[str]]) -> dict[str, dict]:
    """Every connection empty."""
    return {cid: {"tile": None, "facing": None} for cid in connections}


def _areas(c: Any, cid: str) -> list[str]:
    pair = c.g.connections.get(cid) if isinstance(cid, str) else None
    if pair is None:
        raise ScriptRuntimeError(f"{cid!r} is not a connection")
    return pair


def connections(c: Any, area: Any = None) -> list[str]:
    """Every connection, or those that touch `area`, in the order of the game file."""
    return [cid for cid, pair in c.g.connections.items() if area is None or area in pair]


def ends_of(c: Any, cid: str) -> list[str]:
    """The two areas a connection joins."""
    return list(_areas(c, cid))


def other_end(c: Any, cid: str, area: str) -> str:
    """The area at the other end of a connection from `area`."""
    a, b = _areas(c, cid)
    if area not in (a, b):
        raise ScriptRuntimeError(f"{cid!r} does not touch {area!r}")
    return b if area == a else a


def tile_on(c: Any, cid: str) -> str | None:
    """The tile lying on a connection (None if it is free)."""
    _areas(c, cid)
    return c.s["links"][cid]["tile"]


def end_value(c: Any, cid: str, area: str) -> Any:
    """The value of the end of the connection's tile that touches `area` (None if free)."""
    link = c.s["links"][cid]
    other_end(c, cid, area)
    if link["tile"] is None:
        return None
    first, second = c.props[c.tno(link["tile"])][ENDS]
    return first if link["facing"] == area else second


def lay_tile(c: Any, cid: str, tid: str, facing: str) -> None:
    """Lay a tile on a free connection, its first end toward `facing`."""
    other_end(c, cid, facing)
    link = c.s["links"][cid]
    if link["tile"] is not None:
        raise ScriptRuntimeError(f"connection {cid!r} already holds {link['tile']!r}")
    tok = c.props[c.tno(tid)]
    if not isinstance(tok.get(ENDS), list) or len(tok[ENDS]) != 2:
        raise ScriptRuntimeError(f"{tid!r} has no two {ENDS} values to lay on a connection")
    for other in c.s["links"].values():
        if other["tile"] == tid:
            raise ScriptRuntimeError(f"{tid!r} already lies on a connection")
    link["tile"], link["facing"] = tid, facing
    c.emit({"e": "lay_tile", "connection": cid, "token": tid, "facing": facing,
            "ends": list(tok[ENDS])})
