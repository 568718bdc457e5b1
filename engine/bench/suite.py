"""The whole benchmark: every figure of `regola bench` as plain data (no printing here)."""

from __future__ import annotations

import platform
import statistics
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..loading.loader import load_game
from ..loading.sources import builtin_games
from . import measure
from .baseline import default_paths, load_baseline
from .checkout import CheckoutRunner, speedups
from .loadtime import load_times
from .runners import REGOLA, BaselineRunner, RegolaRunner

GROWTH_SEEDS = 500
"""Random games tried, at most, to find one that lasts until the last growth value."""


@dataclass
class Settings:
    """What to measure and how long: the command's options."""

    games: list[str] | None = None          # None: every built-in game
    rounds: int = 5
    games_per_round: int = 10
    states: int = 1000                      # live copies for the memory figure
    baselines: list[Path] | None = None     # None: benchmarks/hand_*.py if found
    against: list[Path] = field(default_factory=list)   # other checkouts, played alike
    quick: bool = False
    load: bool = True
    min_seconds: float = field(default=0.2)  # at least this long per round of random play
    op_seconds: float = field(default=0.05)  # about this long per round of a timed call
    clock: str = "cpu"                       # "cpu" (process time) or "wall" (measure.CLOCKS)

    def __post_init__(self) -> None:
        if self.quick:
            self.rounds, self.games_per_round, self.states = 1, 1, 20
            self.min_seconds, self.op_seconds = 0.0, 0.002


Progress = Callable[[str, str, str, int], None]
"""Called as progress(stage, game, implementation, players) before each measurement; stage
is "play" (random play and a state), "growth" (states as the game goes on) or "load"."""


def _progress_none(stage: str, game: str, impl: str, players: int) -> None:
    """No progress output."""


def run_bench(settings: Settings, progress: Progress = _progress_none) -> dict:
    """Measure everything the settings ask for; the figures as plain data."""
    others = []
    try:
        for path in settings.against:
            others.append(CheckoutRunner(path))
        return _run(settings, progress, others)
    finally:
        for other in others:
            other.close()


def _run(settings: Settings, progress: Progress, others: list[CheckoutRunner]) -> dict:
    names = settings.games or builtin_games()
    for other in others:
        other.know(names)
    paths = default_paths() if settings.baselines is None else settings.baselines
    baselines = [b for b in map(load_baseline, paths) if b.game in names]
    regola = {name: RegolaRunner(load_game(name)) for name in names}
    runners: list[Any] = []
    for name in names:
        runners.append(regola[name])
        runners += [BaselineRunner(b) for b in baselines if b.game == name]
    figures: dict[str, Any] = {
        "settings": {"rounds": settings.rounds, "games_per_round": settings.games_per_round,
                     "live_states": settings.states, "memory": "tracemalloc",
                     "quick": settings.quick, "python": platform.python_version(),
                     "clock": settings.clock,
                     "baselines": [str(b.path) for b in baselines],
                     "against": [{"path": str(o.path), "label": o.label} for o in others]},
        "play": [], "states": [], "growth": [], "ratios": [], "speedups": [], "load": []}
    for runner in runners:
        for players in runner.players:
            progress("play", runner.name, runner.label, players)
            alike = [o for o in others if runner.label == REGOLA
                     and players in o.players.get(runner.name, [])]
            play, seed, length, beside = _play(runner, players, settings, alike)
            figures["play"] += [play, *beside]
            state, taken = measure.state_after(runner, players, seed, length // 2)
            row = _row(runner, players) | {"seed": seed, "decisions": taken}
            figures["states"].append(row | _state_figures(runner, state, settings, True))
    for baseline in baselines:
        if baseline.growth:
            pair = (regola[baseline.game], BaselineRunner(baseline))
            players = max(set(pair[0].players) & set(pair[1].players))
            for runner in pair:
                progress("growth", runner.name, runner.label, players)
                figures["growth"] += _growth(runner, players, *baseline.growth, settings)
        figures["ratios"] += _ratios(figures, baseline.game, baseline.label)
    for other in others:
        figures["speedups"] += speedups(figures, other.label)
    if settings.load:
        for name in names:
            progress("load", name, "", 0)
            figures["load"].append({"game": name} | load_times(name, settings.rounds))
    return figures


def _row(runner: Any, players: int) -> dict:
    return {"game": runner.name, "impl": runner.label, "players": players}


def _play(runner: Any, players: int, settings: Settings, others: list[CheckoutRunner]
          ) -> tuple[dict, int, int, list[dict]]:
    """Random play: medians over rounds; and a typical game (seed, decisions) of round 0.
    Each round of `runner` is followed by the same round in each other checkout."""
    rates: list[list[float]] = [[] for _ in range(1 + len(others))]
    game_rates: list[list[float]] = [[] for _ in range(1 + len(others))]
    lengths: list[list[int]] = [[] for _ in range(1 + len(others))]
    typical = (0, 0)
    for r in range(settings.rounds):
        seeds = [1000 * r + i for i in range(settings.games_per_round)]
        clock = measure.CLOCKS[settings.clock]
        rounds = [measure.play_round(runner, players, seeds, settings.min_seconds, clock)]
        rounds += [o.play_round(runner.name, players, seeds, settings.min_seconds,
                                settings.clock) for o in others]
        for i, (rate, game_rate, played) in enumerate(rounds):
            rates[i].append(rate)
            game_rates[i].append(game_rate)
            lengths[i] += played
        if r == 0:
            by_length = sorted(zip(rounds[0][2], seeds))
            typical = by_length[len(by_length) // 2][::-1]
    rows = [{"game": runner.name, "impl": label, "players": players,
             "decisions_per_s": statistics.median(rates[i]),
             "games_per_s": statistics.median(game_rates[i]),
             "us_per_decision": 1e6 / statistics.median(rates[i]),
             "decisions_per_game": statistics.median(lengths[i])}
            for i, label in enumerate([runner.label, *(o.label for o in others)])]
    return rows[0], typical[0], typical[1], rows[1:]


def _state_figures(runner: Any, state: Any, settings: Settings, memory: bool) -> dict:
    """Copy and JSON figures of one state (and the memory of many copies)."""
    text = runner.to_json(state)
    clock = measure.CLOCKS[settings.clock]

    def timed(fn: Callable[[], Any]) -> float:
        return 1e6 * measure.per_call(fn, settings.rounds, settings.op_seconds, clock)
    out = {
        "copy_us": timed(lambda: runner.clone(state)),
        "to_json_us": timed(lambda: runner.to_json(state)),
        "from_json_us": timed(lambda: runner.from_json(text)),
        "json_round_trip_us": timed(lambda: runner.from_json(runner.to_json(state))),
        "json_kb": len(text.encode()) / 1000}
    if memory:
        per_state = measure.memory_per_state(runner, state, settings.states)
        out["memory_per_1000_mb"] = per_state * 1000 / 1e6
    return out


def _growth(runner: Any, players: int, name: str, values: list[int],
            settings: Settings) -> list[dict]:
    """Copy and JSON figures of one game at each value of a game variable."""
    top = max(values)
    for seed in range(GROWTH_SEEDS):
        last = measure.final_value(runner, players, seed, name)
        if last is None:
            return []                           # no such variable: nothing to follow
        if last >= top:
            found = measure.states_at(runner, players, seed, name, values)
            return [_row(runner, players) | {"variable": name, "value": value, "seed": seed,
                                             "decisions": taken}
                    | _state_figures(runner, state, settings, False)
                    for value, (state, taken) in sorted(found.items())]
    return []


def _ratios(figures: dict, game: str, label: str) -> list[dict]:
    """The interpreter's cost over the baseline's, for each player count both have."""
    def pick(table: str, impl: str) -> dict[int, dict]:
        return {r["players"]: r for r in figures[table] if r["game"] == game
                and r["impl"] == impl}
    plays, base_plays = pick("play", REGOLA), pick("play", label)
    states, base_states = pick("states", REGOLA), pick("states", label)
    return [{"game": game, "baseline": label, "players": p,
             "time_per_decision": base_plays[p]["decisions_per_s"] / plays[p]["decisions_per_s"],
             "copy": states[p]["copy_us"] / base_states[p]["copy_us"],
             "json_round_trip": states[p]["json_round_trip_us"]
             / base_states[p]["json_round_trip_us"],
             "json_size": states[p]["json_kb"] / base_states[p]["json_kb"]}
            for p in sorted(set(plays) & set(base_plays))]
