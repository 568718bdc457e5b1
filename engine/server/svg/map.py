"""Areas on a map: each area's box where the layout puts it, a line for each connection
between two of them, and the tile lying on a connection (its properties, a dot on the side
it faces). A connection or area the seat may pick is a button.

On a narrow board (a phone) the areas stand in two columns; a connection between two areas
of one column with another area between them runs along the column's outer edge, and a
tile's plate moves along its connection when another plate already lies at its middle."""

from __future__ import annotations

import dataclasses
from typing import Any

from ...present.area_lines import area_values, now_mark
from ...present.table_layout import area_names
from .areas import area_box
from .context import Ctx
from .shapes import Drawing, action_attr, attr, circle, esc, explain, line, rect, text

BOX_W = 180
HEIGHT = 470
LANE = 18
"""The room left beside a narrow map's columns for connections that pass an area by."""
PLATE_H = 22
PICK_GAP = 30
"""How far apart the centres of two connections' buttons are at least, when they can be."""
RING_R = 10
"""The radius of a pickable connection's ring."""


_STEPS = [0.5 + sign * k / 40 for k in range(17) for sign in ((1,) if k == 0 else (-1, 1))]
"""Where along a connection its ring may lie (a share of its length), from the middle out."""

BADGE_W = 70
"""About the widest worth badge ("worth 12") drawn on an area box's corner."""


def draw_map(ctx: Ctx, panel: dict[str, Any]) -> Drawing:
    """The panel: water, connections, the area boxes, then the tiles on top."""
    names = area_names(panel, ctx.definition)
    ctx = with_current_area(ctx, panel)
    narrow = ctx.width < 3 * BOX_W      # a phone: two columns (west, east), rows as they lie
    column = {a: _column(panel["at"][a][0]) for a in names}
    skips = _passing(ctx, panel, names, column) if narrow else set()
    lane = LANE if skips else 0
    box_w = min(BOX_W, (ctx.width - 50 - 2 * lane) / 2) if narrow else BOX_W
    boxes = {a: area_box(ctx, panel, a, box_w, sale=False) for a in names}
    tallest = max((b.height for b in boxes.values()), default=40)
    rows = len({panel["at"][a][1] for a in names}) or 1
    height = rows * tallest + (rows - 1) * 70 if narrow else HEIGHT

    def across(x: float) -> float:
        """Where x (0-100) lies across the panel: narrow, only its side."""
        if narrow:
            x = _column(x)
        return lane + box_w / 2 + x / 100 * (ctx.width - 2 * lane - box_w)

    def centre(area: str) -> tuple[float, float]:
        """Where an area's box is centred, in the panel."""
        x, y = panel["at"][area]
        return across(x), tallest / 2 + y / 100 * (height - tallest)

    d = Drawing(ctx.width, height)
    water = panel.get("water")
    if water:
        points = " ".join(f"{across(50) if narrow else across(x):.1f},"
                          f"{tallest / 2 + y / 100 * (height - tallest):.1f}" for x, y in water)
        d.add(f'<polyline points="{points}" fill="none" stroke="#9cc3e6" stroke-width="26" '
              'stroke-linecap="round" stroke-linejoin="round"/>')
    links = ctx.view.get("links") or {}
    picks: list[str] = []
    top = Drawing(ctx.width, height)        # the tiles, drawn over the boxes
    taken: list[tuple[float, float, float]] = []
    targets: list[tuple[float, float]] = []    # the buttons on free connections so far
    worth = _area_values(ctx, panel, names) if panel.get("value") else {}
    badges = [_badge_spot(centre(a), boxes[a].height, box_w, worth[a].width)
              for a in names if a in worth]
    taken += badges             # plates keep clear of the worth badges, as of each other
    tiles = {t["id"]: t for t in ctx.view["tokens"] if "id" in t}
    free: list[tuple[str, list, list]] = []     # connections with no tile, and their spots
    walls = [_box_rect(centre(a), box_w, boxes[a].height) for a in names]
    for area in names:          # the current area's tag stands above its box's corner
        mark = now_mark(ctx.gw, ctx.view, panel, area)
        if mark:
            cx, cy = centre(area)
            left, top_y = cx - box_w / 2 + 6, cy - boxes[area].height / 2 - 10
            walls.append((left, top_y, left + 14 + len(mark) * 6.4, top_y + 20))
    for conn, ends in ctx.definition.connections.items():
        if ends[0] not in boxes or ends[1] not in boxes:
            continue
        (x1, y1), (x2, y2) = centre(ends[0]), centre(ends[1])
        held = links.get(conn) or {}
        tile = tiles.get(held.get("tile")) if held.get("tile") else None
        colour, width, dash = ("#8a6d3b", 4, "") if tile else ("#cdbf9f", 2, "6 5")
        if conn in skips:       # along the column's outer edge, past the areas between
            side = lane / 2 if x1 < ctx.width / 2 else ctx.width - lane / 2
            route = [(x1, y1), (side, y1), (side, y2), (x2, y2)]
        else:
            route = [(x1, y1), (x2, y2)]
        if ctx.about(conn):     # the question is about this connection: marked
            d.add(_polyline(route, "#e0a800", width + 8, "",
                            f' class="subject" data-subject={attr(conn)}'))
        d.add(_polyline(route, colour, width, dash, f" data-route={attr(conn)}"))
        if conn in skips:
            gap = (tallest + 70) / 2 * (1 if y2 > y1 else -1)
            spots = [(side, y1 + gap), (side, y2 - gap)]
        else:
            spots = [(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t) for t in (0.5, 0.3, 0.7)]
        opened = _in_the_open(route, walls) if conn not in skips else []
        spots = opened + spots
        if tile is not None:
            label = " · ".join(ctx.label(tile))
            if narrow and 16 + len(label) * 6.4 > ctx.width - 2 * lane - 2 * box_w + 10 \
                    and isinstance(tile.get("ends"), list):
                label = ctx.value(tile["ends"])     # a short plate fits between the columns
            near, far = ends if ends[0] == held.get("facing") else (ends[1], ends[0])
            label = _ends_as_laid(ctx, tile, label, held.get("facing"), centre(near),
                                  centre(far))
            plate_w = 16 + len(label) * 6.4
            mx, my = _free_spot([(x, y) for x, y in spots if _clear(x, y, plate_w / 2,
                                                                   PLATE_H / 2, walls)]
                                + spots, plate_w, taken)
            mx = min(max(mx, plate_w / 2 + 1), ctx.width - plate_w / 2 - 1)
            taken.append((mx, my, plate_w))
            plate = Drawing(plate_w, PLATE_H)
            plate.add(rect(0, 0, plate_w, PLATE_H, "#fff6d6", "#8a6d3b", 1.5, 5))
            plate.add(text(plate_w / 2, 15, label, 11, "middle", "bold"))
            explain(plate, _laid_told(ctx, conn, tile, held.get("facing")),
                    token=tile.get("id"))
            top.place(plate, mx - plate_w / 2, my - PLATE_H / 2)
            facing = held.get("facing")
            if facing in boxes:
                fx, fy = centre(facing)
                dx, dy = fx - mx, fy - my
                length = max(1.0, (dx * dx + dy * dy) ** 0.5)
                top.add(circle(mx + dx / length * (plate_w / 2 + 8),
                                     my + dy / length * 15, 4, "#8a6d3b", "#8a6d3b", 1,
                                     ' pointer-events="none"'))   # a tap goes to the area
        else:               # placed once every plate lies: a ring never covers one
            free.append((conn, opened, spots + _along(route) if conn not in skips else spots))
            continue
        pick = ctx.pick(conn)
        if pick:
            picks.append(_ring(ctx, conn, mx, my + 18, pick))
            targets.append((mx, my + 18))
    for conn, opened, spots in free:
        pick = ctx.pick(conn)
        if pick:
            mx, my = _free_pick(opened, spots, targets, taken)
            picks.append(_ring(ctx, conn, mx, my, pick))
            targets.append((mx, my))
    for area, box in boxes.items():
        cx, cy = centre(area)
        d.place(box, cx - box_w / 2, cy - box.height / 2)
        if area in worth:
            d.place(worth[area], cx + box_w / 2 - worth[area].width - 6,
                    cy + box.height / 2 - worth[area].height / 2)
        mark = now_mark(ctx.gw, ctx.view, panel, area)
        if mark:                # the current area: a tag over its box's corner
            tag = _tag(mark, "#e0a800", "#2c3e50")
            d.place(tag, cx - box_w / 2 + 6, cy - box.height / 2 - tag.height / 2)
    d.add(*top.body)        # tiles over the boxes: never hidden behind one
    d.add(*picks)           # on top of everything: a button must be reachable
    return d


def _ring(ctx: Ctx, conn: str, x: float, y: float, pick: str) -> str:
    """The button of a connection the seat may pick: a ring that names the connection on
    hover (its <title>) and as its label; the page lights the question's button for it.
    A finger's tap names it first (`data-confirm`: rings lie close together on a phone)
    and lights its line (`data-conn`), with a button that chooses it."""
    ends = ctx.definition.connections[conn]
    name = ctx.gw.w("{first} – {second}", first=ctx.gw.place(ends[0]),
                    second=ctx.gw.place(ends[1]))
    ring = circle(x, y, RING_R, "#ffffff", "#c0392b", 3.5, action_attr(pick) +
                  f" aria-label={attr(name)} data-name={attr(name)} data-confirm=\"\""
                  f" data-conn={attr(conn)}")
    return ring[:-2] + f"><title>{esc(name)}</title></circle>"


def _column(x: float) -> float:
    """A narrow map's column of an area at x (0-100): 0 (left), 50 (middle) or 100 (right)."""
    return 0 if x < 45 else 100 if x > 55 else 50


def _passing(ctx: Ctx, panel: dict, names: list[str], column: dict) -> set[str]:
    """The connections of a narrow map that join two areas of one column with another area
    of that column between them (a straight line would run behind its box)."""
    found = set()
    for conn, (a, b) in ctx.definition.connections.items():
        if a not in column or b not in column or column[a] != column[b]:
            continue
        low, high = sorted((panel["at"][a][1], panel["at"][b][1]))
        if any(column[c] == column[a] and low < panel["at"][c][1] < high for c in names):
            found.add(conn)
    return found


def _box_rect(at: tuple[float, float], width: float,
              height: float) -> tuple[float, float, float, float]:
    """An area box's rectangle (left, top, right, bottom) around its centre."""
    return at[0] - width / 2, at[1] - height / 2, at[0] + width / 2, at[1] + height / 2


def _clear(x: float, y: float, half_w: float, half_h: float,
           walls: list[tuple[float, float, float, float]]) -> bool:
    """Whether a thing this size centred at (x, y) covers none of the walls (the area
    boxes and their tags): a ring or a plate there hides no area's name."""
    return all(x + half_w < left or x - half_w > right or y + half_h < top or y - half_h > bottom
               for left, top, right, bottom in walls)


def _in_the_open(route: list[tuple[float, float]],
                 walls: list[tuple[float, float, float, float]]) -> list[tuple[float, float]]:
    """The points of a straight connection where a connection's ring lies clear of every
    area box, from its middle outward (on a narrow map a diagonal's middle may be shared
    with another diagonal's, and its ends lie under the boxes)."""
    return [(x, y) for x, y in _along(route) if _clear(x, y, RING_R + 2, RING_R + 2, walls)]


def _free_pick(opened: list[tuple[float, float]], others: list[tuple[float, float]],
               targets: list[tuple[float, float]],
               taken: list[tuple[float, float, float]]) -> tuple[float, float]:
    """Where a free connection's button goes: a spot clear of the worth badges and tile
    plates (`taken`: a ring over one hides its words) and of the buttons already placed
    (two crossing lines get a button each, apart), off the area boxes (`opened`) if one
    is, else anywhere on its line (`others`); then one clear of `taken` only; else the
    first spot."""
    def off_taken(x: float, y: float) -> bool:
        return all(abs(x - bx) > bw / 2 + RING_R + 2 or abs(y - by) > 11 + RING_R + 2
                   for bx, by, bw in taken)

    def apart(x: float, y: float) -> bool:
        return all((x - tx) ** 2 + (y - ty) ** 2 > PICK_GAP ** 2 for tx, ty in targets)
    for spots, spaced in ((opened, True), (others, True), (opened, False), (others, False)):
        for x, y in spots:
            if off_taken(x, y) and (apart(x, y) or not spaced):
                return x, y
    return (opened or others)[0]


def _along(route: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points along a straight connection from its middle outward, boxes or not."""
    (x1, y1), (x2, y2) = route[0], route[-1]
    return [(x1 + (x2 - x1) * t, y1 + (y2 - y1) * t) for t in _STEPS]


def _free_spot(spots: list[tuple[float, float]], width: float,
               taken: list[tuple[float, float, float]]) -> tuple[float, float]:
    """The first spot where a plate this wide lies clear of the plates already placed."""
    for x, y in spots:
        if all(abs(x - tx) > (width + tw) / 2 + 2 or abs(y - ty) > PLATE_H + 2
               for tx, ty, tw in taken):
            return x, y
    return spots[0]


def _polyline(points: list[tuple[float, float]], stroke: str, width: float, dash: str,
              extra: str = "") -> str:
    """A connection's line through its points (a straight line for two)."""
    if len(points) == 2:
        (x1, y1), (x2, y2) = points
        return line(x1, y1, x2, y2, stroke, width, dash).replace("/>", f"{extra}/>", 1)
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    shown = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
    return (f'<polyline points="{shown}" fill="none" stroke="{stroke}" stroke-width="{width}"'
            f' stroke-linejoin="round"{dashes}{extra}/>')


def _area_values(ctx: Ctx, panel: dict, names: list[str]) -> dict[str, Drawing]:
    """Each area's value (the sum of the tile ends that touch it) as a small tag, worded by
    the table text the panel's `value` names, its hover by the one `help` names."""
    said = panel["value"]
    sums = area_values(ctx.definition, ctx.view, names)
    hover = ctx.gw.text("table", said.get("help")) if said.get("help") else None
    out = {}
    for area, total in sums.items():
        words = (ctx.gw.text("table", said["text"], int(total)) or "{n}").replace(
            "{n}", str(total))
        tag = Drawing(14 + len(words) * 6.4, 20)
        tag.add(rect(0, 0, tag.width, 20, "#2c3e50", "#2c3e50", 1, 10))
        tag.add(text(tag.width / 2, 14, words, 11, "middle", "bold", fill="#ffffff"))
        if hover:               # a hover's tooltip (the tap texts are the pieces' effects)
            tag.body.insert(0, f"<title>{esc(hover)}</title>")
        out[area] = tag
    return out


def with_current_area(ctx: Ctx, panel: dict[str, Any]) -> Ctx:
    """The board with the panel's current area (the game variable its `lines` names) among
    the things it is about: its box is marked like a question's subject."""
    current = (panel.get("lines") or {}).get("current")
    area = ctx.view.get("vars", {}).get(current) if current else None
    if not isinstance(area, str) or area not in ctx.definition.areas:
        return ctx
    return dataclasses.replace(ctx, subject=ctx.subject | {area})


def _tag(words: str, fill: str, ink: str) -> Drawing:
    """A small rounded tag with bold words."""
    tag = Drawing(14 + len(words) * 6.4, 20)
    tag.add(rect(0, 0, tag.width, 20, fill, fill, 1, 10))
    tag.add(text(tag.width / 2, 14, words, 11, "middle", "bold", fill=ink))
    return tag


def _ends_as_laid(ctx: Ctx, tile: dict, label: str, facing: object,
                  near: tuple[float, float], far: tuple[float, float]) -> str:
    """A laid two-ended tile's label with its ends in the order they lie on the map: the
    end that touches the area on the left (or above) first, so "6·4" reads as 6 on the
    left, 4 on the right; the label unchanged when the tile has no such ends."""
    ends = tile.get("ends")
    value = ctx.value(ends) if isinstance(ends, list) else None
    if facing is None or not isinstance(ends, list) or len(ends) != 2 or not value \
            or value not in label:
        return label
    return label if near <= far else label.replace(value, ctx.value([ends[1], ends[0]]), 1)


def _laid_told(ctx: Ctx, conn: str, tile: dict, facing: object) -> str | None:
    """What a tile laid on a connection does, after where it lies and which end faces which
    area ("bridge 3·4 laid between A and B, end 3 toward B — ..."); only its effect when
    it faces no area."""
    effect = ctx.effect_of_token(tile)
    ends = tile.get("ends")
    if not isinstance(facing, str) or not isinstance(ends, list) or not ends:
        return effect
    a, b = ctx.definition.connections[conn]
    laid = ctx.gw.w("{token} laid between {first} and {second}, end {value} toward {facing}",
                    token=ctx.gw.piece(tile["kind"]), first=ctx.gw.place(a),
                    second=ctx.gw.place(b), value=ends[0], facing=ctx.gw.place(facing))
    return ctx.gw.w("{option} — {effect}", option=laid, effect=effect) if effect else laid


def _badge_spot(at: tuple[float, float], height: float, box_w: float,
                badge_w: float = BADGE_W) -> tuple[float, float, float]:
    """Where an area's worth badge lies (its box's lower right corner), as a placed plate
    (centre x, centre y, width), so that tiles and buttons on its connections leave it
    readable; the spot is the one the badge is drawn at, for its own width."""
    return at[0] + box_w / 2 - 6 - badge_w / 2, at[1] + height / 2, badge_w
