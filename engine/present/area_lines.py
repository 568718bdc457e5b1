"""An area said in one line: its number and name, a mark when it is the current one, a
property of the area (where it lies), its value, each seat's pieces there and the tokens
lying there ("3 Dorsoduro ◀ now · west · worth 4 · Red 1, Blue 2 · current in round
1"). A panel of the game's table.yaml asks for it with
`lines` (the game variable naming the current area, and the table text that marks it); the
terminal lists its areas so, and a question offering such an area says the same facts."""

from __future__ import annotations

from typing import Any

from ..i18n.game_words import GameWords
from .labels import token_label
from .table_layout import area_names


def lines_panel(layout: Any, definition: Any) -> dict[str, Any] | None:
    """The first panel of the layout that asks for its areas as lines, if one does."""
    return next((p for p in getattr(layout, "panels", None) or []
                 if p.get("lines") and p.get("kind") in ("map", "areas")), None)


def area_values(definition: Any, view: dict, names: list[str]) -> dict[str, int | float]:
    """Each area's value: the sum of the ends of the tiles on its connections that touch it
    (a tile's first end touches the area it faces)."""
    links = view.get("links") or {}
    tiles = {t["id"]: t for t in view.get("tokens", []) if "id" in t}
    sums: dict[str, int | float] = dict.fromkeys(names, 0)
    for conn, (a, b) in definition.connections.items():
        held = links.get(conn) or {}
        tile = tiles.get(held.get("tile")) if held.get("tile") else None
        ends = tile.get("ends") if tile else None
        if not isinstance(ends, list) or len(ends) != 2:
            continue
        first, second = (a, b) if held.get("facing") == a else (b, a)
        for area, value in ((first, ends[0]), (second, ends[1])):
            if area in sums and isinstance(value, int | float) and not isinstance(value, bool):
                sums[area] += value
    return sums


def now_mark(gw: GameWords, view: dict, panel: dict[str, Any], area: str) -> str | None:
    """The mark of the current area (the one the `lines`' game variable names), or None."""
    lines = panel.get("lines") or {}
    current = lines.get("current")
    if not current or view.get("vars", {}).get(current) != area:
        return None
    return gw.text("table", lines["now"]) if lines.get("now") else "◀"


def area_parts(definition: Any, gw: GameWords, view: dict, panel: dict[str, Any],
               area: str) -> list[str]:
    """The facts of one area of a `lines` panel, in order: the mark of the current area,
    the area's property the `lines` name (its table text, "west"), its value (the
    panel's `value` text), each seat's pieces there by kind ("councilmen:
    Red 1, Blue 2"; none, nothing), the labels of the panel's tokens lying there."""
    parts: list[str] = []
    mark = now_mark(gw, view, panel, area)
    if mark:
        parts.append(mark)
    prop = (panel.get("lines") or {}).get("property")
    value = definition.areas.get(area, {}).get(prop) if prop else None
    if value is not None:
        parts.append(gw.text("table", f"{prop}_{value}") or str(value))
    said = panel.get("value")
    if said and definition.connections:
        total = area_values(definition, view, [area])[area]
        words = gw.text("table", said["text"], int(total)) or "{n}"
        parts.append(words.replace("{n}", str(total)))
    kinds = panel.get("pieces", [])
    for kind in kinds:
        counts = view.get("pieces", {}).get(kind, {}).get(area) or []
        held = [f"{gw.seat(p)} {n}"
                for p, n in enumerate(counts) if n]
        if held:
            parts.append(gw.w("{place}: {things}", place=gw.piece(kind, 2),
                              things=", ".join(held)))
    wanted = panel.get("tokens")
    for token in view.get("tokens", []):
        if token.get("at") == area and (wanted is None or token["kind"] in wanted) \
                and "id" in token:
            parts.append(token_label(gw, token))
    return parts


def area_line(definition: Any, gw: GameWords, view: dict, panel: dict[str, Any],
              area: str) -> str:
    """An area of a `lines` panel in one line, after its number (its key at the table)."""
    number = list(definition.areas).index(area) + 1
    parts = area_parts(definition, gw, view, panel, area)
    name = f"{number} {gw.place(area)}"
    mark = now_mark(gw, view, panel, area)
    if mark and parts and parts[0] == mark:     # the mark goes with the name
        name, parts = f"{name} {mark}", parts[1:]
    return " · ".join([name, *parts])


def all_area_lines(definition: Any, gw: GameWords, view: dict,
                   panel: dict[str, Any]) -> list[tuple[str, str]]:
    """Every area of a `lines` panel, in the game's order, with its line."""
    return [(area, area_line(definition, gw, view, panel, area))
            for area in area_names(panel, definition)]
