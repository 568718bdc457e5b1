"""Built-ins for tile grids (see interpreter/grid.py): where a token may go, laying,
turning and removing tokens, regions of parts of one type, and groups of marked tiles.

Every grid built-in takes the grid's name first (checked at load time), then the player
whose grid it is (ignored for a shared grid).
"""

from __future__ import annotations

from typing import Any

from ...errors import ScriptRuntimeError
from ...interpreter import grid as g
from ..trees import name_in, part
from ..types import (
    BOOLEAN,
    CELL,
    NUMBER,
    PLACE,
    PLAYER,
    REGION,
    TEXT,
    TOKEN,
    UNKNOWN,
    Sig,
    list_of,
    sig,
)
from .registry import Builtin


def _grid(c, name: Any) -> g.GridDef:
    found = c.g.grids.get(name)
    if found is None:
        raise ScriptRuntimeError(f"{name!r} is not a grid")
    return found


def _cell(cell: Any) -> tuple[int, int]:
    if type(cell) is list and len(cell) == 2 and type(cell[0]) is int \
            and type(cell[1]) is int:
        return cell[0], cell[1]
    if not (isinstance(cell, (list, tuple)) and len(cell) == 2):
        raise ScriptRuntimeError(f"{cell!r} is not a cell [x, y]")
    return int(cell[0]), int(cell[1])


def cells(c, name, p) -> list:
    """Occupied cells, row by row."""
    return [list(cell) for cell in g.occupied(c, _grid(c, name), p)]


def stack(c, name, p, cell) -> list:
    """Token ids on a cell, bottom first."""
    return list(g.stacks(c, _grid(c, name), p).get(_cell(cell), ()))


def top(c, name, p, cell) -> Any:
    """The top token on a cell, none if it is empty."""
    grid = c.g.grids.get(name) or _grid(c, name)
    found = c.cache.get((name, p if grid.per_player else None))   # g.view, in short
    if found is None:
        found = g.view(c, grid, p)
    if type(cell) is list and len(cell) == 2 and type(cell[0]) is int and \
            type(cell[1]) is int:                                  # _cell, in short
        ids = found.stacks.get((cell[0], cell[1]))
    else:
        ids = found.stacks.get(_cell(cell))
    return ids[-1] if ids else None


_LOOKS: dict[tuple[int, int], tuple[g.GridDef, dict, list]] = {}
"""rotations' answers by grid and token properties (both kept, so their ids are not reused)."""


def rotations(c, name, tid) -> list:
    """The quarter turns (0-3) that give the token a different look on the grid."""
    grid = _grid(c, name)
    tok = c.props[c.tno(tid)]
    key = (id(grid), id(tok))
    known = _LOOKS.get(key)
    if known is not None and known[0] is grid and known[1] is tok:
        return list(known[2])
    out = _rotations(grid, tok)
    if len(_LOOKS) >= 4096:
        _LOOKS.clear()
    _LOOKS[key] = (grid, tok, out)
    return list(out)


def _rotations(grid: g.GridDef, tok: dict) -> list:
    props = ([grid.parts] if grid.parts else []) + grid.part_props
    seen, out = set(), []
    for turns in range(4):
        look = repr([g.rotated(list(tok.get(prop) or []), turns) for prop in props])
        if look not in seen:
            seen.add(look)
            out.append(turns)
    return out


def cell_of(c, tid) -> Any:
    """The cell a token lies on, none if it lies on no grid."""
    i = c.tno(tid)
    cell = c.grid["cell"][i] if c.grid is not None else None
    return list(cell) if cell is not None and c.at[i] in c.g.grids else None


def connected_without(c, name, p, removed) -> bool:
    """Whether the grid stays one non-empty connected group without these cells."""
    rest = set(g.stacks(c, _grid(c, name), p)) - {_cell(x) for x in removed}
    return g.connected(rest)


def place(c, name, p, tid, cell, turns=0) -> None:
    """Lay a token on an open cell or on top of an occupied one, turned `turns` times."""
    grid = _grid(c, name)
    i = c.tno(tid)
    kind = c.lay.kind_of[i]
    if kind != grid.token:
        raise ScriptRuntimeError(f"{tid} is not a {grid.token}; {name} holds {grid.token}s")
    if c.at[i] == name:
        raise ScriptRuntimeError(f"{tid} already lies on {name}")
    where = _cell(cell)
    here = g.stacks(c, grid, p)
    if where not in here and where not in g.open_set(c, grid, p):
        raise ScriptRuntimeError(f"{list(where)} is not a cell where {tid} may go on {name}")
    owner = g.owner_of(grid, p)
    kept = dict(c.cache)           # the views of the grids the move leaves as they were
    source = c._put(i, name)
    rot, level = int(turns) % 4, len(here.get(where, []))
    c.owner[i] = owner
    c.grid["cell"][i], c.grid["rot"][i], c.grid["level"][i] = list(where), rot, level
    c.cache.clear()
    g.keep_views(c, kept, {source}, (name, owner), (where, tid))
    c.emit({"e": "place", "token": tid, "piece": kind, "player": owner, "from": source,
            "to": name, "cell": list(where), "rot": rot, "level": level})


def remove(c, name, p, cell, dst, whole=True) -> None:
    """Take the stack on a cell (or only its top token) off the grid to `dst`."""
    ids = stack(c, name, p, cell)
    kept = dict(c.cache)           # the views of the grids the moves leave as they were
    for tid in reversed(ids if whole else ids[-1:]):
        i = c.tno(tid)
        for key in ("cell", "rot", "level"):
            c.grid[key][i] = None
        c.cache.clear()
        c.move_token(tid, dst)
    g.keep_views(c, kept, {dst}, (name, g.owner_of(_grid(c, name), p)))


def _part_values(c, name, p, region, prop) -> list:
    grid = _grid(c, name)
    if prop != grid.parts and prop not in grid.part_props:
        raise ScriptRuntimeError(f"{prop!r} is not a per-part property of {name}")
    return g.part_values(c, grid, p, region, prop)


def _regions(c, name, p, value=None) -> list:
    grid = _grid(c, name)
    found = g.regions(c, grid, p)
    if value is None:
        return found
    parts = g.parts(c, grid, p)      # as region_value, for each region
    return [r for r in found if parts[tuple(r[0])][0] == value]


def _region_tokens(c, name, p, region) -> list:
    parts = g.parts(c, _grid(c, name), p)
    return list(dict.fromkeys(parts[tuple(q)][1] for q in region if tuple(q) in parts))


def check_grid_arg(compiler, node) -> None:
    """At load time: the first argument of a grid built-in names a declared grid."""
    name = str(part(node, "name"))
    args = part(part(node, "args"), "arguments") if part(node, "args") is not None else []
    first = args[0] if args else None
    grids = compiler.g.grids
    if first is None or first.data != "pos_arg" or name_in(part(first, "value")) not in grids:
        known = ", ".join(sorted(grids)) or "none declared"
        compiler.fail(node, f"{name}: the first argument must name a grid (grids: {known})")


def _gb(impl, low: int, high: int, doc: str, types: Sig, phrase) -> Builtin:
    return Builtin(impl, low, high, doc=doc, check=check_grid_arg, sig=types, phrase=phrase)


def _open(c, name, p, also=None) -> list:
    return g.open_cells(c, _grid(c, name), p, also)



# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_grid_cells(reader, args, kwargs, env) -> str:
    grid, who = reader.grid_words(args, env)
    return reader.w("the occupied spaces of {player}'s {grid}", player=who, grid=grid)


def phrase_grid_stack(reader, args, kwargs, env) -> str:
    grid, who = reader.grid_words(args, env)
    return reader.w("the tiles stacked on {space} of {player}'s {grid}",
                  space=reader.expr(args[2], env), player=who, grid=grid)


def phrase_grid_top(reader, args, kwargs, env) -> str:
    grid, who = reader.grid_words(args, env)
    return reader.w("the top tile on {space} of {player}'s {grid}",
                  space=reader.expr(args[2], env), player=who, grid=grid)


def phrase_grid_open(reader, args, kwargs, env) -> str:
    grid, who = reader.grid_words(args, env)
    text = reader.w("the empty spaces sharing a full edge with {player}'s {grid} where "
                  "the {grid} still fits its size limit", player=who, grid=grid)
    if len(args) > 2:
        text = reader.w("{spaces} (counting {extra} for the limit)", spaces=text,
                      extra=reader.expr(args[2], env))
    return text


def phrase_grid_connected_without(reader, args, kwargs, env) -> str:
    grid, who = reader.grid_words(args, env)
    return reader.w("{player}'s {grid} stays one group of spaces connected by edges "
                  "without {spaces}", player=who, grid=grid, spaces=reader.expr(args[2], env))


def phrase_grid_rotations(reader, args, kwargs, env) -> str:
    """The quarter turns a player may choose: "0, 1, 2 or 3" (that two turns may leave the
    token looking alike only shortens the menu; it is no rule to read)."""
    return reader.w.join([str(n) for n in range(4)], style="or")


def phrase_grid_cell(reader, args, kwargs, env) -> str:
    return reader.w("the space where {tile} lies", tile=reader.expr(args[0], env))


def phrase_grid_regions(reader, args, kwargs, env) -> str:
    grid, who = reader.grid_words(args, env)
    if len(args) > 2:
        fixed, kind = reader.type_words(args[2], env)
        if fixed:
            return reader.w("the {kind} areas of {player}'s {grid}", kind=kind, player=who,
                          grid=grid)
        return reader.w("the areas of {player}'s {grid} whose type is {kind}", kind=kind,
                      player=who, grid=grid)
    return reader.w("the areas of {player}'s {grid}", player=who, grid=grid)


def phrase_grid_region_type(reader, args, kwargs, env) -> str:
    return reader.w("the type of {area}", area=reader.expr(args[2], env))


def phrase_grid_adjacent(reader, args, kwargs, env) -> str:
    fixed, kind = reader.type_words(args[3], env)
    if fixed:
        return reader.w("the {kind} areas next to {area}", kind=kind,
                      area=reader.expr(args[2], env))
    return reader.w("the areas whose type is {kind} next to {area}", kind=kind,
                  area=reader.expr(args[2], env))


def phrase_grid_region_tokens(reader, args, kwargs, env) -> str:
    return reader.w("the tiles that make up {area}", area=reader.expr(args[2], env))


def phrase_grid_part_values(reader, args, kwargs, env) -> str:
    return reader.w("the {property} printed in {area}", area=reader.expr(args[2], env),
                  property=reader.expr(args[3], env))


def phrase_grid_groups(reader, args, kwargs, env) -> str:
    grid, who = reader.grid_words(args, env)
    values = dict(property=reader.expr(args[2], env), player=who, grid=grid)
    ok, covered = reader.known(args[3], env) if len(args) > 3 else (True, False)
    if ok and not covered:
        return reader.w("the groups of edge-connected tiles with {property} in {player}'s "
                      "{grid}", **values)
    if ok:
        return reader.w("the groups of edge-connected spaces with {property} on any of their "
                      "tiles in {player}'s {grid}", **values)
    return reader.w("the groups of edge-connected spaces with {property} in {player}'s "
                  "{grid} (on any of their tiles if {condition}, else on the top one)",
                  condition=reader.expr(args[3], env), **values)


def phrase_grid_place(reader, args, kwargs, env) -> str:
    grid, who = reader.p.grid_words(args, env)
    values = dict(player=who, tile=reader.p.expr(args[2], env), grid=grid,
                  space=reader.p.space_words(args[3], env))
    ok, turns = reader.p.known(args[4], env) if len(args) > 4 else (True, 0)
    if ok and turns == 0 and env.proc == "setup":      # every grid starts empty
        return reader.w("{player} lays {tile} on {space} of their {grid} without turning it",
                        **values)
    if ok and turns == 0:
        return reader.w("{player} lays {tile} on {space} of their {grid} (on top of the "
                      "tiles there, if any) without turning it", **values)
    if ok and isinstance(turns, int):
        return reader.w.plural(None, "{player} lays {tile} on {space} of their {grid} (on "
                               "top of the tiles there, if any), turned {n} quarter turn "
                               "clockwise",
                               "{player} lays {tile} on {space} of their {grid} (on top of "
                               "the tiles there, if any), turned {n} quarter turns clockwise",
                               turns, **values)
    return reader.w("{player} lays {tile} on {space} of their {grid} (on top of the tiles "
                    "there, if any), turned {turns} quarter turns clockwise",
                    turns=reader.p.expr(args[4], env), **values)


def phrase_grid_remove(reader, args, kwargs, env) -> str:
    grid, who = reader.p.grid_words(args, env)
    ok, whole = reader.p.known(args[4], env) if len(args) > 4 else (True, True)
    values = dict(space=reader.p.expr(args[2], env), player=who, grid=grid,
                  destination=reader.p.where(args[3], "to", env))
    if who in values["space"]:      # "the player's spaces chosen ...": the grid goes unsaid
        if ok and whole:
            return reader.w("put every tile on {space} {destination}", **values)
        if ok:
            return reader.w("put the top tile of {space} {destination}", **values)
    if ok and whole:
        return reader.w("put every tile on {space} ({player}'s {grid}) {destination}",
                        **values)
    if ok:
        return reader.w("put the top tile of {space} ({player}'s {grid}) {destination}",
                        **values)
    return reader.w("put the tiles on {space} ({player}'s {grid}) {destination}: the whole "
                    "stack if {condition}, else only its top tile",
                    condition=reader.p.expr(args[4], env), **values)


EXPRESSIONS: dict[str, Builtin] = {
    "grid_cells": _gb(cells, 2, 2, "the occupied cells of a player's grid",
                      sig(TEXT, PLAYER, returns=list_of(CELL)), phrase_grid_cells),
    "grid_stack": _gb(stack, 3, 3, "the tokens on a cell of a grid, bottom first",
                      sig(TEXT, PLAYER, CELL, returns=list_of(TOKEN)), phrase_grid_stack),
    "grid_top": _gb(top, 3, 3, "the top token on a cell of a grid (none if empty)",
                    sig(TEXT, PLAYER, CELL, returns=TOKEN), phrase_grid_top),
    "grid_open": _gb(_open, 2, 3, "the empty cells of a grid where a token may be laid (next "
                                  "to one, within the size limit; extra cells may count for "
                                  "the limit)",
                    sig(TEXT, PLAYER, list_of(CELL), returns=list_of(CELL)), phrase_grid_open),
    "grid_connected_without": _gb(connected_without, 3, 3, "true if a grid stays one "
                                                            "connected group without the cells",
                                  sig(TEXT, PLAYER, list_of(CELL), returns=BOOLEAN),
                                  phrase_grid_connected_without),
    "grid_rotations": _gb(rotations, 2, 2, "the quarter turns that give a token a different "
                                           "look", sig(TEXT, TOKEN, returns=list_of(NUMBER)),
                                           phrase_grid_rotations),
    "grid_cell": Builtin(cell_of, 1, 1, doc="the cell a token lies on (none if on no grid)",
                         sig=sig(TOKEN, returns=CELL), phrase=phrase_grid_cell),
    "grid_regions": _gb(_regions, 2, 3, "the regions of a grid (of one part type if given)",
                        sig(TEXT, PLAYER, UNKNOWN, returns=list_of(REGION)), phrase_grid_regions),
    "grid_region_type": _gb(lambda c, n, p, r: g.region_value(c, _grid(c, n), p, r), 3, 3,
                            "the part type of a region",
                            sig(TEXT, PLAYER, REGION, returns=UNKNOWN), phrase_grid_region_type),
    "grid_adjacent": _gb(lambda c, n, p, r, v: g.adjacent(c, _grid(c, n), p, r, v), 4, 4,
                         "the regions of a part type that touch a region by an edge",
                         sig(TEXT, PLAYER, REGION, UNKNOWN, returns=list_of(REGION)),
                         phrase_grid_adjacent),
    "grid_region_tokens": _gb(_region_tokens, 3, 3, "the top tokens that make up a region",
                              sig(TEXT, PLAYER, REGION, returns=list_of(TOKEN)),
                              phrase_grid_region_tokens),
    "grid_part_values": _gb(_part_values, 4, 4, "the non-empty values of a per-part property "
                                                "in a region",
                            sig(TEXT, PLAYER, REGION, TEXT, returns=list_of(UNKNOWN)),
                            phrase_grid_part_values),
    "grid_groups": _gb(lambda c, n, p, prop, covered=False:
                       g.groups(c, _grid(c, n), p, prop, bool(covered)), 3, 4,
                       "edge-connected groups of cells whose top token (or, if asked, any "
                       "token of the stack) has a property",
                       sig(TEXT, PLAYER, TEXT, BOOLEAN, returns=list_of(REGION)),
                       phrase_grid_groups),
}

STATEMENTS: dict[str, Builtin] = {
    "grid_place": _gb(place, 4, 5, "lay a token on a cell of a grid (on top of what is there), "
                                   "turned a number of quarter turns",
                      sig(TEXT, PLAYER, TOKEN, CELL, NUMBER), phrase_grid_place),
    "grid_remove": _gb(remove, 4, 5, "take the stack on a cell of a grid (or only its top "
                                     "token) off to a place",
                       sig(TEXT, PLAYER, CELL, PLACE, BOOLEAN), phrase_grid_remove),
}
