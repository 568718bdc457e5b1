"""The tables of `regola simulate`: wins with 95% intervals per seat and per bot kind, game
lengths, score spread, means at the end, endings, each bot's time per decision (from
regola.lab.summary)."""

from __future__ import annotations

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..i18n.game_words import MANY, GameWords
from ..present.scores import category_title


def table(title: str, *columns: str) -> Table:
    """A table with a left-justified title, its first column left, the others right."""
    out = Table(title=title, title_justify="left")
    for i, column in enumerate(columns):
        out.add_column(column, justify="left" if i == 0 else "right")
    return out


def interval(gw: GameWords, row: dict) -> str:
    """A 95% interval as `low-high` percentages."""
    return f"{gw.percent(row['low'])} - {gw.percent(row['high'])}"


def seat_name(gw: GameWords, row: dict) -> str:
    """A seat and its bot: `Red (random)`."""
    return f"{gw.label('seats', row['seat'])} ({row['bot']})"


def print_header(console: Console, gw: GameWords, summary: dict, wall: float,
                 played: int | None = None) -> None:
    """Games, time, speed (of the `played` games this run played, if not all: the others
    came from a journal), decisions per game."""
    n = summary["games"]
    played = n if played is None else played
    values = {"game": gw.game_name(), "seconds": gw.number(wall),
              "speed": gw.number(played / wall if wall > 0 else 0.0, 1),
              "actions": gw.number(summary["decisions"]["mean"], 0), "played": played}
    if played == n:
        text = gw.w.plural(None, "{game}: {n} game in {seconds} s, {speed} games/second, "
                                 "{actions} actions per game",
                           "{game}: {n} games in {seconds} s, {speed} games/second, "
                           "{actions} actions per game", n, **values)
    elif played == 0:
        text = gw.w.plural(None, "{game}: {n} game, all kept before, {actions} actions per "
                                 "game", "{game}: {n} games, all kept before, {actions} "
                                 "actions per game", n, **values)
    else:
        text = gw.w.plural(None, "{game}: {n} game, {played} played now in {seconds} s "
                                 "({speed} games/second), {actions} actions per game",
                           "{game}: {n} games, {played} played now in {seconds} s "
                           "({speed} games/second), {actions} actions per game", n, **values)
    console.print(text, markup=False)


def wins_tables(gw: GameWords, summary: dict) -> list[Table]:
    """Win rates per seat, and per bot kind when the seats are not all the same kind. When
    some games were won together, wins alone and shared wins are columns of their own and
    a line under the table says how many games were shared (so the wins add up)."""
    w = gw.w
    shared = summary.get("shared_games", 0)
    if shared:
        wins = table(w.ctx("table", "Wins"), w.ctx("table", "seat"),
                     w.ctx("table", "wins alone"), w.ctx("table", "shared"),
                     w.ctx("table", "share"), w.ctx("table", "interval (95%)"))
        wins.caption_justify = "left"
        wins.caption = w.plural(None, "shared: {n} game won by several players together, "
                                      "each of them with an equal part of its share",
                                "shared: {n} games won by several players together, "
                                "each of them with an equal part of its share", shared)
    else:
        wins = table(w.ctx("table", "Wins"), w.ctx("table", "seat"), w.ctx("table", "wins"),
                     w.ctx("table", "share"), w.ctx("table", "interval (95%)"))
    for row in summary["seats"]:
        counts = [str(row["wins"] - row["shared"]), str(row["shared"])] if shared else \
            [str(row["wins"])]
        wins.add_row(Text(seat_name(gw, row)), *counts, gw.percent(row["rate"]),
                     interval(gw, row))
    out = [wins]
    if len(summary["bots"]) > 1:
        kinds = table(w.ctx("table", "Wins by bot"), w.ctx("table", "bot"),
                      w.ctx("table", "seats"), w.ctx("table", "share"),
                      w.ctx("table", "interval (95%)"))
        for label, row in summary["bots"].items():
            kinds.add_row(Text(label), str(row["seats"]), gw.percent(row["rate"]),
                          interval(gw, row))
        out.append(kinds)
    return out


def length_table(gw: GameWords, summary: dict, variable: str | None) -> Table:
    """Decisions per game, and the game's own length (years, rounds) if it declares one."""
    w = gw.w
    lengths = table(w.ctx("table", "Length of the finished games"), w.ctx("table", "measure"),
                    w.ctx("table", "mean"), w.ctx("table", "median"), w.ctx("table", "range"))
    rows = [(w("decisions"), summary["decisions"])]
    if variable:
        rows.append((gw.variable(variable), summary["length"]))
    for name, s in rows:
        lengths.add_row(Text(name), gw.number(s["mean"], 1), gw.number(s["median"], 1),
                        f"{gw.number(s['min'], 0)} - {gw.number(s['max'], 0)}")
    return lengths


def score_table(gw: GameWords, summary: dict, measure: str) -> Table | None:
    """Each seat's main score at the end (mean and standard deviation), and the gaps
    between first and second and first and last; None if the game declares no score."""
    scores = summary["scores"]
    if not scores["games"]:
        return None
    w = gw.w
    out = table(w.ctx("table", "Score at the end ({measure})", measure=measure),
                w.ctx("table", "who"), w.ctx("table", "mean"), w.ctx("table", "sd"),
                w.ctx("table", "range"))

    def add(name: str, s: dict) -> None:
        """One row: mean, standard deviation, range."""
        out.add_row(Text(name), gw.number(s["mean"], 1), gw.number(s["sd"], 1),
                    f"{gw.number(s['min'], 0)} - {gw.number(s['max'], 0)}")
    for row, s in zip(summary["seats"], scores["seats"]):
        add(seat_name(gw, row), s)
    add(w("gap: first - second"), scores["margin"])
    add(w("gap: first - last"), scores["spread"])
    return out


def means_table(gw: GameWords, summary: dict) -> Table | None:
    """Means of the public game variables and of the pieces on the board at the end."""
    if not summary["vars_mean"] and not summary["on_board_mean"]:
        return None
    w = gw.w
    means = table(w.ctx("table", "Means at the end"), w.ctx("table", "value"),
                  w.ctx("table", "mean"))
    for name, mean in summary["vars_mean"].items():
        means.add_row(Text(gw.variable(name)), gw.number(mean))
    for kind, row in summary["on_board_mean"].items():
        means.add_row(Text(w("{pieces} on the board", pieces=gw.piece(kind, MANY))),
                      " / ".join(gw.number(x) for x in row))
    return means


def endings_table(gw: GameWords, summary: dict) -> Table:
    """How many games each end condition (met by someone) and each reason ended."""
    w = gw.w
    n = summary["games"] or 1
    ends = table(w.ctx("table", "Endings"), w.ctx("table", "how"), w.ctx("table", "games"),
                 w.ctx("table", "share"))
    for cid, count in summary["end_conditions"].items():
        ends.add_row(Text(w("condition: {condition}", condition=gw.condition(cid))),
                     str(count), gw.percent(count / n))
    for reason, count in summary["reasons"].items():
        ends.add_row(Text(w("reason: {reason}", reason=gw.reason(reason))), str(count),
                     gw.percent(count / n))
    return ends


def duration(gw: GameWords, seconds: float) -> str:
    """A short time: in µs under a millisecond, in ms under a tenth of a second, else in s."""
    if seconds < 0.001:
        return gw.w("{n} µs", n=gw.number(seconds * 1_000_000, 1))
    if seconds < 0.1:
        return gw.w("{n} ms", n=gw.number(seconds * 1000, 2))
    return gw.w("{n} s", n=gw.number(seconds, 2))


def thinking_table(gw: GameWords, summary: dict) -> Table | None:
    """Per bot kind: its decisions and the CPU time of one (mean, slowest)."""
    rows = summary.get("thinking") or {}
    if not any(row["decisions"] for row in rows.values()):
        return None
    w = gw.w
    out = table(w.ctx("table", "Time per decision (CPU, one core)"), w.ctx("table", "bot"),
                w.ctx("table", "decisions"), w.ctx("table", "mean"),
                w.ctx("table", "slowest"))
    for label, row in rows.items():
        out.add_row(Text(label), gw.number(row["decisions"], 0), duration(gw, row["mean"]),
                    duration(gw, row["max"]))
    return out


def print_summary(console: Console, gw: GameWords, summary: dict, wall: float,
                  played: int | None = None) -> None:
    """Every table of a study, in order."""
    definition = gw.definition
    end = definition.end
    measure = category_title(gw, end.tiebreaker_sources[0], 0) \
        if end is not None and end.tiebreaker_sources else ""
    print_header(console, gw, summary, wall, played)
    tables = [*wins_tables(gw, summary), length_table(gw, summary, definition.length_variable),
              score_table(gw, summary, measure), means_table(gw, summary),
              endings_table(gw, summary), thinking_table(gw, summary)]
    for t in tables:
        if t is not None:
            console.print(t)
