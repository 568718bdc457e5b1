"""The catalogs are complete, consistent with the sources, and compiled.

When a test here fails after texts were added or changed, run the three commands of the
manual's translations page, site/manual/translations.md (extract, update, compile), and
translate what is new.
"""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from babel.messages.catalog import Message
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import regola
from conftest import edit_rule_file
from regola.i18n.check import TRANSLATED, entry_problems, placeholder_problem

ROOT = Path(__file__).resolve().parent.parent
LOCALES = ROOT / "locales"
EXTRACT = ["-k", "w", "-k", "ctx:1c,2", "-k", "plural:1c,2,3", "--project", "regola",
           "--version", "0.1", "--sort-by-file"]


def ids(path: Path) -> set[tuple[str | None, str]]:
    """(context, msgid) of every current entry of a catalog or template."""
    with open(path, "rb") as fp:
        catalog = read_po(fp)
    return {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id}


def _some(entries: set, most: int = 8) -> str:
    """A few entries of a set, for a message: "3 (a, b, c)"."""
    shown = [repr(msgid) for _, msgid in sorted(entries, key=str)[:most]]
    more = ", ..." if len(entries) > most else ""
    return f"{len(entries)} ({', '.join(shown)}{more})" if entries else "0"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_entry_is_translated_and_keeps_its_placeholders(lang):
    problems = [str(p) for p in entry_problems(lang, LOCALES / lang / "LC_MESSAGES" / "regola.po")]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("lang", TRANSLATED)
def test_compiled_catalogs_are_up_to_date(lang):
    po = LOCALES / lang / "LC_MESSAGES" / "regola.po"
    mo = po.with_suffix(".mo")
    assert mo.exists(), f"{mo} missing: run pybabel compile -d locales -D regola"
    with open(po, "rb") as fp:
        catalog = read_po(fp)
    expected = io.BytesIO()
    write_mo(expected, catalog, use_fuzzy=False)
    assert mo.read_bytes() == expected.getvalue(), \
        f"{mo} is older than {po.name}: run pybabel compile -d locales -D regola"


def test_template_is_up_to_date_with_the_sources(tmp_path, monkeypatch):
    """Re-extract (as the manual says) and compare: a text added without extraction fails."""
    monkeypatch.chdir(ROOT)
    fresh = tmp_path / "regola.pot"
    CommandLineInterface().run(["pybabel", "-q", "extract", "-F", "babel.cfg", *EXTRACT,
                                "-o", str(fresh), "."])
    now, committed = ids(fresh), ids(LOCALES / "regola.pot")
    assert now == committed, (
        f"locales/regola.pot is out of date: {_some(now - committed)} new, "
        f"{_some(committed - now)} gone; run the extract and update commands")


@pytest.mark.parametrize("lang", TRANSLATED)
def test_catalogs_are_updated_from_the_template(lang):
    template = ids(LOCALES / "regola.pot")
    catalog = ids(LOCALES / lang / "LC_MESSAGES" / "regola.po")
    assert catalog == template, (
        f"the {lang} catalog differs from the template: {_some(template - catalog)} missing, "
        f"{_some(catalog - template)} left over; run pybabel update")


def test_placeholder_differences_are_found():
    assert placeholder_problem(Message("{a} wins", "{a} gana")) is None
    assert "{b}" in placeholder_problem(Message("{a} wins", "{b} gana"))
    assert placeholder_problem(Message("{a} wins", "gana")) is not None
    assert placeholder_problem(Message("{a} wins", "{a gana")) is not None
    plural = ("{n} house in {area}", "{n} houses in {area}")
    assert placeholder_problem(Message(plural, ("una casa en {area}",
                                                "{n} casas en {area}"))) is None
    assert placeholder_problem(Message(plural, ("una casa", "{n} casas en {area}"))) is not None
    assert placeholder_problem(Message(plural, ("{n} casa en {zona}",
                                                "{n} casas en {area}"))) is not None


GAMES = ["doge", "rialto", "warsaw", "copycat"]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("game", GAMES)
def test_each_game_catalog_is_complete_and_current(game, lang):
    """A game's own catalog (rules/<game>/locales/<lang>.po) holds exactly its texts, each
    translated with the English placeholders; `regola catalogs update` keeps it so."""
    import regola
    from regola.i18n.catalog import game_catalog
    from regola.i18n.game_catalogs import template
    from regola.rulebook.written.checks import book_catalog_texts
    definition = regola.load_game(game).definition
    path = game_catalog(definition.folder, lang)
    problems = [str(p) for p in entry_problems(lang, path)]
    assert not problems, "\n".join(problems)
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0])
              for m in template(definition, book_catalog_texts(definition)) if m.id}
    have = ids(path)
    assert have == wanted, (f"{path} differs from the game's texts: {_some(wanted - have)} "
                            f"missing, {_some(have - wanted)} left over; run "
                            f"`regola catalogs update {game}`")


def test_two_gender_entries_with_one_english_text_are_a_located_load_error(doge_copy):
    """Two gender entries with the same English text would share one catalog entry, so one
    word's gender would be every such word's: the loader refuses it, at the second entry."""
    text_file = doge_copy / "text.yaml"
    edit_rule_file(text_file, (
        "symbol: \"grammatical gender of the property 'symbol' (f, m or n)\"",
        "symbol: \"grammatical gender of the property 'row of palace costs' (f, m or n)\""))
    with pytest.raises(regola.RuleError) as refused:
        regola.load_game(str(doge_copy))
    (problem,) = refused.value.problems
    assert problem.location.file.endswith("text.yaml")
    assert problem.location.line == next(
        number for number, line in enumerate(text_file.read_text().splitlines(), 1)
        if line.strip().startswith("symbol: \"grammatical"))
    assert "property_genders.palace_costs" in str(problem)
    assert "its own question" in str(problem)
