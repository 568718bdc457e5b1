"""The pictures of tile grids, drawn from the game's data and the outline:

- grid_tiles: the tokens of a grid's kind that match `where` (property: value), identical
  tiles drawn once with their number (×4);
- tile_sampler: a few tiles of each group the outline lists (`rows`, each a `where`), with
  the number of tiles in the group, instead of a table of every tile;
- grid_layout: tiles laid out on cells as the outline gives them (an example district),
  with the grid's size limit drawn as a frame.

Every tile is drawn by `tile`: its parts coloured by type, the per-part numbers (icons) on
white discs in their part, its cost in a badge in the corner outside the first part's disc,
its marks (transport: T) in the other corner, and the name of a whole tile wrapped inside.
"""

from __future__ import annotations

import math
from typing import Any

from ..texts import Texts
from .svg import block_label, circle, label, legend, rect, svg, text_width

CELL = 84
GAP = 14


def tile(x: float, y: float, data: dict, grid, look: dict, texts: Texts,
         size: float = CELL) -> list[str]:
    """One tile: parts as coloured squares (`look`: colours), numbers on discs, cost badge,
    marks (`look`: marks, property -> letter), the name of a whole tile."""
    colours = look.get("colours", {})
    parts = list(data.get(grid.parts) or ["?"]) if grid.parts else ["?"]
    k = max(1, math.isqrt(len(parts)))
    step = size / k
    whole = bool(grid.separate and data.get(grid.separate))
    body = []
    for i, value in enumerate(parts[:1] if whole else parts):
        px, py = x + (i % k) * step, y + (i // k) * step
        side = size if whole else step
        fill = colours.get(str(value), "#dddddd")
        body.append(f'<rect x="{px:g}" y="{py:g}" width="{side:g}" height="{side:g}" '
                    f'fill="{fill}" stroke="#ffffff" stroke-width="1.5"/>')
    for prop in grid.part_props:
        values = data.get(prop)
        for i, value in enumerate(values if isinstance(values, list) else []):
            if value:
                cx = x + (i % k + 0.7) * step
                cy = y + (i // k + 0.7) * step
                body.append(circle(cx, cy, step * 0.21, "#ffffff", "#333333", 1.2))
                body.append(label(cx, cy + step * 0.1, str(value), step * 0.28, "middle",
                                  "bold"))
    if whole:
        body += block_label(x + size / 2, y + size * 0.62, texts.value(parts[0]), size - 10,
                            size * 0.13, max_lines=2)
    body.append(rect(x, y, size, size, "none", "#333333", 2, 3))
    r = size * 0.12
    if grid.label and data.get(grid.label) is not None:
        body.append(circle(x + r + 2, y + r + 2, r, "#f5d76e", "#8a6d3b", 1.2))
        body.append(label(x + r + 2, y + r * 1.45 + 2, str(data[grid.label]), r * 1.25,
                          "middle", "bold"))
    m = size * 0.2
    for i, (prop, letter) in enumerate(look.get("marks", {}).items()):
        if data.get(prop):
            mx = x + size - m - 2 - i * (m + 2)
            body.append(rect(mx, y + 2, m, m, "#333333", "#333333", 1, 3))
            body.append(label(mx + m / 2, y + 2 + m * 0.78, letter, m * 0.72, "middle", "bold",
                              "#ffffff"))
    return body


def tile_legend(texts: Texts, colours: dict, y: float, width: float,
                used: set | None = None) -> tuple[list[str], float]:
    """The part colours and their names (only the ones `used`, if given)."""
    entries = [(colour, texts.value(value)) for value, colour in colours.items()
               if used is None or value in used]
    return legend(entries, 8, y, width - 16)


def rows_of(texts: Texts, grid) -> list[dict]:
    """Every token of the grid's kind, as a mapping of its properties."""
    kind = texts.g.tokens[grid.token]
    count = len(next(iter(kind.props.values()))) if kind.props else 0
    return [{p: v[i] for p, v in kind.props.items()} for i in range(count)]


def distinct(rows: list[dict]) -> list[tuple[dict, int]]:
    """Identical rows counted once: (row, how many), in the order they first appear."""
    seen: dict[str, list[Any]] = {}
    for row in rows:
        key = repr(sorted(row.items(), key=lambda kv: kv[0]))
        seen.setdefault(key, [row, 0])[1] += 1
    return [(row, n) for row, n in seen.values()]


def varied(tiles: list[tuple[dict, int]], prop: str, room: int) -> list[tuple[dict, int]]:
    """Up to `room` tiles, every value of `prop` getting a share of the room in proportion
    to its tiles (at least one), in the order they first appear."""
    groups: dict = {}
    for item in tiles:
        groups.setdefault(item[0].get(prop), []).append(item)
    total = sum(n for _, n in tiles) or 1
    share = {v: max(1, round(room * sum(n for _, n in items) / total))
             for v, items in groups.items()}
    while sum(share.values()) > room and max(share.values()) > 1:
        share[max(share, key=share.get)] -= 1
    return [item for v, items in groups.items() for item in items[:share[v]]] + \
        [item for v, items in groups.items() for item in items[share[v]:]]


def _used(rows: list[dict], grid) -> set:
    return {str(v) for r in rows for v in (r.get(grid.parts) or [])} if grid.parts else set()


def grid_tiles(texts: Texts, spec: dict, title: str) -> str:
    """The tokens of the grid's kind that match `where`, identical ones drawn once (×n)."""
    grid = texts.g.grids[spec["grid"]]
    where = spec.get("where", {})
    chosen = [r for r in rows_of(texts, grid) if all(r.get(k) == v for k, v in where.items())]
    groups = distinct(chosen)
    per_row = spec.get("per_row", 8)
    colours = spec.get("colours", {})
    body: list[str] = []
    for i, (row, n) in enumerate(groups):
        x, y = 8 + (i % per_row) * (CELL + 60), 8 + (i // per_row) * (CELL + 30)
        body += tile(x, y, row, grid, spec, texts)
        body.append(label(x + CELL + 8, y + CELL / 2 + 8, f"×{n}", 20, weight="bold"))
    lines = max(1, math.ceil(len(groups) / per_row))
    width = max(16 + min(len(groups), per_row) * (CELL + 60), 360)
    extra, height = tile_legend(texts, colours, 8 + lines * (CELL + 30), width, _used(chosen,
                                                                                     grid))
    return svg(width, 8 + lines * (CELL + 30) + height, body + extra, title)


def tile_sampler(texts: Texts, spec: dict, title: str) -> str:
    """One line per group of `rows`: its name and number of tiles, then up to `per_row` of
    its different tiles, each with its count when more than one is alike."""
    grid = texts.g.grids[spec["grid"]]
    colours = spec.get("colours", {})
    per_row = spec.get("per_row", 6)
    every = rows_of(texts, grid)
    size, step = 72, 72 + 24
    body: list[str] = []
    y = 8
    used: set = set()
    for group in spec["rows"]:
        members = [r for r in every if all(r.get(k) == v for k, v in group["where"].items())]
        used |= _used(members, grid)
        values = {p: texts.value(v) for p, v in group["where"].items()}
        heading = texts.name("picture_labels", group["title"], n=str(len(members)), **values)
        body.append(label(8, y + 13, heading, 13, weight="bold"))
        y += 20
        shown = distinct(members)
        if "vary_by" in spec:
            shown = varied(shown, spec["vary_by"], per_row)
        for i, (row, n) in enumerate(shown[:per_row]):
            x = 8 + i * step
            body += tile(x, y, row, grid, spec, texts, size)
            if n > 1:
                body.append(label(x + size + 3, y + size - 2, f"×{n}", 11, weight="bold"))
        if len(shown) > per_row:
            body.append(label(8 + per_row * step + 4, y + size / 2 + 6, "…", 22,
                              weight="bold"))
        y += size + 14
    width = 8 + per_row * step + 40
    extra, height = tile_legend(texts, colours, y, width, used)
    return svg(width, y + height, body + extra, title)


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
    body = [rect(6, 6, frame[0] * CELL + 4, frame[1] * CELL + 4, "#f7f3ea", "#8a6d3b", 2, 0,
                 ' stroke-dasharray="6 4"')]
    for t in tiles:
        body += tile(8 + (t["cell"][0] - x0) * CELL, 8 + (t["cell"][1] - y0) * CELL,
                     t, grid, spec, texts)
    for mark in spec.get("labels", []):
        k = math.isqrt(len(tiles[0].get(grid.parts) or [0])) if grid.parts else 1
        lx, ly = ((v + 0.5) * CELL / k for v in mark["at"])
        body.append(circle(8 + lx, 8 + ly, 12, "#ffffff", "#333333", 1.5))
        body.append(label(8 + lx, 8 + ly + 6, mark["text"], 16, "middle", "bold"))
    width = max(16 + cols * CELL, 16 + text_width("x" * 40, 12))
    extra, height = tile_legend(texts, colours, 18 + rows * CELL, width,
                                _used(tiles, grid))
    return svg(width, 18 + rows * CELL + height, body + extra, title)
