"""The tables `regola bench` prints from its figures."""

from __future__ import annotations

from babel.numbers import format_decimal
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..i18n.catalog import Words


class Numbers:
    """Numbers in the language's format."""

    def __init__(self, w: Words):
        self.lang = w.lang

    def __call__(self, x: float, digits: int = 0) -> str:
        """`x` with `digits` decimals and the language's separators."""
        pattern = "#,##0." + "0" * digits if digits else "#,##0"
        return format_decimal(x, format=pattern, locale=self.lang)

    def times(self, x: float) -> str:
        """A ratio, as "12.3×"."""
        return self(x, 1) + "×"


def _table(title: str, left: int, *columns: str) -> Table:
    """A table whose first `left` columns are text (left-aligned), the rest numbers."""
    table = Table(title=title, title_justify="left")
    for i, column in enumerate(columns):
        table.add_column(column, justify="left" if i < left else "right")
    return table


def print_tables(console: Console, figures: dict, w: Words) -> None:
    """Every table of the figures that has rows, then how they were measured."""
    num = Numbers(w)
    game, players, impl = (w.ctx("bench", "game"), w.ctx("bench", "players"),
                           w.ctx("bench", "implementation"))
    decision, copy = w.ctx("bench", "decision"), w.ctx("bench", "copy µs")
    trip, size = w.ctx("bench", "round trip µs"), w.ctx("bench", "JSON KB")
    play = _table(w.ctx("bench", "Random play on one core"), 3, game, players, impl,
                  w.ctx("bench", "decisions/s"),
                  w.ctx("bench", "games/s"),
                  w.ctx("bench", "µs/decision"),
                  w.ctx("bench", "decisions/game"))
    for r in figures["play"]:
        play.add_row(Text(r["game"]), str(r["players"]), Text(r["impl"]),
                     num(r["decisions_per_s"]), num(r["games_per_s"], 1),
                     num(r["us_per_decision"], 1), num(r["decisions_per_game"]))
    states = _table(w.ctx("bench", "A state halfway through a typical game"), 3,
                    game, players, impl, decision, copy,
                    w.ctx("bench", "to JSON µs"),
                    w.ctx("bench", "from JSON µs"), trip, size,
                    w.ctx("bench", "MB per 1,000 states"))
    for r in figures["states"]:
        states.add_row(Text(r["game"]), str(r["players"]), Text(r["impl"]),
                       num(r["decisions"]), num(r["copy_us"], 1), num(r["to_json_us"], 1),
                       num(r["from_json_us"], 1), num(r["json_round_trip_us"], 1),
                       num(r["json_kb"], 1), num(r["memory_per_1000_mb"], 1))
    ratios = _table(w.ctx("bench", "regola's cost over the hand-written baseline"), 3,
                    game, players,
                    w.ctx("bench", "baseline"),
                    w.ctx("bench", "time per decision"),
                    w.ctx("bench", "copy"),
                    w.ctx("bench", "JSON round trip"),
                    w.ctx("bench", "JSON size"))
    for r in figures["ratios"]:
        ratios.add_row(Text(r["game"]), str(r["players"]), Text(r["baseline"]),
                       num.times(r["time_per_decision"]), num.times(r["copy"]),
                       num.times(r["json_round_trip"]), num.times(r["json_size"]))
    growth = _table(w.ctx("bench", "A state as the game goes on"), 4, game, players, impl,
                    w.ctx("bench", "when"), decision, copy, trip, size)
    for r in figures["growth"]:
        growth.add_row(Text(r["game"]), str(r["players"]), Text(r["impl"]),
                       Text(f"{r['variable']} = {r['value']}"), num(r["decisions"]),
                       num(r["copy_us"], 1), num(r["json_round_trip_us"], 1),
                       num(r["json_kb"], 1))
    speed = _table(w.ctx("bench", "regola's speed over another checkout"), 3, game, players,
                   w.ctx("bench", "checkout"),
                   w.ctx("bench", "regola decisions/s"),
                   w.ctx("bench", "its decisions/s"),
                   w.ctx("bench", "speedup"))
    for r in figures.get("speedups", []):
        speed.add_row(Text(r["game"]), str(r["players"]), Text(r["against"]),
                      num(r["decisions_per_s"]), num(r["against_decisions_per_s"]),
                      num.times(r["speedup"]))
    load = _table(w.ctx("bench", "Loading a game"), 1, game,
                  w.ctx("bench", "import regola ms"),
                  w.ctx("bench", "cold ms"),
                  w.ctx("bench", "nothing cached ms"),
                  w.ctx("bench", "cached ms"))
    for r in figures["load"]:
        load.add_row(Text(r["game"]), *(num(1000 * r[key], 1) for key in
                                        ("import_s", "cold_s", "uncached_s", "cached_s")))
    for table in (play, states, ratios, speed, growth, load):
        if table.row_count:
            console.print(table)
    settings = figures["settings"]
    console.print(w.plural(None, "Figures of 1 round.", "Medians of {n} rounds.",
                           settings["rounds"]), markup=False)
    console.print(w.plural(None, "Random play: {n} game per round and player count (more "
                                 "while a round is shorter than its minimum time).",
                           "Random play: {n} games per round and player count (more while "
                           "a round is shorter than its minimum time).",
                           settings["games_per_round"]), markup=False)
    console.print(w.plural(None, "Memory: the tracemalloc peak while {count} copy of the "
                                 "state is alive, scaled to 1,000.",
                           "Memory: the tracemalloc peak while {count} copies of the state "
                           "are alive, scaled to 1,000.", settings["live_states"],
                           count=num(settings["live_states"])), markup=False)
    if settings.get("clock", "wall") == "cpu":
        console.print(w("Times are CPU time of the process that plays (--wall: wall-clock "
                        "time); load times are wall-clock time."), markup=False)
    else:
        console.print(w("Times are wall-clock time."), markup=False)
    console.print(w("Cold load: the first load_game in a fresh process; nothing cached: the "
                    "same with REGOLA_CACHE=off (no parse trees or tables on disk); cached: "
                    "the second."), markup=False)
