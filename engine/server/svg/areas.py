"""Areas as boxes in rows (optionally grouped by a property): each box shows the area's
name and chosen properties, a list property as spaces filled by counted pieces, the
counted pieces of each seat, and the tokens there. An area the seat may pick is a button."""

from __future__ import annotations

from typing import Any

from ...i18n.game_words import fill as fill_in
from ...present.table_layout import area_names
from .context import Ctx
from .shapes import Drawing, action_attr, attr, explain, ink_on, rect, text, wrap
from .tokens import flow, piece_chips

PAD = 8
GAP = 10
SPACE = 30
MIN_BOX = 120
"""The narrowest area box: a narrow board has fewer columns."""


def area_box(ctx: Ctx, panel: dict[str, Any], area: str, width: float,
             sale: bool = True) -> Drawing:
    """One area: everything on it, top to bottom (`sale` False: a lone token's effect is
    left to its popup, as on a map, where a box must stay small)."""
    g, gw = ctx.definition, ctx.gw
    inner = width - 2 * PAD
    d = Drawing(width, 0)
    y = PAD
    for line in wrap(gw.place(area), inner, 13)[:2]:
        d.add(text(PAD, y + 12, line, 13, weight="bold"))
        y += 16
    effect = ctx.effect_of_area(area)
    told = ctx.effect_inputs(area) if effect else set()
    shown = [shown_property(ctx, p, g.areas[area][p]) for p in panel.get("show", [])
             if g.areas[area].get(p) is not None and p not in told]
    if shown:
        for line in wrap(" · ".join(shown), inner, 11)[:2]:
            d.add(text(PAD, y + 11, line, 11, fill="#555555"))
            y += 14
    if effect and told & set(panel.get("show", [])):    # what it does, in words
        for line in wrap(effect, inner, 11):                # in full, however long
            d.add(text(PAD, y + 11, line, 11, fill="#555555"))
            y += 14
    y = _count_line(ctx, d, panel, area, y, inner)
    y = _used_line(ctx, d, area, y, inner)
    spaces = panel.get("spaces")
    if spaces and isinstance(g.areas[area].get(spaces["property"]), list):
        y = _spaces(ctx, d, area, spaces, y + 4, inner) + 4
    for kind in panel.get("pieces", []):
        counts = ctx.view["pieces"].get(kind, {}).get(area)
        if counts and any(counts) and not (spaces and kind == spaces["piece"]):
            chips = piece_chips(ctx, kind, counts, inner)
            d.place(chips, PAD, y + 2)
            y += chips.height + 2
    tokens = ctx.tokens_at(area, panel.get("tokens"))
    rows = [k for k in panel.get("token_rows", []) if any(t["kind"] == k for t in tokens)]
    for kind in rows:      # each on its own row, after the kind's name
        y = _token_row(ctx, d, [t for t in tokens if t["kind"] == kind], kind, y, inner)
    tokens = [t for t in tokens if t["kind"] not in rows]
    if tokens:
        tags = flow(ctx, tokens, inner, sale)
        d.place(tags, PAD, y + 4)
        y += tags.height + 6
    d.height = max(y + PAD, 44)
    faded = "open" in panel and area not in (ctx.view["vars"].get(panel["open"]) or [])
    pick = ctx.pick(area)
    about = ctx.about(area)
    outline = rect(0, 0, width, d.height, "#fff3c4" if about else
                   "#efece6" if faded else "#fbf7ee",
                   "#c0392b" if pick else "#e0a800" if about else "#8a6d3b",
                   3 if pick or about else 1.5, 8, ' opacity="0.55"' if faded and not about else "")
    d.body.insert(0, outline)
    d.attrs = action_attr(pick)
    if about:       # the question is about this area (its subject): marked, and findable
        d.attrs += f' data-subject={attr(area)}'
        d.attrs = d.attrs.replace('class="pick"', 'class="pick subject"') if pick \
            else d.attrs + ' class="subject"'
    explain(d, ctx.effect_of_area(area), 1, area=area)    # after the outline (index 0)
    return d


def _count_line(ctx: Ctx, d: Drawing, panel: dict[str, Any], area: str, y: float,
                inner: float) -> float:
    """The area's number from the panel's `counts` variable, in the panel's words, bold on
    a badge ("2 VP markers here"); nothing when it is 0."""
    counts = panel.get("counts")
    values = ctx.view["vars"].get(counts["var"]) if counts else None
    if not isinstance(values, list):
        return y
    names = area_names(panel, ctx.definition)
    n = values[names.index(area)] if area in names and names.index(area) < len(values) \
        else 0
    if not isinstance(n, int) or isinstance(n, bool) or not n:
        return y
    lines = wrap(ctx.gw.label("table", counts["text"], n), inner - 8, 11)[:3]
    d.add(rect(PAD - 2, y + 1, inner + 4, 14 * len(lines) + 4, "#fff3c4", "#b8860b", 1, 4,
               f' data-count="{n}"'))
    for line in lines:
        d.add(text(PAD + 2, y + 14, line, 11, weight="bold", fill="#6b4e00"))
        y += 14
    return y + 6


def _used_line(ctx: Ctx, d: Drawing, area: str, y: float, inner: float) -> float:
    """Who has used the area's action this round (the layout's `used` variable), as
    "used by Red"; nothing when nobody has."""
    name = ctx.layout.used
    seats = ctx.view.get("player_vars") or []
    users = [seat for seat, values in enumerate(seats) if name is not None and
             isinstance(values.get(name), list) and area in values[name]]
    if not users:
        return y
    for line in wrap(ctx.gw.w("used by {players}", players=ctx.gw.seats(users)), inner, 11)[:2]:
        d.add(text(PAD, y + 11, line, 11, weight="bold", fill="#6b6459"))
        y += 14
    return y + 2


def shown_property(ctx: Ctx, prop: str, value: Any) -> str:
    """A property on a box: a number with the property's name, a name as itself."""
    if isinstance(value, int | float) and not isinstance(value, bool):
        return ctx.gw.w("{property} {value}", property=ctx.gw.prop(prop), value=value)
    return ctx.value(value)


def _token_row(ctx: Ctx, d: Drawing, tokens: list, kind: str, y: float, inner: float) -> float:
    """Tokens of one kind on a row after the kind's name ("ballot markers 2 1 ×2")."""
    name = ctx.gw.piece(kind, 2)
    at = 8 + len(name) * 6.2
    d.add(text(PAD, y + 4 + 14, name, 11, fill="#555555"))
    if at > inner * 0.55:       # a long name on a narrow box: the tokens go under it
        at, y = 0, y + 20
    tags = flow(ctx, tokens, inner - at)
    d.place(tags, PAD + at, y + 4)
    return y + max(tags.height, 20) + 6


def _spaces(ctx: Ctx, d: Drawing, area: str, spaces: dict, y: float, inner: float) -> float:
    costs = ctx.definition.areas[area][spaces["property"]]
    owners = space_owners(ctx, area, spaces)
    if "label" in spaces:       # the row's name, over it
        for line in wrap(ctx.gw.label("table", spaces["label"]), inner, 11)[:2]:
            d.add(text(PAD, y + 11, line, 11, fill="#555555"))
            y += 14
        y += 2
    size = min(SPACE, (inner - 4 * (len(costs) - 1)) / max(1, len(costs)))
    for i, cost in enumerate(costs):
        x = PAD + i * (size + 4)
        owner = owners[i] if i < len(owners) else None
        fill = ctx.colour(owner) if owner is not None else "#f4ead5"
        space = Drawing(size, size)
        space.add(rect(0, 0, size, size, fill, "#8a6d3b", 1.5, 4))
        space.add(text(size / 2, size / 2 + 5, cost, 13, "middle", "bold",
                       ink_on(fill) if owner is not None else "#8a6d3b"))
        if "title" in spaces:     # what the space is, on hover and tap
            said = fill_in(ctx.gw.label("table", spaces["title"]),
                           {"cost": cost, "piece": ctx.gw.piece(spaces["piece"]),
                            "owner": ctx.gw.seat(owner) if owner is not None else ""})
            space.attrs = f' data-space="{i}"'
            explain(space, said)
        d.place(space, x, y)
    return y + size


def space_owners(ctx: Ctx, area: str, spaces: dict) -> list[int]:
    """Whose piece fills each space, in order: from the log's notes if they account for
    every piece there, else in seat order from the counts."""
    counts = ctx.view["pieces"].get(spaces["piece"], {}).get(area) or []
    total = sum(counts)
    note = spaces.get("note")
    if note:
        told = ctx.told(note, area)
        if len(told) == total and all(told.count(p) == n for p, n in enumerate(counts)):
            return told
    return [p for p, n in enumerate(counts) for _ in range(n)]


def group_heading(ctx: Ctx, prop: str, key: Any) -> str:
    """The heading of a group of areas: the game's `table` text `<property>_<value>`
    ("Section I office cards"), else the property and its value ("section 1")."""
    named = ctx.gw.text("table", f"{prop}_{key}")
    if named is not None:
        return named
    return ctx.gw.w("{property} {value}", property=ctx.gw.prop(prop), value=ctx.gw.value(key))


def draw_areas(ctx: Ctx, panel: dict[str, Any]) -> Drawing:
    """The panel: its areas in rows of `columns` boxes, under a heading per group."""
    names = area_names(panel, ctx.definition)
    columns = min(panel.get("columns", min(4, max(1, len(names)))),
                  max(1, int((ctx.width + GAP) // (MIN_BOX + GAP))))
    width = (ctx.width - GAP * (columns - 1)) / columns
    groups: list[tuple[Any, list[str]]] = []
    prop = panel.get("group_by")
    for name in names:
        key = ctx.definition.areas[name].get(prop) if prop else None
        if groups and groups[-1][0] == key:
            groups[-1][1].append(name)
        else:
            groups.append((key, [name]))
    d = Drawing(ctx.width, 0)
    y = 0.0
    for key, members in sorted(groups, key=lambda g: (g[0] is None, str(g[0]))):
        if prop:
            for line in wrap(group_heading(ctx, prop, key), ctx.width, 12):
                d.add(text(0, y + 14, line, 12, weight="bold", fill="#555555"))
                y += 16
            y += 4
        for start in range(0, len(members), columns):
            boxes = [area_box(ctx, panel, a, width) for a in members[start:start + columns]]
            tallest = max(b.height for b in boxes)
            for i, box in enumerate(boxes):
                box.body[0] = box.body[0].replace(f'height="{box.height:.1f}"',
                                                  f'height="{tallest:.1f}"', 1)
                d.place(box, i * (width + GAP), y)
            y += tallest + GAP
    d.height = y
    return d
