"""A bot that picks uniformly at random among the legal actions of its seat."""

from __future__ import annotations

from typing import Any

from ..errors import InvalidArgument, w
from .base import Bot, SeatView


class RandomBot(Bot):
    """Chooses uniformly from the seat's legal actions with its own random.Random.

    The seed may be anything random.Random accepts (an int, or a str such as "1/7"): the
    same seed and the same states give the same choices.
    """

    name = "random"

    def __init__(self, seed: Any = None, arg: str | None = None):
        if arg is not None:
            raise InvalidArgument.text(w("random takes no argument, not {arg}"), arg=repr(arg))
        super().__init__(seed)

    def decide(self, view: SeatView) -> dict:
        """A uniformly random legal action."""
        actions = view.actions()
        return actions[self.rng.randrange(len(actions))]
