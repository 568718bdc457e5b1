"""`regola rulebook` (one game in one language) and `regola docs build` (the whole site)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from ..errors import w
from ..i18n.catalog import LANGUAGES, Words, resolve_language
from .outputs import OutputError, check_output_folder

docs_app = typer.Typer(help="The documentation site: generated rulebooks in every language.",
                       no_args_is_help=True)

LangOption = Annotated[str | None, typer.Option(
    "--lang", help=f"Language of the rulebook: {', '.join(LANGUAGES)} "
                   "(default: from the locale).")]
OutOption = Annotated[Path | None, typer.Option(
    "--out", help="Folder to write into (default for rulebook: print the Markdown).")]


def rulebook(game: Annotated[str, typer.Argument(help="A built-in game id, or a game folder "
                                                      "or file.")],
             variant: Annotated[str | None, typer.Option(
                 "--variant", help="A variant file, or the id of a built-in variant.")] = None,
             lang: LangOption = None, out: OutOption = None,
             fmt: Annotated[str, typer.Option(
                 "--format", help="md: Markdown and SVG pictures; pdf: a print-ready A4 PDF "
                                  "(needs the pdf extra: pip install 'regola\\[pdf]').")] = "md",
             aid: Annotated[bool, typer.Option(
                 "--aid", help="Only the turn summary, as a page of its own (the player "
                               "aid).")] = False,
             full: Annotated[bool, typer.Option(
                 "--full", help="Only the rules in full: every rule step by step, generated "
                                "from the rule data, a document of its own for settling a "
                                "question.")] = False,
             placeholders: Annotated[bool, typer.Option(
                 "--placeholders", help="List the values of the data a written text may "
                                        "name, with their placeholders.")] = False,
             rules: Annotated[bool, typer.Option(
                 "--rules", help="List the rules a book explains (procedures, asks, end "
                                 "conditions, readings) and the sections that explain "
                                 "each.")] = False,
             review: Annotated[list[str] | None, typer.Option(
                 "--review", help="Mark a section reviewed against its rules as they are "
                                  "now (repeat it; 'all' for every section).")] = None):
    """Write a game's rulebook (its written chapters) as Markdown (and SVG pictures) or as
    a print-ready PDF; with --aid only its turn summary (the player aid), with --full its
    rules in full (generated from the data; the book of a game nobody has written is them)."""
    if placeholders or rules or review:
        return book_tools(game, variant, placeholders, rules, review or [])
    from ..rulebook.book import build_rulebook
    if fmt not in ("md", "pdf"):
        raise OutputError.text(w("unknown format {format}: choose md or pdf"), format=fmt)
    if aid and full:
        raise OutputError.text(w("choose one of --aid and --full"))
    part = "aid" if aid else "full" if full else "book"
    code = resolve_language(lang)
    if out is None and fmt == "md":
        book = build_rulebook(game, variant, code)
        typer.echo(book.part(part), nl=False)
        for failed in book.failed_examples:
            typer.echo(f"example left out: {failed}", err=True)
        return
    shown, out = (out, check_output_folder(out)) if out is not None else (Path("."), Path("."))
    from ..loading.loader import load_game
    definition = load_game(game, variant).definition
    stem = "-".join(x for x in (definition.id, definition.variant) if x) + f".{code}"
    book = build_rulebook(game, variant, code, prefix=f"{stem}-")
    if fmt == "pdf":
        from ..rulebook.print import write_pdf
        name = f"{stem}-{part}.pdf" if part != "book" else f"{stem}.pdf"
        try:
            out.mkdir(parents=True, exist_ok=True)
            printed = write_pdf(book, out / name, code, part=part)
        except OSError as error:
            raise OutputError(f"cannot write to {out}: {error.strerror}") from None
        for failed in book.failed_examples:
            typer.echo(f"example left out: {failed}", err=True)
        say = Words()
        if part != "book" or printed.before_appendix == printed.pages:
            typer.echo(say("{file} ({pages} pages)", file=str(shown / name),
                           pages=printed.pages))
        else:
            typer.echo(say("{file} ({pages} pages; {before} before the rules in full)",
                           file=str(shown / name), pages=printed.pages,
                           before=printed.before_appendix))
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
        if part != "book":
            page = out / f"{stem}-{part}.md"
            page.write_text(book.part(part), encoding="utf-8")
        else:
            page = out / f"{stem}.md"
            page.write_text(book.markdown, encoding="utf-8")
            for name, svg in book.pictures.items():
                (out / name).write_text(svg, encoding="utf-8")
    except OSError as error:
        raise OutputError(f"cannot write to {out}: {error.strerror}") from None
    for failed in book.failed_examples:
        typer.echo(f"example left out: {failed}", err=True)
    typer.echo(f"{shown / page.name} ({0 if part != 'book' else len(book.pictures)} pictures)")


def book_tools(game: str, variant: str | None, placeholders: bool, rules: bool,
               review: list[str]) -> None:
    """What --placeholders, --rules and --review do (they write no book)."""
    from ..i18n.data_values import DataValues
    from ..loading.loader import load_game
    from ..rulebook.written.checks import book_outline
    from ..rulebook.written.coverage import explained, reviewed_name
    from ..rulebook.written.coverage import review as mark_reviewed
    from ..rulebook.written.rules import game_rules
    definition = load_game(game, variant).definition
    if placeholders:
        for path, value in DataValues(definition).listing():
            shown = value.table if hasattr(value, "table") else value
            typer.echo(f"{{{path}}}\t{shown}")
    if rules:
        outline = book_outline(definition)
        where = explained(outline)
        for name, rule in game_rules(definition).items():
            sections = ", ".join(where.get(name, [])) or ("-" if not rule.noticed else
                                                           "UNEXPLAINED")
            typer.echo(f"{rule.kind}\t{name}\t{sections}")
    if review:
        outline = book_outline(definition)
        chosen = mark_reviewed(definition, outline, None if "all" in review else review)
        typer.echo(f"{reviewed_name(definition)}: reviewed {', '.join(chosen) or 'nothing'}")


def build(out: Annotated[Path, typer.Option(
        "--out", help="The site folder: pages go to OUT/docs, the built site to OUT/build.")]
        = Path("site"),
          manual: Annotated[Path, typer.Option(
              "--manual", help="The folder of the written manual (English pages); its "
                               "reference pages are made from the code.")]
          = Path("site/manual"),
          pages_only: Annotated[bool, typer.Option(
              "--pages-only", help="Write the pages and mkdocs.yml, do not run mkdocs "
                                   "(nor make the PDFs).")] = False,
          pdf: Annotated[bool, typer.Option(
              "--pdf/--no-pdf", help="Make each book's printable PDF and link it from its "
                                     "page (default: when the pdf extra is installed).")]
          = True):
    """Write every built-in game's and variant's rulebook in every language (with their
    printable PDFs when the pdf extra is installed) and the manual with its reference pages,
    then run mkdocs build --strict."""
    from ..rulebook.book import site
    from ..rulebook.print import available
    shown, out = out, check_output_folder(out)     # mkdocs runs in `out`: an absolute path
    printed = pdf and not pages_only and available()
    typer.echo(f"writing {site.book_count()} rulebooks (every built-in game and variant in "
               f"{', '.join(site.LANGUAGES)}{', with PDFs' if printed else ''}) under "
               f"{shown / 'docs'}")
    console = Console(stderr=True, highlight=False, emoji=False)
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
               TimeElapsedColumn())
    try:
        with Progress(*columns, console=console, transient=True,
                      disable=not console.is_terminal) as bar:
            task = bar.add_task("rulebooks", total=site.book_count())

            def started(name: str) -> None:
                bar.update(task, description=name, completed=bar.tasks[0].completed + 1)
            report = site.write_pages(out, pdf=printed, on_book=started,
                                      manual=manual if manual.is_dir() else None)
        site.write_config(out)
    except OSError as error:
        raise OutputError(f"cannot write to {out}: {error.strerror}") from None
    if not manual.is_dir():
        typer.echo(f"no manual in {manual}: the site has the rulebooks only", err=True)
    for skipped in report.skipped:
        typer.echo(f"skipped {skipped}", err=True)
    typer.echo(f"{len(report.pages)} pages written under {shown / 'docs'}")
    if pages_only:
        return
    typer.echo(f"running mkdocs build --strict in {shown}")
    result = site.build_site(out)
    if result.returncode != 0:
        typer.echo(result.stdout + result.stderr, err=True)
        raise site.SiteError(f"mkdocs build --strict failed (exit {result.returncode})")
    typer.echo(f"site built in {shown / 'build'}")


def register_docs(app: typer.Typer, guard) -> None:
    """Add the commands to the regola app; `guard` turns regola errors into messages."""
    app.command("rulebook")(guard(rulebook))
    docs_app.command("build")(guard(build))
    app.add_typer(docs_app, name="docs")
