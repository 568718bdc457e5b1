"""The `regola` command: games, validate, play, simulate and scenario run.

Every regola.RegolaError is caught here, at the edge, and printed as a message with exit
code 2: a mistake in the input never shows a Python traceback.
"""

from __future__ import annotations

import functools
import json
import shlex
from enum import StrEnum
from pathlib import Path
from typing import Annotated

import click
import typer
from rich.console import Console

from .. import __version__
from ..errors import Location, Problem, RegolaError, RuleError, VariantNotGame
from ..i18n.catalog import LANGUAGES, UnknownLanguage, Words
from ..i18n.check import catalog_problems, shipped_translations
from ..interpreter.state import new_seed
from ..loading.loader import load_game
from ..loading.sources import display_name
from . import play as play_mod
from .bench import register_bench
from .compile_command import compile_game
from .docs_commands import register_docs
from .lab_commands import register_lab
from .listing import games_report
from .new_game import new_game
from .new_variant import new_variant
from .saves import game_reference, load_state, read_save
from .serve import register_serve

app = typer.Typer(help="regola: board games as data, run by one generic interpreter.",
                  no_args_is_help=True, add_completion=False, pretty_exceptions_enable=False)
scenario_app = typer.Typer(help="Rule scenarios: set up a position, act, check the outcome.",
                           no_args_is_help=True)
app.add_typer(scenario_app, name="scenario")
catalogs_app = typer.Typer(help="A game's own catalogs: its texts in each language it ships.",
                           no_args_is_help=True)
app.add_typer(catalogs_app, name="catalogs")


def _print_version(value: bool) -> None:
    if value:
        typer.echo(f"regola {__version__}")
        raise typer.Exit()


@app.callback()
def options(version: Annotated[bool, typer.Option(
        "--version", callback=_print_version, is_eager=True,
        help="Print regola's version and exit.")] = False) -> None:
    """regola: board games as data, run by one generic interpreter."""


def out() -> Console:
    """The console for results (stdout), made per command so redirections are honoured."""
    return Console(highlight=False, soft_wrap=True, emoji=False)


def err() -> Console:
    """The console for messages and progress (stderr)."""
    return Console(stderr=True, highlight=False, soft_wrap=True, emoji=False)


def fail(message: str, code: int = 2) -> typer.Exit:
    """Print `message` to stderr; the Exit to raise."""
    err().print(f"error: {message}", markup=False, emoji=False, style="red", soft_wrap=True)
    return typer.Exit(code)


def error_message(error: RegolaError, lang: str | None = None) -> str:
    """An error as text in the command's language, with its notes (e.g. which simulated
    game failed)."""
    try:
        words = Words(lang)
    except UnknownLanguage:          # the error may be about that very language
        words = Words(None)
    notes = getattr(error, "__notes__", [])
    text = error.translated(words) or type(error).__name__
    return "\n".join([text, *notes])


def _command_name(command) -> str:
    """The name the running command was called by (play, simulate, ...)."""
    context = click.get_current_context(silent=True)
    return context.command_path.removeprefix(context.find_root().info_name or "").strip() \
        if context else command.__name__


def handle_errors(command):
    """Turn every RegolaError of a command into a message and exit code 2."""
    @functools.wraps(command)
    def wrapper(*args, **kwargs):
        try:
            return command(*args, **kwargs)
        except VariantNotGame as error:
            raise fail(str(error.usage(_command_name(command)))) from None
        except RuleError as error:
            console = err()
            console.print(f"error: {len(error.problems)} problem(s) in the rules",
                          style="red", markup=False)
            for problem in error.problems:
                console.print(str(problem), markup=False, soft_wrap=True)
            raise typer.Exit(2) from None
        except RegolaError as error:
            raise fail(error_message(error, kwargs.get("lang"))) from None
        except KeyboardInterrupt:
            err().print("interrupted", markup=False)
            raise typer.Exit(130) from None
    return wrapper


GameArg = Annotated[str, typer.Argument(help="A built-in game id, or a game folder or file.")]
VariantOpt = Annotated[str | None, typer.Option(
    "--variant", help="A variant file, or the id of a built-in variant.")]
PlayersOpt = Annotated[int | None, typer.Option("--players", help="Number of players.")]
LangOpt = Annotated[str | None, typer.Option(
    "--lang", help=f"Language: {', '.join(LANGUAGES)} (default: from the locale).")]


@app.command()
@handle_errors
def games(game: Annotated[str | None, typer.Argument(
        help="One built-in game, shown with its details.")] = None,
          details: Annotated[bool, typer.Option(
        "--details", help="Also list each game's options (rule readings).")] = False,
          lang: LangOpt = None):
    """List the built-in games, their player counts and variants (one game: its provisional
    data, variants and options too)."""
    games_report(out(), details, Words(lang), only=game)


class Format(StrEnum):
    text = "text"
    json = "json"


@app.command()
def validate(game: GameArg, variant: VariantOpt = None,
             fmt: Annotated[Format, typer.Option("--format", help="text or json.")]
             = Format.text):
    """Check every file of a game (rules, texts, catalogs, rulebook, table layout,
    scenarios); exit 2 and list every problem if any is invalid."""
    from .validating import game_problems, other_files, unread_file_problems
    w = Words()
    warnings: list[Problem] = []
    try:
        loaded = load_game(game, variant)
        problems, warnings = game_problems(game, loaded)
    except VariantNotGame as error:
        problems = [error.usage("validate")]
    except RuleError as error:
        problems = error.problems + unread_file_problems(game, error.problems)
    except RegolaError as error:  # not a game (unknown name or variant): no file to point at
        if fmt is not Format.json:
            raise fail(error_message(error)) from None
        problems = [Problem(Location(game), error_message(error))]
    if fmt is not Format.json and warnings:
        console = err()
        for warning in warnings:
            console.print(w("warning: {problem}", problem=str(warning)), style="yellow",
                          markup=False, soft_wrap=True)
    if not problems:
        definition = loaded.definition
        files = list(definition.files) + other_files(game, loaded)
        if fmt is Format.json:
            typer.echo(json.dumps({"valid": True, "problems": [], "game": definition.id,
                                   "variant": definition.variant, "files": files,
                                   "warnings": [p.to_json() for p in warnings]}))
        else:
            which = w("{game} variant {variant}", game=definition.id,
                      variant=definition.variant) if definition.variant else definition.id
            typer.echo(w.plural(None, "ok: {game} ({n} file)", "ok: {game} ({n} files)",
                                len(files), game=which))
        return
    if fmt is Format.json:
        typer.echo(json.dumps({"valid": False, "problems": [p.to_json() for p in problems],
                               "warnings": [p.to_json() for p in warnings]}))
    else:
        console = err()
        console.print(w.plural(None, "invalid: {n} problem", "invalid: {n} problems",
                               len(problems)), style="red", markup=False)
        for problem in problems:
            console.print(str(problem), markup=False, soft_wrap=True)
    raise typer.Exit(2)


@app.command()
@handle_errors
def play(game: Annotated[str | None, typer.Argument(
             help="A built-in game id, or a game folder or file (not with --load).")] = None,
         players: PlayersOpt = None,
         seats: Annotated[str | None, typer.Option(
             "--seats", help="Who plays each seat, e.g. human,random,random "
                             "(default: seat 1 human, the others random).")] = None,
         seed: Annotated[int | None, typer.Option(
             "--seed", help="Random seed (default: a new, unguessable one, printed when "
                            "the game is over).")] = None,
         variant: VariantOpt = None,
         load: Annotated[Path | None, typer.Option(
             "--load", help="Resume a game saved with `save` at the table.")] = None,
         log: Annotated[bool, typer.Option(
             "--log", help="Print every event of an all-bot game's public log, not only "
                           "its story.")] = False,
         lang: LangOpt = None):
    """Play a game at the terminal, people against bots (or bots only)."""
    w = Words(lang)
    if load is not None:
        given = [name for name, value in (("GAME", game), ("--players", players),
                                          ("--seats", seats), ("--seed", seed),
                                          ("--variant", variant)) if value is not None]
        if given:
            raise fail(w("--load takes the game, its seats and its seed from the save; "
                         "leave out {options}", options=", ".join(given)))
        saved = read_save(load)
        loaded = load_game(saved.game, saved.variant)
        state = load_state(loaded, saved, load)
        if len(saved.seats) != state.observe(None)["players"] or \
                any(k not in play_mod.SEAT_KINDS for k in saved.seats):
            raise fail(w("{file}: the seats of this save do not fit its game",
                         file=str(load)))
        run_play(loaded, len(saved.seats), saved.seats, saved.seed, log, w,
                 (saved.game, saved.variant), state=state, saved=saved)
        return
    if game is None:
        raise fail(w("name a game to play (see `regola games`), or resume one with "
                     "--load FILE"))
    loaded = load_game(game, variant)
    try:
        count, kinds = play_mod.parse_seats(seats, players, loaded, w)
    except play_mod.SeatsError as error:
        raise fail(str(error)) from None
    if seed is None:
        seed = new_seed()
    loaded.new_state(players=count, seed=seed)   # a bad player count fails before any screen
    run_play(loaded, count, kinds, seed, log, w,
             (game_reference(game), game_reference(variant) if variant else None))


def run_play(loaded, count: int, kinds: list[str], seed: int, log: bool, w: Words,
             saved_as: tuple[str, str | None], **resume) -> None:
    """Run a game at the terminal; a stop (end of input, quit, save) is its message and
    exit code."""
    game, variant = saved_as
    replay = ["regola", "play", game, "--seed", str(seed), "--seats", ",".join(kinds)]
    if variant:
        replay += ["--variant", variant]
    console = out()
    try:
        play_mod.run_game(console, loaded, count, kinds, seed, show_log=log, w=w,
                          replay=shlex.join(replay), saved_as=saved_as, **resume)
    except play_mod.Abandoned as stop:
        console.print()
        err().print(str(stop), markup=False)
        raise typer.Exit(stop.code) from None


@scenario_app.command("run")
@handle_errors
def scenario_run(paths: Annotated[list[str], typer.Argument(
        help="Scenario files or folders.")]):
    """Run rule scenarios and report how many passed and failed."""
    try:
        from ..scenarios.runner import main as run_scenarios
    except ImportError as error:
        raise fail(f"the scenario runner is not available in this installation ({error})") \
            from None
    raise typer.Exit(run_scenarios(list(paths)))


@catalogs_app.command("update")
@handle_errors
def catalogs_update(game: GameArg):
    """Bring a game's catalogs (<folder>/locales/<lang>.po) up to date with its English
    texts, for each language it ships: new or changed texts added untranslated (no fuzzy
    guesses), texts it no longer has dropped."""
    from ..i18n.game_catalogs import update_game_catalogs
    from ..rulebook.written.checks import book_catalog_texts
    w = Words()
    definition = load_game(game).definition
    if not shipped_translations(definition):
        typer.echo(w("{game} ships its texts in English only; name the other languages in "
                     "its game file (languages: [en, es, nl]) to make their catalogs",
                     game=definition.id))
    for done in update_game_catalogs(definition, extra=book_catalog_texts(definition)):
        typer.echo(w("{path}: {added} added, {dropped} dropped; {untranslated} to translate",
                     path=display_name(done.path), added=done.added, dropped=done.dropped,
                     untranslated=done.untranslated))


@catalogs_app.command("compile")
@handle_errors
def catalogs_compile(game: GameArg):
    """Compile a game's catalogs (<folder>/locales/<lang>.po) to .mo files beside them,
    after checking they are complete."""
    from ..i18n.game_catalogs import compile_game_catalogs
    from ..rulebook.written.checks import book_catalog_texts
    w = Words()
    definition = load_game(game).definition
    problems = catalog_problems(definition, extra=book_catalog_texts(definition))
    if problems:
        console = err()
        for problem in problems:
            console.print(str(problem), markup=False, soft_wrap=True)
        raise fail(w.plural(None, "not compiled: {n} problem", "not compiled: {n} problems",
                            len(problems)))
    for path in compile_game_catalogs(definition):
        typer.echo(w("wrote {path}", path=display_name(path)))


register_docs(app, handle_errors)
register_lab(app, handle_errors)
register_bench(app, handle_errors)
register_serve(app, handle_errors)
app.command("new-variant")(handle_errors(new_variant))
app.command("new-game")(handle_errors(new_game))
app.command("compile")(handle_errors(compile_game))


def main() -> None:
    """Entry point of the `regola` script."""
    app()
