"""A game's layout hints for the web table (rules/<game>/table.yaml), checked against the
schema (rules/schema/table.schema.json) and against the game, every problem located; a game
without the file gets a default layout drawn from its data alone."""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Problem, RuleError
from ..interpreter.model import GameDef
from ..loading import schema
from ..loading.sources import display_name
from ..loading.yaml_source import load_yaml

FILE = "table.yaml"
PALETTE = ["#c0392b", "#2e6db4", "#2e8b57", "#e0b020", "#8e44ad", "#e67e22", "#16a085",
           "#7f8c8d"]


@dataclass
class Layout:
    """Seat colours, value colours, token labels and the panels of the board in order."""

    panels: list[dict[str, Any]]
    colours: dict[str, str] = field(default_factory=dict)
    values: dict[str, str] = field(default_factory=dict)
    labels: dict[str, list[str]] = field(default_factory=dict)
    vars: list[str] | None = None
    mine: list[str] | None = None
    player_vars: list[str] | None = None
    named: list[str] = field(default_factory=list)
    hidden: list[str] = field(default_factory=list)
    used: str | None = None

    def seat_colour(self, definition: GameDef, seat: int | None) -> str:
        """The colour of a seat (grey for nobody)."""
        if seat is None or not 0 <= seat < len(definition.seats):
            return "#bbbbbb"
        return self.colours.get(definition.seats[seat], PALETTE[seat % len(PALETTE)])


def game_folder(definition: GameDef) -> Path | None:
    """The folder of a loaded game's own file, if it is known."""
    return Path(definition.folder) if definition.folder else None


def load_layout(definition: GameDef) -> Layout:
    """The game's table.yaml checked (RuleError with every problem), or the default."""
    folder = game_folder(definition)
    path = folder / FILE if folder is not None else None
    if path is None or not path.exists():
        return default_layout(definition)
    name = display_name(path)
    doc, pos, problems = load_yaml(path, name)
    if not problems:
        problems = schema.check(doc or {}, "table", pos, name)
    if not problems:
        problems = [Problem(pos.find(where, name), message)
                    for where, message in mismatches(doc or {}, definition)]
    if problems:
        raise RuleError(problems)
    doc = doc or {}
    return Layout(list(doc.get("panels") or default_layout(definition).panels),
                  dict(doc.get("colours", {})), dict(doc.get("values", {})),
                  dict(doc.get("labels", {})), doc.get("vars"), doc.get("mine"),
                  doc.get("player_vars"), list(doc.get("named") or []),
                  list(doc.get("hidden") or []), doc.get("used"))


def default_layout(definition: GameDef) -> Layout:
    """Every panel the game's data calls for: areas by kind (a map when they connect),
    tracks, grids, tokens at locations and decks."""
    panels: list[dict[str, Any]] = []
    kinds: dict[str, list[str]] = {}
    for name, area in definition.areas.items():
        kinds.setdefault(str(area.get("kind", "")), []).append(name)
    linked = {a for pair in definition.connections.values() for a in pair}
    pieces, tokens = list(definition.pieces), list(definition.tokens)
    for names in kinds.values():
        if linked and set(names) <= linked:
            n = len(names)
            at = {a: [50 + 38 * math.cos(2 * math.pi * i / n),
                      50 + 38 * math.sin(2 * math.pi * i / n)] for i, a in enumerate(names)}
            panels.append({"kind": "map", "areas": names, "at": at, "pieces": pieces,
                           "tokens": tokens})
        else:
            panels.append({"kind": "areas", "areas": names, "columns": min(4, len(names)),
                           "pieces": pieces, "tokens": tokens})
    if definition.tracks:
        panels.append({"kind": "tracks", "tracks": list(definition.tracks)})
    for grid in definition.grids:
        panels.append({"kind": "grids", "grid": grid})
    off_board = [loc for loc in definition.locations if loc not in definition.grids]
    if off_board and definition.tokens:
        panels.append({"kind": "locations", "locations": off_board, "by_owner": True})
    if definition.decks:
        panels.append({"kind": "decks", "decks": list(definition.decks)})
    return Layout(panels)


def _area_names(selector: Any, definition: GameDef) -> list[str]:
    if isinstance(selector, dict):
        return [a for a, v in definition.areas.items() if v.get("kind") == selector["kind"]]
    return list(selector)


def area_names(panel: dict[str, Any], definition: GameDef) -> list[str]:
    """The areas a panel draws, in the game's order."""
    return _area_names(panel["areas"], definition)


def mismatches(doc: dict[str, Any], definition: GameDef):
    """(path, message) for every name in the layout that the game does not have."""
    g = definition
    kinds = {v.get("kind") for v in g.areas.values()}
    places = set(g.locations) | set(g.areas) | set(g.grids)
    for seat in doc.get("colours", {}):
        if seat not in g.seats:
            yield ("colours", seat), f"no seat {seat!r} (seats: {', '.join(g.seats)})"
    for kind, props in doc.get("labels", {}).items():
        if kind not in g.tokens:
            yield ("labels", kind), f"no token kind {kind!r}"
            continue
        for i, prop in enumerate(props):
            if prop not in g.tokens[kind].props:
                yield ("labels", kind, i), f"{kind} tokens have no property {prop!r}"
    for i, kind in enumerate(doc.get("named") or []):
        if kind not in g.tokens:
            yield ("named", i), f"no token kind {kind!r}"
    for i, var in enumerate(doc.get("vars") or []):
        if var not in g.game_vars:
            yield ("vars", i), f"no game variable {var!r}"
    for i, var in enumerate(doc.get("player_vars") or []):
        if var not in g.player_vars:
            yield ("player_vars", i), f"no player variable {var!r}"
    for i, loc in enumerate(doc.get("mine") or []):
        if loc not in places:
            yield ("mine", i), f"no location {loc!r}"
    yield from _bookkeeping_mismatches(doc, g)
    titles = (g.text or {}).get("table") or {}
    for i, panel in enumerate(doc.get("panels") or []):
        yield from _panel_mismatches(panel, ("panels", i), g, kinds, places, titles)
        counts = panel.get("counts")
        if counts and counts["var"] not in g.game_vars:
            yield ("panels", i, "counts", "var"), f"no game variable {counts['var']!r}"
        if counts and counts["text"] not in titles:
            yield ("panels", i, "counts", "text"), \
                f"no text {counts['text']!r} in the text file's table: section"


def _bookkeeping_mismatches(doc: dict[str, Any], g: GameDef):
    """(path, message) for a hidden name that is no variable or deck, or a `used` that is
    no player variable."""
    for i, name in enumerate(doc.get("hidden") or []):
        if name not in g.game_vars and name not in g.player_vars and name not in g.decks:
            yield ("hidden", i), f"no game variable, player variable or deck {name!r}"
    if "used" in doc and doc["used"] not in g.player_vars:
        yield ("used",), f"no player variable {doc['used']!r}"


def area_counts(layout: Layout, definition: GameDef, view: dict) -> dict[str, tuple[int, str]]:
    """Each area's number from a panel's `counts` variable, with the panel's text for it
    (areas whose number is 0 left out)."""
    out: dict[str, tuple[int, str]] = {}
    for panel in layout.panels:
        counts = panel.get("counts") if panel.get("kind") == "areas" else None
        values = view.get("vars", {}).get(counts["var"]) if counts else None
        if not isinstance(values, list):
            continue
        for area, n in zip(area_names(panel, definition), values):
            if isinstance(n, int) and not isinstance(n, bool) and n:
                out[area] = (n, counts["text"])
    return out


def _panel_mismatches(panel: dict, at: tuple, g: GameDef, kinds: set, places: set,
                      titles: dict):
    if "title" in panel and panel["title"] not in titles:
        yield (*at, "title"), f"no text {panel['title']!r} in the text file's table: section"
    selector = panel.get("areas")
    if isinstance(selector, dict) and selector["kind"] not in kinds:
        yield (*at, "areas", "kind"), f"no area kind {selector['kind']!r}"
    elif isinstance(selector, list):
        for j, name in enumerate(selector):
            if name not in g.areas:
                yield (*at, "areas", j), f"no area {name!r}"
    named = (("pieces", g.pieces, "no counted piece {!r}"),
             ("tokens", g.tokens, "no token kind {!r}"),
             ("token_rows", panel.get("tokens", []), "{!r} is not one of the panel's tokens"),
             ("locations", places, "no location {!r}"),
             ("tracks", g.tracks, "no track {!r}"),
             ("decks", g.decks, "no deck {!r}"))
    for key, known, message in named:         # each name the panel lists must exist
        for j, name in enumerate(panel.get(key, [])):
            if name not in known:
                yield (*at, key, j), message.format(name)
    for key in ("label", "title"):
        if key in panel.get("spaces", {}) and panel["spaces"][key] not in titles:
            yield (*at, "spaces", key), \
                f"no text {panel['spaces'][key]!r} in the text file's table: section"
    if "grid" in panel and panel["grid"] not in g.grids:
        yield (*at, "grid"), f"no grid {panel['grid']!r}"
    for key in ("open", "current"):
        if key in panel and panel[key] not in g.game_vars:
            yield (*at, key), f"no game variable {panel[key]!r}"
    yield from _lines_mismatches(panel.get("lines") or {}, at, g, titles)
    drawn = _area_names(selector, g) if selector is not None else []
    for key in ("group_by",):
        if key in panel and not any(panel[key] in g.areas[a] for a in drawn if a in g.areas):
            yield (*at, key), f"no area of this panel has the property {panel[key]!r}"
    for j, prop in enumerate(panel.get("show", [])):
        if not any(prop in g.areas[a] for a in drawn if a in g.areas):
            yield (*at, "show", j), f"no area of this panel has the property {prop!r}"
    spaces = panel.get("spaces")
    if spaces:
        if not any(isinstance(g.areas[a].get(spaces["property"]), list)
                   for a in drawn if a in g.areas):
            yield (*at, "spaces", "property"), \
                f"no area of this panel has the list property {spaces['property']!r}"
        if spaces["piece"] not in g.pieces:
            yield (*at, "spaces", "piece"), f"no counted piece {spaces['piece']!r}"
        if "note" in spaces and spaces["note"] not in ((g.text or {}).get("notes") or {}):
            yield (*at, "spaces", "note"), f"no log note {spaces['note']!r} in the game's texts"
    for name in panel.get("at", {}):
        if name not in drawn:
            yield (*at, "at", name), f"{name!r} is not one of this panel's areas"
    for name in drawn:
        if "at" in panel and name in g.areas and name not in panel["at"]:
            yield (*at, "at"), f"no position for the area {name!r}"



def _lines_mismatches(lines: dict, at: tuple, g: GameDef, titles: dict):
    """A panel's `lines`: its current area's game variable, its mark's text and the text of
    each value of its area property must exist."""
    if "current" in lines and lines["current"] not in g.game_vars:
        yield (*at, "lines", "current"), f"no game variable {lines['current']!r}"
    if "now" in lines and lines["now"] not in titles:
        yield (*at, "lines", "now"), f"no text {lines['now']!r} in the text file's table: section"
    said = lines.get("property")
    for name, area in g.areas.items() if said else ():
        if said in area and f"{said}_{area[said]}" not in titles:
            yield (*at, "lines", "property"), \
                f"no text {said}_{area[said]!r} in the text file's table: section (for {name!r})"
