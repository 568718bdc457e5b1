"""How bots score a position for every seat: the game's evaluation, or the result."""

from __future__ import annotations

import math
from typing import Any

WIN = 1000.0
"""The evaluation lead a won game is worth to the greedy bot."""


def evaluations(state: Any) -> list[float]:
    """The game's evaluation for each seat."""
    return [state.evaluate(p) for p in range(state.players)]


def lead(values: list[float], seat: int) -> float:
    """How far `seat`'s value is ahead of the best other seat's (negative: behind)."""
    others = [v for p, v in enumerate(values) if p != seat]
    return values[seat] - max(others) if others else values[seat]


def greedy_value(state: Any, seat: int) -> float:
    """The greedy bot's value of a position: the lead in evaluation; a finished game is
    worth +-WIN (a shared win WIN / winners)."""
    if state.is_over:
        winners = state.result["winners"]
        if winners:
            return WIN / len(winners) if seat in winners else -WIN
    return lead(evaluations(state), seat)


def rewards(state: Any, scale: float) -> list[float]:
    """Each seat's reward in [0, 1] for search: a win's share once the game is over, else
    a logistic of its evaluation lead (`scale` is the lead worth about 73%)."""
    n = state.players
    if state.is_over and state.result["winners"]:
        winners = state.result["winners"]
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(n)]
    values = evaluations(state)
    return [1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead(values, p) / scale))))
            for p in range(n)]
