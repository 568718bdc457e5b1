"""The adapters' speed against regola's own API: `python benchmarks/adapters.py [--quick]`.

Per game (its most players), in one process, over the same seeded random games (the same
random choices in the three ways: a uniform pick among the legal actions, ordered by action
id as the adapters order them):

- api: regola's own API, random play (legal_actions + apply), decisions per second;
- pz: PettingZoo random play as `agent_iter` does it (last() -> observe + mask, then step),
  steps per second;
- os: OpenSpiel random play with the information-state tensor of the seat to move at every
  decision (observer.set_from), decisions per second;
- os_full: the same with the tensor built the old way, from observe() with the whole log
  (the "before" of the incremental history, measured in this process);
- the ratios pz/api and os/api (the target: at least 0.5 on every game);
- with --parts, where a PettingZoo step's time goes: pz_bare, the same play with an empty
  observation (the framework's calls and the action: what no observation design can save),
  and pz_real, the observation of the real state even inside a secret step (what a seat
  must not see: it shows the answers of the seats before it; for measurement only), so
  that pz_bare -> pz_real is encoding the vector and pz_real -> pz the secret step as if
  the seat alone had answered (a copy of the step's start, the seat's answers played again);
  and pz_floor, PettingZoo's own calls (agent_iter, last, step, the order-enforcing
  wrapper, a copy of the observation and a mask) around an environment that does nothing:
  no game, an all-zero vector of the game's size, as many steps as the game's decisions.
  No adapter of this game can take less per step than pz_floor; to reach half the API's
  rate, the game's own work, the vector and the secret steps must fit in api + api - floor.

Rates per second of the process's CPU time (time.process_time: on a shared machine, other
processes' load counts less than in wall time). Medians of --rounds rounds (each plays
--games-per-round games, at most --decisions decisions each); the ratios are the medians of
each round's ratios (its ways run back to back, under much the same load).
With --instructions, the same ways are counted in machine instructions per decision instead
(valgrind's cachegrind, each way in a child process playing --games-per-round games, less a
child that plays none): a figure a busy machine does not move, for a change's direction and
size; instructions are not time (numpy's small calls and the copies of long vectors do not
take the interpreter's time per instruction), so the rates stay the figures of record.
Needs the openspiel and pettingzoo extras (and valgrind for --instructions).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

import regola
from regola.adapters.common import Table, deciding_seat

GAMES = ("copycat", "doge", "rialto", "warsaw")


def api_play(game: str, seed: int, decisions: int) -> int:
    """Random play through regola's API (the deciding seat, its legal actions, apply): the
    same game as pz_play and os_play from this seed (their random choices, found once by
    random_moves, not timed); the decisions taken."""
    moves = random_moves(game, seed, decisions)
    state = regola.load_game(game).new_state(players=Table.get(game).players, seed=seed,
                                             max_decisions=decisions)
    done = 0
    while not state.is_over:
        seat = deciding_seat(state)
        legal = state.legal_actions(seat)
        state.apply(seat, legal[moves[done]]["value"])
        done += 1
    return done


_MOVES: dict[tuple[str, int, int], list[int]] = {}


def random_moves(game: str, seed: int, decisions: int) -> list[int]:
    """The random choices of pz_play and os_play from `seed` (each a uniform pick among the
    legal action ids in order), as indices into regola's legal_actions list at each
    decision; found once per game and seed."""
    key = (game, seed, decisions)
    if key not in _MOVES:
        table = Table.get(game)
        state = table.game.new_state(players=table.players, seed=seed,
                                     max_decisions=decisions)
        rng = random.Random(seed)
        moves = _MOVES[key] = []
        while not state.is_over:
            seat = deciding_seat(state)
            legal = state.legal_actions(seat)
            by_id = sorted(range(len(legal)),
                           key=lambda i: table.actions.id_of(legal[i]["value"]))
            moves.append(by_id[rng.randrange(len(by_id))])
            state.apply(seat, legal[moves[-1]]["value"])
    return _MOVES[key]


def pz_play(game: str, seed: int, decisions: int) -> int:
    """Random play through the wrapped PettingZoo environment, as agent_iter does; steps."""
    from regola.adapters.pettingzoo import env
    return _agent_iter_play(env(game, max_decisions=decisions), seed)


def _agent_iter_play(e: Any, seed: int) -> int:
    """Random play of an AEC environment through agent_iter (a uniform pick among the
    masked actions, from `seed`); the steps taken."""
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


def pz_bare_play(game: str, seed: int, decisions: int) -> int:
    """pz_play with an empty observation (all zeros, the mask as usual)."""
    from regola.adapters.incremental import VectorKeeper
    with patched(VectorKeeper, "observation", _empty_observation):
        return pz_play(game, seed, decisions)


def pz_real_play(game: str, seed: int, decisions: int) -> int:
    """pz_play with each vector made from the real state, secret steps included."""
    from regola.game import GameState
    with patched(GameState, "_seen_kept", lambda state, seat, kept: (state, kept)):
        return pz_play(game, seed, decisions)


def pz_floor_play(game: str, seed: int, decisions: int) -> int:
    """The agent_iter loop of pz_play around an environment that does nothing (_IdleEnv):
    the same number of steps as the game from `seed`, a vector of the same size."""
    from pettingzoo.utils import wrappers
    table = Table.get(game)
    steps = len(random_moves(game, seed, decisions))
    return _agent_iter_play(wrappers.OrderEnforcingWrapper(
        _idle_env(table.players, table.layout.size(False), len(table.actions), steps)), seed)


def _idle_env(players: int, size: int, actions: int, steps: int) -> Any:
    """An AEC environment with no game: the seats take turns for `steps` steps, each
    seeing an all-zero vector of `size` numbers and one legal action."""
    from gymnasium import spaces
    from pettingzoo import AECEnv

    class _IdleEnv(AECEnv):
        metadata = {"render_modes": [], "name": "idle", "is_parallelizable": False}

        def __init__(self) -> None:
            super().__init__()
            self.possible_agents = [f"player_{i}" for i in range(players)]
            self.vector = np.zeros(size, np.float32)
            box = spaces.Box(low=-np.inf, high=np.inf, shape=(size,), dtype=np.float32)
            mask = spaces.Box(low=0, high=1, shape=(actions,), dtype=np.int8)
            self.observation_spaces = {a: spaces.Dict({"observation": box, "action_mask": mask})
                                       for a in self.possible_agents}
            self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}

        def observation_space(self, agent: str) -> Any:
            return self.observation_spaces[agent]

        def action_space(self, agent: str) -> Any:
            return self.action_spaces[agent]

        def reset(self, seed: int | None = None, options: dict | None = None) -> None:
            self.agents = self.possible_agents[:]
            self.taken = 0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
            self.terminations = dict.fromkeys(self.agents, False)
            self.truncations = dict.fromkeys(self.agents, False)
            self.infos = {a: {} for a in self.agents}
            self.agent_selection = self.agents[0]

        def observe(self, agent: str) -> dict:
            mask = np.zeros(actions, np.int8)
            mask[0] = 1
            return {"observation": self.vector.copy(), "action_mask": mask}

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self.taken += 1
            self._cumulative_rewards[agent] = 0.0
            self.rewards = dict.fromkeys(self.agents, 0.0)
            if self.taken >= steps:
                self.terminations = dict.fromkeys(self.agents, True)
            self._accumulate_rewards()
            self.agent_selection = self.possible_agents[self.taken % players]

    return _IdleEnv()


def _empty_observation(keeper: Any, state: Any, seat: Any) -> np.ndarray:
    empty = keeper.__dict__.get("_empty")
    if empty is None:
        empty = keeper._empty = np.zeros(keeper.layout.observation_size, np.float32)
    return empty


@contextlib.contextmanager
def patched(owner: type, name: str, value: Any) -> Iterator[None]:
    """owner.name replaced by value while the block runs."""
    before = owner.__dict__[name]
    setattr(owner, name, value)
    try:
        yield
    finally:
        setattr(owner, name, before)


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
            full: bool, parts: bool = False) -> dict[str, float]:
    """The medians of `rounds` rounds of each way of playing `game`."""
    ways = {name: WAYS[name] for name in ("api", "pz", "os")}
    if full:
        ways["os_full"] = lambda g, s, d: os_play(g, s, d, full=True)
    if parts:
        for name in ("pz_floor", "pz_bare", "pz_real"):
            ways[name] = WAYS[name]
    for play in ways.values():                 # warm up: loads, tables, caches
        play(game, seed, decisions)
    for i in range(games):                     # the games' random choices, not timed
        random_moves(game, seed + i, decisions)
    samples: dict[str, list[float]] = {k: [] for k in ways}
    for _ in range(rounds):
        for name, play in ways.items():
            samples[name].append(rate(play, game, games, decisions, seed))
    figures = {name: statistics.median(values) for name, values in samples.items()}
    for name in ("pz", "os", "pz_floor", "pz_bare", "pz_real"):   # each round's ways ran
        #                                                           back to back
        if name in samples:
            figures[f"{name}/api"] = statistics.median(
                way / api for way, api in zip(samples[name], samples["api"]))
    return figures


def parts_table(figures: dict[str, dict[str, float]]) -> str:
    """Where a PettingZoo step's time goes, in microseconds of CPU per decision (from the
    medians of the rates): the action through regola's API, the rest of a step without an
    observation, encoding the vector, and the secret step as if alone; PettingZoo's own
    calls around no game (pz_floor), and what half the API's rate leaves for the rest (the
    API's time less the floor: framework, vector and secret step must fit in it)."""
    lines = ["| game | api | framework | vector | secret step as if alone | pz step |"
             " PettingZoo floor | left at half the API's rate | pz/api |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for game, f in figures.items():
        api, floor, bare, real, pz = (1e6 / f[k] for k in ("api", "pz_floor", "pz_bare",
                                                            "pz_real", "pz"))
        lines.append(f"| {game} | {api:.0f} | {bare - api:.0f} | {real - bare:.0f} | "
                     f"{pz - real:.0f} | {pz:.0f} | {floor:.0f} | {api - floor:.0f} | "
                     f"{f['pz/api']:.2f} |")
    return "\n".join(lines)


WAYS: dict[str, Callable[[str, int, int], int]] = {
    "api": api_play, "pz": pz_play, "os": os_play, "pz_bare": pz_bare_play,
    "pz_real": pz_real_play, "pz_floor": pz_floor_play}


def instructions(game: str, way: str, games: int, decisions: int, seed: int) -> float:
    """Machine instructions per decision of `way` over `games` seeded games (a child
    process under cachegrind, less one that loads the same and plays no game)."""
    counts = []
    for played in (games, 0):
        command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
                   "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--child",
                   way, game, str(played), "--games-per-round", str(games),
                   "--decisions", str(decisions), "--seed", str(seed)]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
        taken = re.search(r"decisions (\d+)", done.stdout)
        if done.returncode != 0 or refs is None or taken is None:
            raise SystemExit(f"{way} {game}: the measured process failed:\n"
                             f"{done.stderr[-2000:]}")
        counts.append((int(refs.group(1).replace(",", "")), int(taken.group(1))))
    (played_refs, taken), (idle_refs, _) = counts
    return (played_refs - idle_refs) / max(1, taken)


def child(way: str, game: str, games: int, prepared: int, decisions: int, seed: int) -> int:
    """Load everything a way needs and find the random choices of `prepared` games (in
    both children: the work subtracted), then play `games` of them."""
    play = WAYS[way]
    play(game, seed + 1000, decisions)
    for i in range(prepared):
        random_moves(game, seed + i, decisions)
    print("decisions", sum(play(game, seed + i, decisions) for i in range(games)))
    return 0


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
    parser.add_argument("--parts", action="store_true",
                        help="also where a PettingZoo step's time goes "
                             "(pz_floor, pz_bare, pz_real)")
    parser.add_argument("--instructions", action="store_true",
                        help="count instructions per decision with valgrind instead of time")
    parser.add_argument("--child", nargs=3, metavar=("WAY", "GAME", "GAMES"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--quick", action="store_true",
                        help="a smoke run: one round of one short game")
    args = parser.parse_args(argv)
    if args.child:
        way, game, games = args.child
        return child(way, game, int(games), args.games_per_round, args.decisions, args.seed)
    if args.instructions:
        return instruction_table(args)
    if args.quick:
        args.rounds, args.games_per_round, args.decisions = 1, 1, 60
    figures = {}
    for game in args.games:
        figures[game] = measure(game, args.rounds, args.games_per_round, args.decisions,
                                args.seed, args.full, args.parts)
        print(f"{game}: " + ", ".join(f"{k} {v:,.2f}" if "/" in k else f"{k} {v:,.0f}/s"
                                      for k, v in figures[game].items()),
              file=sys.stderr, flush=True)
    print(table(figures))
    if args.parts:
        print()
        print(parts_table(figures))
    return 0


def instruction_table(args: argparse.Namespace) -> int:
    """Print instructions per decision of each way, per game, and the ratios to the API."""
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    ways = ["api", "pz", "os"] + (["pz_floor", "pz_bare", "pz_real"] if args.parts else [])
    if args.quick:
        args.games_per_round, args.decisions = 1, 60
    print("| game | " + " | ".join(f"{way} (k instructions)" for way in ways) +
          " | pz/api | os/api |")
    print("|---|" + "---:|" * (len(ways) + 2))
    for game in args.games:
        cost = {way: instructions(game, way, args.games_per_round, args.decisions, args.seed)
                for way in ways}
        print(f"| {game} | " + " | ".join(f"{cost[way] / 1000:,.0f}" for way in ways) +
              f" | {cost['api'] / cost['pz']:.2f} | {cost['api'] / cost['os']:.2f} |",
              flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
