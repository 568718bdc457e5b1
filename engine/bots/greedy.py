"""The greedy bot: one decision ahead on the game's evaluation (`evaluation:` in game.yaml).

For each legal action it plays the action on one sampled state (hidden parts drawn anew:
it never reads what its seat cannot see) and values the position reached by its lead in
evaluation over the best other seat. When a turn is several decisions of the same seat in
a row (choose a card, then a place...), the first ones often change nothing the
evaluation sees: so after each candidate it goes on to the end of its own run of
decisions, taking each next decision greedily on the immediate evaluation, at most
`depth - 1` more decisions (`greedy:N` sets depth N; default 3). Ties are broken at random.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import InvalidArgument, RegolaError, w
from .base import Bot, SeatView
from .scoring import greedy_value

if TYPE_CHECKING:
    from ..i18n.catalog import Words

DEPTH = 3
"""Decisions of its own run a greedy bot looks through (the candidate included)."""


class GreedyBot(Bot):
    """Best action by the evaluation after its own run of decisions (see the module)."""

    name = "greedy"

    def __init__(self, seed: Any = None, arg: str | None = None):
        super().__init__(seed, arg)
        if arg is None or arg == "":
            self.depth = DEPTH
        elif arg.isdigit() and int(arg) >= 1:
            self.depth = int(arg)
        else:
            raise InvalidArgument.text(w("greedy takes a whole number of decisions of at "
                                         "least 1 (greedy:3), not {arg}"), arg=repr(arg))

    def describe(self, words: Words) -> str:
        """"greedy bot", with its depth when it is not the default one."""
        if self.depth == DEPTH:
            return words.ctx("seat kind", "greedy bot")
        return words.plural("seat kind", "greedy bot ({n} decision ahead)",
                            "greedy bot ({n} decisions ahead)", self.depth)

    def decide(self, view: SeatView) -> dict:
        """The action whose position, after its own run of decisions, leads by most."""
        actions = view.actions()
        if len(actions) == 1:
            return actions[0]
        world = view.sample(self.rng)
        best: list[dict] = []
        top = float("-inf")
        for action in actions:
            value = self.value_after(world, view.seat, action)
            if value > top:
                best, top = [action], value
            elif value == top:
                best.append(action)
        return best[self.rng.randrange(len(best))]

    def value_after(self, world: Any, seat: int, action: dict) -> float:
        """The value of `action` played on `world`, followed greedily to the end of the
        seat's run of decisions (at most depth - 1 more)."""
        state = world.clone()
        state.apply(seat, action)
        for _ in range(self.depth - 1):
            if state.is_over or state.to_move != [seat]:
                break
            options = state.legal_actions(seat)
            step = max(options, key=lambda a: self._immediate(state, seat, a))
            state.apply(seat, step)
        return greedy_value(state, seat)

    @staticmethod
    def _immediate(state: Any, seat: int, action: dict) -> float:
        after = state.clone()
        try:
            after.apply(seat, action)
        except RegolaError:
            return float("-inf")
        return greedy_value(after, seat)
