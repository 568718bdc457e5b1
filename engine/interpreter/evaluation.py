"""What a game's `evaluation` says a position is worth to a player (for bots, not rules)."""

from __future__ import annotations

from .model import GameDef


def evaluate(game: GameDef, c, player: int) -> float:
    """The weighted sum of the evaluation's terms for `player` (0 if the game has none)."""
    rule = game.evaluation
    if rule is None:
        return 0.0
    return float(sum(fn(c, player) * weight for fn, weight in rule.terms.values()))
