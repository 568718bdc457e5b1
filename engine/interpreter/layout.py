"""What a game with a given number of players is made of, numbered once: its tokens (each a
small integer, with its id, kind and fixed properties), its places and its counted pieces.

A state stores only what changes, in flat lists indexed by these numbers (see state.py);
the layout is shared by every state of the game and never changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model import GameDef

IN_PLAY = "in_play"
"""Where control pieces sit while they mark a controlled token."""

TOKEN_FIELDS = ("kind", "owner", "at", "controller", "shown")
"""The fields every token record has besides its properties."""

GRID_FIELDS = ("cell", "rot", "level")
"""The fields a token lying on a grid has too."""


@dataclass(eq=False)
class Layout:
    """The numbering of one game's components for `n` players (fixed for every state)."""

    game: GameDef
    n: int
    tids: list[str] = field(default_factory=list)            # token number -> id
    index: dict[str, int] = field(default_factory=dict)      # token id -> number
    kind_of: list[str] = field(default_factory=list)         # token number -> kind
    kind_no: dict[str, int] = field(default_factory=dict)    # token kind -> kind number
    kind_of_no: list[int] = field(default_factory=list)      # token number -> kind number
    ranges: dict[str, range] = field(default_factory=dict)   # token kind -> its numbers
    props: list[dict[str, Any]] = field(default_factory=list)  # token number -> properties
    secret: list[tuple[str, ...]] = field(default_factory=list)  # token number -> secrets
    start: list[str] = field(default_factory=list)           # token number -> start place
    start_owner: list[int | None] = field(default_factory=list)
    places: list[str] = field(default_factory=list)          # place number -> name
    place_no: dict[str, int] = field(default_factory=dict)   # place name -> number
    slot: dict[str, int] = field(default_factory=dict)       # place -> place number * n
    control: dict[str, str] = field(default_factory=dict)    # token kind -> control piece
    grid_kinds: frozenset[str] = frozenset()                 # token kinds grids hold
    _static: dict = field(default_factory=dict, repr=False)  # cached static selections
    _columns: dict = field(default_factory=dict, repr=False)  # cached property columns

    @property
    def row(self) -> int:
        """How many numbers one piece kind's counts hold: a row of n per place."""
        return len(self.places) * self.n

    def column(self, name: str) -> list:
        """Property `name` of every token as one list by token number (None where a token
        has none), built once."""
        found = self._columns.get(name)
        if found is None:
            found = self._columns[name] = [props.get(name) for props in self.props]
        return found

    def static_selection(self, kind: str, filters: dict) -> tuple[int, ...] | None:
        """The numbers of the tokens of `kind` whose fixed properties match `filters` (all
        of them properties), cached; None if a filter is not a fixed property or a value
        cannot be a cache key."""
        try:
            key = (kind, *sorted(filters.items()))
            hit = self._static.get(key)
        except TypeError:
            return None
        if hit is not None:
            return hit
        if any(name in TOKEN_FIELDS or name in GRID_FIELDS for name in filters):
            return None
        props = self.props
        found = tuple(i for i in self.ranges.get(kind, ())
                      if all(props[i].get(k) == v for k, v in filters.items()))
        self._static[key] = found
        return found


def layout_of(game: GameDef, n: int) -> Layout:
    """The layout of `game` for `n` players (built once, kept on the game)."""
    found = game.layouts.get(n)
    if found is None:
        found = game.layouts[n] = _build(game, n)
    return found


def _build(game: GameDef, n: int) -> Layout:
    lay = Layout(game, n)
    for tkind in game.tokens.values():
        lay.kind_no[tkind.name] = len(lay.kind_no)
        first = len(lay.tids)
        owners = range(n) if tkind.per_player else [None]
        size = len(next(iter(tkind.props.values()))) if tkind.props else 1
        secret = tuple(tkind.secret)
        for owner in owners:
            for i in list(range(size)) * (1 + tkind.spares):
                tid = f"{tkind.name}-{len(lay.tids) + 1}"
                lay.index[tid] = len(lay.tids)
                lay.tids.append(tid)
                lay.kind_of.append(tkind.name)
                lay.kind_of_no.append(lay.kind_no[tkind.name])
                lay.props.append({prop: values[i] for prop, values in tkind.props.items()})
                lay.secret.append(secret)
                lay.start.append(tkind.start)
                lay.start_owner.append(owner)
        lay.ranges[tkind.name] = range(first, len(lay.tids))
        if tkind.control_piece:
            lay.control[tkind.name] = tkind.control_piece
    places = [*game.locations, *game.areas]
    if lay.control and IN_PLAY not in places:
        places.append(IN_PLAY)
    lay.places = list(dict.fromkeys(places))
    lay.place_no = {name: i for i, name in enumerate(lay.places)}
    lay.slot = {name: i * n for i, name in enumerate(lay.places)}
    lay.grid_kinds = frozenset(grid.token for grid in game.grids.values())
    return lay
