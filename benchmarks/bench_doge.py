"""Speed of the interpreter on Doge: random games per second on one core, and state copies.

Run: python benchmarks/bench_doge.py [--games N] [--players P]
Prints medians over repeated rounds measured in this one run (machines here are noisy).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from bench_games import random_game

import regola


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="games per round")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    game = regola.load_game("doge")
    rates, step_rates = [], []
    for r in range(args.rounds):
        start = time.perf_counter()
        steps = sum(random_game(game, args.players, 1000 * r + i) for i in range(args.games))
        elapsed = time.perf_counter() - start
        rates.append(args.games / elapsed)
        step_rates.append(steps / elapsed)
    print(f"random {args.players}-player games per second: median {statistics.median(rates):.1f} "
          f"(rounds: {', '.join(f'{x:.1f}' for x in rates)})")
    print(f"actions per second: median {statistics.median(step_rates):.0f}")
    state = game.new_state(players=args.players, seed=1)
    rng = random.Random(1)
    for _ in range(300):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    copies = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(1000):
            state.clone()
        copies.append((time.perf_counter() - start) / 1000 * 1e6)
    print(f"state copy (mid-game, {len(state.log)} log events): median "
          f"{statistics.median(copies):.1f} µs")


if __name__ == "__main__":
    main()
