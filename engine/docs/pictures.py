"""Pictures for the rulebook, drawn as plain SVG from the game's data.

Two generic kinds, chosen in the outline (rulebook.yaml, pictures):
- area_spaces: every area with a list property drawn as a row of spaces, one value each
  (e.g. building spaces with their costs);
- deck_rows: decks drawn as rows of cards, face up (names shown) or face down.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from .picture_graph import connection_graph
from .pictures_grid import area_grid
from .texts import Texts

FONT = 'font-family="sans-serif"'
LABEL_WIDTH = 150
SPACE = 44
CARD_W, CARD_H = 92, 56


def _svg(width: int, height: int, body: list[str], title: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img">\n'
            f"<title>{escape(title)}</title>\n" + "\n".join(body) + "\n</svg>\n")


def _text(x: float, y: float, text: str, size: int = 13, anchor: str = "start",
          weight: str = "normal") -> str:
    return (f'<text x="{x:g}" y="{y:g}" {FONT} font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="#222">{escape(text)}</text>')


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
        body.append(_text(8, y + SPACE / 2 + 5, texts.area(key), 14, weight="bold"))
        for j, value in enumerate(values):
            x = LABEL_WIDTH + j * (SPACE + 8)
            body.append(f'<rect x="{x}" y="{y}" width="{SPACE}" height="{SPACE}" rx="6" '
                        f'fill="#f4ead5" stroke="#8a6d3b" stroke-width="2"/>')
            body.append(_text(x + SPACE / 2, y + SPACE / 2 + 7, texts.value(value), 20,
                              anchor="middle", weight="bold"))
    return _svg(width, height, body, title)


def deck_rows(texts: Texts, spec: dict, title: str) -> str:
    """One row per deck: face-up cards show what they name, face-down cards their back."""
    rows = spec["rows"]
    longest = max(len(texts.g.decks[r["deck"]].cards) for r in rows)
    width = 10 + longest * (CARD_W + 8)
    height = len(rows) * (CARD_H + 34) + 4
    body = []
    for i, row in enumerate(rows):
        deck = texts.g.decks[row["deck"]]
        y = 4 + i * (CARD_H + 34)
        body.append(_text(8, y + 14, texts.name("decks", row["deck"]), 14, weight="bold"))
        for j, card in enumerate(deck.cards):
            x = 8 + j * (CARD_W + 8)
            top = y + 24
            if row.get("face", "up") == "up":
                body.append(f'<rect x="{x}" y="{top}" width="{CARD_W}" height="{CARD_H}" '
                            f'rx="6" fill="#ffffff" stroke="#444" stroke-width="1.5"/>')
                body.append(_text(x + CARD_W / 2, top + CARD_H / 2 + 4, texts.value(card), 11,
                                  anchor="middle"))
            else:
                body.append(f'<rect x="{x}" y="{top}" width="{CARD_W}" height="{CARD_H}" '
                            f'rx="6" fill="#5b7db1" stroke="#2d4a78" stroke-width="1.5"/>')
                body.append(_text(x + CARD_W / 2, top + CARD_H / 2 + 7, "?", 20,
                                  anchor="middle", weight="bold"))
    return _svg(width, height, body, title)


KINDS = {"area_spaces": area_spaces, "deck_rows": deck_rows, "area_grid": area_grid,
         "connection_graph": connection_graph}


def _grid_kinds() -> None:
    from .grid_pictures import grid_layout, grid_tiles  # grid_pictures imports this module
    KINDS.update({"grid_tiles": grid_tiles, "grid_layout": grid_layout})


def draw(texts: Texts, spec: dict, title: str) -> str:
    """The SVG text of one picture of the outline."""
    if "grid_tiles" not in KINDS:
        _grid_kinds()
    return KINDS[spec["kind"]](texts, spec, title)
