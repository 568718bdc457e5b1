"""Tile grids: tokens laid on cells of a grid, one grid per player or one shared.

A grid is a location. A token on it carries three extra fields: `cell` ([x, y], y grows
downwards), `rot` (quarter turns clockwise) and `level` (0 at the bottom of a stack of
tokens on one cell). A tile may be split into k x k parts (a property listing each part's
type row by row); parts of one type that share an edge form a region, across tiles too,
unless a tile is marked separate (then it is a region of its own). Only the top token of
a stack counts for parts, regions and groups.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from ..errors import ScriptRuntimeError

SIDES = ((1, 0), (-1, 0), (0, 1), (0, -1))


@dataclass
class GridDef:
    """A declared grid: which token kind lies on it and how its tiles are read."""

    name: str
    token: str
    per_player: bool = True
    fit: list[list[int]] = field(default_factory=list)   # [w, h] rectangles; [] = no limit
    parts: str | None = None          # token property: the type of each part, row by row
    part_props: list[str] = field(default_factory=list)  # other per-part properties
    separate: str | None = None       # token property: true = the tile is its own region
    label: str | None = None          # token property shown on each cell in text views


def rotated(values: list, turns: int) -> list:
    """A k x k matrix given row by row, turned clockwise `turns` quarter turns."""
    k = math.isqrt(len(values))
    out = list(values)
    for _ in range(turns % 4):
        out = [out[(k - 1 - col) * k + row] for row in range(k) for col in range(k)]
    return out


def owner_of(grid: GridDef, p: Any) -> Any:
    """The owner tokens on this grid carry: the player, or None for a shared grid."""
    return p if grid.per_player else None


class View:
    """What one grid of one owner holds, kept in the runtime's cache (keyed (grid, owner))
    until that grid changes: its stacks, the empty cells along their edges and their
    bounding box, all three kept up to date as tokens are laid (see grown); open cells,
    parts and regions computed when first asked. Shared: never change a view or its parts."""

    __slots__ = ("stacks", "frontier", "box", "open", "cells", "parts", "regions",
                 "region_of")

    def __init__(self, stacks: dict, frontier: set, box: tuple | None):
        self.stacks: dict[tuple[int, int], list[str]] = stacks   # cell -> ids, bottom first
        self.frontier = frontier      # empty cells sharing an edge with an occupied one
        self.box = box                # (low x, high x, low y, high y) of the occupied cells
        self.open: dict[tuple, list[tuple[int, int]]] = {}    # open cells, by extra cells
        self.cells: list[tuple[int, int]] | None = None      # occupied cells, row by row
        self.parts: dict | None = None
        self.regions: list | None = None
        self.region_of: dict[tuple[int, int], int] = {}   # part -> its region's index


def view(c, grid: GridDef, p: Any) -> View:
    """The view of a grid (player p's, for a per-player grid), computed once per change."""
    key = (grid.name, p if grid.per_player else None)
    found = c.cache.get(key)
    if found is None:
        found = c.cache[key] = _view(_stacks(c, grid, p))
    return found


def _view(taken: dict) -> View:
    frontier = {(x + dx, y + dy) for x, y in taken for dx, dy in SIDES} - taken.keys()
    if not taken:
        return View(taken, frontier, None)
    xs = [x for x, _ in taken]
    ys = [y for _, y in taken]
    return View(taken, frontier, (min(xs), max(xs), min(ys), max(ys)))


def grown(old: View, cell: tuple[int, int], tid: str) -> View:
    """A new view: `old` with token `tid` laid on top of `cell` (`old` stays as it was)."""
    stacks = dict(old.stacks)
    below = stacks.get(cell)
    stacks[cell] = [tid] if below is None else [*below, tid]
    if below is not None:                 # on top of a stack: the same cells are taken
        return View(stacks, old.frontier, old.box)
    x, y = cell
    frontier = set(old.frontier)
    frontier.discard(cell)
    frontier.update(n for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                    if n not in stacks)
    box = old.box
    box = (x, x, y, y) if box is None else \
        (min(box[0], x), max(box[1], x), min(box[2], y), max(box[3], y))
    return View(stacks, frontier, box)


def keep_views(c, kept: dict, gone: set, key: tuple, laid: tuple | None = None) -> None:
    """Put back the views `kept` (taken from the cache before moving tokens cleared it)
    but those of the grids in `gone` and the view `key` ((grid, owner)); with `laid` =
    (cell, token id), that view is put back grown by the token."""
    for known, found in kept.items():
        if known == key:
            if laid is not None:
                c.cache[known] = grown(found, *laid)
        elif known[0] not in gone:
            c.cache[known] = found


def stacks(c, grid: GridDef, p: Any) -> dict[tuple[int, int], list[str]]:
    """Each occupied cell with its token ids from bottom to top (shared: do not change)."""
    return view(c, grid, p).stacks


def _stacks(c, grid: GridDef, p: Any) -> dict[tuple[int, int], list[str]]:
    owner = owner_of(grid, p)
    out: dict[tuple[int, int], list[tuple[int, str]]] = {}
    lay = c.lay
    here = c.where[lay.kind_no[grid.token]].get(grid.name, ())
    cells, levels, owners, tids = c.grid["cell"], c.grid["level"], c.owner, lay.tids
    for i in here:
        if owners[i] != owner:
            continue
        cell = cells[i]
        if cell is None:
            raise ScriptRuntimeError(f"{tids[i]} lies on {grid.name} without a cell")
        out.setdefault((cell[0], cell[1]), []).append((levels[i] or 0, tids[i]))
    return {cell: [tid for _, tid in sorted(row)] for cell, row in sorted(out.items())}


def fits(grid: GridDef, cells) -> bool:
    """Whether the cells' bounding box fits one of the grid's rectangles."""
    if not grid.fit or not cells:
        return True
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    return any(w <= fw and h <= fh for fw, fh in grid.fit)


def occupied(c, grid: GridDef, p: Any) -> list[tuple[int, int]]:
    """The occupied cells, row by row (shared: do not change)."""
    found = view(c, grid, p)
    if found.cells is None:
        found.cells = sorted(found.stacks, key=_row_major)
    return found.cells


def open_cells(c, grid: GridDef, p: Any, also: list | None = None) -> list[list[int]]:
    """Empty cells sharing an edge with an occupied one where a token keeps the fit."""
    return [list(cell) for cell in open_set(c, grid, p, also)]


def open_set(c, grid: GridDef, p: Any, also: list | None = None) -> list[tuple[int, int]]:
    """open_cells as (x, y) tuples, in order (shared: do not change)."""
    found = view(c, grid, p)
    key = tuple((x, y) for x, y in also) if also else ()
    cells = found.open.get(key)
    if cells is None:
        cells = found.open[key] = _open_cells(grid, found, key)
    return cells


def _open_cells(grid: GridDef, found: View, also: tuple) -> list[tuple[int, int]]:
    if found.box is None:
        return [(0, 0)]
    rectangles = grid.fit
    if not rectangles:
        return sorted(found.frontier)
    low_x, high_x, low_y, high_y = found.box
    for x, y in also:                     # extra cells count for the limit
        low_x, high_x = min(low_x, x), max(high_x, x)
        low_y, high_y = min(low_y, y), max(high_y, y)
    out = []
    for cell in found.frontier:           # the bounding box with the cell must fit
        cx, cy = cell
        w = (high_x if high_x > cx else cx) - (low_x if low_x < cx else cx) + 1
        h = (high_y if high_y > cy else cy) - (low_y if low_y < cy else cy) + 1
        if any(w <= fw and h <= fh for fw, fh in rectangles):
            out.append(cell)
    out.sort()
    return out


def flood(start: tuple, joined: Any) -> list:
    """The cells reachable from `start` through edge neighbours n with joined(n), start first."""
    group, seen, todo = [start], {start}, [start]
    while todo:
        x, y = todo.pop()
        for dx, dy in SIDES:
            n = (x + dx, y + dy)
            if n not in seen and joined(n):
                seen.add(n)
                group.append(n)
                todo.append(n)
    return group


def connected(cells: set) -> bool:
    """Whether the cells form one edge-connected group (an empty set does not)."""
    if not cells:
        return False
    return len(flood(next(iter(cells)), cells.__contains__)) == len(cells)


def parts(c, grid: GridDef, p: Any) -> dict[tuple[int, int], tuple[Any, str, bool]]:
    """Every part of every top token: part coordinate -> (type, token id, separate)
    (shared: do not change)."""
    found = view(c, grid, p)
    if found.parts is None:
        found.parts = _parts(c, grid, found.stacks)
    return found.parts


def _parts(c, grid: GridDef, taken: dict) -> dict[tuple[int, int], tuple[Any, str, bool]]:
    out = {}
    for (x, y), ids in taken.items():
        tid = ids[-1]
        i = c.tno(tid)
        props = c.props[i]
        values = rotated(list(props[grid.parts]), c.grid["rot"][i] or 0) if grid.parts \
            else [None]
        k = math.isqrt(len(values))
        alone = bool(props.get(grid.separate)) if grid.separate else False
        for i, value in enumerate(values):
            out[(x * k + i % k, y * k + i // k)] = (value, tid, alone)
    return out


def regions(c, grid: GridDef, p: Any) -> list[list[list[int]]]:
    """Every region: edge-connected parts of one type (a separate tile alone), in order
    (shared: do not change)."""
    found = view(c, grid, p)
    if found.regions is None:
        found.regions = _regions(parts(c, grid, p), found.region_of)
    return found.regions


def _regions(found: dict, region_of: dict) -> list[list[list[int]]]:
    """The regions of the parts `found`, row by row of their first part; fills region_of."""
    out = []
    for start in sorted(found, key=_row_major):
        if start in region_of:
            continue
        value, tid, alone = found[start]
        k = len(out)
        region_of[start] = k
        region, todo = [start], [start]
        while todo:                   # a flood through parts joined to the start's
            x, y = todo.pop()
            for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                other = found.get(n)
                if other is None or n in region_of or other[0] != value or \
                        ((alone or other[2]) and other[1] != tid):
                    continue
                region_of[n] = k
                region.append(n)
                todo.append(n)
        out.append([[x, y] for y, x in sorted((y, x) for x, y in region)])
    return out


def _row_major(cell: tuple[int, int]) -> tuple[int, int]:
    return cell[1], cell[0]


def region_value(c, grid: GridDef, p: Any, region: list) -> Any:
    """The type of a region's parts."""
    found = parts(c, grid, p)
    key = tuple(region[0])
    if key not in found:
        raise ScriptRuntimeError(f"{region!r} is not a region of {grid.name}")
    return found[key][0]


def adjacent(c, grid: GridDef, p: Any, region: list, value: Any) -> list:
    """The regions of type `value` with a part sharing an edge with a part of `region`."""
    every = regions(c, grid, p)
    known = view(c, grid, p)
    found, region_of = known.parts, known.region_of
    mine = {(x, y) for x, y in region}
    hit = {region_of.get(n) for x, y in mine
           for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if n not in mine}
    hit.discard(None)
    return [every[k] for k in sorted(hit) if found[tuple(every[k][0])][0] == value]


def part_values(c, grid: GridDef, p: Any, region: list, prop: str) -> list:
    """The non-empty values of a per-part property over a region's parts."""
    found = parts(c, grid, p)
    out = []
    for q in region:
        hit = found.get(tuple(q))
        if hit is None:
            continue
        x, y = q
        i = c.tno(hit[1])
        if c.props[i].get(prop) is None:
            continue
        values = rotated(list(c.props[i][prop]), c.grid["rot"][i] or 0)
        k = math.isqrt(len(values))
        value = values[(y % k) * k + x % k]
        if value not in (None, 0, ""):
            out.append(value)
    return out


def groups(c, grid: GridDef, p: Any, prop: str, covered: bool = False) -> list[list[list[int]]]:
    """Edge-connected groups of cells whose top token (any token of the stack if `covered`)
    has a true `prop`."""
    marked = {cell for cell, ids in stacks(c, grid, p).items()
              if any(c._field(c.tno(t), prop) for t in (ids if covered else ids[-1:]))}
    out, seen = [], set()
    for start in sorted(marked, key=lambda q: (q[1], q[0])):
        if start in seen:
            continue
        group = flood(start, marked.__contains__)
        seen.update(group)
        out.append(sorted([list(q) for q in group], key=lambda q: (q[1], q[0])))
    return out
