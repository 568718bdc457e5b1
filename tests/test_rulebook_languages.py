"""The Spanish and Dutch rulebooks follow the data and contain no English left over."""

from __future__ import annotations

import re
import shutil

import pytest
from babel.messages.pofile import read_po
from doge_generated import OUTLINE, generated_doge

from conftest import edit_rule_file
from regola.i18n.catalog import locales_dir
from regola.rulebook import build_rulebook

WORDS = {
    "es": {"lion": "león", "year_at_least": "El número de año es igual o mayor que {n}.",
           "rounds": "| Rondas de colocación de marcadores por año | {three} | {four} |"},
    "nl": {"lion": "leeuw", "year_at_least": "Het jaarnummer bedraagt minstens {n}.",
           "rounds": "| Plaatsingsrondes per jaar | {three} | {four} |"},
}


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_cheaper_palaces_show_the_new_costs_and_not_the_old(lang):
    lion = WORDS[lang]["lion"]
    base = build_rulebook(generated_doge(), lang=lang).markdown
    cheap = build_rulebook(generated_doge(), "cheap_palaces", lang=lang).markdown
    assert f"| San Marco | {lion} | 3, 4, 5, 6, 7 |" in base
    assert f"| San Marco | {lion} | 2, 3, 4, 5, 6 |" in cheap
    assert "3, 4, 5, 6, 7" not in cheap


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_a_different_end_condition_appears_only_in_its_variant(lang):
    sentence = WORDS[lang]["year_at_least"].format(n=6)
    assert sentence in build_rulebook(generated_doge(), "year_limit", lang=lang).markdown
    assert sentence not in build_rulebook(generated_doge(), lang=lang).markdown


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_five_placement_rounds_with_three_players(lang, doge_copy):
    folder = doge_copy
    shutil.copy(OUTLINE, folder / "rulebook.yaml")                 # the generated book
    edit_rule_file(folder / "game.yaml", ("placement_rounds: {by_players: {3: 4, 4: 3}}",
                                          "placement_rounds: {by_players: {3: 5, 4: 3}}"))
    rounds = WORDS[lang]["rounds"]
    edited = build_rulebook(str(folder), lang=lang).markdown
    assert rounds.format(three=5, four=3) in edited
    assert rounds.format(three=4, four=3) not in edited
    assert rounds.format(three=4, four=3) in build_rulebook(generated_doge(), lang=lang).markdown


def _english_fragments(lang: str) -> list[str]:
    """Long literal pieces of English source texts whose translation differs."""
    with open(locales_dir() / lang / "LC_MESSAGES" / "regola.po", "rb") as fp:
        catalog = read_po(fp)
    fragments = []
    for message in catalog:
        if not message.id:
            continue
        source = message.id[0] if isinstance(message.id, tuple) else message.id
        target = message.string[0] if isinstance(message.string, tuple) else message.string
        if source == target:
            continue
        for piece in re.split(r"\{[^}]*\}", source):
            piece = piece.strip(" .,:;“”()*")
            if len(piece) >= 14 and " " in piece:
                fragments.append(piece)
    return fragments


@pytest.mark.parametrize("lang", ["es", "nl"])
@pytest.mark.parametrize("variant", [None, "cheap_palaces", "year_limit"])
def test_no_english_sentence_is_left_in_the_rulebook(lang, variant):
    book = build_rulebook(generated_doge(), variant, lang=lang).markdown
    fragments = _english_fragments(lang)
    assert len(fragments) > 100
    left = [f for f in fragments if f in book]
    assert not left, f"English left in the {lang} rulebook: {left[:5]}"


def test_spanish_words_agree_with_the_gender_of_the_piece():
    """"carta" is feminine: the catalogs say so (genders section), and the articles follow."""
    book = build_rulebook(generated_doge(), lang="es").markdown
    assert "El jugador mueve una de sus cartas de jugador" in book
    assert "El jugador mueve uno de sus marcadores de votación" in book   # masculine: "uno"
    assert "los cartas" not in book and "uno de sus cartas" not in book
    assert "cada uno de los ganadores" in book.lower()     # masculine nouns keep "uno"
    english = build_rulebook(generated_doge(), lang="en").markdown
    assert "The player moves one of their player cards" in english


READING_13 = {
    "en": ("**Reading 13.** In the Quarantia, players tied for second move their houses "
           "between the winner's two turns", "after both of the winner's turns"),
    "es": ("**Interpretación 13.** En la Quarantia, los jugadores empatados en el segundo "
           "puesto trasladan sus casas entre los dos turnos del ganador",
           "después de los dos turnos del ganador"),
    "nl": ("**Interpretatie 13.** In de Quarantia verplaatsen spelers die gelijk staan op de "
           "tweede plaats hun huizen tussen de twee beurten van de winnaar",
           "na beide beurten van de winnaar"),
}


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_reading_13_is_stated_and_a_variant_states_its_other_value(lang, tmp_path):
    """notes: Reading 13 (quarantia_tied_runners_up) - the rulebook states the reading in
    every language; a variant choosing after_winner states that value instead."""
    default, other = READING_13[lang]
    book = build_rulebook(generated_doge(), lang=lang)
    assert default in book.markdown and other not in book.markdown
    variant = tmp_path / "after_winner.yaml"
    variant.write_text("extends: doge\nvariant: after_winner\nname: Runners-up last\n"
                       "options:\n  quarantia_tied_runners_up: {value: after_winner}\n",
                       encoding="utf-8")
    changed = build_rulebook(generated_doge(), str(variant), lang=lang)
    assert other in changed.markdown and default not in changed.markdown
    assert not {m for m in changed.missing if m.startswith(("option", "functions", "procedures"))}
