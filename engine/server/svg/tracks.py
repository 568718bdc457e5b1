"""Tracks: a row of numbered spaces per track, each seat's disc on its space; discs on one
space are stacked in the order they arrived (the later on top, ahead)."""

from __future__ import annotations

from typing import Any

from .context import Ctx
from .shapes import Drawing, attr, chip, explain, rect, text, wrap

LABEL_W = 130
CELL = 27
ROW_H = 40


def draw_tracks(ctx: Ctx, panel: dict[str, Any]) -> Drawing:
    """The panel: one (wrapped) row of spaces per track."""
    d = Drawing(ctx.width, 0)
    y = 0.0
    for name in panel["tracks"]:
        held = (ctx.view.get("tracks") or {}).get(name)
        if not held:
            continue
        positions, stamps = held["pos"], held.get("stamp") or [0] * len(held["pos"])
        positions = [max(0, p) for p in positions]
        length = max(panel.get("length", 0), max(positions, default=0) + 1)
        left = LABEL_W if ctx.width >= 600 else 0     # narrow: the name above its row
        per_row = max(1, int((ctx.width - left) // CELL))
        cell = CELL
        for i, part in enumerate(wrap(ctx.gw.label("tracks", name), LABEL_W - 8
                                      if left else ctx.width, 12)[:3]):
            d.add(text(0, y + 14 + 13 * i, part, 12, weight="bold"))
        if not left:
            y += 18
        for space in range(length):
            row, col = divmod(space, per_row)
            x, top = left + col * cell, y + row * ROW_H
            d.add(rect(x, top + 4, cell - 2, ROW_H - 8, "#f4ead5", "#cdbf9f", 1, 3))
            if space % 5 == 0 or space in positions:     # every fifth, and where discs are
                d.add(text(x + (cell - 2) / 2, top + 14, space, 9, "middle", "bold",
                           "#8a6d3b"))
        order = sorted(range(len(positions)), key=lambda p: (positions[p], stamps[p]))
        height: dict[int, int] = {}
        radius = min(7, cell / 2 - 3)
        for seat in order:
            space = positions[seat]
            row, col = divmod(space, per_row)
            k = height.get(space, 0)
            height[space] = k + 1
            cx = left + col * cell + cell / 2 - 1 + disc_shift(k, positions.count(space),
                                                               cell - 2 - 2 * radius)
            disc = Drawing(2 * radius, 2 * radius)     # a hover or a tap says whose, where
            disc.add(*chip(radius, radius, ctx.colour(seat), "", radius))
            disc.attrs = f" data-track={attr(name)}"
            explain(disc, ctx.gw.w("{player}: {n} on {track}", player=ctx.gw.seat(seat),
                                   n=space, track=ctx.gw.label("tracks", name)))
            d.place(disc, cx - radius, y + row * ROW_H + ROW_H - 4 - 2 * radius - 2)
        rows = (length - 1) // per_row + 1
        y += rows * ROW_H + 6
    d.height = y
    return d


def disc_shift(k: int, n: int, room: float) -> float:
    """How far across its space the k-th of n discs on one space is drawn: the discs fan out
    side by side under the space's number (the later one over the earlier, to its right)."""
    if n <= 1:
        return 0.0
    step = min(6.0, room / (n - 1))
    return (k - (n - 1) / 2) * step
