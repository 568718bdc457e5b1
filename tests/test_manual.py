"""The manual (site/manual/, issue 21 item 8) matches the code: every page is reachable, its
Python samples run as printed, every `regola` command it shows names a command and options
that exist, and its reference pages are made from the declarations and schemas."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
import typer
from typer._click.exceptions import UsageError  # typer carries its own click

from regola.cli.app import app
from regola.dsl import builtins
from regola.rulebook.book import manual

MANUAL = Path(__file__).parent.parent / "site" / "manual"
PAGES = sorted(MANUAL.glob("*.md"))
OPTIONAL = {"pyspiel", "pettingzoo", "numpy", "starlette", "matplotlib", "dask", "weasyprint"}
"""Modules of the extras: a page's samples that import one run where the extra is installed."""


def _text(page: Path) -> str:
    return page.read_text(encoding="utf-8")


def _blocks(text: str, languages: tuple[str, ...]) -> list[str]:
    """The fenced code blocks whose info string is one of `languages`, in order."""
    blocks, current, kind = [], None, ""
    for line in text.splitlines():
        if line.startswith("```"):
            if current is None:
                current, kind = [], line[3:].strip()
            else:
                if kind in languages:
                    blocks.append("\n".join(current) + "\n")
                current = None
        elif current is not None:
            current.append(line)
    return blocks


def test_every_page_is_linked_from_the_index_and_every_link_leads_somewhere():
    index = _text(MANUAL / "index.md")
    linked = set(re.findall(r"\]\(([\w/-]+\.md)\)", index))
    assert {p.name for p in PAGES} - {"index.md"} <= linked
    for page in PAGES:
        for link in re.findall(r"\]\(([^)#:]+\.(?:md|png|svg))", _text(page)):
            reference = link.startswith("reference/") and link[len("reference/"):-3]
            made = reference and (reference == "builtins"
                                  or reference.removesuffix("-file") in manual.SCHEMAS)
            assert made or (MANUAL / link).is_file(), f"{page.name} links to {link}"


@pytest.mark.parametrize("page", PAGES, ids=[p.stem for p in PAGES])
def test_the_python_samples_of_a_page_run_in_order(page, capsys):
    """A page's samples run one after another in one namespace, as a reader types them."""
    samples = _blocks(_text(page), ("python",))
    if not samples:
        pytest.skip("no Python sample on this page")
    imported = {name.split(".")[0] for sample in samples
                for name in re.findall(r"^\s*(?:from|import) ([\w.]+)", sample, re.M)}
    for module in sorted(imported & OPTIONAL):
        pytest.importorskip(module)
    names: dict = {}
    for number, sample in enumerate(samples, 1):
        exec(compile(sample, f"{page.name} sample {number}", "exec"), names)


def _commands() -> list[tuple[str, str]]:
    found = []
    for page in PAGES:
        for block in _blocks(_text(page), ("", "sh", "console")):
            for line in block.splitlines():
                line = line.split(" #", 1)[0].strip()
                for part in re.split(r"\s*(?:&&|\|)\s*", line):
                    if part.startswith("regola "):
                        found.append((page.name, part))
    return found


def test_every_regola_command_the_manual_shows_exists_with_its_options():
    """Each `regola ...` line parses: the command and every option are the CLI's own."""
    root = typer.main.get_command(app)
    commands = _commands()
    assert len(commands) > 25
    for page, line in commands:
        words = shlex.split(line)[1:]
        command = root
        while hasattr(command, "get_command") and words and not words[0].startswith("-"):
            found = command.get_command(typer.Context(command), words[0])
            assert found is not None, f"{page}: `{line}`: no command {words[0]!r}"
            command, words = found, words[1:]
        parser = command.make_parser(typer.Context(command, info_name=command.name))
        try:
            parser.parse_args(list(words))
        except UsageError as error:
            pytest.fail(f"{page}: `{line}`: {error.format_message()}")


def test_the_reference_pages_list_every_builtin_and_every_key_of_the_game_file(tmp_path):
    pages = manual.write_manual(MANUAL, tmp_path)
    names = {p.relative_to(tmp_path).as_posix() for p in pages}
    assert {"manual/reference/builtins.md", "manual/reference/game-file.md",
            "manual/reference/text-file.md"} <= names
    listed = (tmp_path / "manual" / "reference" / "builtins.md").read_text(encoding="utf-8")
    every = [*builtins.EXPRESSIONS, *builtins.STATEMENTS, *builtins.FLOW_STATEMENTS]
    assert [name for name in every if f"| `{name}` |" not in listed] == []
    undocumented = [name for name, b in {**builtins.EXPRESSIONS, **builtins.STATEMENTS}.items()
                    if not b.doc]
    assert undocumented == []
    game_file = (tmp_path / "manual" / "reference" / "game-file.md").read_text(encoding="utf-8")
    for key in ("players", "areas", "pieces", "variables", "options", "end"):
        assert f"- `{key}`" in game_file


def test_the_manual_keeps_the_reference_pages_as_the_code_makes_them():
    """The written manual holds a copy of the reference pages, so its links work where it is
    read as Markdown; the copy must be what the code makes today."""
    for name, text in manual.reference_pages().items():
        kept = MANUAL / "reference" / name
        assert kept.is_file() and kept.read_text(encoding="utf-8") == text, (
            f"site/manual/reference/{name} is stale: run "
            "`python -m regola.rulebook.book.manual site/manual`")


def test_the_reference_pages_say_types_in_plain_english():
    """Lists in the plural, choices as "a, b or c", a result the call decides said so, and
    the names a file may add beside its fixed keys listed."""
    game_file = manual.schema_page("game", "The game file")
    assert "- `seats` (required): a list of texts." in game_file
    assert "`rows`: a list of mappings." in game_file
    assert "text, a whole number, true/false, null, a list or a mapping" in game_file
    assert "a list of a mapping" not in game_file and "true or false or" not in game_file
    assert "- *any other name*: a mapping" in manual.schema_page("text", "The text file")
    listed = manual.builtins_page()
    assert "| `deck_card` | value | 2: a text, a number | depends on the arguments |" in listed
    assert "| `move` | change | 4 or 5: " in listed
