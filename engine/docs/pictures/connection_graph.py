"""The `connection_graph` picture: areas as labelled circles (optionally in columns by a
property, such as a side of a river), connections as lines between them."""

from __future__ import annotations

import math

from ..texts import Texts
from .svg import label, svg

FILLS = ["#f4ead5", "#dbe8f4", "#e3f1dc", "#f4dcdc", "#ece0f4"]


def _layout(texts: Texts, spec: dict) -> dict[str, tuple[float, float]]:
    g = texts.g
    keys = [k for k, a in g.areas.items()
            if "area_kind" not in spec or a["kind"] == spec["area_kind"]]
    prop = spec.get("group_by")
    if not prop:
        n = max(len(keys), 1)
        return {k: (260 + 180 * math.cos(2 * math.pi * i / n),
                    220 + 170 * math.sin(2 * math.pi * i / n)) for i, k in enumerate(keys)}
    groups: dict[str, list[str]] = {}
    for k in keys:
        groups.setdefault(str(g.areas[k].get(prop)), []).append(k)
    out = {}
    for col, members in enumerate(groups.values()):
        for row, k in enumerate(members):
            out[k] = (110 + col * 300 + (60 if row % 2 else 0), 70 + row * 140)
    return out


def connection_graph(texts: Texts, spec: dict, title: str) -> str:
    """The SVG: one line per connection, one circle per area, names inside."""
    g = texts.g
    where = _layout(texts, spec)
    prop = spec.get("group_by")
    values = sorted({str(g.areas[k].get(prop)) for k in where}) if prop else []
    body = []
    for a, b in g.connections.values():
        if a in where and b in where:
            (x1, y1), (x2, y2) = where[a], where[b]
            body.append(f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" '
                        'stroke="#8a6d3b" stroke-width="4"/>')
    for key, (x, y) in where.items():
        fill = FILLS[values.index(str(g.areas[key].get(prop))) % len(FILLS)] if prop else FILLS[0]
        body.append(f'<circle cx="{x:g}" cy="{y:g}" r="52" fill="{fill}" stroke="#444" '
                    'stroke-width="2"/>')
        body.append(label(x, y + 5, texts.area(key), 13, "middle", "bold"))
    width = int(max((x for x, _ in where.values()), default=0) + 80)
    height = int(max((y for _, y in where.values()), default=0) + 80)
    return svg(width, height, body, title)
