"""The whole board (the layout's panels stacked, each under its title) and a seat's hand
(its own face-down tokens by location), as SVG text."""

from __future__ import annotations

from typing import Any

from ...present.labels import effects_of
from .areas import draw_areas
from .context import Ctx
from .grids import CELL, draw_grids, tile
from .map import draw_map
from .rows import draw_decks, draw_locations
from .shapes import Drawing, action_attr, rect, text, wrap
from .tokens import tag
from .tracks import draw_tracks

PANELS = {"areas": draw_areas, "map": draw_map, "tracks": draw_tracks, "grids": draw_grids,
          "locations": draw_locations, "decks": draw_decks}
TITLE_H = 26
TITLE_LINE = 19
"""The height of each line of a panel's heading after its first."""
TAP = 44
"""The height of a card in the hand (a finger's tap)."""
MARGIN = 12


def panel_title(ctx: Ctx, panel: dict[str, Any]) -> str:
    """A panel's heading: its title text, else a name from the game's data."""
    gw = ctx.gw
    if "title" in panel:
        return gw.label("table", panel["title"])
    areas = panel.get("areas")
    if isinstance(areas, dict):
        return gw.label("area_kinds", areas["kind"])
    if panel["kind"] == "grids":
        return gw.place(panel["grid"])
    if panel["kind"] == "tracks":
        return gw.w("Tracks")
    if panel["kind"] == "decks":
        return gw.w("Decks")
    return ""


def draw_board(ctx: Ctx, title: str) -> str:
    """Every panel of the layout, top to bottom, as one SVG document."""
    board = Drawing(ctx.width + 2 * MARGIN, MARGIN)
    for panel in ctx.layout.panels:
        drawn = PANELS[panel["kind"]](ctx, panel)
        if not drawn.height:
            continue
        heading = panel_title(ctx, panel)
        if heading:             # a long heading wraps (bold type runs about 8% wider)
            for line in wrap(heading, ctx.width / 1.08, 15):
                board.add(text(MARGIN, board.height + 17, line, 15, weight="bold",
                               fill="#5a4320"))
                board.height += TITLE_LINE
            board.height += TITLE_H - TITLE_LINE
        board.place(drawn, MARGIN, board.height)
        board.height += drawn.height + MARGIN
    board.body.insert(0, rect(0, 0, board.width, board.height + MARGIN, "#fffdf8", "none", 0, 0))
    board.height += MARGIN
    return board.svg(title)


def mine(ctx: Ctx) -> list[dict]:
    """The seat's own tokens that others cannot see (its hand and secret choices)."""
    seat = ctx.view.get("seat")
    if seat is None:
        return []
    kinds = ctx.definition.tokens
    out = [t for t in ctx.view["tokens"] if t.get("owner") == seat and "id" in t
           and kinds.get(t["kind"]) is not None and kinds[t["kind"]].secret
           and not t.get("shown")]
    places = ctx.layout.mine
    if places is not None:
        out = [t for t in out if t.get("at") in places]
        out.sort(key=lambda t: places.index(t["at"]))
    return out


def draw_mine(ctx: Ctx) -> str:
    """The seat's hand as SVG: a row per location; a token it may pick now is a button
    (picked by its id, or by its name when the name is what the seat is asked for)."""
    tokens = mine(ctx)
    if not tokens:
        return ""
    grids = {g.token: g for g in ctx.definition.grids.values()}
    by_name = _asks_for_the_hand(ctx, tokens)
    d = Drawing(ctx.width + 2 * MARGIN, MARGIN)
    places: list[str] = []
    for t in tokens:
        if t["at"] not in places:
            places.append(t["at"])
    for place in places:
        d.add(text(MARGIN, d.height + 14, ctx.gw.place(place), 13, weight="bold",
                   fill="#5a4320"))
        here = [t for t in tokens if t["at"] == place]
        effects = {effects_of(ctx.gw).of_token(t) for t in here}
        shared = effects.pop() if len(here) > 1 and len(effects) == 1 else None
        y = d.height + 22
        if shared:          # said once over the cards, not seven times (a phone's screen)
            for line in wrap(shared, ctx.width - 2 * MARGIN, 12):
                d.add(text(MARGIN, y + 6, line, 12, fill="#5a4320"))
                y += 16
            y += 8
        x, tallest = MARGIN, 0.0
        for token in here:
            grid = grids.get(token["kind"])
            drawn = tile(ctx, grid, token, CELL) if grid else \
                tag(ctx, token, width=min(400, ctx.width - 12), tell=not shared)
            if drawn.height < TAP:      # a card big enough to tap on a phone
                card = Drawing(drawn.width + 12, TAP)
                card.add(rect(0, 0, card.width, TAP, "#ffffff", "#cdbf9f", 1, 6))
                card.place(drawn, 6, (TAP - drawn.height) / 2)
                drawn = card
            if x > MARGIN and x + drawn.width > ctx.width:
                x, y, tallest = MARGIN, y + tallest + 6, 0.0
            pick = ctx.pick(token["id"])
            if pick is None and by_name:
                names = ctx.label(token)
                pick = ctx.pick(_value_id(token, ctx)) if names and names != ["?"] else None
            if pick is not None:
                drawn.add(rect(-3, -3, drawn.width + 6, drawn.height + 6, "none", "#c0392b",
                               2.5, 6))
                drawn.attrs += action_attr(pick)
            d.place(drawn, x, y)
            x += drawn.width + 8
            tallest = max(tallest, drawn.height)
        d.height = y + tallest + 10
    d.height += 4
    return d.svg(ctx.gw.w("Your hand"))


def _asks_for_the_hand(ctx: Ctx, tokens: list[dict]) -> bool:
    """Whether the question picks a piece of the hand by its name: every option (but the
    named ones, "done") is the name of a piece in the hand, and the options are neither
    places on the board nor all names of pieces of the same kinds that lie, owned by
    nobody, outside the hand (a row on the board offering cards of those types: the hand
    may hold the same types). Else a piece that shares a name with an option is not what
    is asked, and is not outlined."""
    if ctx.option_kind == "place":
        return False
    names = {_value_id(t, ctx) for t in tokens} - {""}
    asked = [p for p in ctx.picks if p not in ctx.named]
    if not asked or not all(p in names for p in asked):
        return False
    mine_ids, kinds = {t.get("id") for t in tokens}, {t["kind"] for t in tokens}
    elsewhere = {_value_id(t, ctx) for t in ctx.view.get("tokens", [])
                 if "id" in t and t.get("id") not in mine_ids and t["kind"] in kinds
                 and t.get("owner") is None} - {""}
    return not all(p in elsewhere for p in asked)


def _value_id(token: dict, ctx: Ctx) -> str:
    kind = ctx.definition.tokens[token["kind"]]
    props = ctx.layout.labels.get(token["kind"]) or list(kind.props)
    value = token.get(props[0]) if props else None
    return value if isinstance(value, str) else ""
