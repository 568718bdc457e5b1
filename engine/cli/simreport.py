"""`regola simulate`: run the games (with a progress bar on a terminal) and print a summary."""

from __future__ import annotations

import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..game import Game
from ..simulate import STEP_LIMIT, simulate, summarize
from .render import words


def run_simulation(game: Game, games: int, seed: int, players: int | None,
                   console: Console, progress_console: Console,
                   step_limit: int = STEP_LIMIT) -> list[dict]:
    """Simulate, showing progress only when stderr is a terminal; print the summary."""
    started = time.perf_counter()
    if progress_console.is_terminal:
        columns = (TextColumn("simulating"), BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn())
        with Progress(*columns, console=progress_console, transient=True) as bar:
            task = bar.add_task("games", total=games)
            records = simulate(game, games, seed, players, step_limit=step_limit,
                               progress=lambda done, total: bar.update(task, completed=done))
    else:
        records = simulate(game, games, seed, players, step_limit=step_limit)
    wall = time.perf_counter() - started
    print_summary(console, game, records, wall)
    return records


def _table(title: str, *columns: str) -> Table:
    table = Table(title=title, title_justify="left")
    for i, column in enumerate(columns):
        table.add_column(column, justify="left" if i == 0 else "right")
    return table


def print_summary(console: Console, game: Game, records: list[dict], wall: float) -> None:
    """Games and speed, wins per seat, means of the game variables, how the games ended."""
    summary = summarize(game, records)
    n = summary["games"]
    speed = n / wall if wall > 0 else 0.0
    console.print(f"{game.definition.name}: {n} games in {wall:.2f} s, "
                  f"{speed:.1f} games/second, {summary['mean_steps']:.0f} actions per game",
                  markup=False)
    wins = _table("Wins", "seat", "wins", "share")
    for seat, row in summary["seats"].items():
        wins.add_row(Text(seat), str(row["wins"]), f"{row['share']:.1%}")
    console.print(wins)
    if summary["vars_mean"] or summary["on_board_mean"]:
        means = _table("Means at the end", "value", "mean")
        for name, mean in summary["vars_mean"].items():
            means.add_row(Text(words(name)), f"{mean:.2f}")
        for kind, row in summary["on_board_mean"].items():
            means.add_row(Text(f"{kind} on board"), " / ".join(f"{x:.2f}" for x in row))
        console.print(means)
    ends = _table("Endings", "how", "games")
    for cid, count in summary["end_conditions"].items():
        ends.add_row(Text(f"condition {words(cid)}"), str(count))
    for reason, count in summary["reasons"].items():
        ends.add_row(Text(f"reason {words(reason)}"), str(count))
    console.print(ends)
