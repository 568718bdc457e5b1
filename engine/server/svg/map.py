"""Areas on a map: each area's box where the layout puts it, a line for each connection
between two of them, and the tile lying on a connection (its properties, a dot on the side
it faces). A connection or area the seat may pick is a button."""

from __future__ import annotations

from typing import Any

from .areas import area_box
from .context import Ctx
from .layout import area_names
from .shapes import Drawing, action_attr, circle, line, rect, text

BOX_W = 180
HEIGHT = 470


def draw_map(ctx: Ctx, panel: dict[str, Any]) -> Drawing:
    """The panel: water, connections, then the area boxes on top."""
    names = area_names(panel, ctx.definition)
    narrow = ctx.width < 3 * BOX_W      # a phone: two columns (west, east), rows as they lie
    box_w = min(BOX_W, (ctx.width - 50) / 2) if narrow else BOX_W
    boxes = {a: area_box(ctx, panel, a, box_w) for a in names}
    tallest = max((b.height for b in boxes.values()), default=40)
    rows = len({panel["at"][a][1] for a in names}) or 1
    height = rows * tallest + (rows - 1) * 70 if narrow else HEIGHT

    def across(x: float) -> float:
        """Where x (0-100) lies across the panel: narrow, only its side."""
        if narrow:
            x = 0 if x < 45 else 100 if x > 55 else 50
        return box_w / 2 + x / 100 * (ctx.width - box_w)

    def centre(area: str) -> tuple[float, float]:
        """Where an area's box is centred, in the panel."""
        x, y = panel["at"][area]
        return across(x), tallest / 2 + y / 100 * (height - tallest)

    d = Drawing(ctx.width, height)
    water = panel.get("water")
    if water:
        points = " ".join(f"{across(50) if narrow else across(x):.1f},"
                          f"{tallest / 2 + y / 100 * (height - tallest):.1f}" for x, y in water)
        d.add(f'<polyline points="{points}" fill="none" stroke="#9cc3e6" stroke-width="26" '
              'stroke-linecap="round" stroke-linejoin="round"/>')
    links = ctx.view.get("links") or {}
    picks: list[str] = []
    tiles = {t["id"]: t for t in ctx.view["tokens"] if "id" in t}
    for conn, ends in ctx.definition.connections.items():
        if ends[0] not in boxes or ends[1] not in boxes:
            continue
        (x1, y1), (x2, y2) = centre(ends[0]), centre(ends[1])
        held = links.get(conn) or {}
        tile = tiles.get(held.get("tile")) if held.get("tile") else None
        d.add(line(x1, y1, x2, y2, "#8a6d3b" if tile else "#cdbf9f", 4 if tile else 2,
                   "" if tile else "6 5"))
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        pick = ctx.pick(conn)
        if tile is not None:
            label = " · ".join(ctx.label(tile))
            width = 16 + len(label) * 6.4
            d.add(rect(mx - width / 2, my - 11, width, 22, "#fff6d6", "#8a6d3b", 1.5, 5))
            d.add(text(mx, my + 4, label, 11, "middle", "bold"))
            facing = held.get("facing")
            if facing in boxes:
                fx, fy = centre(facing)
                dx, dy = fx - mx, fy - my
                length = max(1.0, (dx * dx + dy * dy) ** 0.5)
                d.add(circle(mx + dx / length * (width / 2 + 8), my + dy / length * 18, 4,
                             "#8a6d3b", "#8a6d3b"))
        if pick:
            picks.append(circle(mx, my + (18 if tile else 0), 10, "#ffffff", "#c0392b", 3.5,
                                action_attr(pick)))
    for area, box in boxes.items():
        cx, cy = centre(area)
        d.place(box, cx - box_w / 2, cy - box.height / 2)
    d.add(*picks)           # on top of everything: a button must be reachable
    return d
