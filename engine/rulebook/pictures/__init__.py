"""Pictures for the rulebook, drawn as plain SVG from the game's data. The outline
(rulebook.yaml, pictures) chooses one of these kinds for each picture; each kind is drawn by
the module of its name:

- area_map: the board as a map, areas at the places the outline gives (spaces with their
  values, fills by a property, a divider such as a canal, connections with their room);
- area_blocks: a board whose areas sit in blocks as on the table (rows, columns by a
  property), boxes coloured by a property;
- deck_rows: decks as rows of cards, face up or face down, as a new game deals them;
- grid_tiles, tile_sampler, grid_layout (tile_grids.py): tiles of a grid (identical ones
  counted once), a sampler of them by group, and tiles laid out on cells;
- position: a GameState drawn from its public view on the outline's board (position.py,
  `draw_position`, also for positions in worked examples), e.g. the setup.

checks.py checks the pictures of an outline against the game.
"""

from __future__ import annotations

from typing import Any

from ..texts import Texts
from .area_blocks import area_blocks
from .area_map import area_map
from .deck_rows import deck_rows
from .position import draw_position, position
from .tile_grids import grid_layout, grid_tiles, tile_sampler

KINDS = {"area_map": area_map, "area_blocks": area_blocks, "deck_rows": deck_rows,
         "grid_tiles": grid_tiles, "tile_sampler": tile_sampler, "grid_layout": grid_layout}


def draw(texts: Texts, spec: dict, title: str, game: Any = None,
         pictures: dict | None = None) -> str:
    """The SVG text of one picture of the outline (`game` and the outline's `pictures` are
    needed by the kinds drawn from a game in play)."""
    if spec["kind"] == "position":
        return position(texts, spec, title, game, pictures)
    if spec["kind"] == "deck_rows":
        return deck_rows(texts, spec, title, game)
    return KINDS[spec["kind"]](texts, spec, title)


__all__ = ["KINDS", "draw", "draw_position"]
