"""The adapters' speed against regola's own API: `python benchmarks/adapters.py [--quick]`.

Per game (its most players), in one process, over the same seeded random games:

- api: regola's own API, random play (legal_actions + apply), decisions per second;
- pz: PettingZoo random play as `agent_iter` does it (last() -> observe + mask, then step),
  steps per second;
- os: OpenSpiel random play with the information-state tensor of the seat to move at every
  decision (observer.set_from), decisions per second;
- os_full: the same with the tensor built the old way, from observe() with the whole log
  (the "before" of the incremental history, measured in this process);
- the ratios pz/api and os/api (the target: at least 0.5 on every game).

Rates per second of the process's CPU time (time.process_time: on a shared machine, other
processes' load counts less than in wall time). Medians of --rounds rounds (each plays
--games-per-round games, at most --decisions decisions each); the ratios are the medians of
each round's ratios (its ways run back to back, under much the same load).
Needs the openspiel and pettingzoo extras.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

import numpy as np

import regola
from regola.adapters.common import Table, deciding_seat

GAMES = ("copycat", "doge", "rialto", "warsaw")


def api_play(game: str, seed: int, decisions: int) -> int:
    """Random play through regola's API; the decisions taken."""
    table = Table.get(game)
    state = regola.load_game(game).new_state(players=table.players, seed=seed,
                                             max_decisions=decisions)
    rng = random.Random(seed)
    done = 0
    while not state.is_over:
        seat = deciding_seat(state)
        state.apply(seat, rng.choice(state.legal_actions(seat))["value"])
        done += 1
    return done


def pz_play(game: str, seed: int, decisions: int) -> int:
    """Random play through the wrapped PettingZoo environment, as agent_iter does; steps."""
    from regola.adapters.pettingzoo import env
    e = env(game, max_decisions=decisions)
    e.reset(seed=seed)
    rng = random.Random(seed)
    done = 0
    for _agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        e.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        done += 1
    return done


def os_play(game: str, seed: int, decisions: int, full: bool = False) -> int:
    """Random play through OpenSpiel with the information-state tensor of the seat to move
    at each decision (full: built from observe() with the whole log, the old way)."""
    import pyspiel
    from open_spiel.python.observation import make_observation

    import regola.adapters.openspiel  # noqa: F401 - registers the games
    spiel = pyspiel.load_game(f"regola_{game}", {"max_decisions": decisions, "seed": seed})
    observer = make_observation(spiel, pyspiel.IIGObservationType(perfect_recall=True))
    state = spiel.new_initial_state()
    state.apply_action(0)
    rng = random.Random(seed)
    encoder = state._table.encoder
    done = 0
    while not state.is_terminal():
        seat = state.current_player()
        if full:
            encoder.encode(state._held.state.observe(seat), True, out=observer.tensor)
        else:
            observer.set_from(state, seat)
        state.apply_action(rng.choice(state.legal_actions()))
        done += 1
    return done


def rate(play: Callable[[str, int, int], int], game: str, games: int, decisions: int,
         seed: int) -> float:
    """Decisions per second of this process's CPU time over `games` seeded games (CPU
    time, not wall time: on a shared machine the other processes' load then counts less)."""
    start = time.process_time()
    done = sum(play(game, seed + i, decisions) for i in range(games))
    return done / (time.process_time() - start)


def measure(game: str, rounds: int, games: int, decisions: int, seed: int,
            full: bool) -> dict[str, float]:
    """The medians of `rounds` rounds of each way of playing `game`."""
    ways: dict[str, Callable] = {"api": api_play, "pz": pz_play, "os": os_play}
    if full:
        ways["os_full"] = lambda g, s, d: os_play(g, s, d, full=True)
    for play in ways.values():                 # warm up: loads, tables, caches
        play(game, seed, decisions)
    samples: dict[str, list[float]] = {k: [] for k in ways}
    for _ in range(rounds):
        for name, play in ways.items():
            samples[name].append(rate(play, game, games, decisions, seed))
    figures = {name: statistics.median(values) for name, values in samples.items()}
    for name in ("pz", "os"):                # each round's ways ran back to back
        figures[f"{name}/api"] = statistics.median(
            way / api for way, api in zip(samples[name], samples["api"]))
    return figures


def table(figures: dict[str, dict[str, float]]) -> str:
    """The figures as a Markdown table."""
    full = any("os_full" in f for f in figures.values())
    head = "| game | api decisions/s | PettingZoo steps/s | OpenSpiel + tensor /s |"
    rule = "|---|---:|---:|---:|"
    if full:
        head += " OpenSpiel + tensor from the log /s |"
        rule += "---:|"
    head += " pz/api | os/api |"
    rule += "---:|---:|"
    lines = [head, rule]
    for game, f in figures.items():
        row = f"| {game} | {f['api']:,.0f} | {f['pz']:,.0f} | {f['os']:,.0f} |"
        if full:
            row += f" {f['os_full']:,.0f} |"
        row += f" {f['pz/api']:.2f} | {f['os/api']:.2f} |"
        lines.append(row)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", default=list(GAMES), help="game ids (default: all)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games-per-round", type=int, default=2)
    parser.add_argument("--decisions", type=int, default=2000,
                        help="decisions at most per game (max_decisions)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--full", action="store_true",
                        help="also OpenSpiel with the tensor built from the whole log")
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one round of one short game")
    args = parser.parse_args(argv)
    if args.quick:
        args.rounds, args.games_per_round, args.decisions = 1, 1, 60
    figures = {}
    for game in args.games:
        figures[game] = measure(game, args.rounds, args.games_per_round, args.decisions,
                                args.seed, args.full)
        print(f"{game}: " + ", ".join(f"{k} {v:,.2f}" if "/" in k else f"{k} {v:,.0f}/s"
                                      for k, v in figures[game].items()),
              file=sys.stderr, flush=True)
    print(table(figures))
    return 0


if __name__ == "__main__":
    sys.exit(main())
