"""Decisions about a grid, as the terminal shows them: a decision whose options are cells
(the spaces are drawn on the seat's grid, each with its key, and named by row and column),
and one whose options are the quarter turns of a token (`grid_rotations` in the rules: the
token is drawn in each of them).

Built from the seat's view and its own pending decision only: the token being turned is
read from the waiting procedure's variables, and only if the seat sees it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ..game import Game, GameState
from ..i18n.game_words import GameWords
from ..interpreter.decision_context import _frames
from ..present.labels import Namer
from .grid_view import DrawnMap, cell_names, grid_map, grid_of_cells, map_key, rotation_pictures
from .keys import is_cell, reading_order


class GridNamer(Namer):
    """A Namer that says the cells of the seat's grid by row and column (`cells`: cell ->
    words; any other cell as the Namer says it)."""

    def __init__(self, game: Game, gw: GameWords, view: dict, cells: dict[tuple, str]):
        super().__init__(game, gw, view)
        self.cells = cells

    def options(self, values: list[Any], named: Any = (), kind: str = "",
                context: dict | None = None) -> list[str]:
        """The options' labels, the cells among them by row and column (the Namer's own
        `options` reads a piece or an effect only for the other values)."""
        rest = [v for v in values if not is_cell(v)]
        labels = iter(super().options(rest, named, kind, context) if rest else [])
        return [self.option(v, named, kind) if is_cell(v) else next(labels) for v in values]

    def value(self, value: Any, kind: str = "") -> str:
        if is_cell(value) and tuple(value) in self.cells:
            return self.cells[tuple(value)]
        return super().value(value, kind)


@dataclass
class GridChoice:
    """How a decision about a grid is drawn: the map (with the offered spaces' keys) and
    the pictures of the turns; and the names of the cells."""

    map: list = field(default_factory=list)          # rich Text lines
    pictures: list = field(default_factory=list)     # rich Text lines (they replace options)
    names: dict[tuple, str] = field(default_factory=dict)
    key: list = field(default_factory=list)          # the map's key, shown if room is left
    short_key: list = field(default_factory=list)    # the key without meanings, else
    draw: Callable[..., list] | None = None          # grid_map's arguments after the marks

    def with_key(self, key: list, pointer: str = "") -> DrawnMap:
        """The map followed by `key` (its `key` or its `short_key`; none: its title ends
        with `pointer`, words saying where the key is), as lines that draw again with
        fewer rows on a short screen (the offered spaces kept)."""
        brief = key is self.short_key and key is not self.key
        draw = self.draw

        def titled(lines: list) -> list:
            if not pointer or not lines:
                return lines
            head = lines[0].copy()
            head.append(pointer, style="dim")
            return [head, *lines[1:]]
        return DrawnMap(titled(self.map) + key, None if draw is None else
                        lambda room: titled(draw(key=bool(key), brief=brief, room=room)))


def _rotated_token(game: Game, state: GameState, seat: int, ask: str) -> tuple | None:
    """(grid name, token id) when `seat`'s pending decision chooses from
    grid_rotations(grid, token)."""
    found = _frames(state.data, seat)
    if found is None:
        return None
    _, frames = found
    proc, env = frames[-1]
    for found in game.definition.asks:
        if found.procedure != proc.split("·")[0] or found.ask != ask \
                or found.call != "grid_rotations" or len(found.args) != 2:
            continue
        grid_arg, token_arg = found.args
        grid = grid_arg[1] if grid_arg is not None else None
        token = env.get(token_arg[1]) if token_arg is not None and token_arg[0] == "name" \
            else None
        if grid in game.definition.grids and isinstance(token, str):
            return grid, token
    return None


def grid_choice(game: Game, state: GameState, gw: GameWords, seat: int, view: dict,
                actions: list[dict], keys: list[str], context: dict | None,
                width: int) -> GridChoice | None:
    """How to draw `seat`'s decision on a grid (None if it is not about a grid)."""
    marks = {tuple(a["value"]): k for a, k in zip(actions, keys) if is_cell(a["value"])}
    if marks:
        found = grid_of_cells(game, view, seat, marks)
        if found is None:
            return None
        name, owner = found
        # a question whose options carry notes (what each space costs) says them instead
        # of what stands on each space
        ask = actions[0]["ask"] if actions else ""
        names = cell_names(game, view, gw, name, owner, marks,
                           over=ask not in (gw.texts.get("option_notes") or {}))
        return GridChoice(grid_map(game, view, gw, name, owner, marks, key=False), [], names,
                          map_key(game, view, gw, name, owner),
                          map_key(game, view, gw, name, owner, brief=True),
                          partial(grid_map, game, view, gw, name, owner, marks))
    if not actions or not all(isinstance(a["value"], int) for a in actions):
        return None
    rotated = _rotated_token(game, state, seat, actions[0]["ask"])
    if rotated is None:
        return None
    name, tid = rotated
    token = next((t for t in view["tokens"] if t.get("id") == tid), None)
    grid = game.definition.grids[name]
    if token is None or (grid.parts and not token.get(grid.parts)):
        return None
    owner = seat if grid.per_player else None
    spaces = [v for v in (context or {}).get("prompt", {}).values() if is_cell(v)]
    cell = tuple(spaces[0]) if len(spaces) == 1 else None
    names = cell_names(game, view, gw, name, owner, [cell]) if cell else {}
    pictures = rotation_pictures(game, view, gw, name, owner, token,
                                 [a["value"] for a in actions], keys, width, cell)
    marks = {cell: "*"} if cell else None
    return GridChoice(grid_map(game, view, gw, name, owner, marks, key=False), pictures, names,
                      map_key(game, view, gw, name, owner),
                      map_key(game, view, gw, name, owner, brief=True),
                      partial(grid_map, game, view, gw, name, owner, marks))


def in_reading_order(actions: list[dict]) -> list[int]:
    """The options' order on screen (indexes into `actions`): cells in reading order after
    any other options."""
    return sorted(range(len(actions)), key=lambda i: (
        (1, *reading_order(actions[i]["value"])) if is_cell(actions[i]["value"])
        else (0, 0, 0)))
