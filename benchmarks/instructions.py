"""Instructions per decision in random play, counted by valgrind: a speed figure that a busy
machine does not move.

    python benchmarks/instructions.py --game doge --players 4 --games 4 \\
        [--against CHECKOUT ...] [--no-baseline]

Timing on a machine shared with other work swings by tens of per cent from run to run, too
much to see a 10% step. The number of machine instructions the Python process executes to
play the same seeded games is the same on every run. Each implementation plays --games
seeded random games (the bench's protocol: the first seat to move picks uniformly with a
random.Random seeded by the game's seed) under `valgrind --tool=cachegrind --cache-sim=no`,
and again with no game; the difference, divided by the decisions taken, is what a decision
costs, loading and start-up left out. Measured: this checkout's regola; each --against
checkout (its own engine and rules, imported as engine/bench/checkout_worker.py does); and
for Doge the hand-written benchmarks/hand_doge.py. Instructions are not time (a cache miss
costs more than an add), so the bench's timings stay the figures of record; this is the
steady check of a change's direction and size. Needs valgrind (Debian: `apt install
valgrind`); about a minute per implementation for 4 Doge games.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
WORKER = HERE.parent / "engine" / "bench" / "checkout_worker.py"
HAND = {"doge": HERE / "hand_doge.py"}
"""Hand-written baselines by game."""


def load_file(name: str, path: Path) -> Any:
    """A module loaded from a file, without importing regola."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def play(kind: str, target: str, game_id: str, players: int, games: int) -> int:
    """Play `games` seeded random games of one implementation; the decisions taken."""
    if kind == "hand":
        module = load_file("hand_baseline", Path(target))
        new = lambda seed: module.new_game(players, seed)  # noqa: E731
        seats = None
    else:
        if kind == "checkout":
            load_file("checkout_worker", WORKER).use_checkout(Path(target))
        import regola
        game = regola.load_game(game_id)
        new = lambda seed: game.new_state(players=players, seed=seed)  # noqa: E731
        seats = True
    decisions = 0
    for seed in range(games):
        state = new(seed)
        rng = random.Random(seed)
        while not state.is_over:
            if seats:
                seat = state.to_move[0]
                actions = state.legal_actions(seat)
                state.apply(seat, actions[rng.randrange(len(actions))])
            else:
                actions = state.legal_actions()
                state.apply(actions[rng.randrange(len(actions))])
            decisions += 1
    return decisions


def count(kind: str, target: str, game_id: str, players: int, games: int) -> tuple[int, int]:
    """(instructions, decisions) of a child process playing `games` games under valgrind."""
    command = ["valgrind", "--tool=cachegrind", "--cache-sim=no",
               "--cachegrind-out-file=/dev/null", sys.executable, __file__, "--child", kind,
               target, "--game", game_id, "--players", str(players), "--games", str(games)]
    done = subprocess.run(command, capture_output=True, text=True, check=False)
    refs = re.search(r"I\s+refs:\s+([\d,]+)", done.stderr)
    decided = re.search(r"decisions (\d+)", done.stdout)
    if done.returncode != 0 or refs is None or decided is None:
        raise SystemExit(f"{kind} {target}: the measured process failed:\n{done.stderr[-2000:]}")
    return int(refs.group(1).replace(",", "")), int(decided.group(1))


def per_decision(kind: str, target: str, game_id: str, players: int, games: int) -> tuple:
    """(instructions per decision, decisions) of play, start-up and loading subtracted."""
    played, decisions = count(kind, target, game_id, players, games)
    idle, _ = count(kind, target, game_id, players, 0)
    return (played - idle) / max(1, decisions), decisions


def main(argv: list[str] | None = None) -> int:
    """Measure and print a markdown table (or, as --child, play and print the decisions)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="doge")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=4)
    parser.add_argument("--against", action="append", default=[], metavar="CHECKOUT")
    parser.add_argument("--no-baseline", action="store_true")
    parser.add_argument("--child", nargs=2, metavar=("KIND", "TARGET"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, target = args.child
        print("decisions", play(kind, target, args.game, args.players, args.games))
        return 0
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt install valgrind)", file=sys.stderr)
        return 2
    rows = [("regola (this checkout)", "checkout", str(HERE.parent))]
    rows += [(f"regola at {Path(c).resolve()}", "checkout", str(Path(c).resolve()))
             for c in args.against]
    if args.game in HAND and not args.no_baseline:
        rows.append(("hand-written", "hand", str(HAND[args.game])))
    print(f"{args.game}, {args.players} players, {args.games} seeded random games each")
    print("| implementation | decisions | instructions per decision | this checkout's cost ÷ its |")
    print("|---|---:|---:|---:|")
    ours = None
    for label, kind, target in rows:
        cost, decisions = per_decision(kind, target, args.game, args.players, args.games)
        ours = cost if ours is None else ours
        print(f"| {label} | {decisions:,} | {cost:,.0f} | {ours / cost:.2f}× |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
