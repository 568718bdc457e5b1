"""`regola simulate`: run the games (with a progress bar on a terminal) and print a summary."""

from __future__ import annotations

import time

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from ..game import Game
from ..i18n.catalog import Words
from ..i18n.game_words import MANY, GameWords
from ..simulate import STEP_LIMIT, simulate, summarize


def run_simulation(game: Game, games: int, seed: int, players: int | None,
                   console: Console, progress_console: Console,
                   step_limit: int = STEP_LIMIT, w: Words | None = None,
                   max_decisions: int | None = None) -> list[dict]:
    """Simulate, showing progress only when stderr is a terminal; print the summary."""
    gw = GameWords(game.definition, w)
    started = time.perf_counter()
    if progress_console.is_terminal:
        columns = (TextColumn(gw.w("simulating")), BarColumn(), MofNCompleteColumn(),
                   TimeRemainingColumn())
        with Progress(*columns, console=progress_console, transient=True) as bar:
            task = bar.add_task("games", total=games)
            records = simulate(game, games, seed, players, step_limit=step_limit,
                               progress=lambda done, total: bar.update(task, completed=done),
                               max_decisions=max_decisions)
    else:
        records = simulate(game, games, seed, players, step_limit=step_limit,
                           max_decisions=max_decisions)
    wall = time.perf_counter() - started
    print_summary(console, game, records, wall, gw)
    return records


def _table(title: str, *columns: str) -> Table:
    table = Table(title=title, title_justify="left")
    for i, column in enumerate(columns):
        table.add_column(column, justify="left" if i == 0 else "right")
    return table


def print_summary(console: Console, game: Game, records: list[dict], wall: float,
                  gw: GameWords | None = None) -> None:
    """Games and speed, wins per seat, means of the game variables, how the games ended."""
    gw = gw or GameWords(game.definition)
    w = gw.w
    summary = summarize(game, records)
    n = summary["games"]
    speed = n / wall if wall > 0 else 0.0
    console.print(w.plural(None, "{game}: {n} game in {seconds} s, {speed} games/second, "
                                 "{actions} actions per game",
                           "{game}: {n} games in {seconds} s, {speed} games/second, "
                           "{actions} actions per game", n,
                           game=gw.game_name(), seconds=gw.number(wall),
                           speed=gw.number(speed, 1), actions=gw.number(summary["mean_steps"], 0)),
                  markup=False)
    wins = _table(w.ctx("table", "Wins"), w.ctx("table", "seat"), w.ctx("table", "wins"),
                  w.ctx("table", "share"))
    for seat, row in summary["seats"].items():
        wins.add_row(Text(gw.label("seats", seat)), str(row["wins"]), gw.percent(row["share"]))
    console.print(wins)
    if summary["vars_mean"] or summary["on_board_mean"]:
        means = _table(w.ctx("table", "Means at the end"), w.ctx("table", "value"),
                       w.ctx("table", "mean"))
        for name, mean in summary["vars_mean"].items():
            means.add_row(Text(gw.variable(name)), gw.number(mean))
        for kind, row in summary["on_board_mean"].items():
            means.add_row(Text(w("{pieces} on the board", pieces=gw.piece(kind, MANY))),
                          " / ".join(gw.number(x) for x in row))
        console.print(means)
    ends = _table(w.ctx("table", "Endings"), w.ctx("table", "how"), w.ctx("table", "games"))
    for cid, count in summary["end_conditions"].items():
        ends.add_row(Text(w("condition: {condition}", condition=gw.condition(cid))), str(count))
    for reason, count in summary["reasons"].items():
        ends.add_row(Text(w("reason: {reason}", reason=gw.reason(reason))), str(count))
    console.print(ends)
