"""`regola compile`: check and compile a game's scripts; `--emit` prints the generated
Python module (each block with a comment naming the script line it comes from)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..i18n.catalog import LANGUAGES, Words
from ..loading.loader import load_game


def compile_game(game: Annotated[str, typer.Argument(
                     help="A built-in game id, or a game folder or file.")],
                 variant: Annotated[str | None, typer.Option(
                     "--variant", help="A variant file, or the id of a built-in variant.")]
                 = None,
                 emit: Annotated[bool, typer.Option(
                     "--emit", help="Print the generated Python module.")] = False,
                 lang: Annotated[str | None, typer.Option(
                     "--lang", help=f"Language: {', '.join(LANGUAGES)} (default: from the "
                                    "locale).")] = None):
    """Compile a game's scripts to Python (checking every rule file first); with --emit,
    print the generated module."""
    program = load_game(game, variant).definition.program
    module = program.module
    if emit:
        typer.echo(module.source, nl=False)
        return
    w = Words(lang)
    procedures = [p for p in program.procs.values() if "·" not in p.name]
    pausing = [p for p in procedures if not module.namespace.get(f"p_{p.name}")]
    typer.echo(w("compiled {game}: {procedures} procedures ({pausing} can pause), "
                 "{functions} functions, {lines} lines of Python",
                 game=module.filename.split()[1], procedures=len(procedures),
                 pausing=len(pausing), functions=len(program.funcs),
                 lines=module.source.count("\n")))
