"""What both framework adapters share: a Table (one game loaded for a player count, with its
action index and observation layout), the regola state they hold, and the returns.

Returns: when a game ends, its k winners get 1/k each and the others -1/(n-k) each, so the
returns of a game add up to 0 (zero-sum) and lie in [-1, 1]; a game with no winner (one
stopped unfinished by max_decisions) gives everyone 0.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import UnsupportedPlayers
from ..game import GameState
from ..loading.loader import load_game
from .actions import ActionSpace
from .observation import Encoder, ObservationLayout, view_string

MAX_DECISIONS = 10_000
"""Decisions after which a game the rules have not ended stops, unfinished (no winners)."""


class Table:
    """One game with its variant, options and player count, and its fixed encodings."""

    def __init__(self, game: str, players: int | None = None, variant: str | None = None,
                 options: Mapping[str, Any] | None = None,
                 max_decisions: int = MAX_DECISIONS):
        self.spec = (game, players, variant or None, dict(options or {}), max_decisions)
        self.game = load_game(game, variant or None, dict(options) if options else None)
        self.players = self.game.definition.max_players if players is None else players
        if self.players not in self.game.player_counts:
            allowed = ", ".join(map(str, self.game.player_counts))
            raise UnsupportedPlayers(f"{self.game.id} is for {allowed} players, "
                                     f"not {self.players!r}")
        self.max_decisions = max_decisions
        self.actions = ActionSpace(self.game, self.players)
        self.layout = ObservationLayout(self.game, self.players, self.actions)
        self.encoder = Encoder(self.layout)

    def start(self, seed: int) -> GameState:
        """A new game of this table from `seed`."""
        return self.game.new_state(players=self.players, seed=seed,
                                   max_decisions=self.max_decisions)

    @classmethod
    def get(cls, game: str, players: int | None = None, variant: str | None = None,
            options: Mapping[str, Any] | None = None,
            max_decisions: int = MAX_DECISIONS) -> Table:
        """The table for these arguments, made once per process (its spare action ids are
        then shared by every state of it)."""
        key = repr((game, players, variant or None, sorted((options or {}).items()),
                    max_decisions))
        table = _tables.get(key)
        if table is None:
            table = _tables[key] = cls(game, players, variant, options, max_decisions)
        return table

    def __deepcopy__(self, memo: dict) -> Table:
        return self                                # shared by every state of the game

    def __reduce__(self) -> tuple:
        return (_table, self.spec)

    def seat_names(self) -> list[str]:
        """The seats' names (the game's colours), as many as the table has players."""
        names = list(self.game.definition.seats)
        return [names[i] if i < len(names) else f"seat_{i}" for i in range(self.players)]


_tables: dict[str, Table] = {}


def _table(*spec: Any) -> Table:
    """The table of a pickled spec."""
    return Table.get(*spec)


def returns(state: GameState | None, players: int) -> list[float]:
    """Each seat's return: winners share +1, the others share -1; 0 for all until the end
    and when nobody won."""
    if state is None or not state.is_over:
        return [0.0] * players
    winners = set(state.result.get("winners", []))
    if not winners or len(winners) == players:
        return [0.0] * players
    won, lost = 1.0 / len(winners), -1.0 / (players - len(winners))
    return [won if p in winners else lost for p in range(players)]


def deciding_seat(state: GameState) -> int | None:
    """The seat that decides next when several must (a simultaneous step): the lowest one,
    so every seat's secret choices are asked one seat after the other."""
    seats = state.to_move
    return min(seats) if seats else None


class Held:
    """A regola state held by a framework's state object, with its views cached until it
    changes. Copies clone the state; pickles keep how the game was loaded and its JSON."""

    def __init__(self, state: GameState | None):
        self.state = state
        self._views: dict[Any, Any] = {}

    def view(self, seat: int | None) -> dict | None:
        """observe(seat), computed once per state (None before the game starts)."""
        if self.state is None:
            return None
        view = self._views.get(seat)
        if view is None:
            view = self._views[seat] = self.state.observe(seat)
        return view

    def string(self, seat: int | None, history: bool) -> str:
        """The view as canonical JSON, with the log (history) or without."""
        key = ("string", seat, history)
        text = self._views.get(key)
        if text is None:
            text = self._views[key] = view_string(self.view(seat), history)
        return text

    def json(self) -> str:
        """The whole state as canonical JSON ("" before the game starts)."""
        if self.state is None:
            return ""
        text = self._views.get("json")
        if text is None:
            text = self._views["json"] = self.state.to_json()
        return text

    def changed(self) -> None:
        """Forget the cached views (call after every action)."""
        self._views = {}

    def __deepcopy__(self, memo: dict) -> Held:
        copy = Held(None if self.state is None else self.state.clone())
        copy._views = dict(self._views)     # views and texts of an equal state, never changed
        return copy

    def __reduce__(self) -> tuple:
        if self.state is None:
            return (Held, (None,))
        return (_unpickle, (self.state.game.source, self.json()))


def _unpickle(source: dict, text: str) -> Held:
    """A Held state rebuilt from its game's source and its JSON (checked like any save)."""
    game = load_game(source["game"], source["variant"], source["options"] or None)
    return Held(game.state_from_json(text))
