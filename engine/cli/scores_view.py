"""The end of a game at the terminal: the score table (present/scores.py) drawn as a rich
table, the winner first, with what decided the victory and what breaks ties. A table with
the parts of the score (where the points came from) is drawn turned: a row per part, a
column per player, so that it fits 80 columns whatever the number of parts."""

from __future__ import annotations

from collections.abc import Iterable

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from ..game import Game
from ..i18n.game_words import GameWords
from ..present.events import result_lines
from ..present.scores import ScoreTable, score_table, ties_line, verdict
from .colours import seat_style

LINES = box.Box("    \n    \n ── \n    \n ── \n ── \n    \n    \n")
"""A line under the heading and above the totals, nothing else."""


def end_renderables(game: Game, gw: GameWords, result: dict | None,
                    log: Iterable[dict] | None = None) -> list:
    """What the terminal shows at the end: the score table (with where the points came
    from when the game's `log` tells it) and why the first won, or the result's lines when
    there are no scores (an unfinished game, an older save)."""
    table = score_table(result, gw, log)
    if table is None or not table.rows or not table.columns:
        return [Text(line) for line in result_lines(result, gw)]
    grid = _turned(game, gw, table) if table.parts else _wide(game, gw, table)
    out = [grid, Wrapped(Text(verdict(table, gw), style="bold"))]
    ties = ties_line(table, gw)
    if ties:
        out.append(Wrapped(Text(ties)))
    return out


class Wrapped:
    """A text wrapped between words at the console's width, even on a console that lets the
    terminal wrap its lines (soft_wrap), without trailing spaces."""

    def __init__(self, text: Text):
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        """Each line of the text, wrapped."""
        for line in self.text.wrap(console, options.max_width):
            line.rstrip()
            yield line


def _wide(game: Game, gw: GameWords, table: ScoreTable) -> Table:
    """A row per player: place, player, each scoring category (and the end condition met)."""
    w = gw.w
    grid = Table(show_edge=False, pad_edge=False, box=None, header_style="bold")
    grid.add_column(w("place"), justify="right")
    grid.add_column(w("player"))
    for column in table.columns:
        grid.add_column(column, justify="right")
    if table.conditions_differ:
        grid.add_column(w("end condition met"))
    for row in table.rows:
        cells = [Text(str(row.place)), Text(row.name + (" ★" if row.winner else ""),
                                            style=seat_style(game, row.seat))]
        cells += [Text(v) for v in row.shown]
        if table.conditions_differ:
            cells.append(Text(w.join(row.conditions) if row.conditions else "–"))
        grid.add_row(*cells)
    return grid


def _turned(game: Game, gw: GameWords, table: ScoreTable) -> Table:
    """A column per player (the winner first): their place, the parts of their score, then
    each scoring category, the tie-breaks marked as such."""
    w = gw.w
    grid = Table(show_edge=False, pad_edge=False, box=LINES, header_style="bold")
    grid.add_column("")
    for row in table.rows:
        grid.add_column(Text(row.name + (" ★" if row.winner else ""),
                             style=seat_style(game, row.seat)), justify="right")
    grid.add_row(w("place"), *[str(row.place) for row in table.rows])
    for i, title in enumerate(table.parts):
        grid.add_row(title, *[gw.value(row.parts[i]) for row in table.rows],
                     end_section=i == len(table.parts) - 1)
    for c, title in enumerate(table.columns):
        label = title if c < table.ties_from else w("{category} (tie-break)", category=title)
        grid.add_row(Text(label, style="bold" if c == 0 else ""),
                     *[Text(row.shown[c], style="bold" if c == 0 else "") for row in table.rows])
    if table.conditions_differ:
        grid.add_row(w("end condition met"),
                     *[w.join(row.conditions) if row.conditions else "–" for row in table.rows])
    return grid
