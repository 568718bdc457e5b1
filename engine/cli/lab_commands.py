"""`regola simulate` and `regola compare`: studies of many bot games (regola.lab) with a
progress bar, summary tables, --json, --csv and --plot."""

from __future__ import annotations

import json
import time
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from .. import errors
from ..errors import RegolaError, UnsupportedPlayers
from ..game import Game
from ..i18n.catalog import LANGUAGES, Words
from ..i18n.game_words import GameWords
from ..interpreter.state import new_seed
from ..lab.backends import run_studies
from ..lab.journal import Journal, kept_seed, open_journal
from ..lab.seats import SeatSpec, parse_seats
from ..lab.study import STEP_LIMIT, Study
from ..lab.summary import summarize
from ..loading.loader import load_game
from .outputs import check_output_file


class Backend(StrEnum):
    """Where a study's games are played (regola.lab.backends.BACKENDS)."""

    local = "local"
    dask = "dask"


WIDTH = 130
"""Columns of the tables when the output is not a terminal."""


class BadOption(RegolaError):
    """Options that do not go together."""


class OutputNotWritten(RegolaError):
    """A result file could not be written."""


GameArg = Annotated[str, typer.Argument(help="A built-in game id, or a game folder or file.")]
SeatsOpt = Annotated[str | None, typer.Option(
    "--seats", help="Bots by seat, comma-separated: random,greedy,mcts:200 (a bot from "
                    "regola.bots, with an optional :ARG); one name fills every seat. "
                    "Default: random.")]
PlayersOpt = Annotated[int | None, typer.Option(
    "--players", help="Number of players (default: as many as --seats names, or the most "
                      "the game allows).")]
GamesOpt = Annotated[int, typer.Option("--games", min=1, help="How many games.")]
SeedOpt = Annotated[int | None, typer.Option(
    "--seed", help="Seed of the study: game i uses seed+i (default: a new one, printed).")]
JobsOpt = Annotated[int | None, typer.Option(
    "--jobs", min=1, help="Worker processes (default: every core); the results do not "
                          "depend on it.")]
BackendOpt = Annotated[Backend, typer.Option(
    "--backend", help="local: processes on this machine; dask: a Dask cluster (the dask "
                      "extra), local unless --scheduler is given.")]
SchedulerOpt = Annotated[str | None, typer.Option(
    "--scheduler", help="With --backend dask: the scheduler of a running cluster, "
                        "e.g. tcp://10.0.0.5:8786.")]
StepLimitOpt = Annotated[int, typer.Option(
    "--step-limit", min=1, help="Stop a game after this many actions.")]
MaxDecisionsOpt = Annotated[int | None, typer.Option(
    "--max-decisions", min=1, help="End a game the rules have not ended after this many "
                                   "decisions, as unfinished (no winners).")]
KeepOpt = Annotated[str | None, typer.Option(
    "--keep", help="Keep each finished game in this file (JSON Lines); the same command "
                   "run again plays only the games it does not hold yet.")]
PlotOpt = Annotated[str | None, typer.Option(
    "--plot", help="Draw win rates, lengths and endings to this .png or .svg file "
                   "(the lab extra: matplotlib).")]
LangOpt = Annotated[str | None, typer.Option(
    "--lang", help=f"Language: {', '.join(LANGUAGES)} (default: from the locale).")]


def study_seats(game: Game, seats: str | None, players: int | None, w: Words) \
        -> tuple[SeatSpec, ...]:
    """The seats of a study, checked against the game's player counts before any game."""
    definition = game.definition
    counts = list(range(definition.min_players, definition.max_players + 1))
    if players is not None:
        game.new_state(players=players)         # UnsupportedPlayers names the counts
    specs = parse_seats(seats, players, counts, game=game)
    try:
        game.new_state(players=len(specs))
    except UnsupportedPlayers as error:
        if seats is not None and "," in seats:
            error.add_note(w("--seats names {n} seats", n=len(specs)))
        raise
    return tuple(specs)


def run_with_progress(studies: list[tuple[str, Study]], jobs: int | None, backend: Backend,
                      scheduler: str | None, w: Words,
                      journals: list[Journal] | None = None) -> list[list[dict]]:
    """Every study's records (on one pool of workers), with a progress bar per study when
    stderr is a terminal; with journals (one per study), the games they hold are not
    played again and each finished game is kept in its study's."""
    console = Console(stderr=True, highlight=False, emoji=False)
    plain = [s for _, s in studies]
    done = None if journals is None else [j.done for j in journals]
    keep = None if journals is None else (lambda k, records: journals[k].keep(records))
    if not console.is_terminal:
        return run_studies(plain, jobs, backend.value, scheduler, None, done, keep)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeRemainingColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        tasks = [bar.add_task(w("simulating {what}", what=name), total=s.games,
                              completed=len([i for i in (done[k] if done else {})
                                             if i < s.games]))
                 for k, (name, s) in enumerate(studies)]
        return run_studies(plain, jobs, backend.value, scheduler,
                           lambda k, n, _total: bar.update(tasks[k], completed=n), done, keep)


def run_kept(studies: list[tuple[str, Study]], jobs: int | None, backend: Backend,
             scheduler: str | None, w: Words, journals: list[Journal] | None,
             where: str | None) -> list[list[dict]]:
    """run_with_progress, saying what the journals (kept at `where`, a file or a folder)
    already hold and, on ^C, what they keep; the journals are closed at the end."""
    try:
        held = sum(len([i for i in j.done if i < s.games])
                   for j, (_, s) in zip(journals or [], studies))
        games = sum(s.games for _, s in studies)
        if held == games:
            notice(w("{file} holds every game ({games}): nothing to play", file=where,
                     games=games))
        elif held:
            notice(w("{file} holds {n} of the {games} games; playing the others", file=where,
                     n=held, games=games))
        return run_with_progress(studies, jobs, backend, scheduler, w, journals)
    except KeyboardInterrupt:
        if journals:
            notice(w.plural(None, "stopped: {file} keeps {n} game; the same command goes on "
                            "from there", "stopped: {file} keeps {n} games; the same command "
                            "goes on from there", sum(j.held for j in journals), file=where))
        raise
    finally:
        for journal in journals or []:
            journal.close()


def notice(text: str) -> None:
    """A line about the run on stderr, never wrapped."""
    Console(stderr=True, highlight=False, soft_wrap=True, emoji=False).print(text, markup=False)


def result_console(stderr: bool = False) -> Console:
    """The console of the tables: stdout, or stderr when a result goes to stdout; 130
    columns wide when it is not a terminal (a file, a pipe)."""
    console = Console(stderr=stderr, highlight=False, soft_wrap=True, emoji=False)
    if not console.is_terminal:
        console.width = WIDTH
    return console


def write(path: str, text: str, w: Words, console: Console) -> None:
    """Write a result file ('-': stdout) and say so."""
    if path == "-":
        typer.echo(text)
        return
    try:
        Path(path).write_text(text + "\n", encoding="utf-8")
    except OSError as error:
        raise OutputNotWritten(w("cannot write {file}: {reason}", file=path,
                                 reason=error.strerror or str(error))) from None
    console.print(w("written to {file}", file=path), markup=False)


def check_backend(backend: Backend, scheduler: str | None) -> None:
    """BadOption when --scheduler is given without --backend dask."""
    if scheduler and backend is not Backend.dask:
        raise BadOption.text(errors.w("--scheduler needs --backend dask"))


def check_outputs(*paths: str | None) -> None:
    """Every output file writable, before any game is played."""
    for path in paths:
        if path and path != "-":
            check_output_file(path)


def simulate(game: GameArg, games: GamesOpt, seats: SeatsOpt = None,
             seed: SeedOpt = None, players: PlayersOpt = None,
             variant: Annotated[str | None, typer.Option(
                 "--variant", help="A variant file, or the id of a built-in variant.")] = None,
             jobs: JobsOpt = None, backend: BackendOpt = Backend.local,
             scheduler: SchedulerOpt = None,
             json_to: Annotated[str | None, typer.Option(
                 "--json", help="Write the per-game records to this file ('-': stdout).")]
             = None,
             csv_to: Annotated[str | None, typer.Option(
                 "--csv", help="Write one CSV row per game to this file ('-': stdout).")]
             = None,
             plot_to: PlotOpt = None, keep: KeepOpt = None,
             step_limit: StepLimitOpt = STEP_LIMIT,
             max_decisions: MaxDecisionsOpt = None, lang: LangOpt = None):
    """Play many games between bots; print win rates with 95% intervals, lengths, endings."""
    from ..lab.export import csv_text
    from .labreport import print_summary
    w = Words(lang)
    check_backend(backend, scheduler)
    if json_to == csv_to == "-":
        raise BadOption.text(errors.w("--json - and --csv - cannot both write to stdout"))
    check_outputs(json_to, csv_to, plot_to, keep)
    if keep is not None and keep in (json_to, csv_to, plot_to):
        raise BadOption.text(errors.w("--keep {file} is also an output of this run: the "
                                     "journal would be written over; give another file"),
                             file=keep)
    if plot_to:
        from ..lab.plot import check_plot_file
        check_plot_file(plot_to)
    loaded = load_game(game, variant)
    specs = study_seats(loaded, seats, players, w)
    if seed is None and keep is not None:
        seed = kept_seed(keep)
    seed = new_seed() if seed is None else seed
    study = Study(game, specs, games, seed, variant, max_decisions=max_decisions,
                  step_limit=step_limit)
    gw = GameWords(loaded.definition, w)
    started = time.perf_counter()
    journals = None if keep is None else [open_journal(keep, study, loaded)]
    played = games - len([i for j in journals or [] for i in j.done if i < games])
    [records] = run_kept([(gw.game_name(), study)], jobs, backend, scheduler, w, journals,
                         keep)
    wall = time.perf_counter() - started
    console = result_console("-" in (json_to, csv_to))
    summary = summarize(records, loaded.definition.seats)
    print_summary(console, gw, summary, wall, played)
    if games == 1 and records:
        print_one_game(console, loaded, gw, records[0])
    console.print(w("seed: {seed}", seed=seed), markup=False)
    if json_to:
        write(json_to, json.dumps(records, indent=1), w, console)
    if csv_to:
        write(csv_to, csv_text(records, loaded.definition.seats).rstrip("\n"), w, console)
    if plot_to:
        from .labplots import plot_studies
        plot_studies(gw, [(gw.game_name(), records)], plot_to,
                     heading(w, gw, study))
        console.print(w("written to {file}", file=plot_to), markup=False)


def print_one_game(console, loaded, gw: GameWords, record: dict) -> None:
    """A single game's score table (per player and scoring category, and what decided)."""
    from .scores_view import end_renderables
    result = {key: record.get(key)
              for key in ("winners", "reason", "conditions", "scores", "parts")}
    console.rule(gw.w("result"), style="bold")
    for renderable in end_renderables(loaded, gw, result):
        console.print(renderable, markup=False, highlight=False)


def heading(w: Words, gw: GameWords, study: Study, each: bool = False) -> str:
    """The title of a study's picture (`each`: of every study compared): the game, how
    many games, the seats, the seed."""
    values = {"game": gw.game_name(), "n": study.games, "seed": study.seed,
              "seats": ",".join(s.label for s in study.seats)}
    if each:
        return w("{game}: {n} games each, seats {seats}, seed {seed}", **values)
    return w("{game}: {n} games, seats {seats}, seed {seed}", **values)


def register_lab(app: typer.Typer, handle_errors) -> None:
    """Add simulate and compare to the regola command."""
    from .compare_command import compare
    app.command()(handle_errors(simulate))
    app.command()(handle_errors(compare))
