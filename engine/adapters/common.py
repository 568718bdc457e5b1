"""What both framework adapters share: a Table (one game loaded for a player count, with its
action index and observation layout), the regola state they hold, and the returns.

Returns: when a game ends, its k winners get 1/k each and the others -1/(n-k) each, so the
returns of a game add up to 0 (zero-sum) and lie in [-1, 1]; a game with no winner (one
stopped unfinished by max_decisions) gives everyone 0. A game whose file declares
`end: payoff` (an amount per player that adds up to 0, with its least and greatest value)
returns those payoffs instead.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..errors import UnsupportedPlayers
from ..game import GameState
from ..interpreter.layout import layout_of
from ..loading.loader import load_game
from .actions import ActionSpace
from .observation import Encoder, ObservationLayout, compact_string, view_string

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
        end = self.game.definition.end
        self.utility_range = end.payoff_range if end is not None and end.payoff_range \
            else (-1.0, 1.0)

    def start(self, seed: int | None, explicit_chance: bool = False) -> GameState:
        """A new game of this table from `seed` (None: an unguessable one), or with
        `explicit_chance` and no seed (each draw waits for chance's outcome)."""
        return self.game.new_state(players=self.players, seed=seed,
                                   max_decisions=self.max_decisions,
                                   explicit_chance=explicit_chance)

    def chance_bounds(self) -> tuple[int, int]:
        """(the largest number of outcomes a draw can have, a bound on the draws of a game)
        from the data: a draw picks among a deck's cards, the tokens of a kind, or a list
        (of places, tokens or seats); a game of at most max_decisions decisions draws at
        most that many of each, per decision and before the first."""
        definition = self.game.definition
        lay = layout_of(definition, self.players)
        largest = max([2, self.players, len(lay.tids), len(lay.places),
                       *(len(d.cards) for d in definition.decks.values())])
        return largest, (self.max_decisions + 1) * largest

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
    and when nobody won. A game file with `end: payoff` (chips won, for poker) gives each
    seat its payoff instead."""
    if state is None or not state.is_over:
        return [0.0] * players
    if "payoffs" in state.result:                 # the game file's end: payoff
        return [float(v) for v in state.result["payoffs"]]
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


class SeenChoices:
    """The choices each seat saw (the choice events of its observe() log), kept as the log
    grows: read only the events written since the last look, not the whole log again.

    A seat sees a choice unless it is another seat's private (secret) one; so, while a
    secret step is open, what it saw is the same in the real log as in the step as if it
    alone had answered (GameState._as_if_alone). If the log was cut back and rewritten (a
    refused apply restores its checkpoint), or is another one, the counts start over.
    """

    __slots__ = ("log", "read", "last", "seen", "counts")

    def __init__(self, players: int, actions: int):
        self.log: Any = None
        self.read = 0                     # events of `log` read so far
        self.last: Any = None             # the last of them (to notice a rewritten log)
        self.seen: dict[Any, list[tuple[int, int]]] = {}   # seat -> [(player, action id)]
        self.counts: dict[Any, Any] = {}  # seat -> n x A counts of those choices
        self._reset(players, actions)

    def _reset(self, players: int, actions: int) -> None:
        import numpy as np
        self.log, self.read, self.last = None, 0, None
        self.seen = {seat: [] for seat in [None, *range(players)]}
        self.counts = {seat: np.zeros((players, actions), np.float32) for seat in self.seen}

    def update(self, state: GameState, table: Table) -> None:
        """Read the events written since the last update."""
        log = state.log
        n = len(log)
        if log is not self.log or n < self.read or \
                (self.read and log[self.read - 1] is not self.last):
            self._reset(table.players, len(table.actions))
            self.log = log
        if n == self.read:
            return
        players, id_of = table.players, table.actions.id_of
        for event in log.since(self.read):
            if event.get("e") != "choice" or "value" not in event:
                continue
            player = event.get("player")
            if not (isinstance(player, int) and not isinstance(player, bool)
                    and 0 <= player < players):
                continue
            action = id_of(event["value"])
            if event.get("private") or event.get("masked"):   # the others see no value
                seats = (player,)
            else:
                seats = self.seen
            for seat in seats:
                self.seen[seat].append((player, action))
                self.counts[seat][player, action] += 1
        self.read, self.last = n, log[n - 1]

    def copy(self) -> SeenChoices:
        copy = SeenChoices.__new__(SeenChoices)
        copy.log, copy.read, copy.last = None, 0, None   # a clone has its own log
        copy.seen = {seat: list(v) for seat, v in self.seen.items()}
        copy.counts = {seat: v.copy() for seat, v in self.counts.items()}
        return copy


class Held:
    """A regola state held by a framework's state object, with its views cached until it
    changes, and the choices each seat saw kept as the game goes on. Copies clone the
    state; pickles keep how the game was loaded and its JSON with its log."""

    def __init__(self, state: GameState | None, table: Table | None = None):
        self.state = state
        self.table = table
        self._views: dict[Any, Any] = {}
        self._seen: SeenChoices | None = None

    def view(self, seat: int | None, log: bool = False) -> dict | None:
        """observe(seat), without its log unless `log`, computed once per state (None
        before the game starts)."""
        if self.state is None:
            return None
        key = (seat, log)
        view = self._views.get(key)
        if view is None:
            view = self._views[key] = self.state.observe(seat, log)
        return view

    def cached(self, key: str, make: Callable[[], Any]) -> Any:
        """make()'s answer for this state, computed once per state (a None is not kept)."""
        value = self._views.get(key)
        if value is None:
            value = make()
            self._views[key] = value
        return value

    def seen(self) -> SeenChoices:
        """The choices each seat saw so far (read from the log's new events)."""
        if self._seen is None:
            self._seen = SeenChoices(self.table.players, len(self.table.actions))
        self._seen.update(self.state, self.table)
        return self._seen

    def history(self, seat: int | None) -> Any:
        """The n x A counts of the choices `seat` saw (the tensor's history section), the
        choice waiting for chance's draws included if `seat` sees it."""
        counts = self.seen().counts[seat]
        pending = self.pending(seat)
        if pending is not None:
            counts = counts.copy()
            counts[pending] += 1
        return counts

    def pending(self, seat: int | None) -> tuple[int, int] | None:
        """The choice taken but waiting for chance's draws before it is played (explicit
        chance), as (player, action id), if `seat` sees it (its own, or not secret)."""
        draw = None if self.state is None else self.state.chance_draw
        if draw is None or draw["action"] is None:
            return None
        state, (player, value) = self.state, draw["action"]
        decision = state.decision(player)
        if seat != player and (decision is None or decision["secret"]
                               or state.masks_choice(value)):
            return None
        return player, self.table.actions.id_of(value)

    def string(self, seat: int | None, history: bool, full: bool = False) -> str:
        """The view as canonical JSON: without the log (history false), or the information
        state: compact (the view without the log, a digest of the log the seat saw, and
        the choices it saw, as [player, action id] pairs) or `full` (the view with its
        log)."""
        key = ("string", seat, history, full)
        text = self._views.get(key)
        if text is None:
            if not history:
                text = view_string(self.view(seat), False)
            elif full:
                text = view_string(self.view(seat, True), True)
            else:
                seen = self.seen().seen[seat]
                pending = self.pending(seat)
                text = compact_string(self.view(seat), seen if pending is None
                                      else [*seen, pending], self.state.seen_digest(seat))
            self._views[key] = text
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
        copy = Held(None if self.state is None else self.state.clone(), self.table)
        copy._views = dict(self._views)     # views and texts of an equal state, never changed
        if self._seen is not None and self.state is not None:
            self._seen.update(self.state, self.table)
            copy._seen = self._seen.copy()
            copy._seen.log, copy._seen.read = copy.state.log, self._seen.read
            copy._seen.last = self._seen.last
        return copy

    def __reduce__(self) -> tuple:
        if self.state is None:
            return (Held, (None,))
        # With the log, and where in it an open secret step began: what each seat saw, and
        # so its information state, is read from them again.
        return (_unpickle, (self.state.game.source, self.state.to_json(log=True), self.table,
                            self.state._block_at))


def _unpickle(source: dict, text: str, table: Table | None = None,
              block_at: int | None = None) -> Held:
    """A Held state rebuilt from its game's source and its JSON with its log (checked like
    any save), and the log's length when its open secret step began (if it fits)."""
    game = load_game(source["game"], source["variant"], source["options"] or None)
    state = game.state_from_json(text)
    if type(block_at) is int and 0 <= block_at <= len(state.log) and \
            "secret_step" in state._data:
        state._block_at = block_at
    return Held(state, table)
