"""The parts of a drawn position below its board (position.py): the decks as rows of cards,
each player's grid, the pieces beside the board (stacks, piles, supplies shared by all) and
one panel per player. Every part reads only the public view (`observe(None)`) and returns
its SVG elements and the height it took."""

from __future__ import annotations

from typing import Any

from ...interpreter.grid import rotated
from ..texts import Texts
from .area_blocks import plain
from .svg import INK, MARK, block_label, label, rect, seat_colour, text_width
from .tile_grids import tile

CARD_W, CARD_H = 84, 50


def token_label(texts: Texts, spec: dict, token: dict) -> str:
    """What a token shows: the values of the properties `labels` names for its kind, or
    the text `labels` names ({"text": key of picture_labels}) filled with its properties;
    `labels` may name a kind at one place ("kind@place") apart."""
    labels = spec.get("labels", {})
    props = labels.get(f'{token["kind"]}@{token.get("at")}', labels.get(token["kind"], []))
    if isinstance(props, dict):
        values = {k: plain(texts, v) for k, v in token.items() if not isinstance(v, dict)}
        return texts.name("picture_labels", props["text"], **values)
    props = [props] if isinstance(props, str) else props
    return " · ".join(plain(texts, token[p]) for p in props if token.get(p) is not None)


def decks(texts: Texts, view: dict, spec: dict, y: float, width: float) -> tuple[list, float]:
    """One row per deck: face-up cards show what they name, face-down ones their back."""
    body: list[str] = []
    top = y
    for name, cards in view.get("decks", {}).items():
        if name in spec.get("hide", []) or not cards:
            continue
        heading = texts.name("decks", name)
        body.append(label(8, y + 14, heading[:1].upper() + heading[1:], 13, weight="bold"))
        per_row = max(1, int((width - 16) // (CARD_W + 6)))
        for i, card in enumerate(cards):
            x = 8 + (i % per_row) * (CARD_W + 6)
            cy = y + 22 + (i // per_row) * (CARD_H + 6)
            if card is None:
                body.append(rect(x, cy, CARD_W, CARD_H, "#5b7db1", "#2d4a78", 1.5, 5))
                body.append(label(x + CARD_W / 2, cy + CARD_H / 2 + 7, "?", 20, "middle",
                                  "bold", "#ffffff"))
            else:
                body.append(rect(x, cy, CARD_W, CARD_H, "#ffffff", "#444444", 1.5, 5))
                body += block_label(x + CARD_W / 2, cy + CARD_H / 2 + 4, plain(texts, card),
                                    CARD_W - 8, 11, smallest=11)
                body.append(label(x + 5, cy + 12, str(i + 1), 11, fill="#777777"))
        rows = (len(cards) + per_row - 1) // per_row
        y += 22 + rows * (CARD_H + 6) + 8
    return body, y - top


def grids(texts: Texts, view: dict, spec: dict, y: float, width: float,
          cells: frozenset[tuple[int, int, int]] = frozenset(),
          cast: dict[str, str] | None = None) -> tuple[list, float]:
    """Each player's grid: the top tile of every cell, turned as it lies; the `cells`
    (seat, x, y) drawn with a ring, empty or not; each grid titled with its player (the
    cast's name for the seat, if given)."""
    body: list[str] = []
    top = y
    for name, grid in texts.g.grids.items():
        placed = [t for t in view["tokens"] if t.get("at") == name and "cell" in t]
        if not placed:
            continue
        owners = sorted({t.get("owner") for t in placed}, key=lambda o: (o is None, o))
        size = spec.get("grid_cell", 56)
        x = 8.0
        row_h = 0.0
        for owner in owners:
            mine = [t for t in placed if t.get("owner") == owner]
            top_tiles: dict[tuple, dict] = {}
            for t in sorted(mine, key=lambda t: t.get("level", 0)):
                top_tiles[tuple(t["cell"])] = t
            ringed = [(cx, cy) for seat, cx, cy in cells if seat == owner]
            xs = [c[0] for c in top_tiles] + [c[0] for c in ringed]
            ys = [c[1] for c in top_tiles] + [c[1] for c in ringed]
            cols, rows = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
            title = ""
            if owner is not None:
                title = texts.name("seats", texts.g.seats[owner])
                named = (cast or {}).get(texts.g.seats[owner])
                if named:           # "Anna (red)": the colour as a word, as a sentence has it
                    title = texts.w("{name} ({seat})", name=named,
                                    seat=texts.colour(texts.g.seats[owner]))
            w = max(cols * size, text_width(title, 12, "bold")) + 16
            if x + w > width and x > 8:
                x, y = 8, y + row_h + 10
                row_h = 0
            if owner is not None:
                body.append(rect(x, y, 12, 12, seat_colour(texts.g.seats, owner), INK, 1, 2))
                body.append(label(x + 16, y + 11, title, 12, weight="bold"))
            for (cx, cy), t in top_tiles.items():
                turned = dict(t)
                for prop in [grid.parts, *grid.part_props]:
                    if prop and isinstance(t.get(prop), list):
                        turned[prop] = rotated(list(t[prop]), t.get("rot", 0))
                body += tile(x + (cx - min(xs)) * size, y + 18 + (cy - min(ys)) * size,
                             turned, grid, spec, texts, size)
            for cx, cy in ringed:
                body.append(rect(x + (cx - min(xs)) * size - 3, y + 15 + (cy - min(ys)) * size,
                                 size + 6, size + 6, "none", MARK, 3.5, 6,
                                 ' stroke-dasharray="8 4"'))
            x += w + 14
            row_h = max(row_h, 18 + rows * size)
        y += row_h + 10
    return body, y - top


def beside(texts: Texts, view: dict, spec: dict, places: set[str], y: float,
           width: float) -> tuple[list, float]:
    """Tokens that lie nobody's and on no drawn place, grouped by kind and place: a box for
    each group with the number, what they are and where, and what the face-up ones show
    (with `beside_each`, one small piece per token, labelled); then the bank."""
    groups: dict[tuple, dict[str, int]] = {}
    for t in view["tokens"]:
        if t.get("owner") is not None or t["kind"] in spec.get("hide", []) or \
                t.get("at") in places or "cell" in t:
            continue
        shown = groups.setdefault((t["kind"], t.get("at")), {})
        text = token_label(texts, spec, t)
        shown[text] = shown.get(text, 0) + 1
    boxes = []
    for (kind, at), shown in groups.items():
        n = sum(shown.values())
        what = texts.w("{things} {place}", things=texts.counted(kind, n),
                       place=texts.place(at, "in"))
        labels = [f"{text} ×{k}" if k > 1 and len(shown) > 1 else text
                  for text, k in shown.items() if text]
        boxes.append((what, ", ".join(labels)))
    for name, money in view.get("bank", {}).items():
        if money.get("bank") is not None:
            boxes.append((texts.w("{n} {things} in the bank", n=money["bank"],
                                  things=texts.name("resources", name, money["bank"])), ""))
    if not boxes:
        return [], 0
    title = texts.name("picture_labels", spec["beside_label"]) if spec.get("beside_label") \
        else texts.w("Beside the board")
    body = [label(8, y + 14, title, 13, weight="bold")]
    x, cy = 8.0, y + 22
    if spec.get("beside_each"):
        return _pieces_beside(body, groups, texts, cy, width, y)
    for what, text in boxes:
        w = min(width - 16, max(text_width(what, 11), text_width(text, 11, "bold")) + 18)
        if x + w > width - 8 and x > 8:
            x, cy = 8, cy + 48
        body.append(rect(x, cy, w, 40, "#fbf7ee", "#8a6d3b", 1.5, 5))
        body += block_label(x + w / 2, cy + (13 if text else 20), what, w - 10, 11, max_lines=1)
        if text:
            body += block_label(x + w / 2, cy + 29, text, w - 10, 11, weight="bold",
                                max_lines=1)
        x += w + 8
    return body, cy + 48 - y


def _pieces_beside(body: list, groups: dict, texts: Texts, cy: float, width: float,
                   top: float) -> tuple[list, float]:
    """Each group beside the board as a row of pieces, one per token, each with its label
    (a strip of figures on their spaces, not a list of names)."""
    for shown in groups.values():
        x = 8.0
        for text, n in shown.items():
            for _ in range(n):
                w = max(text_width(text, 10, "bold") + 14, 30)
                if x + w > width - 8 and x > 8:
                    x, cy = 8.0, cy + 30
                body.append(rect(x, cy, w, 24, "#fbf7ee", "#8a6d3b", 1.5, 11))
                body.append(label(x + w / 2, cy + 16, text, 10, "middle", "bold"))
                x += w + 6
        cy += 30
    return body, cy + 4 - top


def _player_lines(texts: Texts, view: dict, spec: dict, seat: int,
                  places: set[str]) -> list[str]:
    lines = []
    for kind, where in view.get("pieces", {}).items():
        for at, counts in where.items():
            if at not in places and counts[seat]:
                lines.append(texts.w("{things} {place}", things=texts.counted(kind, counts[seat]),
                                     place=texts.place(at, "in")))
    owned: dict[tuple, int] = {}
    for t in view["tokens"]:
        if t.get("owner") == seat and t["kind"] not in spec.get("hide", []) and \
                t.get("at") not in places and "cell" not in t:
            owned[(t["kind"], t.get("at"))] = owned.get((t["kind"], t.get("at")), 0) + 1
    for (kind, at), n in owned.items():
        lines.append(texts.w("{things} {place}", things=texts.counted(kind, n),
                             place=texts.place(at, "in")))
    for name, track in view.get("tracks", {}).items():
        text = texts.w("{track}: {value}", track=texts.name("tracks", name),
                       value=track["pos"][seat])
        lines.append(text[:1].upper() + text[1:])
    for name, money in view.get("bank", {}).items():
        held = money["held"][seat]
        lines.append(texts.w("{n} {things}", n=held,
                             things=texts.name("resources", name, held)))
    for name in spec.get("player_vars", []):
        value: Any = view["player_vars"][seat].get(name)
        lines.append(texts.w("{track}: {value}", track=texts.name("player_variables", name),
                             value=plain(texts, value)))
    return lines


def players(texts: Texts, view: dict, spec: dict, places: set[str], y: float,
            width: float, cast: dict[str, str] | None = None) -> tuple[list, float]:
    """One panel per player: their colour and name (the name an example's cast gives the
    seat, with its colour), and what they hold and where."""
    n = view["players"]
    per_row = 2 if n > 1 and width < 900 else max(1, n)
    w = (width - 16 - (per_row - 1) * 10) / per_row
    body: list[str] = []
    bottom = y
    rows = [_player_lines(texts, view, spec, p, places) for p in range(n)]
    line_h = 15
    h = 30 + max((len(r) for r in rows), default=0) * line_h
    for p, lines in enumerate(rows):
        x = 8 + (p % per_row) * (w + 10)
        py = y + (p // per_row) * (h + 10)
        colour = seat_colour(texts.g.seats, p)
        body.append(rect(x, py, w, h, "#ffffff", "#555555", 1.5, 6))
        body.append(rect(x, py, w, 22, colour, "#555555", 1.5, 6))
        ink = "#ffffff" if colour not in ("#e9c31c", "#f7f7f7") else INK
        seat = texts.name("seats", texts.g.seats[p])
        named = (cast or {}).get(texts.g.seats[p])
        title = texts.w("{name} ({seat})", name=named, seat=texts.colour(texts.g.seats[p])) \
            if named else seat
        body.append(label(x + 8, py + 16, title, 13, weight="bold", fill=ink))
        for i, line in enumerate(lines):
            body += block_label(x + 8, py + 38 + i * line_h, line, w - 16, 11, "start",
                                max_lines=1)
        bottom = max(bottom, py + h)
    return body, bottom - y + 8


def score_strip(texts: Texts, view: dict, spec: dict, y: float, width: float,
                cast: dict[str, str] | None = None) -> tuple[list, float]:
    """One line of chips, one per player in their colour, with the player variables named
    in `scores` (such as victory points), for pictures drawn without the players' panels."""
    names = spec.get("scores", [])
    if not names:
        return [], 0
    body: list[str] = []
    x, cy = 8.0, y
    for p in range(view["players"]):
        seat = texts.g.seats[p]
        who = (cast or {}).get(seat) or texts.name("seats", seat)
        values = ", ".join(
            texts.w("{n} {things}", n=plain(texts, view["player_vars"][p].get(name)),
                    things=texts.name("player_variables", name))
            for name in names)
        text = texts.w("{track}: {value}", track=who, value=values)
        w = text_width(text, 11) + 30
        if x + w > width - 8 and x > 8:
            x, cy = 8.0, cy + 28
        colour = seat_colour(texts.g.seats, p)
        body.append(rect(x, cy, w, 22, "#ffffff", "#555555", 1.5, 6))
        body.append(rect(x + 6, cy + 5, 12, 12, colour, "#555555", 1, 3))
        body.append(label(x + 24, cy + 15, text, 11, "start", "bold"))
        x += w + 8
    return body, cy + 22 - y
