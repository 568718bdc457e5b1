"""`regola bench`: the speed of the core on every built-in game, beside a hand-written
baseline (benchmarks/hand_*.py, or --baseline FILE)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from ..bench import Settings, run_bench
from ..errors import RegolaError
from ..i18n.catalog import LANGUAGES, Words
from .bench_tables import print_tables

WIDTH = 132
"""Columns of the tables when the output is not a terminal (a file or a pipe)."""


class FiguresNotWritten(RegolaError):
    """The --json file could not be written."""


def bench(game: Annotated[list[str] | None, typer.Option(
              "--game", help="Only this game (repeat for more; default: every built-in).")]
          = None,
          rounds: Annotated[int, typer.Option(
              "--rounds", min=1, help="Rounds of each measurement; figures are medians.")] = 5,
          games: Annotated[int, typer.Option(
              "--games", min=1, help="Random games per round, for each player count.")] = 10,
          states: Annotated[int, typer.Option(
              "--states", min=1, help="Live copies of a state for the memory figure.")] = 1000,
          quick: Annotated[bool, typer.Option(
              "--quick", help="A smoke run: one round, one game, tiny sizes.")] = False,
          json_to: Annotated[str | None, typer.Option(
              "--json", help="Also write the figures to this file ('-': stdout only).")]
          = None,
          baseline: Annotated[list[Path] | None, typer.Option(
              "--baseline", help="A hand-written baseline file (repeatable; default: "
                                 "benchmarks/hand_*.py when found).")] = None,
          no_baseline: Annotated[bool, typer.Option(
              "--no-baseline", help="Measure regola only.")] = False,
          wall: Annotated[bool, typer.Option(
              "--wall", help="Time with the wall clock (default: the process's CPU time, "
                             "steadier on a machine busy with other work).")] = False,
          against: Annotated[list[Path] | None, typer.Option(
              "--against", help="Another checkout of regola (a folder with engine/ and "
                                "pyproject.toml, e.g. a git worktree of an older commit): "
                                "its random play is measured in the same run, round for "
                                "round, and the speedup shown (repeatable).")] = None,
          lang: Annotated[str | None, typer.Option(
              "--lang", help=f"Language: {', '.join(LANGUAGES)} (default: from the locale).")]
          = None):
    """Measure random play, state copies, saves, memory and load times on one core."""
    w = Words(lang)
    if json_to and json_to != "-" and not Path(json_to).parent.is_dir():
        raise FiguresNotWritten(w("cannot write {file}: {reason}", file=json_to,
                                  reason=w("no such folder")))
    settings = Settings(games=game or None, rounds=rounds, games_per_round=games,
                        states=states, quick=quick,
                        baselines=[] if no_baseline else (baseline or None),
                        against=list(against or []), clock="wall" if wall else "cpu")
    progress_console = Console(stderr=True, highlight=False, emoji=False)
    if progress_console.is_terminal:
        with progress_console.status(w("measuring")) as status:
            figures = run_bench(settings, lambda *step: status.update(progress_text(w, *step)))
    else:
        figures = run_bench(settings)
    text = json.dumps(figures, indent=1)
    if json_to == "-":
        typer.echo(text)
        return
    console = Console(highlight=False, emoji=False)
    if not console.is_terminal:
        console.width = max(console.width, WIDTH)
    print_tables(console, figures, w)
    if json_to:
        try:
            Path(json_to).write_text(text + "\n", encoding="utf-8")
        except OSError as error:
            raise FiguresNotWritten(w("cannot write {file}: {reason}", file=json_to,
                                      reason=error.strerror)) from None


def progress_text(w: Words, stage: str, game: str, impl: str, players: int) -> str:
    """What the benchmark is measuring now, in words."""
    if stage == "load":
        return w("measuring the load time of {game}", game=game)
    if stage == "growth":
        return w("measuring {game} ({implementation}) as the game goes on", game=game,
                 implementation=impl)
    return w("measuring {game} ({implementation}), {players} players", game=game,
             implementation=impl, players=players)


def register_bench(app: typer.Typer, handle_errors) -> None:
    """Add `regola bench` to the command-line app."""
    app.command("bench")(handle_errors(bench))
