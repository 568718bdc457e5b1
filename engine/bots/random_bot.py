"""A bot that picks uniformly at random among the legal actions of its seat."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .base import Bot, SeatView

if TYPE_CHECKING:
    from ..i18n.catalog import Words


class RandomBot(Bot):
    """Chooses uniformly from the seat's legal actions with its own random.Random.

    The seed may be anything random.Random accepts (an int, or a str such as "1/7"): the
    same seed and the same states give the same choices.
    """

    name = "random"

    def __init__(self, seed: Any = None):
        super().__init__(seed)

    def decide(self, view: SeatView) -> dict:
        """A uniformly random legal action."""
        actions = view.actions()
        return actions[self.rng.randrange(len(actions))]

    def describe(self, words: Words) -> str:
        """"random bot", in the words' language."""
        return words.ctx("seat kind", "random bot")
