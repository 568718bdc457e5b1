"""Grids at the terminal: each player's grid drawn as a map of its cells, built only from
what a seat observes. A cell shows its top token's parts (two letters of the type and the
per-part number, if any), the grid's label property and the height of its stack."""

from __future__ import annotations

import math
from typing import Any

from ..game import Game
from ..i18n.game_words import GameWords

CELL = 10


def on_grid(game: Game, token: dict) -> bool:
    """Whether a token lies on a grid (then the map shows it, not the token table)."""
    return token.get("at") in game.definition.grids and "cell" in token


def _abbreviation(gw: GameWords, value: Any) -> str:
    return (gw.value(value).replace(" ", "") + "  ")[:2].lower()


def _cell_lines(game: Game, gw: GameWords, grid, stack: list[dict]) -> list[str]:
    top = stack[-1]
    parts = list(top.get(grid.parts) or []) if grid.parts else []
    from ..interpreter.grid import rotated
    turns = top.get("rot", 0)
    parts = rotated(parts, turns) if parts else ["?"]
    marks = top.get(grid.part_props[0]) if grid.part_props else None
    marks = rotated(list(marks), turns) if isinstance(marks, list) else [0] * len(parts)
    k = math.isqrt(len(parts)) or 1
    labels = [_abbreviation(gw, v) + (str(m) if m else " ") for v, m in zip(parts, marks)]
    rows = [" ".join(labels[r * k:(r + 1) * k]) for r in range(k)]
    extra = [str(top.get(grid.label, "")) if grid.label else "", f"x{len(stack)}"
             if len(stack) > 1 else ""]
    return [(row + " " + (extra[i] if i < len(extra) else "")).ljust(CELL)[:CELL]
            for i, row in enumerate(rows)]


def grid_maps(game: Game, view: dict, gw: GameWords, owners: set | None = None) -> list[str]:
    """One text map per grid and owner that has tokens on it (only `owners`' if given)."""
    out = []
    for name, grid in game.definition.grids.items():
        found = sorted({t.get("owner") for t in view["tokens"] if t.get("at") == name
                        and "cell" in t}, key=lambda o: -1 if o is None else o)
        for owner in found:
            if owners is not None and owner not in owners:
                continue
            cells: dict[tuple, list[dict]] = {}
            for t in view["tokens"]:
                if t.get("at") == name and t.get("owner") == owner and "cell" in t:
                    cells.setdefault(tuple(t["cell"]), []).append(t)
            for stack in cells.values():
                stack.sort(key=lambda t: t.get("level", 0))
            xs = [x for x, _ in cells]
            ys = [y for _, y in cells]
            title = gw.place(name) if owner is None else f"{gw.seat(owner)}: {gw.place(name)}"
            lines = [title, "      " + "".join(f"{x:^{CELL + 1}}" for x in
                                               range(min(xs), max(xs) + 1))]
            for y in range(min(ys), max(ys) + 1):
                drawn = [_cell_lines(game, gw, grid, cells[(x, y)]) if (x, y) in cells
                         else None for x in range(min(xs), max(xs) + 1)]
                height = max((len(d) for d in drawn if d), default=1)
                for r in range(height):
                    row = "".join(("|" + (d[r] if d and r < len(d) else " " * CELL))
                                  if d else " " * (CELL + 1) for d in drawn)
                    lines.append((f"{y:>4}  " if r == 0 else "      ") + row + "|")
            out.append("\n".join(lines))
    return out

