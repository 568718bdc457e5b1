"""Timing and memory primitives: random play rates, time per call, states at a given point,
and the memory a number of live copies of a state take (measured with tracemalloc)."""

from __future__ import annotations

import gc
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}
"""The clocks a benchmark can time with: this process's CPU time (steady on a machine busy
with other work) or wall time."""

CHECK_EVERY = 64
"""Decisions between two readings of a game variable while looking for a value (reading it
through observe() costs more than a decision)."""


def play_round(runner: Any, players: int, seeds: list[int], min_seconds: float,
               clock: Callable[[], float] = time.process_time
               ) -> tuple[float, float, list[int]]:
    """Play random games with `seeds` (and further seeds until `min_seconds` have passed):
    (decisions per second, games per second, decisions in each game)."""
    lengths: list[int] = []
    seeds = list(seeds)
    extra = max(seeds) + 1 if seeds else 0
    start = clock()
    while True:
        for seed in seeds:
            lengths.append(runner.play(players, seed))
        elapsed = clock() - start
        if elapsed >= min_seconds:
            break
        seeds = [extra]
        extra += 1
    return sum(lengths) / elapsed, len(lengths) / elapsed, lengths


def per_call(fn: Callable[[], Any], rounds: int, target: float,
             clock: Callable[[], float] = time.process_time) -> float:
    """Median seconds per call of `fn` over `rounds` rounds of about `target` seconds each."""
    number = 1
    while True:
        start = clock()
        for _ in range(number):
            fn()
        elapsed = clock() - start
        if elapsed >= target / 4 or number >= 1 << 20:
            break
        number *= 4
    number = max(1, round(number * target / max(elapsed, 1e-9)))
    times = []
    for _ in range(rounds):
        start = clock()
        for _ in range(number):
            fn()
        times.append((clock() - start) / number)
    return statistics.median(times)


def state_after(runner: Any, players: int, seed: int, decisions: int) -> tuple[Any, int]:
    """The state of random game `seed` after `decisions` decisions (fewer if it ends first),
    and how many were taken."""
    state = runner.new(players, seed)
    rng = random.Random(seed)
    taken = 0
    while taken < decisions and runner.step(state, rng):
        taken += 1
    return state, taken


def states_at(runner: Any, players: int, seed: int, name: str, values: list[int]
              ) -> dict[int, tuple[Any, int]]:
    """For each value, a copy of random game `seed` at the first decision where the game
    variable `name` has reached it, with the decisions taken so far; values the game never
    reaches are left out."""
    state = runner.new(players, seed)
    rng = random.Random(seed)
    taken = 0
    found: dict[int, tuple[Any, int]] = {}
    for value in sorted(values):
        while not state.is_over and _below(runner.variable(state, name), value):
            mark = (runner.clone(state), rng.getstate(), taken)
            for _ in range(CHECK_EVERY):
                if not runner.step(state, rng):
                    break
                taken += 1
            if not _below(runner.variable(state, name), value):
                state, taken = mark[0], mark[2]
                rng.setstate(mark[1])
                while _below(runner.variable(state, name), value) and runner.step(state, rng):
                    taken += 1
        if state.is_over:
            break
        found[value] = (runner.clone(state), taken)
    return found


def _below(current: Any, value: int) -> bool:
    return current is None or current < value


def final_value(runner: Any, players: int, seed: int, name: str) -> Any:
    """The value of game variable `name` at the end of random game `seed`."""
    state = runner.new(players, seed)
    rng = random.Random(seed)
    while runner.step(state, rng):
        pass
    return runner.variable(state, name)


def memory_per_state(runner: Any, state: Any, count: int) -> float:
    """Bytes per copy at the peak while `count` copies of `state` are alive (tracemalloc)."""
    gc.collect()
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        tracemalloc.reset_peak()
        copies = [runner.clone(state) for _ in range(count)]
        peak = tracemalloc.get_traced_memory()[1]
        del copies
    finally:
        if started:
            tracemalloc.stop()
    return (peak - base) / count
