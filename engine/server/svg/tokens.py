"""Tokens as small tags (a label in a rounded box, the owner's colour on the left and the
controller's as the border) or, for a seat's token with a short label (a number, "?"), as a
chip in the seat's colour; laid out left to right, face-down ones counted, never named."""

from __future__ import annotations

from collections import Counter

from ...present.labels import token_label
from .context import Ctx
from .shapes import INK, Drawing, attr, chip, explain, rect, text, wrap

TAG_H = 20
LINE_H = 13
GAP = 4
CHAR_W = 6.4


def tag(ctx: Ctx, token: dict, count: int = 1, width: float = 400,
        tell: bool = False, sale: bool = True) -> Drawing:
    """One token (or `count` alike) as a tag or a chip, at most `width` wide; `tell`
    writes its effect under its label (a card in the seat's own hand), `sale` that of a
    token alone in an area (a card for sale; a map's boxes leave it to the popup)."""
    words = ctx.label(token)
    owner = token.get("owner")
    on = _markers_on(ctx, token)
    label = " · ".join(words) + (_marked(ctx, on) if on else "")
    used = is_used(ctx, token)
    if used:
        label = ctx.gw.w("{token} (used)", token=label)
    if owner is not None and len(label) <= 3 and token.get("controller") is None:
        drawn = _chip(ctx, owner, label, count)
        explain(drawn, ctx.effect_of_token(token) or ctx.what_is(token["kind"]),
                token=token.get("id"))
        return drawn
    if len(words) == 1 and words[0].isdigit() and owner is None:
        label = _named(ctx, token, label)
    if count > 1:
        label = f"{label} ×{count}"
    lines = wrap_parts(label, width - 14) if 14 + len(label) * CHAR_W > width else [label]
    effect = ctx.effect_of_token(token) if tell else \
        for_sale_effect(ctx, token) if sale else None
    said = wrap(effect, width - 14, 11) if effect else []
    w = min(width, 14 + max(len(line) for line in lines) * CHAR_W)
    w = max(w, min(width, 14 + max((len(line) for line in said), default=0) * CHAR_W))
    h = TAG_H + LINE_H * (len(lines) - 1 + len(said))
    fill = "#e9e4d8" if words == ["?"] else "#ece9e2" if used else "#ffffff"
    controller = token.get("controller")
    border = ctx.colour(controller) if controller is not None else "#7a6a50"
    about = ctx.about(token.get("id"))      # the question is about this token
    d = Drawing(w, h)
    if about:
        d.add(rect(-3, -3, w + 6, h + 6, "#fff3c4", "#e0a800", 3, 6, ' class="subject"'))
    d.add(rect(0, 0, w, h, fill, border, 3 if controller is not None else 1.2, 4))
    if owner is not None:
        d.add(rect(0, 0, 6, h, ctx.colour(owner), "none", 0, 2))
    for i, line in enumerate(lines):
        d.add(text(9 if owner is not None else 7, 14 + LINE_H * i, line, 11,
                   fill="#6b6459" if used else INK))
    for i, line in enumerate(said):         # what a card for sale (or in hand) does
        d.add(text(9 if owner is not None else 7, 14 + LINE_H * (len(lines) + i), line, 11,
                   fill="#4a4a4a", extra=' font-style="italic"'))
    explain(d, ctx.explained(token), token=token.get("id"))
    if len(lines) > 1:      # the label as one line, for the popup's heading (app.js)
        d.attrs += f" data-name={attr(label)}"
    return d


def wrap_parts(label: str, width: float) -> list[str]:
    """A label of parts joined by " · " broken into lines of `width` pixels between its
    parts, so that no part is split ("price" and its "0" stay together); a part longer
    than a line is broken between its words."""
    per_line = max(3, int(width / CHAR_W))
    lines: list[str] = []
    for part in label.split(" · "):
        if lines and len(lines[-1]) + 3 + len(part) <= per_line:
            lines[-1] += " · " + part
        elif len(part) <= per_line:
            lines.append(part)
        else:
            lines += wrap(part, width, 11)
    return lines or [""]


def for_sale_effect(ctx: Ctx, token: dict) -> str | None:
    """What a face-up token that belongs to nobody and lies alone in an area (a card for
    sale on the street) does, written under its label; None for any other token."""
    place = token.get("at")
    if token.get("owner") is not None or place not in ctx.definition.areas or \
            "id" not in token:
        return None
    here = [t for t in ctx.tokens_at(place) if "id" in t]
    return ctx.effect_of_token(token) if len(here) == 1 else None


def is_used(ctx: Ctx, token: dict) -> bool:
    """Whether the token's owner has used it this round (the layout's `used` variable)."""
    name, owner = ctx.layout.used, token.get("owner")
    if name is None or not isinstance(owner, int) or "id" not in token:
        return False
    seats = ctx.view.get("player_vars") or []
    used = seats[owner].get(name) if 0 <= owner < len(seats) else None
    return isinstance(used, list) and token["id"] in used


def _chip(ctx: Ctx, owner: int, label: str, count: int) -> Drawing:
    d = Drawing(22 if count == 1 else 46, TAG_H)
    d.add(*chip(10, 10, ctx.colour(owner), label, 9.5))
    if count > 1:
        d.add(text(22, 14, f"×{count}", 11, weight="bold"))
    return d


def _named(ctx: Ctx, token: dict, label: str) -> str:
    """A token shown only by a number, named: by the game's token name when it writes one
    ("current in round 3"), else by its kind before the label ("round tile 3")."""
    if ctx.gw.text("token_names", token["kind"]) is not None:
        return token_label(ctx.gw, token) + label[len(ctx.label(token)[0]):]
    return f"{ctx.gw.piece(token['kind'])} {label}"


def _marked(ctx: Ctx, on: int) -> str:
    """What the markers on a token say after its label: the game's words (its table text
    `marked`, with {n}) when it writes them, else "+n"."""
    said = ctx.gw.text("table", "marked", on)
    return f" · {said.replace('{n}', str(on))}" if said else f" +{on}"


def _markers_on(ctx: Ctx, token: dict) -> int:
    tid = token.get("id")
    if tid is None:
        return 0
    return sum(bank.get("on", {}).get(tid, 0) for bank in (ctx.view.get("bank") or {}).values())


def grouped(tokens: list[dict], ctx: Ctx) -> list[tuple[dict, int]]:
    """Tokens with the same look together (face-down ones of an owner are one group)."""
    keys: Counter = Counter()
    first: dict[tuple, dict] = {}
    for token in tokens:
        key = (token["kind"], token.get("owner"), token.get("controller"),
               tuple(ctx.label(token)), _markers_on(ctx, token), ctx.effect_of_token(token),
               is_used(ctx, token))
        keys[key] += 1
        first.setdefault(key, token)
    return [(first[key], n) for key, n in keys.items()]


def flow(ctx: Ctx, tokens: list[dict], width: float, sale: bool = True) -> Drawing:
    """Tags left to right, wrapping at `width` (`sale`: see tag)."""
    d = Drawing(width, 0)
    x = y = row = 0.0
    for token, n in grouped(tokens, ctx):
        t = tag(ctx, token, n, width, sale=sale)
        if x > 0 and x + t.width > width:
            x, y, row = 0.0, y + row + GAP, 0.0
        d.place(t, x, y)
        x += t.width + GAP
        row = max(row, t.height)
    d.height = y + row
    return d


def piece_chips(ctx: Ctx, kind: str, counts: list[int], width: float) -> Drawing:
    """Counted pieces of each seat as coloured chips with the count, after the kind's name."""
    name = ctx.gw.piece(kind, 2)
    d = Drawing(width, 22)
    d.add(text(0, 15, name, 11, fill="#555555"))
    x, y = min(width * 0.45, 8 + len(name) * 6.2), 11
    if x < 8 + len(name) * 6.2:         # the name would be cut: the chips go under it
        x, y, d.height = 0, 33, 44
    for seat, n in enumerate(counts):
        if n:
            d.add(*chip(x + 10, y, ctx.colour(seat), n, 10))
            x += 24
    if ctx.what_is(kind):
        d.attrs += f" data-piece={attr(kind)}"
    explain(d, ctx.what_is(kind))
    return d
