"""The end of a game at the terminal: the score table (present/scores.py) drawn as a rich
table, the winner first, with what decided the victory."""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..game import Game
from ..i18n.game_words import GameWords
from ..present.events import result_lines
from ..present.scores import score_table, verdict
from .colours import seat_style


def end_renderables(game: Game, gw: GameWords, result: dict | None) -> list:
    """What the terminal shows at the end: the score table and why the first won, or the
    result's lines when there are no scores (an unfinished game, an older save)."""
    w = gw.w
    table = score_table(result, gw)
    if table is None or not table.rows or not table.columns:
        return [Text(line) for line in result_lines(result, gw)]
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
    return [grid, Text(verdict(table, gw), style="bold")]
