"""Placing a tile by looking: which of a game's questions lay a tile on a grid, and the
pictures the table draws for them.

Found from the rules alone, when the game is loaded (`dsl/asks.py`, `read_tile_questions`):
a question whose options are `grid_rotations(grid, t)` turns the tile `t`, and every
question asked in the same procedure (the cell to build on) is about that tile too; the
table knows which of the seat's own tokens is the tile in hand from where `t` was taken
(else: the seat's only tile of that grid off the grid).
"""

from __future__ import annotations

import json
from typing import Any

from ...interpreter.model import TileQuestion
from .context import Ctx
from .shapes import Drawing, rect

PICTURE_CELL = 46
"""A cell of a rotation's picture (the tile with its neighbours), in SVG units."""


def placing_asks(definition: Any) -> dict[str, TileQuestion]:
    """The game's questions about laying a tile, by ask name."""
    return getattr(definition, "tile_questions", None) or {}


def placing_now(ctx: Ctx, ask: str | None) -> TileQuestion | None:
    """The question asked now, if it lays a tile."""
    return placing_asks(ctx.definition).get(ask) if ask else None


def tile_in_hand(ctx: Ctx, placing: TileQuestion) -> dict | None:
    """The seat's tile the question lays (seen face up), if it can be told."""
    grid = ctx.definition.grids.get(placing.grid)
    seat = ctx.view.get("seat")
    if grid is None or seat is None:
        return None
    own = [t for t in ctx.view["tokens"] if t.get("owner") == seat and t["kind"] == grid.token
           and "cell" not in t and t.get("at") != placing.grid]
    if placing.place is not None:
        there = [t for t in own if t.get("at") == placing.place]
        own = there[:1] if there else own
    if len(own) != 1:
        return None
    parts = own[0].get(grid.parts) if grid.parts else None
    return own[0] if isinstance(parts, list) and parts else None


def cell_of(value: Any) -> tuple[int, int] | None:
    """A value as a grid cell ([x, y] of two whole numbers), else None."""
    if isinstance(value, list | tuple) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        return value[0], value[1]
    return None


def context_cells(context: dict | None) -> list[tuple[int, int]]:
    """The grid cells a decision's context names (its prompt's and steps' values)."""
    out: list[tuple[int, int]] = []
    for values in [(context or {}).get("prompt") or {}] + [
            s["args"] for s in (context or {}).get("steps", [])]:
        for value in values.values():
            cell = cell_of(value)
            for c in [cell] if cell else (value if isinstance(value, list) else []):
                c = cell_of(c) if not isinstance(c, tuple) else c
                if c is not None and c not in out:
                    out.append(c)
    return out


def rotation_pictures(ctx: Ctx, placing: TileQuestion, actions: list[dict],
                      cell: tuple[int, int] | None) -> dict[str, str]:
    """For a rotation question: each option's picture, the tile in hand turned so many
    quarter turns, on its chosen cell among the seat's tiles around it (when the cell is
    known); {} when the tile cannot be told or an option is not a number of turns."""
    from .grids import tile as draw_tile
    if not placing.rotation:
        return {}
    token = tile_in_hand(ctx, placing)
    grid = ctx.definition.grids[placing.grid]
    if token is None or not all(isinstance(a["value"], int) and not isinstance(a["value"], bool)
                                for a in actions):
        return {}
    seat = ctx.view.get("seat")
    around: dict[tuple[int, int], dict] = {}
    if cell is not None:
        for t in ctx.tokens_at(grid.name, [grid.token]):
            c = cell_of(t.get("cell"))
            if c and t.get("owner") == (seat if grid.per_player else None) and \
                    abs(c[0] - cell[0]) <= 1 and abs(c[1] - cell[1]) <= 1 and \
                    t.get("level", 0) >= around.get(c, {}).get("level", -1):
                around[c] = t
    size = PICTURE_CELL
    out: dict[str, str] = {}
    for action in actions:
        turned = {**token, "rot": action["value"]}
        if cell is None:
            d = draw_tile(ctx, grid, turned, size * 2)
            out[action["id"]] = d.svg(str(action["value"]))
            continue
        # the chosen cell and those of its neighbours that hold a tile (their colours only:
        # their words do not fit), nothing blank
        shown = [c for c in around if c != cell] + [cell]
        x0, y0 = min(x for x, _ in shown), min(y for _, y in shown)
        cols = max(x for x, _ in shown) - x0 + 1
        rows = max(y for _, y in shown) - y0 + 1
        d = Drawing(cols * size + 4, rows * size + 4)
        d.add(rect(0, 0, d.width, d.height, "#f4ead5", "#cdbf9f", 1, 4))
        for (x, y), t in around.items():
            if (x, y) == cell:
                continue      # built over: the new tile covers it
            near = draw_tile(ctx, grid, t, size - 2)
            near.attrs = ' opacity="0.7"'
            near.body = [b for b in near.body if not b.startswith(("<title>", "<text",
                                                                     "<circle"))]
            d.place(near, 2 + (x - x0) * size, 2 + (y - y0) * size)
        mid = draw_tile(ctx, grid, turned, size - 2, corner=False)   # (its cost is known)
        mid.body = [b for b in mid.body if not b.startswith("<title>")]
        mid.attrs = ""
        mx, my = 2 + (cell[0] - x0) * size, 2 + (cell[1] - y0) * size
        d.place(mid, mx, my)
        d.add(rect(mx - 2, my - 2, size + 2, size + 2, "none", "#c0392b", 2.5, 4))
        out[action["id"]] = d.svg(str(action["value"]))
    return out


def candidate_ghosts(ctx: Ctx, ask: str | None) -> dict | None:
    """The tile in hand when the question asked now lays it on a cell (drawn faintly on a
    candidate cell while the pointer is over it), else None."""
    placing = placing_now(ctx, ask)
    if placing is None or placing.rotation:
        return None
    return tile_in_hand(ctx, placing)


def cell_action(action_id: str) -> tuple[int, int] | None:
    """The cell an action id names ("[x, y]"), if it is one."""
    try:
        return cell_of(json.loads(action_id))
    except ValueError:
        return None
