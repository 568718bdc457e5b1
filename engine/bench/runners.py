"""One face for what the benchmark measures: a game run by regola, or a hand-written baseline.

Both play the same way: at each decision the first seat that must decide picks uniformly
among its legal actions with a random.Random seeded by the game's seed.
"""

from __future__ import annotations

import random
from typing import Any

from ..game import Game
from .baseline import Baseline

REGOLA = "regola"
"""The label of the interpreter's rows in the figures."""


class RegolaRunner:
    """A game loaded by regola, driven through the public API only."""

    def __init__(self, game: Game):
        self.game = game
        self.name = game.id
        self.label = REGOLA
        self.players = game.player_counts

    def new(self, players: int, seed: int) -> Any:
        """A new game at its first decision."""
        return self.game.new_state(players=players, seed=seed)

    def play(self, players: int, seed: int) -> int:
        """Play one random game to its end; the number of decisions taken."""
        state = self.game.new_state(players=players, seed=seed)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])
            decisions += 1
        return decisions

    def step(self, state: Any, rng: random.Random) -> bool:
        """Take one random decision; False if the game was already over."""
        if state.is_over:
            return False
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randrange(len(actions))])
        return True

    def clone(self, state: Any) -> Any:
        """An independent copy (GameState.clone)."""
        return state.clone()

    def to_json(self, state: Any) -> str:
        """The state saved as JSON text."""
        return state.to_json()

    def from_json(self, text: str) -> Any:
        """A state loaded from JSON text."""
        return self.game.state_from_json(text)

    def variable(self, state: Any, name: str) -> Any:
        """A public game variable (read through observe)."""
        return state.observe(None)["vars"].get(name)


class BaselineRunner:
    """A hand-written baseline, driven the same way."""

    def __init__(self, baseline: Baseline):
        self.module = baseline.module
        self.name = baseline.game
        self.label = baseline.label
        self.players = baseline.players

    def new(self, players: int, seed: int) -> Any:
        """A new game at its first decision."""
        return self.module.new_game(players, seed)

    def play(self, players: int, seed: int) -> int:
        """Play one random game to its end; the number of decisions taken."""
        state = self.module.new_game(players, seed)
        rng = random.Random(seed)
        decisions = 0
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
            decisions += 1
        return decisions

    def step(self, state: Any, rng: random.Random) -> bool:
        """Take one random decision; False if the game was already over."""
        if state.is_over:
            return False
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        return True

    def clone(self, state: Any) -> Any:
        """An independent copy (the baseline's own clone)."""
        return state.clone()

    def to_json(self, state: Any) -> str:
        """The state saved as JSON text."""
        return state.to_json()

    def from_json(self, text: str) -> Any:
        """A state loaded from JSON text."""
        return self.module.from_json(text)

    def variable(self, state: Any, name: str) -> Any:
        """A game variable (an attribute of the baseline's state)."""
        return getattr(state, name, None)
