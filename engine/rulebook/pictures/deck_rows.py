"""The `deck_rows` picture: decks drawn as rows of cards as a new game lays them out (a
real new_state() of the game, `seed` from the outline): a face-up deck in its shuffled
order, numbered from the left, a face-down one as card backs."""

from __future__ import annotations

from typing import Any

from ..texts import Texts
from .area_blocks import plain
from .svg import block_label, label, rect, svg

CARD_W, CARD_H = 92, 56


def deck_rows(texts: Texts, spec: dict, title: str, game: Any = None) -> str:
    """One row per deck: face-up cards show what they name, face-down cards their back."""
    rows = spec["rows"]
    dealt: dict = {}
    if game is not None:
        dealt = game.new_state(seed=spec.get("seed", 1)).observe(None)["decks"]
    longest = max(len(texts.g.decks[r["deck"]].cards) for r in rows)
    width = 10 + longest * (CARD_W + 8)
    height = len(rows) * (CARD_H + 34) + 4
    body = []
    for i, row in enumerate(rows):
        cards = dealt.get(row["deck"], texts.g.decks[row["deck"]].cards)
        y = 4 + i * (CARD_H + 34)
        heading = texts.name("decks", row["deck"])
        body.append(label(8, y + 14, heading[:1].upper() + heading[1:], 14, weight="bold"))
        for j, card in enumerate(cards):
            x = 8 + j * (CARD_W + 8)
            top = y + 24
            if card is not None and row.get("face", "up") == "up":
                body.append(rect(x, top, CARD_W, CARD_H, "#ffffff", "#444444", 1.5))
                body += block_label(x + CARD_W / 2, top + CARD_H / 2 + 2, plain(texts, card),
                                    CARD_W - 10, 12, max_lines=2)
                body.append(label(x + 6, top + 12, str(j + 1), 9, fill="#777777"))
            else:
                body.append(rect(x, top, CARD_W, CARD_H, "#5b7db1", "#2d4a78", 1.5))
                body.append(label(x + CARD_W / 2, top + CARD_H / 2 + 7, "?", 20, "middle",
                                  "bold", "#ffffff"))
    return svg(width, height, body, title)
