"""Tokens at locations off the board (card rows, stacks, each seat's buildings) and decks
as rows of cards, face up or face down; the deck in use is marked."""

from __future__ import annotations

from typing import Any

from .context import Ctx
from .shapes import Drawing, attr, explain, rect, text, wrap
from .tokens import flow

LABEL_W = 150
CARD_W, CARD_H = 84, 44


def draw_locations(ctx: Ctx, panel: dict[str, Any]) -> Drawing:
    """One row per location (per owner too, with by_owner) that holds tokens."""
    d = Drawing(ctx.width, 0)
    y = 0.0
    grids = set(ctx.definition.grids)
    for place in panel["locations"]:
        tokens = [t for t in ctx.tokens_at(place, panel.get("tokens"))
                  if not (place in grids and "cell" in t)]
        if not tokens:
            continue
        owners = sorted({t.get("owner") for t in tokens}, key=lambda o: -1 if o is None else o) \
            if panel.get("by_owner") else [None]
        for owner in owners:
            mine = [t for t in tokens if not panel.get("by_owner") or t.get("owner") == owner]
            label = ctx.gw.place(place)
            if panel.get("by_owner") and owner is not None:
                label = ctx.gw.w("{owner}: {place}", owner=ctx.gw.seat(owner), place=label)
                d.add(rect(0, y + 5, 10, 10, ctx.colour(owner), "#333333", 1, 2))
            left = LABEL_W if ctx.width >= 600 else 0     # narrow: the name above its row
            lines = wrap(label, (left or ctx.width) - 16, 12)[:2]
            for i, part in enumerate(lines):
                d.add(text(14 if owner is not None and panel.get("by_owner") else 0,
                           y + 15 + 14 * i, part, 12, weight="bold"))
            if not left:
                y += 14 * len(lines) + 6
            tags = flow(ctx, mine, ctx.width - left)
            d.place(tags, left, y + 2)
            y += (tags.height if not left else max(tags.height, 14 * len(lines))) + 10
    d.height = y
    return d


def draw_decks(ctx: Ctx, panel: dict[str, Any]) -> Drawing:
    """One row of cards per deck; the deck named by the `current` variable is framed."""
    d = Drawing(ctx.width, 0)
    y = 0.0
    current = ctx.view["vars"].get(panel.get("current", ""), None)
    for name in panel["decks"]:
        cards = (ctx.view.get("decks") or {}).get(name)
        if cards is None:
            continue
        left = LABEL_W if ctx.width >= 600 else 0     # narrow: the name above its cards
        per_row = max(1, int((ctx.width - left) // (CARD_W + 6)))
        rows = max(1, (len(cards) - 1) // per_row + 1)
        heading = wrap(ctx.gw.deck(name), (left or ctx.width) - 12, 13)[:3]
        above = 0 if left else 15 * len(heading) + 8
        height = rows * (CARD_H + 6) + above
        if name == current:
            d.add(rect(-4, y - 4, ctx.width + 8, height + 8, "#fff3c4", "#c0392b", 2, 8))
        for j, part in enumerate(heading):
            d.add(text(0, y + 18 + 15 * j, part, 13, weight="bold"))
        top0 = y + above
        for i, card in enumerate(cards):
            row, col = divmod(i, per_row)
            x, top = left + col * (CARD_W + 6), top0 + row * (CARD_H + 6)
            d.place(_deck_card(ctx, name, card), x, top)
        y += height + 12
    d.height = y
    return d


def _deck_card(ctx: Ctx, deck: str, card: Any) -> Drawing:
    """One card of a deck's row, face up by its words or face down as "?", with what the
    deck's cards are (the game's table text `about_<deck>`) on hover and tap."""
    d = Drawing(CARD_W, CARD_H)
    if card is None:
        d.add(rect(0, 0, CARD_W, CARD_H, "#5b7db1", "#2d4a78", 1.5, 5))
        d.add(text(CARD_W / 2, CARD_H / 2 + 6, "?", 16, "middle", "bold", "#ffffff"))
    else:
        d.add(rect(0, 0, CARD_W, CARD_H, "#ffffff", "#444444", 1.5, 5))
        lines = wrap(ctx.value(card), CARD_W - 8, 11)[:2]
        for j, part in enumerate(lines):
            d.add(text(CARD_W / 2, CARD_H / 2 + 4 - 7 * (len(lines) - 1) + 14 * j, part, 11,
                       "middle"))
    if ctx.what_is(deck):
        d.attrs += f" data-deck={attr(deck)}"
    explain(d, ctx.what_is(deck))
    return d
