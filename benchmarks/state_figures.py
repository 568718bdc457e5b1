"""The state's figures for the regola on sys.path, as one line of JSON (CPU-time medians):
a Doge state's copy time, JSON round trip (to_json, then state_from_json with its checks)
and JSON size at the first decision of year 2 and of year 20 (4 players), and decisions
per second in random play for each built-in game (4 players).

    python benchmarks/state_figures.py
    PYTHONPATH=/path/to/other/checkout python benchmarks/state_figures.py   # to compare

CPU time (time.process_time) rather than wall time: the figures of two checkouts stay
comparable on a machine busy with other work. Run both alternately and compare medians.
"""

from __future__ import annotations

import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import regola

YEARS = (2, 20)
GAMES = (("doge", 4, 8), ("rialto", 4, 3), ("warsaw", 4, 3), ("copycat", 4, 3))


def random_step(state: Any, rng: random.Random) -> None:
    """One random decision."""
    seat = state.to_move[0]
    actions = state.legal_actions(seat)
    state.apply(seat, actions[rng.randrange(len(actions))])


def doge_at_year(game: Any, year: int) -> Any:
    """The first state of a random 4-player Doge game (the first seed that gets there)
    whose year is `year`."""
    for seed in range(100):
        state = game.new_state(players=4, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and state.data["vars"]["year"] < year:
            random_step(state, rng)
        if not state.is_over:
            return state
    raise RuntimeError(f"no random game reached year {year}")


def per_call(fn: Callable[[], Any], number: int, rounds: int = 9) -> float:
    """Median CPU seconds per call over `rounds` rounds of `number` calls."""
    times = []
    for _ in range(rounds):
        start = time.process_time()
        for _ in range(number):
            fn()
        times.append((time.process_time() - start) / number)
    return statistics.median(times)


def decisions_per_second(game_id: str, players: int, games: int, rounds: int = 3) -> float:
    """Median over rounds of random-play decisions per CPU second."""
    game = regola.load_game(game_id)
    rates = []
    for r in range(rounds):
        steps = 0
        start = time.process_time()
        for i in range(games):
            state = game.new_state(players=players, seed=1000 * r + i)
            rng = random.Random(1000 * r + i)
            while not state.is_over:
                random_step(state, rng)
                steps += 1
        rates.append(steps / (time.process_time() - start))
    return statistics.median(rates)


def main() -> None:
    """Print the figures as one JSON object."""
    out: dict[str, float] = {}
    doge = regola.load_game("doge")
    for year in YEARS:
        state = doge_at_year(doge, year)
        out[f"copy_us_y{year}"] = per_call(state.clone, 300) * 1e6
        out[f"json_rt_ms_y{year}"] = per_call(
            lambda state=state: doge.state_from_json(state.to_json()), 20) * 1e3
        out[f"json_kb_y{year}"] = len(state.to_json()) / 1024
    for game_id, players, games in GAMES:
        out[f"decisions_per_s_{game_id}"] = decisions_per_second(game_id, players, games)
    print(json.dumps({k: round(v, 2) for k, v in out.items()}))


if __name__ == "__main__":
    main()
