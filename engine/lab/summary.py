"""A study's records summed up as plain data: win rates with 95% intervals per seat and per
bot kind, game lengths, end conditions, score spread (what the tables, --json and the
plots show).

How games count:
- a game won by k players together gives each of them a win and a win share of 1/k; a win
  rate is the seat's shares over all games, so the rates of a table add up to the finished
  games' share of all games; such a game is also counted apart, per seat ("shared") and
  once for the study ("shared_games"), so a seat's wins alone are its wins less its shared;
- a game that has not ended when --max-decisions (reason "unfinished") or the step limit
  ("step_limit") stops it has no winner: it counts as a game, never as a win;
- a bot kind's rate pools every seat it plays: its shares over (games x those seats).
"""

from __future__ import annotations

import statistics
from numbers import Real
from typing import Any

from ..simulate import tally
from .stats import wilson

STOPPED = ("unfinished", "step_limit")
"""Reasons of games stopped before the rules ended them."""


def _is_number(value: Any) -> bool:
    return isinstance(value, Real) and not isinstance(value, bool)


def spread(values: list[float]) -> dict[str, float]:
    """Mean, standard deviation, median, min and max of some numbers (zeros if none)."""
    if not values:
        return {"mean": 0.0, "sd": 0.0, "median": 0.0, "min": 0.0, "max": 0.0, "n": 0}
    return {"mean": statistics.fmean(values),
            "sd": statistics.stdev(values) if len(values) > 1 else 0.0,
            "median": statistics.median(values), "min": min(values), "max": max(values),
            "n": len(values)}


def rate(successes: float, n: int) -> dict[str, float]:
    """A win rate with its 95% Wilson interval."""
    low, high = wilson(successes, n)
    return {"rate": successes / n if n else 0.0, "low": low, "high": high}


def _scores(records: list[dict], players: int) -> dict[str, Any]:
    """Each seat's main score (the first tie-breaker) at the end, and per finished game the
    gap between first and second and between first and last."""
    finished = [r for r in records if r["reason"] not in STOPPED and r.get("scores")
                and all(r["scores"]) and all(_is_number(s[0]) for s in r["scores"])]
    per_seat = [spread([r["scores"][p][0] for r in finished]) for p in range(players)]
    margins, widths = [], []
    for r in finished:
        main = sorted((s[0] for s in r["scores"]), reverse=True)
        margins.append(main[0] - main[1] if len(main) > 1 else 0)
        widths.append(main[0] - main[-1])
    return {"games": len(finished), "seats": per_seat, "margin": spread(margins),
            "spread": spread(widths)}


def summarize(records: list[dict], seats: list[str]) -> dict[str, Any]:
    """Totals over a study's records (`seats`: the game's seat names, in order)."""
    n = len(records)
    players = max((r["players"] for r in records), default=0)
    bots = records[0]["bots"] if records else []
    wins, share, reasons, conditions, var_values, board = tally(records, players)
    shared, shared_games = shared_wins(records, players)
    kinds: dict[str, list[int]] = {}
    for p, label in enumerate(bots):
        kinds.setdefault(label, []).append(p)
    finished = [r for r in records if r["reason"] not in STOPPED]
    lengths = [r["length"] for r in finished if _is_number(r.get("length"))]
    return {
        "games": n,
        "finished": len(finished),
        "seconds": sum(r["seconds"] for r in records),
        "seats": [{"seat": seats[p] if p < len(seats) else str(p), "bot": bots[p],
                   "wins": wins[p], "shared": shared[p], "share": share[p],
                   **rate(share[p], n)}
                  for p in range(players)],
        "shared_games": shared_games,
        "bots": {label: {"seats": len(ps), "share": sum(share[p] for p in ps),
                         **rate(sum(share[p] for p in ps), n * len(ps))}
                 for label, ps in kinds.items()},
        "decisions": spread([r["steps"] for r in finished]),
        "length": spread(lengths),
        "end_conditions": dict(sorted(conditions.items())),
        "reasons": dict(sorted(reasons.items())),
        "scores": _scores(records, players),
        "vars_mean": {k: statistics.fmean(v) for k, v in var_values.items()},
        "on_board_mean": {k: [x / n for x in row] for k, row in board.items()} if n else {},
        "thinking": _thinking(records, kinds),
    }


def shared_wins(records: list[dict], players: int) -> tuple[list[int], int]:
    """Per seat, the games it won together with others; and how many games had more than
    one winner."""
    per_seat = [0] * players
    games = 0
    for r in records:
        if len(r["winners"]) > 1:
            games += 1
            for p in r["winners"]:
                per_seat[p] += 1
    return per_seat, games


def _thinking(records: list[dict], kinds: dict[str, list[int]]) -> dict[str, dict]:
    """Per bot kind: its decisions, and the CPU seconds of one (mean over them all, and
    the slowest); records without times (older journals) are left out."""
    timed = [r for r in records if "thinking" in r]
    out = {}
    for label, seats in kinds.items():
        decisions = sum(r["decisions"][p] for r in timed for p in seats)
        seconds = sum(r["thinking"][p] for r in timed for p in seats)
        out[label] = {"decisions": decisions, "mean": seconds / decisions if decisions else 0.0,
                      "max": max((r["slowest"][p] for r in timed for p in seats), default=0.0)}
    return out
