"""The story of a game (present/story.py) and its score table (present/scores.py): real
games played by the interpreter, then told."""

from __future__ import annotations

import shutil

import pytest
from play_helpers import finished as finished_game

import regola
from regola.i18n.game_words import GameWords
from regola.loading.sources import rules_root
from regola.present.scores import (
    category_id,
    score_table,
    score_title_problems,
    ties_line,
    verdict,
)
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


def test_secret_choices_are_told_by_the_note_that_reveals_them():
    """A seat's secret choices (a card, then markers, each followed by its hidden move)
    wait for the note that tells them once everyone has chosen, even after other seats'
    notes: no bare "Red chooses 3" is left in the story."""
    log = [{"e": "choice", "player": 0, "value": "castello", "ask": "area", "private": True},
           {"e": "move_token", "player": 0, "from": "hand", "to": "played", "private": True},
           {"e": "choice", "player": 0, "value": 3, "ask": "marker", "private": True},
           {"e": "move_token", "player": 0, "from": "supply", "to": "staged", "private": True},
           {"e": "reveal", "player": 1},
           {"e": "note", "msg": "placed", "player": 1},
           {"e": "note", "msg": "placed", "player": 0}]
    entries = story(log)
    assert [e.headline["msg"] for e in entries] == ["placed", "placed"]
    assert not any(e.is_choice for e in entries)
    assert entries[1].headline["player"] == 0 and entries[1].details[0] == log[0]
    assert log[2] in entries[1].details and entries[1].first == 0


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


# -- where the points came from (end: parts) ----------------------------------------------
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("game", GAMES)
def test_the_parts_of_every_score_add_up_to_it(game, seed):
    """Summed over a whole game, the parts a game declares explain its first score to the
    point: the table needs no "other" column."""
    from regola.present.scores import score_parts, whole_log
    loaded, state = finished(game, 3, seed)
    log = whole_log(state)
    assert log is not None
    parts = score_parts(loaded.definition, log, 3)
    table = score_table(state.result, GameWords(loaded.definition, "en"), log)
    if not loaded.definition.end.parts:     # Doge: palaces and houses need no parts
        assert parts == [{}, {}, {}] and table.parts == []
        return
    for seat in range(3):
        assert sum(parts[seat].values()) == state.result["scores"][seat][0], (seat, parts)
    assert table.parts and "other" not in table.parts
    for row in table.rows:
        assert sum(row.parts) == row.values[0]
        assert len(row.parts) == len(table.parts)
    titles = loaded.definition.text["scores"]
    assert all(title in titles.values() for title in table.parts)


def test_every_warsaw_table_has_the_same_point_columns_each_saying_vp():
    """A part nobody scored in stays a zero column, so two games' tables have the same
    columns, and each title says it counts victory points (not parks or areas)."""
    from regola.present.scores import whole_log
    seen = []
    for seed in (1, 2, 3):
        loaded, state = finished("warsaw", 3, seed)
        table = score_table(state.result, GameWords(loaded.definition, "en"), whole_log(state))
        assert all("VP" in title for title in table.parts), table.parts
        seen.append(table.parts)
    assert seen[0] == seen[1] == seen[2]
    assert "VP lost to pollution" in seen[0] and "VP from public buildings" in seen[0]


def test_points_no_part_explains_show_as_other(monkeypatch):
    """A part left out of the declaration is not hidden: its points show as "other"."""
    from regola.present.scores import whole_log
    loaded, state = finished("warsaw", 3, 2)
    end = loaded.definition.end        # the loaded game is shared: put it back afterwards
    monkeypatch.setattr(end, "parts", end.parts[:1])            # no coins exchanged
    table = score_table(state.result, GameWords(loaded.definition, "en"), whole_log(state))
    assert table.parts[-1] == "other"
    exchanged = [e for e in state.log if e.get("msg") == "coins_exchanged"]
    for row in table.rows:
        assert row.parts[-1] == sum(e["vp"] for e in exchanged if e["player"] == row.seat)
        assert sum(row.parts) == row.values[0]


@pytest.mark.parametrize("change, path, words", [
    ("{note: scored, total: total, part: what}", "end.parts[0]", "no script logs a note"),
    ("{note: scored, total: sum, part: what}", "end.parts[0].total", "has no field 'sum'"),
    ("{note: scored, total: total, part: kind}", "end.parts[0].part", "has no field 'kind'"),
])
def test_a_part_that_names_an_unknown_note_or_field_is_refused_with_its_place(
        tmp_path, change, path, words):
    folder = tmp_path / "warsaw"
    shutil.copytree(rules_root() / "warsaw", folder)
    game = folder / "game.yaml"
    source = game.read_text(encoding="utf-8")
    wrong = change.replace("note: scored", "note: scores") if "no script" in words else change
    game.write_text(source.replace("{note: scored, total: total, part: what}", wrong),
                    encoding="utf-8")
    with pytest.raises(regola.RuleError) as raised:
        regola.load_game(str(folder))
    problems = [p for p in raised.value.problems if words in p.message]
    assert [p.location.path for p in problems] == [path]
    assert problems[0].location.file.endswith("game.yaml") and problems[0].location.line > 0


def test_a_log_that_starts_after_the_game_began_gives_no_parts():
    """A game resumed from a save without its story cannot sum its parts: none are shown
    rather than parts of half a game."""
    from regola.present.scores import whole_log
    loaded, state = finished("rialto", 3, 1)
    resumed = loaded.state_from_json(state.to_json())
    assert whole_log(state) is not None and whole_log(resumed) is None
    table = score_table(resumed.result, GameWords(loaded.definition, "en"), whole_log(resumed))
    assert table.parts == [] and all(row.parts == [] for row in table.rows)


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
@pytest.mark.parametrize("game", GAMES)
def test_the_terminal_score_table_fits_80_columns_and_names_the_tie_breaks(game, lang):
    from rich.console import Console

    from regola.cli.scores_view import end_renderables
    from regola.present.scores import whole_log
    loaded, state = finished(game, 4, 2)
    gw = GameWords(loaded.definition, lang)
    console = Console(width=80, record=True, color_system=None)
    for renderable in end_renderables(loaded, gw, state.result, whole_log(state)):
        console.print(renderable)
    text = console.export_text()
    assert max(len(line) for line in text.splitlines()) <= 80
    table = score_table(state.result, gw, whole_log(state))
    flat = " ".join(text.split())
    for title in table.parts:                   # each part named in full, never cut off
        assert title in flat, (title, text)
    for value in table.rows[0].parts:
        assert gw.value(value) in text
    assert verdict(table, gw).split(" (")[0] in flat
    assert " ".join(ties_line(table, gw).split()) in flat   # which columns break ties
    assert all(c in ties_line(table, gw) for c in table.columns[table.ties_from:])


def test_the_web_story_keeps_earlier_entries_in_sight_when_little_is_new():
    """After a seat's own move, when little happened since, the web's story still shows the
    entries before it (marked earlier), so what came of the seat's moves stays in sight."""
    import random

    from regola.server.messages import EARLIER_SHOWN, since_last_move, story_entries
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=5)
    rng = random.Random(5)
    gw = GameWords(game.definition)
    checked = 0
    for _ in range(300):
        if state.is_over:
            break
        seat = state.to_move[0]
        view = state.observe(seat)
        if seat == 0 and since_last_move(view["log"], 0) > 0:
            entries = story_entries(gw, view["log"], {}, 0)
            flags = [bool(e.get("earlier")) for e in entries]
            assert len(entries) >= min(EARLIER_SHOWN, len(flags))
            assert flags == sorted(flags, reverse=True), "earlier entries come first"
            if any(flags):
                assert len(entries) == EARLIER_SHOWN
                checked += 1
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert checked > 5
