"""Built-ins of connections between areas (interpreter/links.py) and the tiles on them."""

from __future__ import annotations

from ...interpreter import links
from ..types import PLACE, TEXT, TOKEN, UNKNOWN, list_of, sig
from .registry import Builtin


# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_connections(reader, args, kwargs, env) -> str:
    if args:
        return reader.w("the connections of {area}", area=reader.expr(args[0], env))
    return reader.w("the connections between the areas")


def phrase_connection_ends(reader, args, kwargs, env) -> str:
    return reader.w("the two areas joined by {connection}",
                  connection=reader.expr(args[0], env))


def phrase_other_end(reader, args, kwargs, env) -> str:
    return reader.w("the area at the other end of {connection} from {area}",
                  connection=reader.expr(args[0], env), area=reader.expr(args[1], env))


def phrase_tile_on(reader, args, kwargs, env) -> str:
    return reader.w("the tile on {connection}", connection=reader.expr(args[0], env))


def phrase_end_value(reader, args, kwargs, env) -> str:
    return reader.w("the value of the end of the tile on {connection} that touches {area}",
                  connection=reader.expr(args[0], env), area=reader.expr(args[1], env))


def phrase_lay_tile(reader, args, kwargs, env) -> str:
    return reader.w("lay {tile} on {connection}, its first end toward {area}",
                  tile=reader.p.expr(args[1], env), connection=reader.p.expr(args[0], env),
                  area=reader.p.expr(args[2], env))


EXPRESSIONS: dict[str, Builtin] = {
    "connections": Builtin(links.connections, 0, 1,
                           doc="every connection between areas, or those touching an area",
                           sig=sig(PLACE, returns=list_of(TEXT)), phrase=phrase_connections),
    "connection_ends": Builtin(links.ends_of, 1, 1, doc="the two areas a connection joins",
                               sig=sig(TEXT, returns=list_of(PLACE)),
                               phrase=phrase_connection_ends),
    "other_end": Builtin(links.other_end, 2, 2,
                         doc="the area at the other end of a connection",
                         sig=sig(TEXT, PLACE, returns=PLACE), phrase=phrase_other_end),
    "tile_on": Builtin(links.tile_on, 1, 1,
                       doc="the tile on a connection (none if it is free)",
                       sig=sig(TEXT, returns=TOKEN), phrase=phrase_tile_on),
    "end_value": Builtin(links.end_value, 2, 2,
                         doc="the value of a connection's tile end touching an area "
                             "(none if free)",
                         sig=sig(TEXT, PLACE, returns=UNKNOWN), phrase=phrase_end_value),
}

STATEMENTS: dict[str, Builtin] = {
    "lay_tile": Builtin(links.lay_tile, 3, 3,
                        doc="lay a tile (a token with two ends) on a free connection, its "
                            "first end toward an area",
                        sig=sig(TEXT, TOKEN, PLACE), phrase=phrase_lay_tile),
}

NAMED_ARGS: dict[str, dict[int, str]] = {}
