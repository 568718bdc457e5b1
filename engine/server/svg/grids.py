"""Tile grids: each owner's grid as a map of cells, every top tile drawn as its parts
(coloured by the layout's value colours, turned as the tile lies) with the per-part
numbers, the grid's label property in a corner and the height of the stack. Cells the seat
may pick now are drawn dashed, as buttons."""

from __future__ import annotations

import json
import math
from typing import Any

from ...interpreter.grid import rotated
from ...present.effects import meaning, whole_tile_effects
from ...present.labels import token_label, view_corner
from .context import Ctx
from .shapes import Drawing, action_attr, circle, explain, rect, text, wrap

CELL = 62
GRID_CELL = 78
"""A cell of a grid on the board at most (room for a tile's words at 11 units)."""
GAP = 18


def tile(ctx: Ctx, grid: Any, token: dict, size: float, stack: int = 1,
         corner: bool = True) -> Drawing:
    """One tile as the seat sees it (a face-down one as its back); without its `corner`
    disc (the label property: a cost), which would hide a part's number on a small tile."""
    d = Drawing(size, size)
    parts = token.get(grid.parts) if grid.parts else None
    if not isinstance(parts, list) or not parts:
        d.add(rect(0, 0, size, size, "#d9d2c3", "#555555", 1.5, 4))
        d.add(text(size / 2, size / 2 + 5, "?", 16, "middle", "bold"))
        return d       # face down: nothing known, nothing explained
    turns = token.get("rot") or 0
    parts = rotated(list(parts), turns)
    k = math.isqrt(len(parts)) or 1
    step = size / k
    marks = [token.get(p) for p in grid.part_props]
    marks = [rotated(list(m), turns) if isinstance(m, list) and len(m) == len(parts) else None
             for m in marks]
    for i, value in enumerate(parts):
        px, py = (i % k) * step, (i // k) * step
        d.add(rect(px, py, step, step, ctx.layout.values.get(str(value), "#dddddd"),
                   "#ffffff", 1, 0))
        for values in marks:
            if values and values[i]:
                # (right of centre: the flags' letters sit at the bottom left)
                d.add(text(px + step * 0.66, py + step * 0.62, values[i], 13, "middle",
                           "bold"))
    d.add(rect(0, 0, size, size, "none", "#333333", 2, 3))
    if grid.separate and token.get(grid.separate):     # a whole tile: its kind in words
        lines = wrap(ctx.gw.value(parts[0]), size - 4, 11)[:4]
        for j, part in enumerate(lines):       # centred, at least 11 units (phones)
            d.add(text(size / 2, size / 2 + 4 - 6 * (len(lines) - 1) + 12 * j, part, 11,
                       "middle"))
    label = token.get(grid.label) if grid.label else None
    if label is not None and corner:
        d.add(circle(8, 8, 8, "#f5d76e", "#8a6d3b"))
        d.add(text(8, 12, label, 11, "middle", "bold"))
    flags = [ctx.gw.prop(p)[:1].upper() for p in _label_props(ctx, token) if token[p] is True]
    if flags and not (grid.separate and token.get(grid.separate)):
        d.add(text(4, size - 4, " ".join(flags), 10, weight="bold"))
    if stack > 1:      # a stack: the tiles below peek out, and its height is written
        d.body.insert(0, rect(3, 3, size, size, "#9e9e9e", "#555555", 1, 3))
        d.add(rect(size / 2 - 13, size - 14, 26, 14, "#ffffff", "#333333", 1, 3))
        d.add(text(size / 2, size - 3, f"×{stack}", 11, "middle", "bold"))
    explain(d, tile_text(ctx, token, stack), token=token.get("id"))
    d.attrs += ' data-named="1"'       # its text names it: a tap shows no drawn words
    return d


def tile_text(ctx: Ctx, token: dict, stack: int = 1) -> str:
    """A tile in words, for its hover and tap text: its name (parts, numbers, label), its
    marks, what it does, its other listed properties (a milestone's goals) and its stack."""
    gw = ctx.gw
    effect = ctx.effect_of_token(token)
    props = _label_props(ctx, token)
    said = [token_label(gw, token)]
    said += [_meant(gw, p, gw.prop(p)) for p in props if token[p] is True
             and gw.prop(p) not in said[0]]       # (a mark the name says: its meaning only)
    said += [_meant(gw, p, "") .strip(" ()") for p in props if token[p] is True
             and gw.prop(p) in said[0] and gw.text("property_meanings", p)]
    said += [f"{gw.prop(p)}: {ctx.value(token[p])}" for p in props
             if isinstance(token[p], list) or (effect is None and token[p] is not True)]
    if effect:
        said.append(effect.rstrip("."))
    grid = next((g for g in ctx.definition.grids.values() if g.token == token.get("kind")),
                None)
    parts = token.get(grid.parts) if grid is not None and grid.parts else None
    for value in dict.fromkeys(str(v) for v in parts or []):   # what each area type does
        meant = meaning(gw, "value_meanings", value)
        if meant and not effect:
            said.append(gw.w("{item}: {meaning}", item=gw.value(value), meaning=meant))
    if stack > 1:
        said.append(gw.w("x{n}: a stack of {n} tiles, the top one shown", n=stack))
    return "; ".join(said) + "."


def grid_legend(ctx: Ctx, grid: Any, tokens: list[dict], width: float) -> Drawing:
    """The key to the drawn tiles, built from what is drawn: each part colour with its
    word, the disc of the label property, a part's number, the marks and a stack."""
    gw = ctx.gw
    items: list[tuple[str, str]] = []      # (svg of the sample, words)
    seen: list[str] = []
    effects = whole_tile_effects(gw, grid, tokens)
    for token in tokens:
        for value in token.get(grid.parts) or [] if grid.parts else []:
            if str(value) not in seen:
                seen.append(str(value))
                items.append((rect(0, 0, 16, 16, ctx.layout.values.get(str(value), "#dddddd"),
                                   "#333333", 1, 2), _said_with(gw, gw.value(value),
                                                            effects.get(str(value)))))
    if grid.label and any(t.get(grid.label) is not None for t in tokens):
        items.append((circle(8, 8, 8, "#f5d76e", "#8a6d3b") + text(8, 12, "2", 11, "middle",
                                                                      "bold"),
                      gw.prop(grid.label)))
    if grid.part_props and any(any(isinstance(m, int) and m for m in t.get(
            grid.part_props[0]) or []) for t in tokens):
        items.append((text(8, 13, "1", 13, "middle", "bold"),
                      _meant(gw, grid.part_props[0], gw.prop(grid.part_props[0]))))
    flags: dict[str, str] = {}
    for token in tokens:
        if grid.separate and token.get(grid.separate):
            continue
        for p in _label_props(ctx, token):
            if token[p] is True:
                flags.setdefault(gw.prop(p)[:1].upper(), _meant(gw, p, gw.prop(p)))
    items += [(text(4, 13, letter, 11, weight="bold"), word) for letter, word in flags.items()]
    items.append((rect(0, 1, 26, 14, "#ffffff", "#333333", 1, 3)
                  + text(13, 12, "×3", 11, "middle", "bold"),
                  gw.w("x{n}: a stack of {n} tiles, the top one shown", n=3).split(": ", 1)[-1]))
    d = Drawing(width, 0)
    x = y = 0.0
    for sample, words in items:
        gap = 32 if "×" in sample else 22       # the stack's badge is wider
        room = gap + len(words) * 11 * 0.58 + 14
        if x and x + room > width:
            x, y = 0.0, y + 22
        d.add(f'<g transform="translate({x:.1f},{y:.1f})">{sample}</g>')
        lines = wrap(words, max(60.0, width - gap))
        for i, line in enumerate(lines):
            d.add(text(x + gap, y + 13 + 15 * i, line, 11))
        if len(lines) > 1:                      # a long item: a row of its own
            x, y = 0.0, y + 22 + 15 * (len(lines) - 1)
            continue
        x += room
    d.height = y + 22
    return d


def _said_with(gw: Any, words: str, effect: str | None) -> str:
    """A key's words with what its whole tile does, when all drawn read the same."""
    return gw.w("{item} ({meaning})", item=words, meaning=effect.rstrip(".")) if effect \
        else words


def _meant(gw: Any, prop: str, words: str) -> str:
    """A key's words with what the property counts for, when the game says it
    (`property_meanings` in its text file)."""
    meant = meaning(gw, "property_meanings", prop)
    return gw.w("{item} ({meaning})", item=words, meaning=meant) if meant else words


def _label_props(ctx: Ctx, token: dict) -> list[str]:
    kind = ctx.definition.tokens[token["kind"]]
    props = ctx.layout.labels.get(token["kind"]) or list(kind.props)[:2]
    return [p for p in props if token.get(p) is not None and token[p] is not False]


def _owner_grid(ctx: Ctx, grid: Any, owner: int | None, width: float) -> Drawing:
    cells: dict[tuple[int, int], list[dict]] = {}
    for token in ctx.tokens_at(grid.name, [grid.token]):
        if token.get("owner") == owner and "cell" in token:
            cells.setdefault(tuple(token["cell"]), []).append(token)
    picks = {}
    if owner == ctx.view.get("seat"):
        for action_id in ctx.picks:
            try:
                value = json.loads(action_id)
            except ValueError:
                continue
            if isinstance(value, list) and len(value) == 2 and \
                    all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                picks[(value[0], value[1])] = action_id
    named = set(ctx.cells) if owner == ctx.view.get("seat") or not grid.per_player else set()
    spots = list(cells) + list(picks) + sorted(named) or [(0, 0)]
    xs, ys = [x for x, _ in spots], [y for _, y in spots]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    corner = view_corner(ctx.definition, grid.name, ctx.view, list(picks))
    left, top = (RULER, 22 + RULER_TOP) if corner else (2, 22)
    size = min(GRID_CELL, (width - 2 - left) / cols)
    d = Drawing(cols * size + left + 2, rows * size + top + 4)
    title = ctx.gw.seat(owner) if owner is not None else ctx.gw.place(grid.name)
    d.add(rect(0, 0, 12, 12, ctx.colour(owner), "#333333", 1, 2))
    d.add(text(18, 11, title, 12, weight="bold"))
    if corner:
        _rulers(ctx, d, corner, (x0, y0, cols, rows), size, (left, top))
    if named:       # under the tiles: a frame round each named cell
        _subject_cells(ctx, d, named, x0, y0, size, (left, top))
    for (x, y), stack in cells.items():
        stack.sort(key=lambda t: t.get("level", 0))
        d.place(tile(ctx, grid, stack[-1], size - 2, len(stack)),
                left + (x - x0) * size, top + (y - y0) * size)
    ghost = ctx.ghost if owner == ctx.view.get("seat") else None
    for (x, y), action_id in picks.items():
        d.place(_candidate(ctx, grid, action_id, (x, y) in cells, ghost, size, corner),
                left + (x - x0) * size, top + (y - y0) * size)
    return d


RULER, RULER_TOP = 16, 14
"""The room of the row numbers (left) and of the column numbers (above) of a grid."""


def _rulers(ctx: Ctx, d: Drawing, corner: tuple[int, int], box: tuple[int, int, int, int],
            size: float, offset: tuple[float, float]) -> None:
    """The numbers of a grid's columns above it and of its rows left of it, as the
    options and the log name its spaces ("row 2, column 3")."""
    x0, y0, cols, rows = box
    left, top = offset
    for i in range(cols):
        d.add(text(left + i * size + (size - 2) / 2, top - 3, str(x0 + i - corner[0] + 1), 11,
                   "middle", fill="#555555", extra=' class="ruler"'))
    for j in range(rows):
        d.add(text(left / 2 - 1, top + j * size + (size - 2) / 2 + 4,
                   str(y0 + j - corner[1] + 1), 11, "middle", fill="#555555",
                   extra=' class="ruler"'))


def _candidate(ctx: Ctx, grid: Any, action_id: str, built: bool, ghost: dict | None,
               size: float, corner: tuple[int, int] | None = None) -> Drawing:
    """A cell the seat may pick: a dashed button; with the tile in hand known, the tile
    drawn faintly in it, shown while the pointer is over the cell (CSS: .cell-pick)."""
    d = Drawing(size - 2, size - 2)
    d.add(rect(0, 0, size - 2, size - 2, "#ffffff", "#c0392b", 2.5, 4,
               ' stroke-dasharray="5 3" fill-opacity="%s"' % ("0" if built else "0.6")))
    if ghost is not None:
        shown = tile(ctx, grid, ghost, size - 2)
        shown.body = [b for b in shown.body if not b.startswith("<title>")]
        shown.attrs = ' class="ghost"'
        d.place(shown, 0, 0)
        d.add(rect(0, 0, size - 2, size - 2, "none", "#c0392b", 2.5, 4,
                   ' stroke-dasharray="5 3"'))
    if not built:       # its row and column, as its button under the question names it
        x, y = json.loads(action_id)
        if corner is None:
            lines = [f"{x}, {y}"]
        else:
            lines = [ctx.gw.w("row {n}", n=y - corner[1] + 1),
                     ctx.gw.w("column {n}", n=x - corner[0] + 1)]
        top = (size - 2) / 2 + 4 - 7 * (len(lines) - 1)
        for i, line in enumerate(lines):
            d.add(text((size - 2) / 2, top + 14 * i, line, 11, "middle",
                       fill="#c0392b", extra=' class="cell-name"'))
    d.attrs = action_attr(action_id).replace('class="pick"', 'class="pick cell-pick"')
    return d


def _subject_cells(ctx: Ctx, d: Drawing, named: set, x0: int, y0: int, size: float,
                   offset: tuple[float, float] = (2, 22)) -> None:
    """The cells the question is about (its context names them), framed as its subject."""
    left, top = offset
    for x, y in sorted(named):
        d.add(f'<g data-subject-cell="{x},{y}" class="subject">'
              + rect(left + (x - x0) * size - 3, top + (y - y0) * size - 3, size + 4, size + 4,
                     "#fff3c4", "#e0a800", 3, 6) + "</g>")


def question_map(ctx: Ctx, width: float) -> str | None:
    """The seat's own grid with the spaces its question offers, drawn to sit under the
    question on a phone (where the board lies far below it); None if the question offers
    no space of such a grid."""
    seat = ctx.view.get("seat")
    if seat is None:
        return None
    for grid in ctx.definition.grids.values():
        if not grid.per_player:
            continue
        drawn = _owner_grid(ctx, grid, seat, width)
        if 'class="pick cell-pick"' in "".join(drawn.body):
            return drawn.svg(ctx.gw.place(grid.name))
    return None


def _held_tiles(ctx: Ctx, grid: Any) -> list[dict]:
    """The grid's tiles the seat sees off the grid in the places the table draws as its
    own (a hand, a picked tile): the key covers their colours and marks too."""
    if not grid.parts:
        return []
    return [t for place in ctx.layout.mine or [] for t in ctx.tokens_at(place, [grid.token])
            if "cell" not in t and t.get(grid.parts)]


def draw_grids(ctx: Ctx, panel: dict[str, Any]) -> Drawing:
    """The panel: the grid of every owner with tiles on it (the seat's own first)."""
    grid = ctx.definition.grids[panel["grid"]]
    owners = sorted({t.get("owner") for t in ctx.tokens_at(grid.name) if "cell" in t},
                    key=lambda o: (-1 if o is None else o))
    seat = ctx.view.get("seat")
    if seat in owners:
        owners.remove(seat)
    if seat is not None and grid.per_player:
        owners.insert(0, seat)
    per_row = 2 if len(owners) > 1 and ctx.width >= 600 else 1
    width = (ctx.width - GAP * (per_row - 1)) / per_row
    d = Drawing(ctx.width, 0)
    y = 0.0
    for start in range(0, len(owners), per_row):
        drawn = [_owner_grid(ctx, grid, o, width) for o in owners[start:start + per_row]]
        for i, g in enumerate(drawn):
            d.place(g, i * (width + GAP), y)
        y += max(g.height for g in drawn) + GAP
    tops = _held_tiles(ctx, grid)
    for o in owners:
        stacks: dict[tuple, dict] = {}
        for t in ctx.tokens_at(grid.name, [grid.token]):
            if t.get("owner") == o and "cell" in t:
                here = stacks.get(tuple(t["cell"]))
                if here is None or t.get("level", 0) > here.get("level", 0):
                    stacks[tuple(t["cell"])] = t
        tops += list(stacks.values())
    legend = grid_legend(ctx, grid, tops, ctx.width)
    d.place(legend, 0, y)
    d.height = y + legend.height
    return d
