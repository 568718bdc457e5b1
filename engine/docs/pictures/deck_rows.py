"""The `deck_rows` picture: decks drawn as rows of cards, face up (names shown) or face
down."""

from __future__ import annotations

from ..texts import Texts
from .svg import label, svg

CARD_W, CARD_H = 92, 56


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
        body.append(label(8, y + 14, texts.name("decks", row["deck"]), 14, weight="bold"))
        for j, card in enumerate(deck.cards):
            x = 8 + j * (CARD_W + 8)
            top = y + 24
            if row.get("face", "up") == "up":
                body.append(f'<rect x="{x}" y="{top}" width="{CARD_W}" height="{CARD_H}" '
                            f'rx="6" fill="#ffffff" stroke="#444" stroke-width="1.5"/>')
                body.append(label(x + CARD_W / 2, top + CARD_H / 2 + 4, texts.value(card), 11,
                                  anchor="middle"))
            else:
                body.append(f'<rect x="{x}" y="{top}" width="{CARD_W}" height="{CARD_H}" '
                            f'rx="6" fill="#5b7db1" stroke="#2d4a78" stroke-width="1.5"/>')
                body.append(label(x + CARD_W / 2, top + CARD_H / 2 + 7, "?", 20,
                                  anchor="middle", weight="bold"))
    return svg(width, height, body, title)
