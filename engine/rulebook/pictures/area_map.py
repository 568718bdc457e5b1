"""The `area_map` picture: the board as a map. Each area is a labelled region at the place
the outline gives it (`at`: area -> [column, row], fractions allowed), optionally with its
list property drawn as numbered spaces (`spaces`, e.g. building costs), its fill chosen by
a property (`fill_by`, e.g. the side of a river, with `fills` and a legend), a divider drawn
between regions (`divider`: points and a label, e.g. a canal) and the game's connections as
lines, each with the room where a connecting piece goes (`connection_at`: how far along;
`connection_via`: cells a line passes through to go round other areas). Labels come from
the game's text file (`picture_labels`).

`AreaMap` is also the board under a drawn position (position.py): it tells where each area,
space and connection is, and leaves `room` in every area for the pieces there.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..texts import Texts
from .svg import BORDER, PAPER, block_label, label, legend, rect, svg, text_width

SPACE = 28
WATER = "#9cc9ea"
FILLS = ["#f4ead5", "#dbe8f4", "#e3f1dc", "#f4dcdc", "#ece0f4"]


@dataclass
class Box:
    """Where an area is drawn: its top-left corner and size."""

    x: float
    y: float
    w: float
    h: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.w / 2, self.y + self.h / 2


class AreaMap:
    """The layout of an `area_map` outline entry, with `room` pixels left in each area."""

    def __init__(self, texts: Texts, spec: dict, room: float = 0, top: float = 16):
        self.t, self.spec, self.room = texts, spec, room
        g = texts.g
        self.keys = [k for k in spec["at"] if k in g.areas]
        self.prop = spec.get("spaces")
        kinds = [g.areas[k]["kind"] for k in self.keys]
        self.main_kind = max(set(kinds), key=kinds.count) if kinds else None
        most = max((len(self.values(k)) for k in self.keys), default=0)
        names = max((text_width(texts.area(k), 14, "bold") for k in self.keys), default=80)
        self.box_w = max(150, names + 20, most * (SPACE + 5) + 16, spec.get("min_width", 0))
        self.box_h = 30 + (SPACE + 12 if most else 0) + room
        self.gap_x, self.gap_y = spec.get("gap", [70, 60])
        self.top = top + 8
        self.boxes = {}
        for k in self.keys:
            col, row = spec["at"][k]
            self.boxes[k] = Box(16 + col * (self.box_w + self.gap_x),
                                self.top + row * (self.box_h + self.gap_y), self.box_w,
                                self.box_h)
        self.width = max((b.x + b.w for b in self.boxes.values()), default=100) + 16
        self.height = max((b.y + b.h for b in self.boxes.values()), default=100) + 12
        div = spec.get("divider", {})
        for x, y in (self.point(p) for p in div.get("points", []) + [div.get("label_at")] if p):
            self.width, self.height = max(self.width, x + 16), max(self.height, y + 14)

    def values(self, key: str) -> list:
        value = self.t.g.areas[key].get(self.prop) if self.prop else None
        return value if isinstance(value, list) else []

    def space(self, key: str, i: int) -> tuple[float, float]:
        """The top-left corner of the i-th space of an area."""
        box = self.boxes[key]
        n = len(self.values(key))
        left = box.x + (box.w - n * (SPACE + 5) + 5) / 2
        return left + i * (SPACE + 5), box.y + 30

    def content_top(self, key: str) -> float:
        """Where the room for pieces starts inside an area."""
        return self.boxes[key].y + self.box_h - self.room

    def point(self, xy: list[float]) -> tuple[float, float]:
        """A point given in map cells (as `at`), in pixels: the cell's centre for whole numbers."""
        return (16 + xy[0] * (self.box_w + self.gap_x) + self.box_w / 2,
                self.top + xy[1] * (self.box_h + self.gap_y) + self.box_h / 2)

    def connection_line(self, cid: str) -> list[tuple[float, float]] | None:
        """The points of a connection's line: from one area's centre through the cells its
        `connection_via` names (to go round other areas) to the other's; None if not drawn."""
        a, b = self.t.g.connections[cid]
        if a not in self.boxes or b not in self.boxes:
            return None
        via = [self.point(p) for p in self.spec.get("connection_via", {}).get(cid, [])]
        return [self.boxes[a].centre, *via, self.boxes[b].centre]

    def connection_at(self, cid: str) -> tuple[float, float] | None:
        """Where a connection's piece goes (the fraction `connection_at` of the way along its
        line, else half way), or None if the connection is not drawn."""
        line = self.connection_line(cid)
        if line is None:
            return None
        t = self.spec.get("connection_at", {}).get(cid, 0.5)
        legs = [math.dist(p, q) for p, q in zip(line, line[1:], strict=False)]
        left = t * sum(legs)
        for (x1, y1), (x2, y2), length in zip(line, line[1:], legs, strict=False):
            if left <= length or length == legs[-1]:
                f = left / length if length else 0
                return x1 + (x2 - x1) * f, y1 + (y2 - y1) * f
            left -= length
        return line[-1]

    def fill(self, key: str) -> str:
        prop = self.spec.get("fill_by")
        if not prop:
            return PAPER
        value = self.t.g.areas[key].get(prop)
        fills = self.spec.get("fills", {})
        if value in fills:
            return fills[value]
        values = sorted({str(self.t.g.areas[k].get(prop)) for k in self.keys})
        return FILLS[values.index(str(value)) % len(FILLS)]

    # -- drawing -------------------------------------------------------------------------
    def divider(self) -> list[str]:
        div = self.spec.get("divider")
        if not div:
            return []
        pts = [self.point(p) for p in div["points"]]
        d = f"M {pts[0][0]:g} {pts[0][1]:g} " + " ".join(
            f"Q {x1:g} {y1:g} {(x1 + x2) / 2:g} {(y1 + y2) / 2:g}"
            for (x1, y1), (x2, y2) in zip(pts[1:-1], pts[2:], strict=False))
        d += f" L {pts[-1][0]:g} {pts[-1][1]:g}"
        return [f'<path d="{d}" fill="none" stroke="{WATER}" stroke-width="26" '
                'stroke-linecap="round" stroke-linejoin="round"/>']

    def divider_label(self) -> list[str]:
        div = self.spec.get("divider")
        if not div or "label" not in div:
            return []
        x, y = self.point(div.get("label_at", div["points"][len(div["points"]) // 2]))
        text = self.t.name("picture_labels", div["label"])
        w = text_width(text, 12, "bold") + 12
        return [rect(x - w / 2, y - 11, w, 20, "#ffffff", WATER, 1.5, 9),
                label(x, y + 4, text, 12, "middle", "bold", "#1f5f8b", italic=True)]

    def connections(self) -> list[str]:
        if not self.spec.get("connections"):
            return []
        lines, rooms = [], []
        for cid in self.t.g.connections:
            mid = self.connection_at(cid)
            if mid is None:
                continue
            points = " ".join(f"{x:g},{y:g}" for x, y in self.connection_line(cid))
            lines.append(f'<polyline points="{points}" fill="none" stroke="{BORDER}" '
                         f'stroke-width="3" stroke-dasharray="7 4"/>')
            rooms.append(rect(mid[0] - 17, mid[1] - 10, 34, 20, "#ffffff", BORDER, 2, 4))
        return lines + rooms

    def area(self, key: str) -> list[str]:
        box, g = self.boxes[key], self.t.g
        body = [rect(box.x, box.y, box.w, box.h, self.fill(key), "#555555", 2, 10)]
        kind = g.areas[key]["kind"]
        name = self.t.area(key)
        body += block_label(box.x + box.w / 2, box.y + 16, name, box.w - 12, 14,
                            weight="bold", max_lines=1)
        if kind != self.main_kind and self.t.has("area_kinds", kind) and \
                self.spec.get("kinds", True):
            body.append(label(box.x + box.w - 8, box.y + box.h - 8,
                              self.t.one("area_kinds", kind), 10, "end", italic=True))
        for i, value in enumerate(self.values(key)):
            x, y = self.space(key, i)
            body.append(rect(x, y, SPACE, SPACE, "#ffffff", BORDER, 2, 4))
            body.append(label(x + SPACE / 2, y + SPACE / 2 + 6, self.t.value(value), 16,
                              "middle", "bold", "#8a6d3b"))
        return body

    def board(self) -> list[str]:
        """The map without pieces: backdrop, divider, connections, areas, divider label."""
        body = []
        if "backdrop" in self.spec:
            body.append(rect(2, 2, self.width - 4, self.height - 2,
                             self.spec["backdrop"], "none", 0, 14))
        body += self.divider() + self.connections()
        for key in self.keys:
            body += self.area(key)
        return body + self.divider_label()

    def legend(self, y: float) -> tuple[list[str], float]:
        """The legend under the map: fills, divider and connection room; its height."""
        entries = []
        prop = self.spec.get("fill_by")
        if prop:
            labels = self.spec.get("fill_labels", {})
            for value in dict.fromkeys(self.t.g.areas[k].get(prop) for k in self.keys):
                text = self.t.name("picture_labels", labels[value]) if value in labels else \
                    self.t.w("{property}: {value}", property=self.t.one("properties", prop),
                             value=self.t.value(value))
                entries.append((self.fill(self.keys[[self.t.g.areas[k].get(prop)
                                                     for k in self.keys].index(value)]), text))
        if self.spec.get("connections") and "connection_label" in self.spec:
            entries.append(("#ffffff", self.t.name("picture_labels",
                                                   self.spec["connection_label"])))
        if not entries:
            return [], 0
        return legend(entries, 16, y, self.width - 32)


def area_map(texts: Texts, spec: dict, title: str) -> str:
    """The SVG of the map: areas at their places, spaces, connections, divider, legend."""
    board = AreaMap(texts, spec)
    body = board.board()
    extra, height = board.legend(board.height + 4)
    return svg(board.width, board.height + height + 8, body + extra, title)
