"""The story of a game (present/story.py) and its score table (present/scores.py): real
games played by the interpreter, then told."""

from __future__ import annotations

import shutil

import pytest
from play_helpers import finished as finished_game

import regola
from regola.i18n.game_words import GameWords
from regola.loading.sources import rules_root
from regola.present.scores import category_id, score_table, score_title_problems, verdict
from regola.present.story import entry_text, since, story

GAMES = ["doge", "rialto", "warsaw", "copycat"]


def finished(game: str, players: int = 3, seed: int = 3):
    return finished_game(game, players, seed)


def test_a_choice_gives_way_to_the_note_that_tells_what_came_of_it():
    log = [{"e": "move", "piece": "house", "n": 1, "from": "supply", "to": "a"},
           {"e": "choice", "player": 0, "value": "menu", "ask": "act"},
           {"e": "choice", "player": 0, "value": "office", "ask": "which"},
           {"e": "gain", "player": 0, "resource": "coin", "n": 2},
           {"e": "note", "msg": "used", "player": 0},
           {"e": "choice", "player": 1, "value": "pass", "ask": "act"},
           {"e": "note", "msg": "round_ends"},
           {"e": "move", "piece": "house", "n": 1, "from": "a", "to": "b"}]
    entries = story(log)
    assert [e.headline and e.headline.get("msg", e.headline.get("value")) for e in entries] \
        == [None, "used", "pass", "round_ends"]
    setup, used, passed, ends = entries
    assert setup.details == log[:1]
    assert used.details == [log[1], log[2], log[3]]      # the menu, the item, what it gave
    assert passed.details == [] and ends.details == [log[7]]
    assert [e.first for e in since(entries, 6)] == [6]
    short = story(log, choices=False)
    assert [e.headline and e.headline["e"] for e in short] == [None, "note", "note"]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_ends_with_a_score_table_in_each_language(game):
    loaded, state = finished(game)
    result = state.result
    assert len(result["scores"]) == 3
    for p in range(3):    # the scores recorded are the tie-breakers' values at the end
        assert tuple(result["scores"][p]) == state.standing(p)
    for lang in ("en", "es", "nl"):
        gw = GameWords(loaded.definition, lang)
        table = score_table(result, gw)
        assert len(table.columns) == len(loaded.definition.end.tiebreakers)
        titles = loaded.definition.text["scores"]
        if lang == "en":
            assert table.columns == [titles[category_id(s, i)] for i, s in
                                     enumerate(loaded.definition.end.tiebreaker_sources)]
        assert [r.seat for r in table.rows if r.winner] == result["winners"]
        assert table.rows[0].place == 1 and table.rows[0].winner
        places = [r.place for r in table.rows]
        assert places == sorted(places)
        assert gw.seat(result["winners"][0]) in verdict(table, gw)
    assert score_title_problems(loaded.definition) == []


@pytest.mark.parametrize("game", GAMES)
def test_the_story_is_shorter_than_the_log_and_tells_the_end(game):
    loaded, state = finished(game)
    view = state.observe(0)
    entries = story(view["log"])
    assert len(entries) < len(view["log"])
    assert sum(1 + len(e.details) for e in entries) - (entries[0].headline is None) \
        == len(view["log"])                                         # nothing lost
    assert entries[-1].headline["e"] == "game_over"
    gw = GameWords(loaded.definition, "en")
    assert all(entry_text(e, gw) for e in entries)


def test_a_tie_breaker_without_a_title_is_a_warning(tmp_path):
    folder = tmp_path / "doge"
    shutil.copytree(rules_root() / "doge", folder)
    text = folder / "text.yaml"
    source = text.read_text(encoding="utf-8")
    text.write_text(source.replace("  houses_on_board: Houses on the board\n", ""),
                    encoding="utf-8")
    problems = score_title_problems(regola.load_game(str(folder)).definition)
    assert [p.location.path for p in problems] == ["end.tiebreakers[1]"]
    assert "houses_on_board" in problems[0].message


def test_category_ids_name_the_expression():
    assert category_id("p.vp", 0) == "vp"
    assert category_id("palaces(p)", 0) == "palaces"
    assert category_id("track_pos(vp, p)", 0) == "track_pos_vp"
    assert category_id("p.gain if x else 0", 1) == "score_2"


@pytest.mark.parametrize("game", GAMES)
def test_every_story_sentence_of_every_game_is_written_in_each_language(game):
    """Each `log(...)` of a game's scripts (an event kind of its story) has its sentence in
    the text file (the loader refuses a game without one) and a translation, not fuzzy, in
    the Spanish and the Dutch catalogs."""
    import re

    from regola.i18n.catalog import game_catalog
    from regola.i18n.check import read_catalog
    definition = regola.load_game(game).definition
    folder = rules_root() / game
    ids = {m for script in folder.glob("*.regola")
           for m in re.findall(r"\blog\(\s*\"([a-z0-9_]+)\"", script.read_text("utf-8"))}
    assert ids, f"{game} tells no story"
    notes = definition.text["notes"]
    for lang in ("es", "nl"):
        catalog = read_catalog(game_catalog(folder, lang))
        for note in sorted(ids):
            english = notes[note]
            key = english if isinstance(english, str) else english["one"]
            message = catalog.get(key, context=f"{game}.notes")
            assert message is not None, (lang, note)
            forms = [message.string] if isinstance(message.string, str) else message.string
            assert all(forms) and not message.fuzzy, (lang, note, forms)
            if isinstance(english, dict) and "none" in english:
                none = catalog.get(english["none"], context=f"{game}.notes")
                assert none is not None and none.string and not none.fuzzy, (lang, note)


@pytest.mark.parametrize("lang, expected", [
    ("en", "Red places no houses in Castello."),
    ("es", "Rojo no coloca ninguna casa en Castello."),
    ("nl", "Rood plaatst geen huizen in Castello."),
])
def test_a_note_has_its_own_words_for_none(lang, expected):
    """A note's `none` form replaces "places 0 houses" when its count n is 0."""
    from regola.i18n.game_words import GameWords
    gw = GameWords(regola.load_game("doge").definition, lang)
    assert gw.note("houses_placed", {"player": 0, "area": "castello", "n": 0}) == expected
    assert "2" in gw.note("houses_placed", {"player": 0, "area": "castello", "n": 2})
