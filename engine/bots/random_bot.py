"""A bot that picks uniformly at random among the legal actions of its seat."""

from __future__ import annotations

import random
from typing import Any

from ..errors import IllegalAction


class RandomBot:
    """Chooses uniformly from state.legal_actions(seat) with its own random.Random.

    The seed may be anything random.Random accepts (an int, or a str such as "1/7"): the
    same seed and the same states give the same choices.
    """

    name = "random"

    def __init__(self, seed: Any = None):
        self.rng = random.Random(seed)

    def choose(self, state, seat: int) -> dict:
        """One of the actions `seat` may take now; IllegalAction if it has none."""
        actions = state.legal_actions(seat)
        if not actions:
            raise IllegalAction(f"player {seat} has no decision to make")
        return actions[self.rng.randrange(len(actions))]
