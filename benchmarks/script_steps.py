"""The most script steps one advance takes in random games of every built-in game.

The VM's step budget (regola.interpreter.limits.STEP_BUDGET) must stay far above this:

    python benchmarks/script_steps.py [games per player count]
"""

from __future__ import annotations

import sys
from contextlib import contextmanager

import regola
from regola.interpreter import limits, vm
from regola.loading.sources import builtin_variants
from regola.simulate import bot_seed, play_one

GAMES = ("doge", "rialto", "warsaw", "copycat")


def most_steps(name: str, games: int, variant: str | None = None) -> tuple[int, int]:
    """(most steps in one advance, advances measured) over random games of every count."""
    used: list[int] = []
    opened = limits.step_budget

    @contextmanager
    def measured(steps: int = limits.STEP_BUDGET):
        with opened(steps) as left:
            yield left
            used.append(left[1] - left[0])

    vm.step_budget = measured
    try:
        game = regola.load_game(name, variant)
        definition = game.definition
        for players in range(definition.min_players, definition.max_players + 1):
            for i in range(games):
                play_one(game, players, seed=i, bots_seed=bot_seed(i, players))
    finally:
        vm.step_budget = opened
    return max(used), len(used)


def main() -> None:
    """Print the most steps per advance for each built-in game, and the budget."""
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    for name in GAMES:
        for variant in [None, *(p.stem for p in builtin_variants(name))]:
            top, advances = most_steps(name, games, variant)
            label = f"{name}:{variant}" if variant else name
            print(f"{label:24} most steps in one advance: {top:>9,} ({advances:,} advances)")
    print(f"budget per advance: {limits.STEP_BUDGET:,}")


if __name__ == "__main__":
    main()
