"""A game-wide action index: every value a decision may offer gets one stable integer.

Frameworks such as OpenSpiel and PettingZoo number actions 0..N-1 once for a whole game, and
the same number must mean the same action in every state. regola's decisions offer values
(an area, a card, a number, a grid cell...) computed by the scripts, so the index is
*enumerated from the game data* for a game and a player count, in this fixed order:

1. null, false, true;
2. whole numbers from min(0, -E) to max(H, E, players), where H is the largest whole number
   the data holds (constants for this player count, option values, area and token
   properties, deck cards, pieces per player; at most MAX_NUMBER) and E the extent of the
   largest declared grid rectangle (grid cells are relative to the first tile);
3. texts, sorted: areas and locations, connections, deck cards, token kinds, their text
   properties and the ids of this player count's tokens, piece, track, resource and grid
   names, the seats' names, the option values, and the words of the text file's `asks`,
   `choices` and `values` sections (every literal choice a player reads has a text there);
4. grid cells [x, y] with -E <= x, y <= E, when the game declares grids that fit a rectangle.

The same data gives the same index in every process. A value the data does not foresee (a
number beyond H computed by a script) takes one of SPARE extra ids, in the order first seen
by this ActionSpace: stable within a process, not across processes. The built-in games need
none (tests/test_adapters_encoding.py plays them and checks).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from ..game import Game

MAX_NUMBER = 255
"""Whole numbers in the data above this are not enumerated (a limit such as 10**6 is not an
action); a script that offers one uses a spare id."""
SPARE = 64
"""Extra ids for values the data does not foresee."""


def action_key(value: Any) -> str:
    """The canonical text of an action value (type-exact: 1, "1" and true differ)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"))


def _scalar(value: Any) -> tuple | None:
    """A quick, type-exact key for a text or a whole number (None for anything else)."""
    kind = type(value)
    return (kind, value) if kind is str or kind is int else None


def _walk(value: Any, texts: set[str], numbers: set[int]) -> None:
    """Collect the texts and whole numbers inside plain data."""
    if isinstance(value, bool) or value is None:
        return
    if isinstance(value, str):
        texts.add(value)
    elif isinstance(value, int):
        numbers.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            _walk(item, texts, numbers)
            if isinstance(key, str):
                texts.add(key)
    elif isinstance(value, list | tuple):
        for item in value:
            _walk(item, texts, numbers)


def grid_extent(game: Game) -> int:
    """The largest side of any rectangle a declared grid must fit in (0: no such grid)."""
    sides = [side for grid in game.definition.grids.values()
             for rect in (getattr(grid, "fit", None) or []) for side in rect]
    return max(sides, default=0)


def enumerate_values(game: Game, players: int) -> list[Any]:
    """Every action value the game data foresees for `players` seats, in index order."""
    d = game.definition
    texts: set[str] = set()
    numbers: set[int] = set(range(players))
    _walk(d.constants_for(players), texts, numbers)
    _walk({k: [o.value] for k, o in d.options.items()}, texts, numbers)
    _walk(d.areas, texts, numbers)
    _walk(d.connections, texts, numbers)
    texts.update(d.locations)
    for kind in d.pieces.values():
        texts.add(kind.name)
        numbers.add(kind.per_player)
    for tkind in d.tokens.values():
        texts.add(tkind.name)
        _walk(tkind.props, texts, numbers)
    for deck in d.decks.values():
        texts.add(deck.name)
        _walk(deck.cards, texts, numbers)
    for ids in game.token_ids(players).values():
        texts.update(ids)
    texts.update(d.seats)
    texts.update(d.tracks)
    texts.update(d.resources)
    texts.update(d.grids)
    for section in ("asks", "choices", "values"):
        body = d.text.get(section)
        if isinstance(body, dict):
            texts.update(str(k) for k in body)
    extent = grid_extent(game)
    small = [n for n in numbers if n <= MAX_NUMBER]
    low, high = min(0, -extent, *small), max(extent, players, *small)
    values: list[Any] = [None, False, True]
    values += list(range(low, high + 1))
    values += sorted(texts)
    if extent:
        values += [[x, y] for x in range(-extent, extent + 1)
                   for y in range(-extent, extent + 1)]
    return values


class ActionSpace:
    """The action index of one game for one player count: value <-> integer."""

    def __init__(self, game: Game, players: int, spare: int = SPARE):
        self.values: list[Any] = enumerate_values(game, players)
        self.known = len(self.values)
        self.size = self.known + spare
        self._ids = {action_key(v): i for i, v in enumerate(self.values)}
        self._scalars = {_scalar(v): i for i, v in enumerate(self.values) if _scalar(v)}

    def __len__(self) -> int:
        return self.size

    def id_of(self, value: Any) -> int:
        """The integer of an action value (a spare one the first time an unforeseen value
        is seen); IndexError once the spare ids are used up."""
        scalar = _scalar(value)
        if scalar is not None and scalar in self._scalars:
            return self._scalars[scalar]
        key = action_key(value)
        found = self._ids.get(key)
        if found is None:
            if len(self.values) >= self.size:
                raise IndexError(f"action {key} is not in the game's action index and "
                                 f"all {self.size - self.known} spare ids are taken")
            found = self._ids[key] = len(self.values)
            self.values.append(value)
            if scalar is not None:
                self._scalars[scalar] = found
        return found

    def value_of(self, index: int) -> Any:
        """The action value of an integer; IndexError if no value has it."""
        if isinstance(index, bool) or not 0 <= int(index) < len(self.values):
            raise IndexError(f"no action has the id {index!r}")
        return self.values[int(index)]

    def ids(self, actions: Iterable[dict]) -> list[int]:
        """The sorted integers of legal_actions dicts."""
        return sorted(self.id_of(a["value"]) for a in actions)

    def spares_used(self) -> int:
        """How many spare ids unforeseen values have taken so far."""
        return len(self.values) - self.known
