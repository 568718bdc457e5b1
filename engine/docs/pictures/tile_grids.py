"""The pictures of tile grids, drawn from the game's data and the outline:

- grid_tiles: the tokens of a grid's kind that match `where` (property: value), each drawn
  as a square of parts coloured by type, with its cost and per-part numbers;
- grid_layout: tiles laid out on cells as the outline gives them (an example district),
  with the grid's size limit drawn as a frame.
"""

from __future__ import annotations

import math

from ..texts import Texts
from .svg import label, svg

CELL = 72
GAP = 12


def _tile(x: float, y: float, tile: dict, grid, colours: dict, texts: Texts,
          size: int = CELL) -> list[str]:
    """One tile: its parts as coloured squares, numbers on them, its cost in a corner."""
    parts = list(tile.get(grid.parts) or ["?"]) if grid.parts else ["?"]
    k = math.isqrt(len(parts))
    step = size / k
    body = []
    marks = [tile.get(p) for p in grid.part_props]
    for i, value in enumerate(parts):
        px, py = x + (i % k) * step, y + (i // k) * step
        fill = colours.get(str(value), "#dddddd")
        body.append(f'<rect x="{px:g}" y="{py:g}" width="{step:g}" height="{step:g}" '
                    f'fill="{fill}" stroke="#ffffff" stroke-width="1"/>')
        for values in marks:
            if isinstance(values, list) and i < len(values) and values[i]:
                body.append(label(px + step / 2, py + step / 2 + 6, str(values[i]), 16,
                                  anchor="middle", weight="bold"))
    if grid.separate and tile.get(grid.separate):
        name = texts.value(parts[0])
        body.append(label(x + size / 2, y + size - 8, name, 10, anchor="middle"))
    body.append(f'<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="none" '
                f'stroke="#333" stroke-width="2" rx="3"/>')
    if "cost" in tile:
        body.append(f'<circle cx="{x + 11}" cy="{y + 11}" r="9" fill="#f5d76e" '
                    f'stroke="#8a6d3b"/>')
        body.append(label(x + 11, y + 15, str(tile["cost"]), 11, anchor="middle",
                          weight="bold"))
    for flag in ("transport",):
        if tile.get(flag):
            body.append(label(x + size - 10, y + 15, "T", 12, anchor="middle", weight="bold"))
    return body


def _legend(texts: Texts, colours: dict, y: float) -> list[str]:
    body = []
    for i, (value, colour) in enumerate(colours.items()):
        x = 8 + i * 120
        body.append(f'<rect x="{x}" y="{y}" width="14" height="14" fill="{colour}" '
                    f'stroke="#333"/>')
        body.append(label(x + 20, y + 12, texts.value(value), 12))
    return body


def grid_tiles(texts: Texts, spec: dict, title: str) -> str:
    """The tokens of the grid's kind that match `where`, a row of up to `per_row` tiles."""
    grid = texts.g.grids[spec["grid"]]
    kind = texts.g.tokens[grid.token]
    count = len(next(iter(kind.props.values()))) if kind.props else 0
    rows = [{p: v[i] for p, v in kind.props.items()} for i in range(count)]
    where = spec.get("where", {})
    chosen = [r for r in rows if all(r.get(k) == v for k, v in where.items())]
    per_row = spec.get("per_row", 8)
    colours = spec.get("colours", {})
    lines = max(1, math.ceil(len(chosen) / per_row))
    width = 10 + min(len(chosen), per_row) * (CELL + GAP)
    width = max(width, 10 + len(colours) * 120)
    body = []
    for i, tile in enumerate(chosen):
        body += _tile(8 + (i % per_row) * (CELL + GAP), 8 + (i // per_row) * (CELL + GAP),
                      tile, grid, colours, texts)
    legend_y = 8 + lines * (CELL + GAP)
    body += _legend(texts, colours, legend_y)
    return svg(width, int(legend_y + 26), body, title)


def grid_layout(texts: Texts, spec: dict, title: str) -> str:
    """Tiles on cells as the outline lists them, inside the grid's first size limit."""
    grid = texts.g.grids[spec["grid"]]
    colours = spec.get("colours", {})
    tiles = spec["tiles"]
    frame = grid.fit[0] if grid.fit else [4, 4]
    xs = [t["cell"][0] for t in tiles] + [0, frame[0] - 1]
    ys = [t["cell"][1] for t in tiles] + [0, frame[1] - 1]
    x0, y0 = min(xs), min(ys)
    cols, rows = max(xs) - x0 + 1, max(ys) - y0 + 1
    body = [f'<rect x="6" y="6" width="{frame[0] * CELL + 4}" height="{frame[1] * CELL + 4}" '
            f'fill="#f7f3ea" stroke="#8a6d3b" stroke-dasharray="6 4" stroke-width="2"/>']
    for t in tiles:
        body += _tile(8 + (t["cell"][0] - x0) * CELL, 8 + (t["cell"][1] - y0) * CELL,
                      t, grid, colours, texts)
    for mark in spec.get("labels", []):
        k = math.isqrt(len(tiles[0].get(grid.parts) or [0])) if grid.parts else 1
        lx, ly = ((v + 0.5) * CELL / k for v in mark["at"])
        body.append(label(8 + lx, 8 + ly + 6,
                          mark["text"], 18, anchor="middle", weight="bold"))
    legend_y = 14 + rows * CELL
    body += _legend(texts, colours, legend_y)
    width = max(16 + cols * CELL, 10 + len(colours) * 120)
    return svg(width, int(legend_y + 26), body, title)
