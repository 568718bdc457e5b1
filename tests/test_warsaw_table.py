"""Warsaw at the table, fifth round: the milestone says what it does in every key and in
its question, every build space carries its price and your coins are in the question, the
story says why a building or a park scored, the status line says who won each milestone,
hand tiles are told apart, and a short screen names the spaces it lists by their keys."""

from __future__ import annotations

import random
import re

from rich.console import Console
from warsaw_helpers import GAME, PUB, C, P, R, U, clear, fresh, lay, score

import regola
from regola.cli.board import Board, listed
from regola.cli.grid_view import grid_legend
from regola.cli.screen import Screen
from regola.i18n.catalog import Words
from regola.i18n.game_words import GameWords
from regola.present.events import event_text
from regola.present.labels import Namer, option_notes

EN = GameWords(GAME.definition, Words("en"))
MILESTONE_EFFECT = "Score 2 victory points in every income phase"


def milestone_token() -> dict:
    """A milestone tile as a seat sees it."""
    state = fresh()
    return next(t for t in state.observe(0)["tokens"] if t.get("family") == "milestone")


def until(ask: str, seed: int = 11, seats: tuple = (0,)):
    """A seeded two-player game played at random until one of `seats` is asked `ask`."""
    game = regola.load_game("warsaw")
    state = game.new_state(players=2, seed=seed)
    rng = random.Random(1)
    for _ in range(3000):
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        if seat in seats and actions[0]["ask"] == ask:
            return game, state, actions, state.decision_context(seat)
        state.apply(seat, rng.choice(actions))
    raise AssertionError(f"never asked {ask}")


def test_the_terminal_key_says_what_a_milestone_does():
    grid = GAME.definition.grids["district"]
    text = " ".join(line.plain for line in grid_legend(EN, grid, [[milestone_token()]]))
    assert "mi milestone (" + MILESTONE_EFFECT in text


def test_the_web_key_says_what_a_milestone_does():
    from regola.present.table_layout import load_layout
    from regola.server.svg.context import Ctx
    from regola.server.svg.grids import grid_legend as svg_legend
    ctx = Ctx(GAME.definition, fresh().observe(0), EN, load_layout(GAME.definition))
    drawn = svg_legend(ctx, GAME.definition.grids["district"], [milestone_token()], 1200)
    svg = "".join(drawn.body)
    assert "milestone (" + MILESTONE_EFFECT in svg


def test_the_milestone_question_names_the_milestone_and_its_effect():
    game, state, actions, context = until("place_milestone", seats=(0, 1))
    namer = Namer(game, EN, state.observe(state.to_move[0]))
    question = namer.prompt(context, "place_milestone", [a["value"] for a in actions])
    assert question.startswith("You won this milestone: milestone (cost 0) (" + MILESTONE_EFFECT)
    assert "It is free" in question


def test_every_build_space_has_its_price_and_the_question_says_your_coins():
    game, state, actions, context = until("build_or_discard")
    values = [a["value"] for a in actions]
    notes = option_notes(EN, context, values)
    coins = state.observe(0)["bank"]["coin"]["held"][0]
    for value, note in zip(values, notes, strict=True):
        if value == "discard":
            assert note == "take 3 coins"
        else:
            assert re.fullmatch(r"pay \d+ coins? \((empty space: the full cost|over a tile: "
                                r"the cost difference)\)", note), note
    question = Namer(game, EN, state.observe(0)).prompt(context, "build_or_discard", values)
    assert re.search(rf"You have {coins} coins?\. Where do you build it\?", question)


def test_a_short_screen_names_each_space_it_lists_by_key():
    screen = Screen(Console(width=80, record=True), GAME, EN)
    options = [("i", "discard the tile"), ("11", "row 2, column 3"), ("17", "row 3, column 4")]
    lines = [line.plain for line in screen.marked_options(options, {"11", "17"}, 80)]
    assert lines[-1] == "[11] r2c3 (row 2, column 3) · [17] r3c4"
    assert "marked space" not in " ".join(lines)
    priced = [("18", "row 3, column 4 — pay 3 coins (empty space: the full cost)"),
              ("25", "row 4, column 4 — pay 1 coin (over a tile: the cost difference)")]
    lines = [line.plain for line in screen.marked_options(priced, {"18", "25"}, 80)]
    # each space keeps its name, grouped under its price and why (not a bare "[18] pay 3")
    # (said short, the first also in full, so "r4c4" explains itself)
    assert lines == ["pay 3 coins (empty space): [18] r3c4 (row 3, column 4)",
                     "pay 1 coin (over a tile): [25] r4c4"]
    many = [(str(k), f"row {k // 10}, column {k % 10} — pay 5 coins (empty space: the full "
             "cost)") for k in range(11, 30)]
    lines = [line.plain for line in screen.marked_options(many, {k for k, _ in many}, 80)]
    assert lines[0].startswith("pay 5 coins (empty space): [11] r1c1 (row 1, column 1) · "
                               "[12] r1c2")
    assert all(len(line) <= 80 for line in lines) and len(lines) <= 4
    assert all(f"[{k}] r{int(k) // 10}c{int(k) % 10}" in " ".join(lines) for k, _ in many)


def test_the_story_says_why_a_building_and_a_park_score():
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [U, U, U, U])
    lay(state, 0, [1, 0], [PUB] * 4, whole=True, reward="vp", amount=1, per=U, family="public")
    lay(state, 0, [0, 1], [P, P, R, C])
    score(state, 0)
    said = [event_text(e, EN) for e in state.log if e.get("msg") in ("building_counted",
                                                                      "park_counted")]
    assert any(re.fullmatch(r"Red's public building at row \d, column \d has 1 cultural area "
                            r"next to it\.", s) for s in said), said
    assert any(s.startswith("Red's best park has 1 residential area next to it") for s in said)


def test_the_coin_exchange_says_its_rate():
    event = {"e": "note", "msg": "coins_exchanged", "player": 0, "vp": 1, "paid": 3, "coins": 2,
             "n": 2, "total": 9, "rate": 3}
    assert event_text(event, EN) == ("Red turns 3 coins into 1 VP (3 coins for each VP) and "
                                      "keeps 2 coins: 9 VP in all.")


def test_two_public_buildings_alike_but_for_their_effect_are_told_apart_in_the_hand():
    state = fresh()
    view = state.observe(0)
    hand = [t for t in view["tokens"] if t.get("at") == "hand" and t.get("owner") == 0]
    public = {"family": "public", "cost": 8, "quarters": [PUB] * 4, "icons": None,
              "whole": True, "shown": True}
    hand[0].update(public, effect="coins", reward="coins", amount=2, per=None, shield=None)
    hand[1].update(public, effect="shield", reward=None, amount=None, per=None, shield=True)
    line = " ".join(t.plain for t in Board(GAME, EN, view).mine())
    assert "public building (cost 8) (Take 2 coins)" in line
    assert "public building (cost 8) (Residential areas next to this building" in line
    assert "2×public building" not in line


def test_things_with_commas_are_listed_with_semicolons():
    assert listed(["park (cost 2)", "public building (cost 3)"]) == \
        "park (cost 2), public building (cost 3)"
    assert listed(["cultural (cost 3), icon: cultural 2", "park (cost 2)"]) == \
        "cultural (cost 3), icon: cultural 2; park (cost 2)"


def test_the_new_texts_read_in_spanish_and_dutch():
    event = {"e": "note", "msg": "building_counted", "player": 0, "family": "public",
             "space": None, "per": "cultural", "n": 2}
    for lang, word in (("es", "zonas de tipo cultural"), ("nl", "gebieden van het type")):
        gw = GameWords(GAME.definition, Words(lang))
        assert word in event_text({**event, "space": [0, 0]}, gw)
        assert gw.value("won_red") != "won by Red"
    assert EN.value("won_blue") == "won by Blue"
    assert C == "commercial"


def test_the_key_writes_no_effect_for_a_tile_type_whose_tiles_differ():
    """Public buildings do different things: the key names them without one building's
    effect, which would read as every building's."""
    token = {**milestone_token(), "family": "public", "quarters": [PUB] * 4,
             "effect": "coins", "reward": "coins", "amount": 2}
    grid = GAME.definition.grids["district"]
    text = " ".join(line.plain for line in grid_legend(EN, grid, [[token]]))
    assert "pu public building" in text and "Take 2 coins" not in text


def test_at_80x24_a_build_question_on_the_map_keeps_the_seats_points_and_coins(monkeypatch):
    from play_helpers import keyed_game, play, random_pick, seats
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    keys, _ = keyed_game("warsaw", 3, 5, random_pick(2), stop_after=40)
    result = play("warsaw", "--seed", "5", "--seats", seats(3),
                  stdin="\n".join(keys) + "\nq\n", env={"COLUMNS": "80", "LINES": "24"})
    screens = [s for s in result.stdout.split("your choice (? for help): ") if s.strip()]
    builds = [s for s in screens if "Where do you build" in s]
    assert len(builds) >= 3
    for screen in screens:
        assert len(screen.strip("\n").splitlines()) <= 24, screen
    for screen in builds:       # the table's rows, or the seat's own values in a line
        assert re.search(r"^Red: victory points: \d+ · coins: \d+$", screen, re.M) or \
            re.search(r"^coins +\d+", screen, re.M), screen


def test_the_story_says_where_each_player_builds_their_tile():
    """"Blue builds their tile ... over a tile at row 4, column 4": the other player's
    move says which space of their district it went to."""
    state = GAME.new_state(players=2, seed=11)
    rng = random.Random(3)
    while state.to_move and sum(e.get("msg") == "tile_built" for e in state.log) < 6:
        for p in list(state.to_move):
            state.apply(p, rng.choice(state.legal_actions(p)))
    said = [event_text(e, EN) for e in state.log if e.get("msg") == "tile_built"]
    assert len(said) >= 6
    for line in said:
        assert re.fullmatch(r"(Red|Blue) builds their tile \(.+\) (on an empty space|over a "
                            r"tile) at row \d+, column \d+ for \d+ coins?\.", line), line


def test_the_other_players_picked_public_building_says_what_it_does():
    """Once the picks are turned face up, Blue's picked public building reads with its
    effect, as Red's own do in the pick question (not a bare "public building (cost 3)")."""
    for seed in range(40):
        state = GAME.new_state(players=2, seed=seed)
        rng = random.Random(seed)
        while state.to_move:
            view = state.observe(0)
            blue = [t for t in view["tokens"] if t.get("at") == "picked"
                    and t.get("owner") == 1 and t.get("shown") is True
                    and t.get("family") == "public"]
            if blue:
                lines = [line.plain for line in Board(GAME, EN, view).mine()]
                said = next(line for line in lines if line.startswith("picked tile (Blue): "))
                assert re.search(r"public building \(cost \d+\) — [A-Z].+\.$", said), said
                return
            for p in list(state.to_move):
                state.apply(p, rng.choice(state.legal_actions(p)))
    raise AssertionError("no game showed Blue's picked public building")


def test_board_says_what_each_public_building_of_the_other_player_does():
    """`board`: under Blue's district, each public building by its space with its effect
    (two that differ read apart; the key alone says only "pu public building")."""
    from regola.cli.view import show_view
    state = fresh()
    clear(state, 1)
    lay(state, 1, [0, 0], [U, U, U, U])
    lay(state, 1, [1, 0], [PUB] * 4, whole=True, reward="vp", amount=1, per=U,
        family="public", effect="vp_per_cultural")
    lay(state, 1, [0, 1], [PUB] * 4, whole=True, shield=True, family="public",
        effect="shield")
    console = Console(width=100, record=True)
    show_view(console, GAME, state.observe(0), 0, EN)
    text = " ".join(console.export_text().split())
    assert re.search(r"row \d, column \d: public building \(cost 0\) — Score 1 victory point "
                     r"for each cultural area next to this building\.", text), text
    assert re.search(r"row \d, column \d: public building \(cost 0\) — Residential areas "
                     r"next to this building are safe from pollution\.", text), text
