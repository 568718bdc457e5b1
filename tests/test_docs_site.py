"""`regola docs build`: every game and variant in en, es and nl, built with mkdocs --strict."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regola.cli.app import app
from regola.rulebook.book.site import mkdocs_config

runner = CliRunner()
MANUAL = Path(__file__).resolve().parent.parent / "site" / "manual"
HAVE_MKDOCS = all(importlib.util.find_spec(m) for m in ("mkdocs", "material",
                                                        "mkdocs_static_i18n"))


def test_site_configuration_has_search_and_a_language_switcher():
    config = mkdocs_config()
    assert config["theme"]["name"] == "material"
    assert "navigation.instant" not in config["theme"]["features"]
    plugins = {next(iter(p)) if isinstance(p, dict) else p: p for p in config["plugins"]}
    assert "search" in plugins and "i18n" in plugins
    languages = plugins["i18n"]["i18n"]["languages"]
    assert [lang["locale"] for lang in languages] == ["en", "es", "nl"]
    assert [lang["default"] for lang in languages] == [True, False, False]


@pytest.mark.slow
def test_pages_only_writes_every_language(tmp_path):
    result = runner.invoke(app, ["docs", "build", "--out", str(tmp_path), "--pages-only"])
    assert result.exit_code == 0, result.output
    from regola.rulebook.book.site import book_count
    assert f"writing {book_count()} rulebooks (every built-in game and variant in en, es, " \
        "nl) under" in result.output                    # it says what it builds first
    for lang in ("en", "es", "nl"):
        for page in ("index.md", "doge/index.md", "doge/cheap_palaces.md",
                     "doge/year_limit.md", "doge/index-setup.svg"):
            assert (tmp_path / "docs" / lang / page).exists(), (lang, page)
    index = (tmp_path / "docs" / "en" / "index.md").read_text(encoding="utf-8")
    assert "(doge/index.md)" in index and "(doge/year_limit.md)" in index
    for lang, title in (("en", "# Rulebooks"), ("es", "# Reglamentos"), ("nl", "# Spelregels")):
        front = (tmp_path / "docs" / lang / "index.md").read_text(encoding="utf-8")
        assert front.startswith(title + "\n"), (lang, front[:40])   # in its own language
    config = (tmp_path / "mkdocs.yml").read_text(encoding="utf-8")
    assert json.loads(config.split("\n", 1)[1])["site_name"] == "regola"


@pytest.mark.skipif(not HAVE_MKDOCS, reason="mkdocs, mkdocs-material or mkdocs-static-i18n "
                                            "not installed")
@pytest.mark.slow
def test_docs_build_passes_mkdocs_strict(tmp_path, monkeypatch):
    """Run from another working directory with the default, relative `--out site`; the
    manual's pages (and their links) pass the same strict build."""
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["docs", "build", "--no-pdf",      # PDFs: tests/test_print.py
                                 "--manual", str(MANUAL)])
    assert result.exit_code == 0, result.output
    assert "site built in site/build" in result.output
    built = tmp_path / "site" / "build"
    for page in ("index.html", "doge/index.html", "es/doge/index.html", "nl/doge/index.html",
                 "es/doge/cheap_palaces.html", "nl/doge/year_limit.html",
                 "manual/index.html", "manual/first-game.html", "manual/web-table.html",
                 "manual/reference/builtins.html", "manual/reference/game-file.html",
                 "es/manual/index.html"):
        assert (built / page).exists(), page
    html = (built / "es" / "doge" / "index.html").read_text(encoding="utf-8")
    assert 'hreflang="nl"' in html and 'hreflang="en"' in html      # the language switcher
    assert "index-setup.svg" in html
    assert (built / "search" / "search_index.json").exists()


@pytest.mark.slow
def test_a_build_without_a_manual_says_so(tmp_path):
    result = runner.invoke(app, ["docs", "build", "--out", str(tmp_path), "--pages-only",
                                 "--manual", str(tmp_path / "nowhere")])
    assert result.exit_code == 0, result.output
    assert "no manual in" in result.output
    assert not (tmp_path / "docs" / "en" / "manual").exists()
