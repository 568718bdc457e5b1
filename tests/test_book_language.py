"""Every rulebook (four games in English, Spanish and Dutch) passes the proofreading checks
of engine/rulebook/proofread: no English left in a translation, no true/false or empty values
shown as words, no snake_case ids or placeholders, one form of address per language, colour
names in lower case inside sentences, articles that agree with the glossary's genders, the
Spanish subjunctive after "mientras", Dutch main clauses with the verb second. The checks
themselves are shown to catch each problem; each game's glossary is used consistently."""

from __future__ import annotations

import pytest

from regola.i18n.catalog import Words
from regola.i18n.grammar import Clause, Phrase, main_order
from regola.i18n.spanish import subjunctive
from regola.rulebook.proofread import glossary_problems, proofread, proofread_book
from regola.rulebook.proofread.checks import Context
from regola.rulebook.proofread.glossary import Term

GAMES = ["doge", "rialto", "warsaw", "copycat"]
LANGS = ["en", "es", "nl"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", GAMES)
def test_every_book_passes_every_check(game, lang):
    findings = proofread_book(game, lang=lang)
    assert not findings, f"{game} ({lang}):\n" + "\n".join(str(f) for f in findings[:20])


@pytest.mark.parametrize("lang", ["es", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_each_glossary_term_is_used_for_its_concept(game, lang):
    """notes: a text that names a glossary concept in English uses the term's translation
    (Rialto's start lot is "ficha de sorteo", never "lote"; Doge's area is "área")."""
    problems = glossary_problems(game, lang)
    assert not problems, "\n".join(problems)


# -- the checks catch what they are for ------------------------------------------------
CARTA = Term("pieces", "card", ("card", "cards"), ("carta", "cartas"), "carta", "cartas", "f")
HUIS = Term("pieces", "house", ("house", "houses"), ("huis", "huizen"), "huis", "huizen", "n")


def _checks(text: str, lang: str, terms=()) -> set[str]:
    context = Context(lang, list(terms), frozenset({"transport"}) if lang != "en" else
                      frozenset())
    return {f.check for f in proofread(text, context)}


@pytest.mark.parametrize("text, lang, check", [
    ("Para cada clase: parque, comercial, transport.", "es", "untranslated"),
    ("El jugador roba the card.", "es", "untranslated"),
    ("El turno retrasado pasa a ser falso.", "es", "true/false"),
    ("De beurt wordt onwaar.", "nl", "true/false"),
    ("| waarde | niets |", "nl", "empty value"),
    ("Mueve la loseta a start_tiles.", "es", "snake_case"),
    ("El jugador elige {area}.", "es", "placeholder"),
    ("Durante seis rondas tomáis filas de cartas.", "es", "address"),
    ("Si siguen empatados, comparad el número de monedas.", "es", "address"),
    ("Plaats uw stemschijven.", "nl", "address"),
    ("Colores: Rojo, Azul y Verde.", "es", "capitalised colour"),
    ("Kleuren: rood, Blauw en groen.", "nl", "capitalised colour"),
    ("Para cada uno de las filas en juego:", "es", "agreement"),
    ("El jugador mueve uno de sus cartas.", "es", "agreement"),
    ("Los puntos del puesto actual es el valor del distrito.", "es", "agreement"),
    ("De speler bouwt de huis.", "nl", "agreement"),
    ("Repite lo siguiente mientras el jugador tiene una moneda:", "es", "mood"),
    ("De speler in 6 stadsdelen een paleis heeft.", "nl", "word order"),
    ("1. Preparar la partida.", "es", "infinitive step"),
    ("El el límite de mano pasa a ser 0.", "es", "repeated word"),
    ("De speler legt de de kaart af.", "nl", "repeated word"),
])
def test_a_check_catches_its_problem(text, lang, check):
    assert check in _checks(text, lang, [CARTA, HUIS])


@pytest.mark.parametrize("text, lang", [
    ("Para cada una de las filas en juego, el jugador mueve una de sus cartas.", "es"),
    ("Repite lo siguiente mientras el jugador tenga una moneda:", "es"),
    ("Colores: rojo, azul y verde. Rojo empieza.", "es"),
    ("| Verde | 3 |", "es"),
    ("De speler heeft in 6 stadsdelen een paleis.", "nl"),
    ("Als de speler in 6 stadsdelen een paleis heeft, bouwt hij het huis.", "nl"),
    ("La ciudad y la mitad de la red.", "es"),
    ("De speler scoort zijn OP op het carrièrepad.", "nl"),
    ("1. Prepara la partida.", "es"),
    ("Neem je de raadsheer in handen, of onthoud je je?", "nl"),      # je: subject, reflexive
])
def test_correct_text_passes(text, lang):
    assert not _checks(text, lang, [CARTA, HUIS])


# -- the grammar machinery ----------------------------------------------------------------
def test_an_agreement_choice_follows_the_gender_and_number_of_its_value():
    w = Words("es")
    each = "cada {things:f=una|uno} de {things}"
    assert w._filled(each, {"things": Phrase("las cartas", "f", True)}) == "cada una de las cartas"
    assert w._filled(each, {"things": Phrase("los ganadores", "m", True)}) == \
        "cada uno de los ganadores"
    # a plain text shows its gender and number by its article
    assert w._filled(each, {"things": "las filas en juego"}) == "cada una de las filas en juego"
    verb = "{x} {x:pl=pasan|pasa} a ser 0"
    assert w._filled(verb, {"x": "los puntos del puesto"}) == "los puntos del puesto pasan a ser 0"
    assert w._filled(verb, {"x": "el número de ronda"}) == "el número de ronda pasa a ser 0"
    dutch = Words("nl")
    assert dutch._filled("{thing:n.sg=elk|elke} {thing}", {"thing": Phrase("huis", "n")}) == \
        "elk huis"
    assert dutch._filled("{thing:n.sg=elk|elke} {thing}", {"thing": Phrase("kaart", "f")}) == \
        "elke kaart"


def test_a_marked_verb_moves_to_second_place_in_a_main_clause():
    w = Words("nl")
    clause = w._filled("{a} minstens {b} ^bedraagt", {"a": "het jaarnummer", "b": 6})
    assert clause == "het jaarnummer minstens 6 bedraagt"          # after "als ..."
    assert main_order(clause) == "het jaarnummer bedraagt minstens 6"
    slot = w._filled("er ^ geen {things} ^zijn", {"things": "huizen"})
    assert (str(slot), main_order(slot)) == ("er geen huizen zijn", "er zijn geen huizen")
    both = w.join([clause, slot])
    assert isinstance(both, Clause)
    assert main_order(both) == "het jaarnummer bedraagt minstens 6 en er zijn geen huizen"


def test_spanish_conditions_take_the_subjunctive_after_mientras():
    assert subjunctive("el número es menor que 4 y el jugador tiene al menos una carta") == \
        "el número sea menor que 4 y el jugador tenga al menos una carta"
    assert subjunctive("hay al menos una carta que muestra «es»") == \
        "haya al menos una carta que muestre «es»"
    assert subjunctive("la muestra es grande") == "la muestra sea grande"   # a noun stays


def test_the_books_speak_each_language_s_chosen_form():
    """notes: Spanish speaks as "tú" (imperatives), Dutch as "je"; colours are lower case."""
    from doge_generated import generated_doge

    from regola.rulebook import build_rulebook
    spanish = build_rulebook("rialto", lang="es").published
    # Rialto's written book: the overview and the setup say "tú"; its only list of colours
    # is the start building's (the players' colours are not named).
    assert "A lo largo de 6 rondas reunirás cartas y las jugarás" in spanish
    assert "1. Pon el tablero en la mesa." in spanish
    assert "1. Prepara la partida" in spanish                  # the rules in full
    assert "un edificio de valor 1 (verde, amarillo o azul)" in spanish
    # Doge's own book is written; the colours are listed by the generated components block
    # (tests/doge_generated.py keeps Doge's generated outline).
    dutch = build_rulebook(generated_doge(), lang="nl").markdown
    assert "- De speler heeft in 6 stadsdelen een paleis." in dutch
    assert "Kleuren: rood, blauw, groen en geel." in dutch
    written = build_rulebook("doge", lang="nl").markdown
    assert "4. Neem de spelerskaarten van je kleur in de hand." in written     # "je"
