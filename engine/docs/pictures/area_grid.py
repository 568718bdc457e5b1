"""The `area_grid` picture: areas laid out in columns, the areas of one kind grouped by a
property (a market row with its surcharges, offices by section), each box showing chosen
properties."""

from __future__ import annotations

from ..texts import Texts
from .svg import label, svg

BOX_H, GAP = 46, 10


def area_grid(texts: Texts, spec: dict, title: str) -> str:
    """One column per value of `group_by` (ascending), one box per area of `area_kind`, with
    the area's name and the values of the `show` properties; `prefix` goes before them."""
    group_by, show = spec["group_by"], spec.get("show", [])
    columns: dict = {}
    for key, area in texts.g.areas.items():
        if area["kind"] == spec["area_kind"]:
            columns.setdefault(area.get(group_by), []).append(key)
    groups = sorted(columns, key=lambda v: (v is None, v))
    labels = [texts.area(k) for keys in columns.values() for k in keys]
    box_w = max(80, 7 * max((len(t) for t in labels), default=10) + 16)
    tallest = max((len(v) for v in columns.values()), default=1)
    width = GAP + len(groups) * (box_w + GAP)
    height = 30 + tallest * (BOX_H + GAP) + GAP
    body = []
    for i, group in enumerate(groups):
        x = GAP + i * (box_w + GAP)
        heading = texts.w("{property} {value}", property=texts.name("properties", group_by, 1),
                          value=texts.value(group))
        body.append(label(x + box_w / 2, 20, heading, 12, "middle", "bold"))
        for j, key in enumerate(columns[group]):
            y = 30 + j * (BOX_H + GAP)
            area = texts.g.areas[key]
            body.append(f'<rect x="{x}" y="{y}" width="{box_w}" height="{BOX_H}" rx="6" '
                        f'fill="#f4ead5" stroke="#8a6d3b" stroke-width="2"/>')
            body.append(label(x + box_w / 2, y + 18, texts.area(key), 11, "middle", "bold"))
            shown = [spec.get("prefix", "") + texts.value(area.get(p)) for p in show]
            if shown:
                body.append(label(x + box_w / 2, y + 36, " · ".join(shown), 11, "middle"))
    return svg(width, height, body, title)
