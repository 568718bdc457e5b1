"""Rule texts are untrusted (issue 22, item 6): a placeholder names a value, nothing more.
A text that reaches an attribute, an item or a huge width is a located load error, a
translation that does is a located catalog problem, and filling one never runs it."""

from __future__ import annotations

from pathlib import Path

import pytest

import regola
from conftest import edit_rule_file
from regola.i18n.catalog import Words
from regola.i18n.check import catalog_problems
from regola.i18n.game_words import fill
from regola.texts.safe_format import SafeFormatter, UnsafeText

BAD_PLACEHOLDERS = ["{year:>300000000}", "{year.__class__.__mro__}", "{year!r}",
                    "{year[0]}"]


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


@pytest.mark.parametrize("bad", BAD_PLACEHOLDERS)
def test_a_text_that_reaches_beyond_its_value_is_a_located_load_error(doge_copy, bad):
    text_file = doge_copy / "text.yaml"
    edit_rule_file(text_file, ("year_begins: Year {year} begins.",
                               f"year_begins: 'Year {bad} begins.'"))
    with pytest.raises(regola.RuleError) as refused:
        regola.load_game(str(doge_copy))
    (problem,) = refused.value.problems
    assert problem.location.file.endswith("text.yaml")
    assert problem.location.line == _line(text_file, "year_begins:")
    assert "notes.year_begins" in str(problem)


def test_a_translation_that_reaches_beyond_its_value_is_a_located_catalog_problem(doge_copy):
    catalog = doge_copy / "locales" / "es.po"
    edit_rule_file(catalog, ('msgstr "Empieza el año {year}."',
                             'msgstr "Empieza el año {year:>300000000}."'))
    problems = [str(p) for p in catalog_problems(regola.load_game(str(doge_copy)).definition)]
    (problem,) = [p for p in problems if "format spec" in p]
    entry = _line(catalog, 'msgid "Year {year} begins."')
    assert f"es.po:{entry}:" in problem


@pytest.mark.parametrize("bad", BAD_PLACEHOLDERS)
def test_filling_an_unsafe_text_never_runs_it(bad):
    assert fill(f"Year {bad} begins.", {"year": 3}) == f"Year {bad} begins."
    with pytest.raises(UnsafeText):
        Words("es")(f"Year {bad} begins.", year=3)


def test_plain_names_short_specs_and_agreement_choices_still_fill():
    assert SafeFormatter().format("{a} {b:>3} {c:.1f}", a=1, b=2, c=0.25) == "1   2 0.2"
    assert Words("es")("{n:pl=son|es} {n}", n=2) == "son 2"
