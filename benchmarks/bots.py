"""Bot strength and speed: `python benchmarks/bots.py GAME --hero mcts:200 --field random`.

Plays --games games of GAME between one --hero bot and --players - 1 copies of the --field
bot. The hero's seat rotates (game i: seat i mod players) so no seat is favoured; game i
uses state seed --seed + i and bot seeds derived from (seed, i, seat), so a run is
reproducible. Prints the hero's win share with a 95% Wilson interval (a shared win counts
1/k), the chance level 1/players, game lengths, and the CPU seconds per decision of each
bot kind (mean, 95th percentile, max; time.process_time, so other processes on the machine
do not count). --jobs N plays games in N processes (same results as --jobs 1).

--results FILE.jsonl keeps each finished game as a line of FILE, and a run with the same
file plays only the games not in it yet: a long study (mcts games take about a minute each)
can be stopped and resumed, and its table printed from the file alone (--report: no game is
played; the table covers the games the file holds so far). --shard I/N plays only the games
whose number is I modulo N, so N runs (on one machine or several) share a study: each line
is appended with one write, so runs on one machine may share the file.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from typing import Any

import regola
from regola.bots import make_bot

Z95 = 1.959964


def wilson(share: float, n: int) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion `share` over n trials."""
    if n == 0:
        return 0.0, 1.0
    centre = (share + Z95 ** 2 / (2 * n)) / (1 + Z95 ** 2 / n)
    half = Z95 * math.sqrt(share * (1 - share) / n + Z95 ** 2 / (4 * n * n)) / (1 + Z95 ** 2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def play(job: tuple) -> dict[str, Any]:
    """One game: the hero's share of the win, its length, and each seat's decision times."""
    game_id, players, hero, field, seed, index, max_decisions = job
    game = regola.load_game(game_id)
    hero_seat = index % players
    specs = [hero if p == hero_seat else field for p in range(players)]
    bots = [make_bot(spec, game, p, seed=f"{seed}/{index}/{p}") for p, spec in enumerate(specs)]
    state = game.new_state(players=players, seed=seed + index, max_decisions=max_decisions)
    times: list[list[float]] = [[] for _ in range(players)]
    while not state.is_over:
        seat = state.to_move[0]
        started = time.process_time()
        action = bots[seat].choose(state, seat)
        times[seat].append(time.process_time() - started)
        state.apply(seat, action)
    winners = state.result["winners"]
    return {"index": index, "share": 1 / len(winners) if hero_seat in winners else 0.0,
            "won": hero_seat in winners, "reason": state.result["reason"],
            "decisions": state.data["steps"], "hero_times": times[hero_seat],
            "field_times": [t for p, ts in enumerate(times) if p != hero_seat for t in ts]}


def describe_times(times: list[float]) -> str:
    """Mean, 95th percentile and max of decision times, in seconds."""
    if not times:
        return "-"
    ordered = sorted(times)
    p95 = ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]
    return f"{statistics.fmean(times):.3f} / {p95:.3f} / {ordered[-1]:.3f}"


def load_results(path: str, study: list) -> dict[int, dict]:
    """The games of `study` already kept in the results file at `path`, by index."""
    try:
        with open(path, encoding="utf-8") as lines:
            rows = [json.loads(line) for line in lines if line.strip()]
    except FileNotFoundError:
        return {}
    return {row["result"]["index"]: row["result"] for row in rows if row["study"] == study}


def keep(sink: int | None, study: list, result: dict) -> dict:
    """Append a finished game to the results file (if any, an O_APPEND descriptor) in one
    write, so that shards sharing the file never interleave; the result."""
    if sink is not None:
        os.write(sink, (json.dumps({"study": study, "result": result}) + "\n").encode())
    return result


def shard(text: str) -> tuple[int, int]:
    """"I/N" as (I, N), 0 <= I < N; argparse's error otherwise."""
    number, _, count = text.partition("/")
    if number.isdigit() and count.isdigit() and int(number) < int(count):
        return int(number), int(count)
    raise argparse.ArgumentTypeError(f"{text!r} is not I/N with 0 <= I < N (e.g. 0/2)")


def main(argv: list[str] | None = None) -> int:
    """Run the study and print its table (markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--hero", default="greedy")
    parser.add_argument("--field", default="random")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--max-decisions", type=int, default=5000)
    parser.add_argument("--results", default=None, metavar="FILE.jsonl",
                        help="keep finished games in FILE and play only the missing ones")
    parser.add_argument("--shard", type=shard, default=(0, 1), metavar="I/N",
                        help="play only the games whose number is I modulo N")
    parser.add_argument("--report", action="store_true",
                        help="play nothing: print the table of the games --results holds")
    args = parser.parse_args(argv)
    game = regola.load_game(args.game)
    players = args.players or game.definition.max_players
    study = [args.game, players, args.hero, args.field, args.seed, args.max_decisions]
    done = load_results(args.results, study) if args.results else {}
    if args.report and not args.results:
        parser.error("--report needs --results FILE")
    jobs = [(args.game, players, args.hero, args.field, args.seed, i, args.max_decisions)
            for i in range(args.games)
            if i not in done and i % args.shard[1] == args.shard[0] and not args.report]
    started = time.perf_counter()
    sink = os.open(args.results, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644) \
        if args.results else None
    try:
        if args.jobs > 1:
            with multiprocessing.Pool(args.jobs) as pool:
                for result in pool.imap_unordered(play, jobs, chunksize=1):
                    done[result["index"]] = keep(sink, study, result)
        else:
            for job in jobs:
                result = play(job)
                done[result["index"]] = keep(sink, study, result)
    finally:
        if sink is not None:
            os.close(sink)
    results = [done[i] for i in range(args.games) if i in done]
    n = len(results)
    if n == 0:
        print(f"no finished games in {args.results}", file=sys.stderr)
        return 1
    share = sum(r["share"] for r in results) / n
    low, high = wilson(share, n)
    unfinished = sum(r["reason"] == "unfinished" for r in results)
    print("| game | players | hero | field | games | hero win share | 95% CI | chance "
          "| unfinished | mean decisions | hero s/decision (mean / p95 / max) "
          "| field s/decision |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {args.game} | {players} | {args.hero} | {args.field} | {n} | {share:.1%} "
          f"| {low:.1%} - {high:.1%} | {1 / players:.1%} | {unfinished} "
          f"| {statistics.fmean(r['decisions'] for r in results):.0f} "
          f"| {describe_times([t for r in results for t in r['hero_times']])} "
          f"| {describe_times([t for r in results for t in r['field_times']])} |")
    print(f"({time.perf_counter() - started:.0f} s wall, --jobs {args.jobs}, seed {args.seed})",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
