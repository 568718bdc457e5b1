"""The printable rulebook (issue 13, item 6): `regola rulebook GAME --format pdf` makes an A4
PDF with the pictures, numbered pages and a table of contents whose page numbers are right.
Skipped where the pdf extra (WeasyPrint and the system's Pango) is missing; CI installs it."""

from __future__ import annotations

import re
import sys

import pytest
from typer.testing import CliRunner

from regola.cli.app import app
from regola.rulebook.print import available

runner = CliRunner()
needs_pdf = pytest.mark.skipif(not available(), reason="the pdf extra (WeasyPrint) is missing")
GAMES = ["doge", "rialto", "warsaw", "copycat"]
CONTENTS = {"en": "Contents", "es": "Índice", "nl": "Inhoud"}
A4 = (595, 842)


def pages_of(path) -> list[str]:
    from pypdf import PdfReader
    reader = PdfReader(str(path))
    box = reader.pages[0].mediabox
    assert (round(float(box.width)), round(float(box.height))) == A4
    return [page.extract_text() for page in reader.pages]


def check_book(path, lang: str, picture_words: list[str]) -> list[str]:
    """Numbered pages "n / N", a contents page whose entries point at the right pages, and
    the pictures' own labels in the text (they are drawn, not lost)."""
    pages = pages_of(path)
    n = len(pages)
    assert n >= 4
    for i, text in enumerate(pages, 1):
        assert re.search(rf"(^|\n)\s*{i} / {n}\s*($|\n)", text), (path, i)
    contents = pages[0]
    assert CONTENTS[lang] in contents
    entries = re.findall(r"^(.+?)\s*\.{3,}\s*(\d+)\s*$", contents, re.M)
    assert len(entries) >= 8, contents
    body = [" ".join(p.split()) for p in pages]
    numbers = [int(page) for _, page in entries]
    assert numbers == sorted(numbers) and numbers[-1] <= n           # in order, in the book
    for title, page in entries:
        assert " ".join(title.split()) in body[int(page) - 1], (path, title, page)
    everything = " ".join(body)
    for word in picture_words:
        assert word in everything, (path, word)
    return pages


@needs_pdf
def test_cli_writes_a_print_ready_pdf(tmp_path):
    result = runner.invoke(app, ["rulebook", "doge", "--lang", "en", "--format", "pdf",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    pdf = tmp_path / "doge.en.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    check_book(pdf, "en", ["Grand Canal", "Santa Croce", "Brown voting-order cards"])


@needs_pdf
@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "es", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_all_twelve_books_print(game, lang, tmp_path):
    """notes: every game in every language: A4, page numbers, contents, pictures."""
    result = runner.invoke(app, ["rulebook", game, "--lang", lang, "--format", "pdf",
                                 "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    # issue 18: the book a player learns from stays short; the rules in full are apart
    pages = re.search(r"\((\d+) pages\)", result.output)
    assert pages, result.output
    assert int(pages.group(1)) <= (12 if game == "doge" else 16), result.output
    words = {"doge": ["Santa Croce", "Quarantia"], "rialto": ["Cannaregio", "77"],
             "warsaw": ["×4", "72"], "copycat": ["11 · +2", "44"]}[game]
    check_book(tmp_path / f"{game}.{lang}.pdf", lang, words)


def test_unknown_format_is_a_clear_error(tmp_path):
    result = runner.invoke(app, ["rulebook", "doge", "--format", "docx", "--out",
                                 str(tmp_path)])
    assert result.exit_code == 2
    assert "unknown format docx" in result.output and "Traceback" not in result.output
    assert not list(tmp_path.iterdir())


def test_missing_extra_is_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "weasyprint", None)       # import fails as if missing
    result = runner.invoke(app, ["rulebook", "doge", "--format", "pdf", "--out",
                                 str(tmp_path)])
    assert result.exit_code == 2, result.output
    assert "pip install 'regola[pdf]'" in result.output and "Traceback" not in result.output


@needs_pdf
@pytest.mark.slow
def test_docs_site_links_each_books_pdf(tmp_path):
    """`regola docs build` with the extra: every page links its PDF and the PDF is there."""
    result = runner.invoke(app, ["docs", "build", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    for lang in ("en", "es", "nl"):
        folder = tmp_path / "docs" / lang
        for game in GAMES:
            page = (folder / game / "index.md").read_text(encoding="utf-8")
            assert "(index.pdf)" in page
            assert (folder / game / "index.pdf").read_bytes().startswith(b"%PDF")
            assert f"({game}/index.pdf)" in (folder / "index.md").read_text(encoding="utf-8")
        assert (folder / "doge" / "cheap_palaces.pdf").exists()
    assert (tmp_path / "build" / "es" / "doge" / "index.pdf").exists()
