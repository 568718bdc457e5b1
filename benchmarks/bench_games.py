"""Speed of the interpreter on every built-in game: random games per second for each allowed
player count (the random bot as `regola simulate` plays it).

Run: python benchmarks/bench_games.py [--games N] [--rounds R] [--game ID ...]
Prints medians over repeated rounds measured in this one run (machines here are noisy).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import regola
from regola.loading.sources import builtin_games


def random_game(game, players: int, seed: int) -> int:
    """Play one game with uniformly random legal actions; the number of actions taken."""
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    steps = 0
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        steps += 1
    return steps


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10, help="games per round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--game", action="append", help="only these games (default: all)")
    args = parser.parse_args()
    print(f"{'game':<10} {'players':>7} {'games/s':>8} {'actions/s':>10} {'actions/game':>13}")
    for game_id in args.game or builtin_games():
        game = regola.load_game(game_id)
        for players in game.player_counts:
            rates, step_rates, lengths = [], [], []
            for r in range(args.rounds):
                start = time.perf_counter()
                steps = sum(random_game(game, players, 1000 * r + i) for i in range(args.games))
                elapsed = time.perf_counter() - start
                rates.append(args.games / elapsed)
                step_rates.append(steps / elapsed)
                lengths.append(steps / args.games)
            print(f"{game_id:<10} {players:>7} {statistics.median(rates):>8.1f} "
                  f"{statistics.median(step_rates):>10.0f} {statistics.median(lengths):>13.0f}")


if __name__ == "__main__":
    main()
