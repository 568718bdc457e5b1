"""The pictures of `simulate --plot` and `compare --plot`: studies' records turned into the
series and translated titles regola.lab.plot draws."""

from __future__ import annotations

from ..i18n.game_words import GameWords
from ..lab.plot import Series, Titles, plot
from ..lab.summary import STOPPED, summarize


def series(gw: GameWords, name: str, records: list[dict]) -> Series:
    """One study as a series of the plots."""
    definition = gw.definition
    summary = summarize(records, definition.seats)
    variable = definition.length_variable
    finished = [r for r in records if r["reason"] not in STOPPED]
    lengths = [r["length"] for r in finished] if variable else [r["steps"] for r in finished]
    endings = {gw.condition(cid): count for cid, count in summary["end_conditions"].items()}
    for reason in STOPPED:
        if summary["reasons"].get(reason):
            endings[gw.reason(reason)] = summary["reasons"][reason]
    seats = [f"{gw.label('seats', row['seat'])}\n{row['bot']}" for row in summary["seats"]]
    return Series(name, seats, [row["rate"] for row in summary["seats"]],
                  [row["low"] for row in summary["seats"]],
                  [row["high"] for row in summary["seats"]],
                  [x for x in lengths if x is not None], endings)


def plot_studies(gw: GameWords, studies: list[tuple[str, list[dict]]], path: str,
                 heading: str = "") -> None:
    """Draw one study, or several side by side, to `path` (.png or .svg), under `heading`."""
    w = gw.w
    variable = gw.definition.length_variable
    axis = gw.variable(variable) if variable else w("decisions")
    titles = Titles(wins=w("Win rate by seat (error bars: 95%)"), win_rate=w("win rate"),
                    lengths=w("Length of the finished games"), length_axis=axis,
                    games=w("games"), endings=w("How the games ended"), heading=heading)
    plot([series(gw, name, records) for name, records in studies], titles, path)
