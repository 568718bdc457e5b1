"""The bot interface: a bot sees one seat's observation and legal actions, never the state.

A bot's `choose(state, seat)` (what the CLI, the simulator and the web table call) hands
it a SeatView of the state and returns its `decide(view)`. The view gives only:
`observation` (state.observe(seat)), `actions()` (state.legal_actions(seat)) and
`sample(rng)`: a full state the seat cannot tell from the real one (its hidden parts drawn
anew; GameState.sample), for bots that search.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from ..errors import IllegalAction

if TYPE_CHECKING:
    from ..i18n.catalog import Words


class SeatView:
    """What one seat may know of a game in progress, for a bot."""

    __slots__ = ("_state", "seat", "_observation", "_sampler")

    def __init__(self, state: Any, seat: int):
        self._state = state
        self.seat = seat
        self._observation: dict | None = None
        self._sampler: Any = None

    @property
    def game(self) -> Any:
        """The Game (static rules and evaluation): public knowledge."""
        return self._state.game

    @property
    def observation(self) -> dict:
        """Everything the seat may see now (state.observe(seat), made once)."""
        if self._observation is None:
            self._observation = self._state.observe(self.seat)
        return self._observation

    def actions(self) -> list[dict]:
        """The actions the seat may take now; IllegalAction if it has no decision."""
        actions = self._state.legal_actions(self.seat)
        if not actions:
            raise IllegalAction(f"player {self.seat} has no decision to make")
        return actions

    def sample(self, rng: random.Random) -> Any:
        """A full state consistent with the seat's observation, hidden parts drawn with
        `rng` (a new GameState each time: play on it freely). The view stands for one
        decision, so the sampling plan is made once (GameState.sampler)."""
        if self._sampler is None:
            self._sampler = self._state.sampler(self.seat)
        return self._sampler(rng)


class Bot:
    """A bot: `decide(view)` picks one of view.actions(); its random stream is its own."""

    name = ""
    """Its kind's name in regola.bots.BOTS (what seat specs say)."""

    def __init__(self, seed: Any = None, arg: str | None = None):
        self.rng = random.Random(seed)
        self.arg = arg

    def choose(self, state: Any, seat: int) -> dict:
        """One of the actions `seat` may take now, chosen from what that seat may see."""
        return self.decide(SeatView(state, seat))

    def decide(self, view: SeatView) -> dict:
        """The action to take, given only the seat's view."""
        raise NotImplementedError

    def describe(self, words: Words) -> str:
        """Who plays the seat, in words for the people at the table ("greedy bot"); a bot
        kind added to BOTS without its own words is named by its name."""
        return words.ctx("seat kind", "{name} bot", name=self.name)
