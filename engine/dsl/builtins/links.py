"""Built-ins of connections between areas (interpreter/links.py) and the tiles on them."""

from __future__ import annotations

from ...interpreter import links
from ..types import PLACE, TEXT, TOKEN, UNKNOWN, list_of, sig
from .registry import Builtin

EXPRESSIONS: dict[str, Builtin] = {
    "connections": Builtin(links.connections, 0, 1,
                           doc="every connection between areas, or those touching an area",
                           sig=sig(PLACE, returns=list_of(TEXT))),
    "connection_ends": Builtin(links.ends_of, 1, 1, doc="the two areas a connection joins",
                               sig=sig(TEXT, returns=list_of(PLACE))),
    "other_end": Builtin(links.other_end, 2, 2,
                         doc="the area at the other end of a connection",
                         sig=sig(TEXT, PLACE, returns=PLACE)),
    "tile_on": Builtin(links.tile_on, 1, 1,
                       doc="the tile on a connection (none if it is free)",
                       sig=sig(TEXT, returns=TOKEN)),
    "end_value": Builtin(links.end_value, 2, 2,
                         doc="the value of a connection's tile end touching an area "
                             "(none if free)",
                         sig=sig(TEXT, PLACE, returns=UNKNOWN)),
}

STATEMENTS: dict[str, Builtin] = {
    "lay_tile": Builtin(links.lay_tile, 3, 3,
                        doc="lay a tile (a token with two ends) on a free connection, its "
                            "first end toward an area",
                        sig=sig(TEXT, TOKEN, PLACE)),
}

NAMED_ARGS: dict[str, dict[int, str]] = {}
