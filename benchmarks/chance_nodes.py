"""The cost of explicit chance nodes in the OpenSpiel adapter: `python benchmarks/chance_nodes.py`.

Per game (its most players), in one process:

- setup: regola's new_state from a seed, and with explicit chance (the setup's chance
  outcomes given one by one, each random operation taking the setup again from its start),
  milliseconds;
- seeded / chance: whole random games through pyspiel (chance sampled from
  chance_outcomes()), with the `seed` parameter (the seeded fallback: one chance node) and
  with explicit chance nodes, seconds per game, and the chance nodes per game;
- replays: how many times a step was taken again for chance (one per random operation that
  needed outcomes), per game, and the most in one step.

Needs the openspiel extra.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

import numpy as np
import pyspiel

import regola
import regola.adapters.openspiel  # noqa: F401 - registers the games
from regola.adapters.common import Table

GAMES = ("copycat", "doge", "rialto", "warsaw")


def setup_ms(game: str, rounds: int) -> tuple[float, float]:
    """Milliseconds to start a game: seeded, and with explicit chance (outcomes 0)."""
    table = Table.get(game)
    seeded, chance = [], []
    for seed in range(rounds):
        t = time.perf_counter()
        table.start(seed)
        seeded.append(time.perf_counter() - t)
        t = time.perf_counter()
        state = table.start(None, explicit_chance=True)
        rng = np.random.RandomState(seed)
        while state.chance_bound is not None:
            state.apply_chance(int(rng.randint(state.chance_bound)))
        chance.append(time.perf_counter() - t)
    return 1000 * statistics.median(seeded), 1000 * statistics.median(chance)


def whole_game(game: str, seed: int, params: dict) -> tuple[float, int, int, int]:
    """(seconds, chance nodes, replays, most replays in one step) of a random game."""
    spiel = pyspiel.load_game(f"regola_{game}", params)
    rng = np.random.RandomState(seed)
    t = time.perf_counter()
    state = spiel.new_initial_state()
    chance = replays = most = run = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            held = state._held.state
            last = held is not None and held.chance_draw is not None and \
                held.chance_draw["index"] + 1 == held.chance_draw["draws"]
            state.apply_action(int(rng.choice(actions, p=probs)))
            chance += 1
            if last:
                replays += 1
                run += 1
                most = max(most, run)
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            run = 0
    return time.perf_counter() - t, chance, replays, most


def main(argv: list[str] | None = None) -> int:
    """Print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5, help="random games per game")
    args = parser.parse_args(argv)
    print("| game | setup seeded ms | setup chance ms | game seeded s | game chance s "
          "| chance nodes | replays | most in a step |")
    print("|---|---|---|---|---|---|---|---|")
    for game in GAMES:
        regola.load_game(game)
        seeded_ms, chance_ms = setup_ms(game, 20)
        seeded = [whole_game(game, s, {"seed": s})[0] for s in range(args.games)]
        runs = [whole_game(game, s, {}) for s in range(args.games)]
        print(f"| {game} | {seeded_ms:.2f} | {chance_ms:.2f} "
              f"| {statistics.median(seeded):.3f} | {statistics.median(r[0] for r in runs):.3f} "
              f"| {statistics.median(r[1] for r in runs):.0f} "
              f"| {statistics.median(r[2] for r in runs):.0f} | {max(r[3] for r in runs)} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
