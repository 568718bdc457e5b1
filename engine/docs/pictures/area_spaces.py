"""The `area_spaces` picture: every area with a list property drawn as a row of spaces, one
value each (e.g. building spaces with their costs)."""

from __future__ import annotations

from ..texts import Texts
from .svg import label, svg

LABEL_WIDTH = 150
SPACE = 44


def area_spaces(texts: Texts, spec: dict, title: str) -> str:
    """One row per area: its name, then one square per value of the list property."""
    prop = spec["property"]
    areas = [(key, area[prop]) for key, area in texts.g.areas.items()
             if isinstance(area.get(prop), list) and
             ("area_kind" not in spec or area["kind"] == spec["area_kind"])]
    longest = max((len(values) for _, values in areas), default=1)
    width = LABEL_WIDTH + longest * (SPACE + 8) + 10
    height = len(areas) * (SPACE + 12) + 10
    body = []
    for i, (key, values) in enumerate(areas):
        y = 10 + i * (SPACE + 12)
        body.append(label(8, y + SPACE / 2 + 5, texts.area(key), 14, weight="bold"))
        for j, value in enumerate(values):
            x = LABEL_WIDTH + j * (SPACE + 8)
            body.append(f'<rect x="{x}" y="{y}" width="{SPACE}" height="{SPACE}" rx="6" '
                        f'fill="#f4ead5" stroke="#8a6d3b" stroke-width="2"/>')
            body.append(label(x + SPACE / 2, y + SPACE / 2 + 7, texts.value(value), 20,
                              anchor="middle", weight="bold"))
    return svg(width, height, body, title)
