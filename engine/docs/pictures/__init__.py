"""Pictures for the rulebook, drawn as plain SVG from the game's data. The outline
(rulebook.yaml, pictures) chooses one of these kinds for each picture; each kind is drawn by
the module of its name:

- area_spaces: every area with a list property as a row of spaces, one value each;
- deck_rows: decks as rows of cards, face up or face down;
- area_grid: areas in columns grouped by a property, each box showing chosen properties;
- connection_graph: areas as circles and the connections between them as lines;
- grid_tiles, grid_layout (tile_grids.py): tiles of a grid, and tiles laid out on cells.
"""

from __future__ import annotations

from ..texts import Texts
from .area_blocks import area_blocks
from .area_grid import area_grid
from .area_map import area_map
from .area_spaces import area_spaces
from .connection_graph import connection_graph
from .deck_rows import deck_rows
from .tile_grids import grid_layout, grid_tiles, tile_sampler

KINDS = {"area_spaces": area_spaces, "area_map": area_map, "deck_rows": deck_rows, "area_grid": area_grid, "area_blocks": area_blocks,
         "connection_graph": connection_graph, "grid_tiles": grid_tiles,
         "grid_layout": grid_layout, "tile_sampler": tile_sampler}


def draw(texts: Texts, spec: dict, title: str) -> str:
    """The SVG text of one picture of the outline."""
    return KINDS[spec["kind"]](texts, spec, title)
