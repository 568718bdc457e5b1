"""Rialto's readings (shared/rules-notes/rialto.md, Readings 1-14): every option's other
value, from a crafted position, beside its default (most defaults are also covered in
test_rialto_rules.py and the scenarios)."""

from __future__ import annotations

import pytest
from rialto_helpers import (
    answer,
    building_to_board,
    cards_to_hand,
    copy_with,
    councillors,
    fresh,
    run,
    set_councillors,
    set_track,
    vp,
)

from regola.interpreter import vm


def with_option(tmp_path, name: str, old, new):
    """Rialto with one option's value changed in game.yaml."""
    return copy_with(tmp_path, (f"{name}:\n    value: {old}", f"{name}:\n    value: {new}"))


def play_stage(state, stage: str, answers=None):
    """Run one stage; unless told otherwise, everyone plays all their cards of the type."""
    most = {"play_cards": lambda p, o: o[-1], "play_jokers": lambda p, o: o[-1]}
    return run(state, "play_stage", {**most, **(answers or {})}, s=stage)


def test_reading_2_vp_floor_none_lets_points_go_negative(tmp_path):
    # Reading 2 vp_floor: 0 (default, see test_reading_3...) or null: no floor.
    state = fresh(3, game=with_option(tmp_path, "vp_floor", 0, "null"))
    set_track(state, "vp", [3, 0, 1])
    play_stage(state, "bridge")
    assert vp(state) == [2, -1, 0]


def test_reading_3_false_no_penalty_when_nobody_plays(tmp_path):
    # Reading 3 bridge_penalty_when_nobody_plays: false - the -1 VP only when someone played.
    game = with_option(tmp_path, "bridge_penalty_when_nobody_plays", "true", "false")
    state = fresh(3, game=game)
    play_stage(state, "bridge")
    assert vp(state) == [3, 3, 3]
    cards_to_hand(state, 0, ["bridge"])
    play_stage(state, "bridge", {"bridge_connection": "san_polo_castello"})
    assert vp(state) == [3 + 1 + 1, 2, 2]


def test_reading_5_false_the_bonus_point_goes_with_the_tile(tmp_path):
    # Reading 5 lost_tile_bonus: false - no tile laid, no bonus VP either.
    for value, expected in ((True, 3 + 1 + 1), (False, 3 + 1)):
        game = with_option(tmp_path / str(value), "lost_tile_bonus", "true",
                           str(value).lower())
        state = fresh(3, game=game)
        for tid, tok in state.token_records().items():
            if tok["kind"] == "bridge_tile":
                state._runtime().set_token(tid, at="box")
        cards_to_hand(state, 0, ["bridge"])
        play_stage(state, "bridge")
        assert vp(state)[0] == expected


def test_reading_6_empty_connection_value(tmp_path):
    # Reading 6 empty_connection_value: 0 adds nothing; any other number adds that much per
    # empty connection (Castello has 4 connections).
    for value, expected in ((0, 0), (1, 4)):
        game = with_option(tmp_path / str(value), "empty_connection_value", 0, value)
        state = fresh(3, game=game)
        set_councillors(state, 0, {"castello": 1})
        set_track(state, "vp", [0, 0, 0])
        run(state, "score_district", d="castello")
        assert vp(state) == [expected, 0, 0]


def test_reading_7_false_neither_coins_nor_buildings_run_out(tmp_path):
    # Reading 7 finite_supplies: false - the bank pays whatever it owes, and a kind of
    # building is still there when 5 of it are on the boards (true: see test_rialto_rules).
    state = fresh(3, game=with_option(tmp_path, "finite_supplies", "true", "false"))
    assert state.data["bank"]["coin"]["bank"] is None
    cards_to_hand(state, 0, ["gold", "gold"])
    before = state.data["bank"]["coin"]["held"][0]
    play_stage(state, "gold", {"play_cards": 2})
    assert state.data["bank"]["coin"]["held"][0] == before + 3
    for _ in range(5):
        building_to_board(state, 1, "g4")
    for _ in range(2):
        building_to_board(state, 2, "g4")
    cards_to_hand(state, 0, ["building"] * 4)
    asked = play_stage(state, "building", {"take_building": ["g4", "none"]})
    assert "g4" in [a["options"] for a in asked if a["ask"] == "take_building"][0]
    owned = [t["code"] for t in state.token_records().values()
             if t["kind"] == "edifice" and t["owner"] == 0 and t["at"] == "board"]
    assert "g4" in owned
    held = sum(1 for t in state.token_records().values()
               if t["kind"] == "edifice" and t["code"] == "g4" and t["at"] == "board")
    assert held == 8


def test_reading_7_spares_only_without_finite_supplies(tmp_path):
    # Reading 7: the 60 buildings are the components either way; with false, 35 of each kind
    # (every board full of one kind) wait in the stock.
    finite = fresh(5)
    unlimited = fresh(5, game=with_option(tmp_path, "finite_supplies", "true", "false"))
    for state, n in ((finite, 60), (unlimited, 420)):
        assert sum(1 for t in state.token_records().values() if t["kind"] == "edifice") == n


def test_reading_8_none_councilmen_stay_where_they_are(tmp_path):
    # Reading 8 stage_f_move_source: any_district (default) moves councilmen from other
    # districts when the personal supply is empty; none: the surplus cards do nothing.
    for value, moved in (("any_district", 2), ("none", 0)):
        game = with_option(tmp_path / value, "stage_f_move_source", "any_district", value)
        state = fresh(3, game=game)
        state.data["vars"]["district"] = "san_marco"
        set_councillors(state, 0, {"personal": 0, "castello": 3})
        cards_to_hand(state, 0, ["councilman"])
        asked = play_stage(state, "councilman", {"councilman_from": "castello"})
        assert councillors(state, 0, "san_marco") == moved        # 1 card + the bonus
        assert councillors(state, 0, "castello") == 3 - moved
        assert bool([a for a in asked if a["ask"] == "councilman_from"]) == bool(moved)


def east_and_west(state, player: int) -> None:
    """A player has a councilman in every district of both sides."""
    set_councillors(state, player, {d: 1 for d in ("santa_croce", "san_polo", "dorsoduro",
                                                   "cannaregio", "san_marco", "castello")})


@pytest.mark.parametrize("value,points,won", [("once_each", 3 + 5 + 5, 2),
                                              ("one_per_player", 3 + 5, 1)])
def test_reading_9_district_bonus_one_player_both_tiles(tmp_path, value, points, won):
    # Reading 9 district_bonus: once_each - one player may win both tiles at once;
    # one_per_player - a player wins at most one, the other tile waits for someone else.
    state = fresh(3, game=with_option(tmp_path, "district_bonus", "once_each", value))
    east_and_west(state, 0)
    run(state, "check_district_bonus", group=[0])
    assert vp(state)[0] == points
    tiles = [t for t in state.token_records().values() if t["kind"] == "bonus_tile"]
    assert sum(1 for t in tiles if t["owner"] == 0) == won
    east_and_west(state, 1)
    run(state, "check_district_bonus", group=[0, 1])
    assert vp(state)[1] == 3 + 5 * (2 - won)       # a tile is won once: what is left
    assert vp(state)[0] == points                   # nobody scores a tile twice


def test_reading_9_a_district_left_later_keeps_the_bonus():
    # Reading 9: later losses do not take it back (the tile stays won).
    state = fresh(3)
    set_councillors(state, 0, {"santa_croce": 1, "san_polo": 1, "dorsoduro": 1})
    run(state, "check_district_bonus", group=[0])
    set_councillors(state, 0, {"santa_croce": 1})
    set_councillors(state, 1, {"santa_croce": 1, "san_polo": 1, "dorsoduro": 1})
    run(state, "check_district_bonus", group=[0, 1])
    assert vp(state) == [8, 3, 3]


def test_reading_10_false_only_the_unused_rows_are_reshuffled(tmp_path):
    # Reading 10 reshuffle_all_discards: false - personal discard piles stay where they are.
    for value, kept in ((True, False), (False, True)):
        game = with_option(tmp_path / str(value), "reshuffle_all_discards", "true",
                           str(value).lower())
        state = fresh(3, game=game)
        cards = [t for t, tok in state.token_records().items() if tok["kind"] == "card"]
        for i, tid in enumerate(cards):
            if i < 30:
                state._runtime().set_token(tid, owner=i % 3, at="discard")
            elif i < 70:
                state._runtime().set_token(tid, at="discarded")
        state.data["vars"]["round"] = 1
        run(state, "take_cards")
        assert any(e.get("msg") == "deck_reshuffled" for e in state.log)
        tokens = state.token_records()
        on_piles = sum(1 for t in cards if tokens[t]["at"] == "discard"
                       and tokens[t]["owner"] is not None)
        assert (on_piles >= 30) == kept


def test_reading_11_false_the_cut_goes_one_by_one_in_doge_order(tmp_path):
    # Reading 11 hand_cut_simultaneous: false - in Doge order, one player at a time
    # (true: scenario reading_11_hand_cut_simultaneous).
    game = with_option(tmp_path, "hand_cut_simultaneous", "true", "false")
    state = fresh(3, game=game)
    set_track(state, "doge", [0, 0, 0], top_first=[2, 0, 1])
    state.data["vars"]["round"] = 1
    state.data["threads"] = [{"stack": [{"p": "take_cards", "pc": 0, "e": {}}], "wait": None,
                              "player": None}]
    vm.advance(state._runtime())
    answer(state, {}, until="discard_card")
    assert state.to_move == [2]
    asked = answer(state, {})
    assert [a["player"] for a in asked if a["ask"] == "discard_card"] == [2, 0, 1]


def test_reading_12_doge_delayed_turns_in_doge_order(tmp_path):
    # Reading 12 delay_order: clockwise (test_rialto_rules) or doge - late turns in Doge order.
    state = fresh(3, game=with_option(tmp_path, "delay_order", "clockwise", "doge"))
    state.data["vars"]["stage_starter"] = 0
    set_track(state, "doge", [0, 0, 0], top_first=[2, 0, 1])
    for p in (1, 2):
        building_to_board(state, p, "y1")
        cards_to_hand(state, p, ["gold"])
    asked = play_stage(state, "gold", {"use_yellow": lambda p, o: "y1" if "y1" in o else o[0]})
    assert [a["player"] for a in asked if a["ask"] == "play_cards"] == [2, 1]


def test_reading_13_false_a_building_works_as_often_as_paid(tmp_path):
    # Reading 13 activation_once_per_round: false - each coin paid works the building again.
    game = with_option(tmp_path, "activation_once_per_round", "true", "false")
    state = fresh(3, game=game)
    building_to_board(state, 0, "b1")
    state.data["bank"]["coin"]["held"][0] = 3
    run(state, "blue_phase", {"use_blue": ["use", "use", "skip"]})
    assert vp(state)[0] == 3 + 2
    assert state.data["bank"]["coin"]["held"][0] == 1


def test_reading_14_green_draw_count_is_data(tmp_path):
    # Reading 14 green_g1_draw: 3 (test_rialto_rules); 2 here draws two cards.
    state = fresh(3, game=with_option(tmp_path, "green_g1_draw", 3, 2))
    building_to_board(state, 0, "g1")
    state.data["vars"]["round"] = 1
    asked = run(state, "take_cards", {"use_green": "use", "take_or_draw": "draw"})
    cuts = [a for a in asked if a["ask"] == "discard_card" and a["player"] == 0]
    assert len(cuts) == 6 + 2 + 2 - 7


def test_reading_15_y2_cannot_turn_a_joker_and_the_other_value(tmp_path):
    """Reading 15 (y2_skips_jokers): yellow building 2 plays a card of another action type as
    a card of the stage's type; a lone Joker is no such card, so Y2 is not even offered and
    the Joker counts nothing. Other value: Y2 turns the Joker into a Doge card, which counts
    alone (1 space, +1 for the bonus)."""
    for value, offered, doge in ((True, False, 0), (False, True, 2)):
        game = with_option(tmp_path / str(value), "y2_skips_jokers", "true", str(value).lower())
        state = fresh(3, game=game)
        set_track(state, "doge", [0, 0, 0], top_first=[1, 0, 2])
        building_to_board(state, 0, "y2")
        cards_to_hand(state, 0, ["joker"])
        asked = play_stage(state, "doge", {"use_yellow": "y2"})
        yellow = [a for a in asked if a["player"] == 0 and a["ask"] == "use_yellow"]
        assert bool(yellow) is offered
        assert state.data["tracks"]["doge"]["pos"][0] == doge
        jokers = [t for t in state.token_records().values() if t["kind"] == "card"
                  and t["type"] == "joker" and t["owner"] == 0]
        assert [t["at"] for t in jokers] == ["discard" if offered else "hand"]
