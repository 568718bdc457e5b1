"""Words in Spanish, Dutch and English: lists, languages, the CLI in each language, and the
catalog problems `regola validate` reports."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from regola.bots import BOTS, Bot, bot_name
from regola.cli.app import app
from regola.i18n.catalog import UnknownLanguage, Words, resolve_language
from regola.loading.sources import rules_root

runner = CliRunner()
FOUR_BOTS = ["--seats", "random,random,random,random"]
LOCALE_VARS = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture(autouse=True)
def no_locale(monkeypatch):
    for var in LOCALE_VARS:
        monkeypatch.delenv(var, raising=False)


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


# -- lists -----------------------------------------------------------------------------
def test_spanish_lists_write_e_before_an_i_sound_and_u_before_an_o_sound():
    es = Words("es")
    assert es.join(["padres", "madres", "hijos"]) == "padres, madres e hijos"
    assert es.join(["Rojo", "Iris"]) == "Rojo e Iris"
    assert es.join(["agua", "hielo"]) == "agua y hielo"          # /je/, not /i/
    assert es.join(["Rojo", "Azul"]) == "Rojo y Azul"
    assert es.join(["siete", "ocho"], "or") == "siete u ocho"
    assert es.join(["mujer", "hombre"], "or") == "mujer u hombre"
    assert es.join(["Rojo", "Azul"], "or") == "Rojo o Azul"
    assert es.join(["Rojo"]) == "Rojo" and es.join([]) == ""


def test_lists_in_dutch_and_english():
    assert Words("nl").join(["Rood", "Blauw", "Geel"]) == "Rood, Blauw en Geel"
    assert Words("en").join(["Red", "Blue", "Yellow"]) == "Red, Blue, and Yellow"
    assert Words("en").join(["ice", "iron"]) == "ice and iron"   # the rule is Spanish only


# -- languages -------------------------------------------------------------------------
def test_language_from_the_option_or_the_locale(monkeypatch):
    assert resolve_language("es") == "es" and resolve_language("nl_BE") == "nl"
    assert resolve_language(None) == "en"
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert resolve_language(None) == "nl"
    monkeypatch.setenv("LANGUAGE", "fr:es")
    assert resolve_language(None) == "es"
    with pytest.raises(UnknownLanguage, match="en, es, nl"):
        resolve_language("fr")


@pytest.mark.parametrize("command", [["play", "doge", *FOUR_BOTS], ["games"],
                                     ["simulate", "doge", "--games", "1"]])
def test_unknown_language_is_a_clear_error(command):
    result = run(*command, "--lang", "fr")
    assert result.exit_code == 2
    assert "'fr'" in result.output and "en, es, nl" in result.output
    assert "Traceback" not in result.output


# -- the CLI in each language ----------------------------------------------------------
SPANISH = ["Doge: 4 jugadores; Rojo (1, bot aleatorio)", "semilla: 1", "Empieza el año 1.",
           "Mazo barajado: cartas de orden de votación de dorso marrón", "casas: reserva -> ",
           "elige tomar el control (¿Tomas el control del consejero o te abstienes?)",
           "toma el control de consejero de ", "; segundo puesto: ", "Fin de la partida (",
           "sobre la carta elegida (secreto)", "puesto  jugador"]
DUTCH = ["Doge: 4 spelers; Rood (1, willekeurige bot)", "seed: 1", "Jaar 1 begint.",
         "bruine stemvolgordekaarten geschud", "huizen: voorraad -> ",
         "kiest: de controle overnemen (Neem je de controle over de raadsheer over, of zie je "
         "ervan af?)",
         "neemt de controle over de raadsheer van ", "; tweede plaats: ", "Einde van het spel (",
         "op de gekozen kaart (geheim)", "plaats  speler"]


@pytest.mark.parametrize("lang, phrases", [("es", SPANISH), ("nl", DUTCH)])
def test_an_all_bot_game_is_told_in_the_language(lang, phrases):
    result = run("play", "doge", *FOUR_BOTS, "--seed", "1", "--lang", lang, "--log")
    assert result.exit_code == 0, result.output
    out = result.stdout
    missing = [p for p in phrases if p not in out]
    assert not missing, missing
    winner = {"es": r"^(Rojo|Azul|Verde|Amarillo) gana \(",
              "nl": r"^(Rood|Blauw|Groen|Geel) wint \("}[lang]
    assert re.search(winner, out, re.MULTILINE)
    for english in ("supply", "house", "ballot marker", "chooses", "Game over", "Red"):
        assert english not in out, english


BOT_NAMES = {
    "en": ["greedy bot", "greedy bot (1 decision ahead)", "MCTS bot (200 iterations)",
           "MCTS bot (0.5 s a decision)", "random bot"],
    "es": ["bot voraz", "bot voraz (1 decisión por delante)", "bot MCTS (200 iteraciones)",
           "bot MCTS (0,5 s por decisión)", "bot aleatorio"],
    "nl": ["gulzige bot", "gulzige bot (1 beslissing vooruit)", "MCTS-bot (200 iteraties)",
           "MCTS-bot (0,5 s per beslissing)", "willekeurige bot"],
}


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_every_bot_is_named_with_its_budget_in_each_language(lang):
    specs = ["greedy", "greedy:1", "mcts:200", "mcts:0.5s", "random"]
    assert [bot_name(Words(lang), spec) for spec in specs] == BOT_NAMES[lang]


def test_a_bot_kind_without_its_own_words_is_named_by_its_name(monkeypatch):
    class Cautious(Bot):
        name = "cautious"
    monkeypatch.setitem(BOTS, "cautious", Cautious)
    assert [bot_name(Words(lang), "cautious") for lang in ("en", "es", "nl")] == \
        ["cautious bot", "bot cautious", "cautious-bot"]


def test_the_table_names_its_bots_in_the_language():
    result = run("play", "doge", "--seats", "greedy,mcts:2,random", "--seed", "1",
                 "--lang", "es")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("Doge: 3 jugadores; Rojo (1, bot voraz), Azul (2, bot "
                                    "MCTS (2 iteraciones)), Verde (3, bot aleatorio)")


def test_the_locale_chooses_the_language_when_no_option_is_given(monkeypatch):
    monkeypatch.setenv("LANG", "es_ES.UTF-8")
    result = run("play", "doge", *FOUR_BOTS, "--seed", "1")
    assert result.exit_code == 0 and "Empieza el año 1." in result.stdout
    english = run("play", "doge", *FOUR_BOTS, "--seed", "1", "--lang", "en")
    assert "Year 1 begins." in english.stdout


def test_a_human_is_asked_in_the_language():
    result = run("play", "doge", "--seed", "5", "--lang", "es", stdin="x\n1\n")
    out = result.stdout
    assert "tú: Rojo (1)" in out
    # The question is cut at the terminal's width: its start is enough.
    assert "Rojo (1): Elige la carta de jugador del área a la que quieres enviar" in out
    assert "no es una tecla de aquí: 'x'" in out
    assert "Rojo (1)" in out and "Azul (2)" in out and "suministro" not in out
    assert "reserva (tú): 15 casas" in out and "15 casas, 8 palacios" in out
    assert "Rojo (1): Elige un marcador de votación para tu carta de Cannaregio" in out
    nl = run("play", "doge", "--seed", "5", "--lang", "nl", stdin="1\n")
    assert "Rood (1): Kies de spelerskaart van het gebied waar je stemschijven heen gaan" \
        in nl.stdout


def test_a_human_may_type_the_name_of_a_choice():
    result = run("play", "doge", "--seed", "3", "--players", "3", "--lang", "es",
                 stdin="santa croce\n")
    assert "Elige un marcador de votación para tu carta de Santa Croce" in result.stdout


def test_simulate_and_games_in_the_language():
    sim = run("simulate", "doge", "--games", "2", "--seed", "1", "--lang", "nl")
    assert sim.exit_code == 0, sim.output
    assert "Doge: 2 spellen in " in sim.stdout and "spellen/seconde" in sim.stdout
    assert "Overwinningen" in sim.stdout
    assert "reden: er is aan een eindvoorwaarde voldaan" in sim.stdout
    assert "huizen op het speelbord" in sim.stdout and "%" in sim.stdout
    games = run("games", "--details", "--lang", "es")
    assert games.exit_code == 0, games.output
    assert "Juegos incluidos" in games.stdout and "Rojo, Azul," in games.stdout
    assert "interpretación" in games.stdout


def test_a_game_without_texts_plays_in_its_ids(tmp_path):
    folder = tmp_path / "bare"
    shutil.copytree(rules_root() / "doge", folder)
    game_yaml = folder / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("text: text.yaml\n", ""),
                         encoding="utf-8")
    result = run("play", str(folder), *FOUR_BOTS, "--seed", "1", "--lang", "es", "--log")
    assert result.exit_code == 0, result.output
    assert "red mueve 2 house: supply -> " in result.stdout      # ids, in Spanish sentences


# -- catalog problems in `regola validate` ---------------------------------------------
@pytest.fixture
def doge_copy(tmp_path: Path) -> Path:
    target = tmp_path / "doge"
    shutil.copytree(rules_root() / "doge", target)
    return target


def test_validate_reports_a_text_missing_from_the_catalogs(doge_copy):
    text = doge_copy / "text.yaml"
    source = text.read_text(encoding="utf-8")
    assert "\nnotes:\n" in source
    text.write_text(source.replace("\nnotes:\n", "\nnotes:\n  brand_new: A brand new note.\n"),
                    encoding="utf-8")
    line = text.read_text(encoding="utf-8").splitlines().index(
        "  brand_new: A brand new note.") + 1
    result = run("validate", str(doge_copy))
    assert result.exit_code == 2
    for lang in ("es", "nl"):
        catalog = re.escape(str(doge_copy / "locales" / f"{lang}.po"))
        assert re.search(rf"{re.escape(str(text))}:{line}:\d+: notes.brand_new: no entry for "
                         rf"'A brand new note.' \(msgctxt 'doge.notes'\) in {catalog}; "
                         r"`regola catalogs update` adds it", result.output), result.output
    report = json.loads(run("validate", str(doge_copy), "--format", "json").stdout)
    assert report["valid"] is False
    located = [p for p in report["problems"] if (p["file"], p["line"]) == (str(text), line)]
    assert len(located) == 2 and located[0]["path"] == "notes.brand_new"


def test_validate_reports_a_translation_whose_placeholders_differ(doge_copy):
    po = doge_copy / "locales" / "es.po"
    source = po.read_text(encoding="utf-8")
    good = 'msgstr "Empieza el año {year}."'
    assert good in source
    po.write_text(source.replace(good, 'msgstr "Empieza el año {ano}."'), encoding="utf-8")
    line = po.read_text(encoding="utf-8").splitlines().index('msgid "Year {year} begins."') + 1
    result = run("validate", str(doge_copy))
    assert result.exit_code == 2
    assert f"{po}:{line}:1: msgid 'Year {{year}} begins.' " \
           "(msgctxt 'doge.notes'): the translation's placeholders ({ano}) differ from the " \
           "English ones ({year})" in result.output
    assert "nl.po:" not in result.output


def test_catalogs_update_adds_new_and_changed_texts_untranslated(doge_copy):
    """`regola catalogs update` brings a game's own catalogs up to date: a new text and a
    changed one are added untranslated (no fuzzy guess from the old English), the old one
    is dropped, and the game does not validate until a translator has seen both."""
    text = doge_copy / "text.yaml"
    source = text.read_text(encoding="utf-8")
    source = source.replace("\nnotes:\n", "\nnotes:\n  brand_new: A brand new note.\n")
    source = source.replace("year_begins: Year {year} begins.", "year_begins: Year {year} starts.")
    text.write_text(source, encoding="utf-8")
    result = run("catalogs", "update", str(doge_copy))
    assert result.exit_code == 0, result.output
    assert "es.po: 2 added, 1 dropped; 2 to translate" in result.output
    po = (doge_copy / "locales" / "es.po").read_text(encoding="utf-8")
    assert 'msgid "A brand new note."\nmsgstr ""' in po
    assert 'msgid "Year {year} starts."\nmsgstr ""' in po
    assert "fuzzy" not in po and 'msgid "Year {year} begins."' not in po
    result = run("validate", str(doge_copy))
    assert result.exit_code == 2
    assert "'Year {year} starts.' is not translated" in result.output
    assert "'A brand new note.' is not translated" in result.output


def test_spanish_writes_el_before_a_stressed_a():
    """'el área', 'un área', 'del área' (a feminine noun that starts with a stressed a takes
    the masculine article in the singular), but 'las áreas' and 'la alarma'."""
    from regola.i18n.catalog import Words
    w = Words("es")
    assert w("{x}", x="hasta la área") == "hasta el área"
    assert w("{x}", x="de la área y una área") == "del área y un área"
    assert w("{x}", x="las áreas; la alarma; ninguna área") == "las áreas; la alarma; ningún área"
