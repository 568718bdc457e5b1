"""The `area_blocks` picture: a board whose areas sit in blocks, as they lie on the table
(a row of market spaces, a department of offices, columns of windows). The outline lists
the blocks from top to bottom; each picks areas (`area_kind`, `where`), orders them
(`order_by`) and lays them out `columns` to a row, or in one column per value of
`group_by`. A box shows the area's name and its `show` properties, or with `effect_by` its
effect text (the game's `effects` texts, picked by that property, as the reference sheets
show it); `fill_by` colours boxes (`fills`, with a legend); `badge` marks areas used only from
a number of players on.

`AreaBlocks` is also the board under a drawn position (position.py), with `room` pixels
left in every box for the pieces there.
"""

from __future__ import annotations

from typing import Any

from ..texts import Texts
from .area_map import Box
from .svg import BORDER, PAPER, block_label, fitted, label, legend, rect, svg, text_width

GAP = 10


def plain(texts: Texts, value: Any) -> str:
    """A value as a picture shows it: like the text's values, without quotation marks."""
    if isinstance(value, str) and texts.has("choices", value):
        return texts.name("choices", value)
    return texts.value(value)


def capital(text: str) -> str:
    """The text with a capital first letter (a legend entry)."""
    return text[:1].upper() + text[1:]


class AreaBlocks:
    """The layout of an `area_blocks` outline entry."""

    def __init__(self, texts: Texts, spec: dict, room: float = 0, top: float = 8):
        self.t, self.spec, self.room = texts, spec, room
        self.boxes: dict[str, Box] = {}
        self.body: list[str] = []
        self.titles: list[tuple[float, str]] = []
        y = top
        width = 0.0
        for block in spec["blocks"]:
            y, right = self._block(block, y)
            width = max(width, right)
            y += 14
        self.width, self.height = width + 8, y
        for ty, text in self.titles:        # fitted to the board's width (long in Spanish)
            self.body.append(label(8, ty, text, fitted(text, self.width - 16, 14, "bold"),
                                   weight="bold"))

    def select(self, block: dict) -> list[str]:
        g = self.t.g
        keys = [k for k, a in g.areas.items() if a["kind"] == block["area_kind"] and
                all(a.get(p) == v for p, v in block.get("where", {}).items()) and
                not any(a.get(p) == v for p, v in block.get("unless", {}).items())]
        order = block.get("order_by")
        return sorted(keys, key=lambda k: g.areas[k].get(order)) if order else keys

    def lines(self, key: str, block: dict) -> list[str]:
        """What a box says under the area's name: its effect text, or its shown
        properties."""
        area = self.t.g.areas[key]
        if block.get("effect_by") and self.t.effect is not None:
            row = {"area": key, **{k: v for k, v in area.items() if k != "kind"}}
            text = self.t.effect(area["kind"], row, block["effect_by"])
            if text:
                return [text]
        prefixes = block.get("prefixes", {})
        hide = block.get("hide", {})
        shown = [prefixes.get(p, "") + plain(self.t, area.get(p)) for p in block.get("show", [])
                 if area.get(p) is not None and (p not in hide or area.get(p) != hide[p])]
        return [" · ".join(shown)] if shown else []

    def _block(self, block: dict, y: float) -> tuple[float, float]:
        keys = self.select(block)
        if "title" in block:
            self.titles.append((y + 14, self.t.name("picture_labels", block["title"])))
            y += 22
        named = not block.get("nameless")
        box_w = block.get("width", max([110.0] + [min(180, text_width(self.t.area(k), 11,
                                                                       "bold") / 1.6 + 18)
                                                 for k in keys if named]))
        box_h = (34 if named else 8) + self.room + \
            (40 if block.get("effect_by") else 16 * bool(block.get("show")))
        gap_y = GAP + 12 * bool(block.get("badge"))
        if "group_by" in block:
            groups: dict = {}
            for k in keys:
                groups.setdefault(self.t.g.areas[k].get(block["group_by"]), []).append(k)
            columns = [groups[v] for v in sorted(groups)]
            heads = [self.t.w("{property} {value}", value=self.t.value(v),
                              property=self.t.one("properties", block["group_by"]))
                     for v in sorted(groups)]
        else:
            per_row = block.get("columns", len(keys)) or 1
            rows = [keys[i:i + per_row] for i in range(0, len(keys), per_row)]
            columns = [[row[c] for row in rows if c < len(row)] for c in range(per_row)]
            heads = []
        if heads:
            for c, head in enumerate(heads):
                self.body.append(label(8 + c * (box_w + GAP) + box_w / 2, y + 12, head, 12,
                                       "middle", "bold"))
            y += 18
        bottom = y
        for c, column in enumerate(columns):
            for r, key in enumerate(column):
                box = Box(8 + c * (box_w + GAP), y + r * (box_h + gap_y) + gap_y - GAP,
                          box_w, box_h)
                self.boxes[key] = box
                self.body += self._box(key, box, block)
                bottom = max(bottom, box.y + box.h)
        return bottom, 8 + len(columns) * (box_w + GAP)

    def fill(self, key: str, block: dict) -> str:
        prop = block.get("fill_by", self.spec.get("fill_by"))
        value = self.t.g.areas[key].get(prop) if prop else None
        return self.spec.get("fills", {}).get(value, PAPER) if prop else PAPER

    def _box(self, key: str, box: Box, block: dict) -> list[str]:
        body = [rect(box.x, box.y, box.w, box.h, self.fill(key, block), BORDER, 2, 6)]
        if not block.get("nameless"):
            body += block_label(box.x + box.w / 2, box.y + 15, self.t.area(key), box.w - 8,
                                11, weight="bold", max_lines=2)
        for line in self.lines(key, block):
            y = box.y + (38 if not block.get("nameless") else 16)
            if block.get("effect_by"):      # a sentence: up to three lines under the name
                body += block_label(box.x + box.w / 2, y + 12, line, box.w - 10, 9.5,
                                    max_lines=3)
                continue
            body += block_label(box.x + box.w / 2, y, line, box.w - 8, 12, max_lines=1)
        badge = block.get("badge")
        value = self.t.g.areas[key].get(badge) if badge else None
        if isinstance(value, int) and value > self.t.g.min_players:
            text = self.t.w("from {n} players", n=value)
            w = text_width(text, 9) + 8
            body.append(rect(box.x + box.w - w - 4, box.y - 15, w, 14, "#ffffff", "#555555", 1,
                             7))
            body.append(label(box.x + box.w - w / 2 - 4, box.y - 5, text, 9, "middle"))
        return body

    def legend(self, y: float) -> tuple[list[str], float]:
        """The colours of `fills` and what they stand for; the elements and their height."""
        fills = self.spec.get("fills", {})
        used = {self.t.g.areas[k].get(self.spec.get("fill_by")) for k in self.boxes}
        entries = [(colour, capital(plain(self.t, value))) for value, colour in fills.items()
                   if value in used]
        return legend(entries, 8, y, self.width - 16) if entries else ([], 0)


def area_blocks(texts: Texts, spec: dict, title: str) -> str:
    """The SVG of the board: its blocks of areas from top to bottom, then the legend."""
    board = AreaBlocks(texts, spec)
    extra, height = board.legend(board.height)
    return svg(board.width, board.height + height + 4, board.body + extra, title)
