"""Play many games between random bots and summarise them (no command-line code here).
The Python API of the first `regola simulate`; the command now runs regola.lab (any bots,
worker processes, clusters, intervals), which reuses on_board and public_vars from here.

    game = regola.load_game(name)
    records = simulate(game, games=100, seed=1, players=4)
    summary = summarize(game, records)

Game i uses the state seed `seed + i` and a bot random stream seeded from (seed, i), so the
same arguments give the same records (apart from the timings).
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from numbers import Real
from typing import Any

from .bots import RandomBot
from .errors import RegolaError
from .game import Game, GameState
from .interpreter.state import new_seed

STEP_LIMIT = 100_000
"""Actions after which a game that has not ended is stopped and reported as "step_limit"."""

Progress = Callable[[int, int], None]
"""Called as progress(games_done, games_total) after each game."""


def bot_seed(seed: int, index: int) -> str:
    """The seed of the bots' random stream in game `index` of a run started with `seed`."""
    return f"{seed}/{index}"


def on_board(game: Game, state: GameState) -> dict[str, list[int]]:
    """For every counted piece kind, how many each player has outside its start location."""
    out = {}
    for kind, by_location in state.piece_counts().items():
        start = game.definition.pieces[kind].start
        totals = [0] * state.data["n"]
        for location, row in by_location.items():
            if location != start:
                totals = [t + n for t, n in zip(totals, row)]
        out[kind] = totals
    return out


def public_vars(game: Game, state: GameState) -> dict[str, Any]:
    """The game variables everyone may see."""
    defs = game.definition.game_vars
    return {k: v for k, v in state.data["vars"].items()
            if k not in defs or defs[k].visibility == "public"}


def play_one(game: Game, players: int | None, seed: int, bots_seed: Any,
             step_limit: int = STEP_LIMIT,
             max_decisions: int | None = None) -> tuple[GameState, int]:
    """One all-random game: the final state and the number of actions taken."""
    state = game.new_state(players=players, seed=seed, max_decisions=max_decisions)
    bot = RandomBot(bots_seed)
    steps = 0
    while not state.is_over and steps < step_limit:
        seat = state.to_move[0]
        state.apply(seat, bot.choose(state, seat))
        steps += 1
    return state, steps


def record(game: Game, state: GameState, index: int, seed: int, steps: int,
           seconds: float) -> dict:
    """The plain-data record of one finished (or stopped) game."""
    seats = game.definition.seats
    result = state.result or {"winners": [], "reason": "step_limit", "conditions": {}}
    return {
        "game": index,
        "seed": seed,
        "players": state.data["n"],
        "winners": list(result["winners"]),
        "winner_seats": [seats[p] for p in result["winners"]],
        "reason": result["reason"],
        "conditions": result.get("conditions", {}),
        "steps": steps,
        "vars": public_vars(game, state),
        "on_board": on_board(game, state),
        "seconds": round(seconds, 6),
    }


def simulate(game: Game, games: int, seed: int | None = None, players: int | None = None,
             progress: Progress | None = None, step_limit: int = STEP_LIMIT,
             max_decisions: int | None = None) -> list[dict]:
    """Play `games` all-random games; one record per game, in order. Game i uses the state
    seed `seed + i` (default `seed`: a new, unguessable one; every record says its seed).
    With `max_decisions`, a game the rules have not ended after that many decisions ends
    as unfinished (reason "unfinished", no winners)."""
    seed = new_seed() if seed is None else seed
    records = []
    for i in range(games):
        started = time.perf_counter()
        try:
            state, steps = play_one(game, players, seed + i, bot_seed(seed, i), step_limit,
                                    max_decisions)
        except RegolaError as err:
            err.add_note(f"in simulated game {i} (state seed {seed + i}, "
                         f"bot seed {bot_seed(seed, i)!r})")
            raise
        records.append(record(game, state, i, seed + i, steps,
                              time.perf_counter() - started))
        if progress is not None:
            progress(i + 1, games)
    return records


def _is_number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def tally(records: list[dict], players: int) -> tuple:
    """Totals over records: (wins, shares, reasons, end conditions, numeric variables' values,
    pieces on the board per kind and seat); a shared win gives each of k winners 1/k."""
    wins = [0] * players
    share = [0.0] * players
    reasons: Counter = Counter()
    conditions: Counter = Counter()
    var_values: dict[str, list[float]] = {}
    board: dict[str, list[float]] = {}
    for r in records:
        reasons[r["reason"]] += 1
        for p in r["winners"]:
            wins[p] += 1
            share[p] += 1 / len(r["winners"])
        conditions.update({cid for met in r["conditions"].values() for cid in met})
        for name, value in r["vars"].items():
            if _is_number(value):
                var_values.setdefault(name, []).append(value)
        for kind, row in r["on_board"].items():
            total = board.setdefault(kind, [0.0] * players)
            for p, count in enumerate(row):
                total[p] += count
    return wins, share, reasons, conditions, var_values, board


def summarize(game: Game, records: list[dict]) -> dict:
    """Totals over records: win counts and shares per seat, means, end conditions, reasons.

    A shared victory gives each of its k winners a win and a share of 1/k. A game counts
    once under every end condition that some player met when it ended.
    """
    n = len(records)
    players = max((r["players"] for r in records), default=0)
    seats = game.definition.seats[:players]
    wins, share, reasons, conditions, var_values, board = tally(records, players)
    seconds = sum(r["seconds"] for r in records)
    return {
        "games": n,
        "seconds": seconds,
        "games_per_second": n / seconds if seconds > 0 else 0.0,
        "mean_steps": sum(r["steps"] for r in records) / n if n else 0.0,
        "seats": {seat: {"wins": wins[p], "share": share[p] / n if n else 0.0}
                  for p, seat in enumerate(seats)},
        "vars_mean": {k: sum(v) / len(v) for k, v in var_values.items()},
        "on_board_mean": {k: [x / n for x in row] for k, row in board.items()},
        "end_conditions": dict(sorted(conditions.items())),
        "reasons": dict(sorted(reasons.items())),
    }
