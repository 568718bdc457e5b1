"""`regola compare`: the base game and each --variant played by the same seats with the
same seeds; a table of every measure with the variants' significant differences marked,
--json and --plot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer
from rich.table import Table
from rich.text import Text

from ..i18n.catalog import Words
from ..i18n.game_words import GameWords
from ..interpreter.state import new_seed
from ..lab.compare import ALPHA, Row
from ..lab.compare import compare as compare_studies
from ..lab.journal import kept_seed, open_journal
from ..lab.study import STEP_LIMIT, Study
from ..loading.loader import load_game
from .lab_commands import (
    Backend,
    BackendOpt,
    GameArg,
    GamesOpt,
    JobsOpt,
    LangOpt,
    MaxDecisionsOpt,
    PlayersOpt,
    PlotOpt,
    SchedulerOpt,
    SeatsOpt,
    SeedOpt,
    StepLimitOpt,
    check_backend,
    check_outputs,
    heading,
    result_console,
    run_kept,
    study_seats,
    write,
)
from .outputs import check_output_folder


def variant_name(variant: str) -> str:
    """A variant's column title: a built-in id as it is, a file by its stem."""
    return Path(variant).stem if Path(variant).suffix else variant


def measure(gw: GameWords, key: tuple, seats: list[str], bots: list[str]) -> str:
    """A row's measure in words."""
    w = gw.w
    what = key[0]
    if what == "win":
        p = key[1]
        return w("win rate: {seat}", seat=f"{gw.label('seats', seats[p])} ({bots[p]})")
    if what == "bot":
        return w("win rate: {bot} (every seat it plays)", bot=key[1])
    if what == "decisions":
        return w("decisions per game (median)")
    if what == "length":
        return w("{length} at the end (median)", length=gw.variable(
            gw.definition.length_variable))
    if what == "lead":
        return w("winner's lead over the second (median)")
    if what == "condition":
        return w("ended by: {condition}", condition=gw.condition(key[1]))
    return w("unfinished games")


def value(gw: GameWords, row: Row, x: float) -> str:
    """A rate as a percentage, a median as a number."""
    return gw.percent(x) if row.kind == "rate" else gw.number(x, 1)


def comparison_table(gw: GameWords, rows: list[Row], names: list[str], seats: list[str],
                     bots: list[str]) -> Table:
    """Measure, test, the base's value, then each variant's value and p-value; a
    significant difference is marked with * and shown in bold."""
    w = gw.w
    out = Table(title=w.ctx("table", "Base game and variants (* significant at 5%, Holm)"),
                title_justify="left")
    out.add_column(w.ctx("table", "measure"))
    out.add_column(w.ctx("table", "test"))
    out.add_column(w.ctx("table", "base"), justify="right")
    for name in names:
        out.add_column(name, justify="right")
        out.add_column("p", justify="right")
    for row in rows:
        cells = [Text(measure(gw, row.key, seats, bots)), Text(row.test),
                 Text(value(gw, row, row.base))]
        for x, p, significant in zip(row.values, row.p, row.significant):
            mark = value(gw, row, x) + (" *" if significant else "")
            cells += [Text(mark, style="bold" if significant else ""),
                      Text(f"{p:.3f}" if p >= 0.001 else "<0.001")]
        out.add_row(*cells)
    return out


def compare(game: GameArg,
            variant: Annotated[list[str], typer.Option(
                "--variant", help="A variant file or built-in variant id (repeat for more).")],
            games: GamesOpt, seats: SeatsOpt = None, seed: SeedOpt = None,
            players: PlayersOpt = None, jobs: JobsOpt = None,
            backend: BackendOpt = Backend.local, scheduler: SchedulerOpt = None,
            json_to: Annotated[str | None, typer.Option(
                "--json", help="Write the comparison (every measure, value and p-value) to "
                               "this file ('-': stdout).")] = None,
            plot_to: PlotOpt = None,
            keep: Annotated[str | None, typer.Option(
                "--keep", help="Keep each finished game in this folder (a journal per "
                               "study); the same command run again plays only the games "
                               "it does not hold yet.")] = None,
            step_limit: StepLimitOpt = STEP_LIMIT,
            max_decisions: MaxDecisionsOpt = None, lang: LangOpt = None):
    """Play the game and each variant with the same bots and seeds; mark what differs."""
    w = Words(lang)
    check_backend(backend, scheduler)
    check_outputs(json_to, plot_to)
    folder = None if keep is None else check_output_folder(keep)
    if plot_to:
        from ..lab.plot import check_plot_file
        check_plot_file(plot_to)
    base = load_game(game)
    specs = study_seats(base, seats, players, w)
    for v in variant:
        study_seats(load_game(game, v), ",".join(s.label for s in specs), len(specs), w)
    if seed is None and folder is not None:
        seed = kept_seed(folder / "base.jsonl")
    seed = new_seed() if seed is None else seed
    names = [variant_name(v) for v in variant]
    gw = GameWords(base.definition, w)
    studies = [(gw.game_name(), Study(game, specs, games, seed, None, max_decisions=max_decisions,
                                      step_limit=step_limit))]
    studies += [(name, Study(game, specs, games, seed, v, max_decisions=max_decisions,
                             step_limit=step_limit)) for name, v in zip(names, variant)]
    journals = None
    if folder is not None:
        files = ["base.jsonl"] + [f"variant-{name}.jsonl" for name in names]
        journals = [open_journal(folder / file, s, s.load())
                    for file, (_, s) in zip(files, studies)]
        folder.mkdir(parents=True, exist_ok=True)
    records = run_kept(studies, jobs, backend, scheduler, w, journals, keep)
    rows = compare_studies(records[0], records[1:])
    console = result_console(json_to == "-")
    seat_names = base.definition.seats
    bots = [s.label for s in specs]
    console.print(heading(w, gw, studies[0][1], each=True), markup=False)
    console.print(comparison_table(gw, rows, names, seat_names, bots))
    console.print(w("rates: two-proportion z-test; medians: Mann-Whitney U; each variant's "
                    "tests Holm-corrected at {alpha}", alpha=ALPHA), markup=False)
    if json_to:
        data = {"game": game, "variants": variant, "seats": bots, "games": games,
                "seed": seed, "alpha": ALPHA, "rows": [r.to_json() for r in rows]}
        write(json_to, json.dumps(data, indent=1), w, console)
    if plot_to:
        from .labplots import plot_studies
        plot_studies(gw, [(w("base"), records[0]), *zip(names, records[1:])], plot_to,
                     heading(w, gw, studies[0][1], each=True))
        console.print(w("written to {file}", file=plot_to), markup=False)
