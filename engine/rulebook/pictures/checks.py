"""Checks of the outline's pictures against the game: every area, deck, grid, property and
connection a picture names must exist (a located problem otherwise, never a crash)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

Where = tuple[Any, ...]


def _area_props(game) -> set[str]:
    return {p for area in game.areas.values() for p in area}


def picture_mismatches(picture: dict, game, pictures: dict | None = None
                       ) -> Iterator[tuple[Where, str]]:
    """(path inside the picture, message) for every name the game (or the outline's other
    `pictures`) does not have."""
    kind = picture.get("kind")
    props = _area_props(game)
    if kind == "deck_rows":
        for k, row in enumerate(picture.get("rows", [])):
            if row["deck"] not in game.decks:
                yield ("rows", k, "deck"), f"no deck {row['deck']!r}"
    if kind == "area_spaces" and picture.get("property") not in props:
        yield ("property",), f"no area has the property {picture.get('property')!r}"
    if kind == "area_map":
        for area in picture.get("at", {}):
            if area not in game.areas:
                yield ("at", area), f"no area {area!r}"
        for key in ("spaces", "fill_by"):
            if key in picture and picture[key] not in props:
                yield (key,), f"no area has the property {picture[key]!r}"
        for cid in picture.get("connection_at", {}):
            if cid not in game.connections:
                yield ("connection_at", cid), f"no connection {cid!r}"
    if kind == "area_blocks":
        kinds = {a["kind"] for a in game.areas.values()}
        for i, block in enumerate(picture.get("blocks", [])):
            if block["area_kind"] not in kinds:
                yield ("blocks", i, "area_kind"), f"no area of kind {block['area_kind']!r}"
            named = [block.get(k) for k in ("order_by", "group_by", "badge") if k in block]
            for prop in named + list(block.get("show", [])):
                if prop not in props:
                    yield ("blocks", i), f"no area has the property {prop!r}"
    if "grid" in picture and picture["grid"] not in game.grids:
        yield ("grid",), f"no grid {picture['grid']!r}"
    if kind == "position" and "board" in picture:
        board = (pictures or {}).get(picture["board"])
        if not board or board.get("kind") not in ("area_map", "area_blocks"):
            yield ("board",), f"no area_map or area_blocks picture {picture['board']!r}"
