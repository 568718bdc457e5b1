"""Rialto's rules, readings and worked examples (shared/rules-notes/rialto.md), each test
driving the interpreter from a crafted position and naming what it checks."""

from __future__ import annotations

from rialto_helpers import (
    GAME,
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


def test_setup_supplies_coins_and_tracks():
    """notes: components.colours_councilmen_discs, setup.doge_discs, setup.vp_discs,
    setup.councilmen, setup.starting_coins, examples.four_players."""
    # notes: Setup 3-5; checklist 3, 4, 5, 7; example "4 players: starting coins 1, 2, 2, 3"
    for players, coins in ((2, [1, 2]), (3, [1, 2, 3]), (4, [1, 2, 2, 3]), (5, [1, 2, 2, 2, 3])):
        state = fresh(players, seed=players)
        start = state.data["vars"]["start_player"]
        clockwise = [(start + i) % players for i in range(players)]
        held = state.data["bank"]["coin"]["held"]
        assert [held[p] for p in clockwise] == coins
        assert state.data["bank"]["coin"]["bank"] == 30 - sum(coins)
        for p in range(players):
            assert councillors(state, p, "personal") == 5
            assert councillors(state, p, "general") == 13
        assert vp(state) == [3] * players
        doge = state.data["tracks"]["doge"]
        ahead = sorted(range(players), key=lambda p: (doge["pos"][p], doge["stamp"][p]),
                       reverse=True)
        assert ahead == clockwise          # the start player's disc is on top


def test_starting_buildings_all_different_with_three_players():
    """notes: setup.starting_buildings_few_players."""
    # notes: Setup 6; checklist 6 (2-3 players: all different)
    state = fresh(3, seed=2)
    asked = answer(state, {}, until="take_row")
    offered = [a["options"] for a in asked if a["ask"] == "start_building"]
    assert [len(o) for o in offered] == [3, 2]     # the last one left is taken unasked
    codes = sorted(t["code"] for t in state.token_records().values()
                   if t["kind"] == "edifice" and t["at"] == "board")
    assert codes == ["b1", "g1", "y1"]


def test_starting_buildings_at_most_two_alike_with_five_players():
    """notes: setup.starting_buildings_many_players."""
    # notes: Setup 6; checklist 6 (4-5 players: at most 2 alike)
    state = fresh(5, seed=3)
    answer(state, {}, until="take_row")
    codes = sorted(t["code"] for t in state.token_records().values()
                   if t["kind"] == "edifice" and t["at"] == "board")
    assert codes == ["b1", "g1", "g1", "y1", "y1"]


def test_rows_of_six_one_more_than_players():
    """notes: phase1.rows, examples.four_players."""
    # notes: Phase I; checklist 10; example "4 players: 5 rows of 6 cards"
    state = fresh(4, seed=4)
    state.data["vars"]["round"] = 1
    asked = run(state, "take_cards")
    first = asked[0]
    assert first["ask"] == "take_row"
    assert first["options"] == ["row_1", "row_2", "row_3", "row_4", "row_5"]


def test_each_takes_a_row_two_blind_cards_then_keeps_seven():
    """notes: phase1.take_row_blind_kept, phase1.unused_row_discarded, phase1.hand_limit,
    phase2.play_any_or_pass."""
    # notes: Phase I; checklist 11 (row + 2 blind + kept, keep 7); Reading 11 (cut at once)
    state = fresh(3, seed=5)
    state.data["vars"]["round"] = 1
    cards_to_hand(state, 0, ["joker"])          # a card kept from the last round
    asked = run(state, "take_cards")
    cuts = [a for a in asked if a["ask"] == "discard_card"]
    assert len([a for a in cuts if a["player"] == 0]) == 2        # 6 + 2 + 1 = 9 -> 7
    assert len([a for a in cuts if a["player"] == 1]) == 1        # 6 + 2 = 8 -> 7
    for p in range(3):
        hand = [t for t in state.token_records().values()
                if t["kind"] == "card" and t["owner"] == p and t["at"] == "hand"]
        assert len(hand) == 7
    leftover = [t for t in state.token_records().values()
                if t["kind"] == "card" and t["at"] == "discarded"]
    assert len(leftover) == 6                                      # the unused row


def test_district_token_follows_the_round_tiles():
    """notes: components.round_tiles_and_district_token, phase1.district_token."""
    # notes: Phase I, district token; checklist 9
    state = fresh(2, seed=6)
    tiles = {t["number"]: t["at"] for t in state.token_records().values()
             if t["kind"] == "round_tile"}
    assert sorted(tiles) == [1, 2, 3, 4, 5, 6]
    state.data["vars"]["round"] = 3
    run(state, "take_cards")
    assert state.data["vars"]["district"] == tiles[3]


def test_jokers_with_no_card_of_the_type():
    """notes: phase2.two_jokers_for_one, examples.three_jokers_no_doge."""
    # notes: example "No Doge card, 3 Jokers: counts as 2"; Reading 4; checklist 18
    state = fresh(3)
    cards_to_hand(state, 0, ["joker", "joker", "joker"])
    asked = run(state, "play_turn", {"play_jokers": 3}, p=0, s="doge", may_delay=True)
    assert [a["options"] for a in asked if a["ask"] == "play_jokers"] == [[0, 2, 3]]
    assert state.data["pvars"][0]["played"] == 2


def test_a_joker_never_counts_alone():
    """notes: phase2.jokers."""
    # notes: Phase II, Jokers; checklist 18
    state = fresh(3)
    cards_to_hand(state, 0, ["joker", "gold"])
    asked = run(state, "play_turn", {}, p=0, s="doge", may_delay=True)
    assert [a["ask"] for a in asked] == []          # nothing to decide: nothing counts
    assert state.data["pvars"][0]["played"] == 0


def test_jokers_add_to_cards_of_the_type():
    """notes: phase2.jokers, examples.one_doge_two_jokers."""
    # notes: example "1 Doge card + 2 Jokers: counts 3"
    state = fresh(3)
    cards_to_hand(state, 0, ["doge", "joker", "joker"])
    run(state, "play_turn", {"play_cards": 1, "play_jokers": 2}, p=0, s="doge", may_delay=True)
    assert state.data["pvars"][0]["played"] == 3


def test_reading_4_double_joker_needs_an_empty_hand_of_the_type(tmp_path):
    # notes: Reading 4 double_joker_only_without_type: holding a Doge card but playing none,
    # two Jokers count for nothing; with the reading off they count as one card.
    state = fresh(3)
    cards_to_hand(state, 0, ["doge", "joker", "joker"])
    asked = run(state, "play_turn", {"play_cards": 0}, p=0, s="doge", may_delay=True)
    assert [a["options"] for a in asked if a["ask"] == "play_jokers"] == []
    other = copy_with(tmp_path, ("double_joker_only_without_type:\n    value: true",
                                 "double_joker_only_without_type:\n    value: false"))
    state = fresh(3, game=other)
    cards_to_hand(state, 0, ["doge", "joker", "joker"])
    run(state, "play_turn", {"play_cards": 0, "play_jokers": 2}, p=0, s="doge",
        may_delay=True)
    assert state.data["pvars"][0]["played"] == 1


def play_stage(state, stage: str, answers=None):
    """Run one stage; unless told otherwise, everyone plays all their cards of the type."""
    most = {"play_cards": lambda p, o: o[-1], "play_jokers": lambda p, o: o[-1]}
    return run(state, "play_stage", {**most, **(answers or {})}, s=stage)


def test_doge_stage_and_stacking():
    """notes: phase2.later_starter, phase2.bonus_winner, stage_a.doge."""
    # notes: stage A; checklist 19 (1 space per card, bonus +1); Phase II: the bonus winner
    # starts the next stage (landing on a disc: test_rialto_coverage_gaps)
    state = fresh(3)
    set_track(state, "doge", [0, 0, 0], top_first=[0, 1, 2])
    state.data["vars"]["stage_starter"] = 0
    cards_to_hand(state, 1, ["doge", "doge"])
    cards_to_hand(state, 2, ["doge"])
    play_stage(state, "doge", {"play_cards": lambda p, o: o[-1]})
    doge = state.data["tracks"]["doge"]
    assert doge["pos"] == [0, 3, 1]
    assert state.data["vars"]["stage_starter"] == 1          # checklist 16: bonus winner


def test_gold_stage():
    """notes: stage_b.gold."""
    # notes: stage B; checklist 20 (1 coin per card, bonus +1)
    state = fresh(3)
    before = list(state.data["bank"]["coin"]["held"])
    cards_to_hand(state, 0, ["gold", "gold"])
    cards_to_hand(state, 1, ["gold"])
    play_stage(state, "gold", {"play_cards": lambda p, o: o[-1]})
    held = state.data["bank"]["coin"]["held"]
    assert [held[p] - before[p] for p in range(3)] == [3, 1, 0]


def test_bonus_tie_goes_to_the_doge_leader_and_nobody_playing_keeps_the_start_player():
    """notes: order.doge_track_decides, phase2.later_starter, phase2.bonus_winner."""
    # notes: Phase II bonus (one winner, Doge breaks ties, none if nobody played) and stage
    # start players; Order rule; checklist 16, 17
    state = fresh(3)
    set_track(state, "doge", [2, 2, 0], top_first=[1, 0, 2])   # blue on top of red
    state.data["vars"]["stage_starter"] = 2
    cards_to_hand(state, 0, ["gold"])
    cards_to_hand(state, 1, ["gold"])
    play_stage(state, "gold", {"play_cards": 1})
    assert state.data["vars"]["stage_starter"] == 1
    play_stage(state, "doge")                    # nobody holds a Doge card
    assert state.data["vars"]["stage_starter"] == 1


def test_play_turns_go_clockwise_from_the_stage_start_player():
    """notes: phase2.one_turn_clockwise."""
    # notes: Phase II; checklist 15
    state = fresh(4)
    state.data["vars"]["stage_starter"] = 2
    for p in range(4):
        cards_to_hand(state, p, ["gold"])
    asked = play_stage(state, "gold")
    assert [a["player"] for a in asked if a["ask"] == "play_cards"] == [2, 3, 0, 1]


def test_building_stage_five_cards_plus_bonus():
    """notes: stage_c.building, stage_c.above_four, examples.building_six."""
    # notes: example "Building, 5 cards + bonus = 6: a value-4 building plus one of value <= 2";
    # stage C (value <= cards played, bonus +1; above 4: a value-4 plus one of the rest)
    state = fresh(3)
    cards_to_hand(state, 0, ["building"] * 5)
    asked = play_stage(state, "building", {"play_cards": 5, "take_building": ["g4", "b2"]})
    takes = [a["options"] for a in asked if a["ask"] == "take_building"]
    assert "g4" in takes[0] and "b4" in takes[0]
    assert sorted(takes[1]) == sorted(["none", "g1", "g2", "y1", "y2", "b1", "b2"])
    owned = sorted(t["code"] for t in state.token_records().values()
                   if t["kind"] == "edifice" and t["owner"] == 0)
    assert owned == ["b2", "g4"]


def test_full_board_returns_a_building_for_its_value():
    """notes: components.player_board, stage_c.full_board."""
    # notes: stage C ([U]): with 7 buildings a new one replaces one, for VP equal to its value
    state = fresh(3)
    for code in ["g1", "g2", "g3", "y1", "y2", "y3", "b3"]:
        building_to_board(state, 0, code)
    cards_to_hand(state, 0, ["building"])
    play_stage(state, "building", {"take_building": "b1", "return_building": "b3"})
    assert vp(state)[0] == 3 + 3
    owned = [t["code"] for t in state.token_records().values()
             if t["kind"] == "edifice" and t["owner"] == 0 and t["at"] == "board"]
    assert len(owned) == 7 and "b1" in owned and "b3" not in owned


def test_bridge_stage_worked_example():
    """notes: components.bridge_tiles, board.free_connection_takes_a_tile, stage_d.bridge_points,
    stage_d.bridge_bonus, examples.bridge_stage."""
    # notes: example "Bridge stage: A plays 2, C plays 2, B none; C above A: C 3 VP + a
    # bridge, A 2 VP, B -1 VP"; stage D; Board (a free connection takes the tile); bridge
    # tiles (one value per end); checklist 22, 23 (the placer orients the bridge)
    state = fresh(3)
    set_track(state, "doge", [0, 0, 0], top_first=[2, 0, 1])
    cards_to_hand(state, 0, ["bridge", "bridge"])
    cards_to_hand(state, 2, ["bridge", "bridge"])
    top = next(t for t, tok in state.token_records().items() if tok["at"] == "bridge_top")
    ends = state.token_records()[top]["ends"]
    asked = play_stage(state, "bridge", {"play_cards": 2,
                                         "bridge_connection": "san_polo_castello",
                                         "bridge_facing": "castello"})
    assert vp(state) == [5, 2, 6]
    assert [a["player"] for a in asked if a["ask"] == "bridge_connection"] == [2]
    link = state.data["links"]["san_polo_castello"]
    assert link == {"tile": top, "facing": "castello"}
    value = GAME_value(state, "san_polo_castello", "castello")
    assert value == ends[0]
    assert state.token_records()[top]["at"] == "placed"
    assert sum(1 for t in state.token_records().values() if t["at"] == "bridge_top") == 1


def GAME_value(state, connection, area):
    from regola.interpreter.links import end_value
    return end_value(state._runtime(), connection, area)


def test_reading_3_bridge_penalty_when_nobody_plays():
    # notes: Reading 3 bridge_penalty_when_nobody_plays; Reading 2 vp_floor (never below 0);
    # stage D (playing no Bridge card costs 1 VP)
    state = fresh(3)
    set_track(state, "vp", [3, 0, 1])
    play_stage(state, "bridge")
    assert vp(state) == [2, 0, 0]


def test_reading_5_lost_tile_bonus_keeps_the_point():
    # notes: Reading 5 lost_tile_bonus: no tile left, the bonus VP still counts
    state = fresh(3)
    for tid, tok in state.token_records().items():
        if tok["kind"] == "bridge_tile":
            state._runtime().set_token(tid, at="box")
    cards_to_hand(state, 0, ["bridge"])
    play_stage(state, "bridge")
    assert vp(state)[0] == 3 + 1 + 1
    assert all(link["tile"] is None for link in state.data["links"].values())
    assert any(e.get("msg") == "tile_not_laid" for e in state.log)


def test_gondola_stage_worked_example():
    """notes: stage_e.gondola_councilmen, examples.gondola_shortfall."""
    # notes: example "Gondola, 3 cards, 1 councilman left in general supply: 1 moved, +2 VP";
    # checklist 24
    state = fresh(3)
    set_track(state, "doge", [0, 0, 0], top_first=[1, 0, 2])
    set_councillors(state, 0, {"general": 1, "personal": 17})
    cards_to_hand(state, 0, ["gondola"] * 3)
    cards_to_hand(state, 1, ["gondola"] * 3)
    play_stage(state, "gondola", {"play_cards": 3})
    assert councillors(state, 0, "personal") == 18 and councillors(state, 0, "general") == 0
    assert vp(state)[0] == 3 + 2


def test_gondola_bonus_lays_a_gondola_and_a_councilman():
    """notes: components.gondola_tiles, stage_e.gondola_bonus."""
    # notes: stage E bonus; checklist 25 (gondola tile 1/1 plus a councilman in one of its
    # two districts); Reading 6 via district value
    state = fresh(3)
    cards_to_hand(state, 1, ["gondola"])
    play_stage(state, "gondola", {"gondola_connection": "dorsoduro_castello",
                                  "councilman_to": "castello"})
    assert councillors(state, 1, "castello") == 1
    assert councillors(state, 1, "personal") == 6          # 5 + 1 for the card played
    tile = state.data["links"]["dorsoduro_castello"]["tile"]
    assert state.token_records()[tile]["ends"] == [1, 1]


def test_gondola_bonus_without_general_councilmen_scores_a_point_instead():
    """notes: stage_e.gondola_bonus_no_general."""
    # notes: stage E bonus: no councilman in the general supply -> 1 VP, and one may come
    # from the personal supply or a district
    state = fresh(3)
    set_councillors(state, 1, {"general": 0, "personal": 18})
    cards_to_hand(state, 1, ["gondola"])
    play_stage(state, "gondola", {"gondola_connection": "dorsoduro_castello",
                                  "councilman_to": "castello", "councilman_from": "personal"})
    assert councillors(state, 1, "castello") == 1
    assert vp(state)[1] == 3 + 1 + 1        # 1 per card missing, 1 for the bonus


def test_councilman_stage_and_reading_8():
    # notes: stage F; checklist 26; Reading 8 stage_f_move_source: any_district
    state = fresh(3)
    state.data["vars"]["district"] = "san_marco"
    set_councillors(state, 0, {"personal": 1, "castello": 2})
    cards_to_hand(state, 0, ["councilman", "councilman"])
    play_stage(state, "councilman", {"play_cards": 2, "councilman_from": "castello"})
    assert councillors(state, 0, "san_marco") == 3          # 1 personal, 2 moved (1 bonus)
    assert councillors(state, 0, "castello") == 0


def test_district_bonus_first_to_one_side_and_reading_9():
    # notes: district bonus; checklist 27; Reading 9 district_bonus (once each; in F all
    # who reach it in the same stage)
    state = fresh(3)
    state.data["vars"]["district"] = "dorsoduro"
    set_councillors(state, 0, {"personal": 5, "santa_croce": 1, "san_polo": 1})
    set_councillors(state, 1, {"personal": 5, "santa_croce": 1, "san_polo": 1})
    cards_to_hand(state, 0, ["councilman"])
    cards_to_hand(state, 1, ["councilman"])
    play_stage(state, "councilman", {"play_cards": 1})
    assert vp(state) == [8, 8, 3]
    tiles = {t["side"]: t["at"] for t in state.token_records().values()
             if t["kind"] == "bonus_tile"}
    assert tiles == {"west": "bonus_won", "east": "bonus_space"}
    play_stage(state, "councilman")                 # won once: nobody scores it again
    assert vp(state) == [8, 8, 3]


def test_reading_12_delayed_turns_clockwise_and_y1_coin():
    # notes: Y1 ([U]): delay the play turn, gain 1 coin; Reading 12 delay_order: clockwise
    state = fresh(3)
    state.data["vars"]["stage_starter"] = 0
    for p in (1, 2):
        building_to_board(state, p, "y1")
        cards_to_hand(state, p, ["gold"])
    cards_to_hand(state, 0, ["gold"])
    held = list(state.data["bank"]["coin"]["held"])
    asked = play_stage(state, "gold", {"use_yellow": lambda p, o: "y1" if "y1" in o else o[0]})
    turns = [a["player"] for a in asked if a["ask"] == "play_cards"]
    assert turns == [0, 1, 2]                # 0 plays; 1 and 2 delay, then play clockwise
    winner = state.data["vars"]["stage_starter"]
    # Y1 costs its coin and gives one back; the Gold action then pays 1 (+1 bonus).
    assert state.data["bank"]["coin"]["held"][1] == held[1] - 1 + 1 + 1 + (winner == 1)
    assert sum(state.data["bank"]["coin"]["on"].values()) == 2


def test_y2_plays_a_gold_card_as_a_doge_card():
    """notes: components.y2, round.activation, phase2.yellow_on_play_turn,
    examples.y2_gold_as_doge."""
    # notes: example "Y2 ([U]): in stage A one Gold card played as a Doge card moves 1 space"
    state = fresh(3)
    set_track(state, "doge", [0, 0, 0], top_first=[1, 0, 2])
    building_to_board(state, 0, "y2")
    cards_to_hand(state, 0, ["gold"])
    cards_to_hand(state, 1, ["doge", "doge"])
    play_stage(state, "doge", {"use_yellow": "y2", "play_cards": lambda p, o: o[-1]})
    assert state.data["tracks"]["doge"]["pos"][0] == 1
    assert state.data["bank"]["coin"]["on"]          # the coin lies on the building


def test_reading_13_a_building_works_once_per_round():
    # notes: Reading 13 activation_once_per_round; A round (activating = 1 own coin); End of
    # round (coins go back to the general supply); B1 (PROVISIONAL +1 VP); checklist 13
    state = fresh(3)
    tid = building_to_board(state, 0, "b1")
    state.data["bank"]["coin"]["held"][0] = 3
    asked = run(state, "blue_phase", {"use_blue": "use"})
    assert len([a for a in asked if a["player"] == 0]) == 1
    assert state.data["bank"]["coin"]["on"] == {tid: 1}
    run(state, "end_of_round")
    assert state.data["bank"]["coin"]["on"] == {}
    assert state.data["bank"]["coin"]["held"][0] == 2


def test_reading_14_green_building_draws_three_or_takes_from_the_leftover_row():
    # notes: G1 ([U]); Reading 14 green_g1_draw: 3; checklist 12 (green in phase I)
    state = fresh(3)
    building_to_board(state, 0, "g1")
    state.data["vars"]["round"] = 1
    asked = run(state, "take_cards", {"use_green": "use", "take_or_draw": "draw",
                                      "take_row": lambda p, o: o[0]})
    cuts = [a for a in asked if a["ask"] == "discard_card" and a["player"] == 0]
    assert len(cuts) == 6 + 2 + 3 - 7


def test_green_g4_raises_the_hand_limit():
    """notes: components.g4, phase1.hand_limit, readings.11_hand_cut_simultaneous."""
    # notes: G4 ([U]): G1's take/draw and limit +2; Phase I hand limit; Reading 11 (the cut
    # comes after the green buildings, or the limit +2 would come too late)
    state = fresh(3)
    building_to_board(state, 0, "g4")
    state.data["vars"]["round"] = 1
    asked = run(state, "take_cards", {"use_green": "use",
                                      "take_or_draw": lambda p, o: o[-1]})
    hand = [t for t in state.token_records().values()
            if t["kind"] == "card" and t["owner"] == 0 and t["at"] == "hand"]
    assert len(hand) == 9
    assert not [a for a in asked if a["ask"] == "discard_card" and a["player"] == 0]


def test_reading_10_reshuffle_in_the_middle_of_a_deal():
    # notes: Reading 10 reshuffle_all_discards: the unused row and all personal piles
    state = fresh(3)
    cards = [t for t, tok in state.token_records().items() if tok["kind"] == "card"]
    for i, tid in enumerate(cards):
        owner, at = (i % 3, "discard") if i < 70 else (None, "deck")
        state._runtime().set_token(tid, owner=owner, at=at)
    state.data["vars"]["round"] = 1
    run(state, "take_cards")
    assert any(e.get("msg") == "deck_reshuffled" for e in state.log)
    tokens = state.token_records()
    assert sum(1 for t in cards if tokens[t]["at"] == "discard") < 70


def test_reading_7_the_bank_runs_out():
    # notes: Reading 7 finite_supplies: nothing is owed when the coins run out
    state = fresh(3)
    state.data["bank"]["coin"]["bank"] = 1
    cards_to_hand(state, 0, ["gold", "gold"])
    before = state.data["bank"]["coin"]["held"][0]
    play_stage(state, "gold", {"play_cards": 2})
    assert state.data["bank"]["coin"]["held"][0] == before + 1
    assert state.data["bank"]["coin"]["bank"] == 0


def test_reading_7_buildings_run_out():
    # notes: Reading 7 finite_supplies: 5 buildings of a kind; a kind that is gone is not
    # offered (the last copy goes by Doge order: actions run in Doge order)
    state = fresh(3)
    for _ in range(5):
        building_to_board(state, 1, "g4")
    cards_to_hand(state, 0, ["building"] * 3)
    asked = play_stage(state, "building", {"take_building": "b4"})
    offered = [a["options"] for a in asked if a["ask"] == "take_building"][0]
    assert "g4" not in offered and "y4" in offered


def test_blue_buildings_provisional_effects():
    """notes: components.b1, components.b2, components.b3, components.b4."""
    # notes: B1-B4 PROVISIONAL; checklist 12 (blue in phase III)
    state = fresh(3)
    for code in ("b1", "b2", "b3", "b4"):
        building_to_board(state, 0, code)
    state.data["bank"]["coin"]["held"][0] = 4
    run(state, "blue_phase", {"use_blue": "use", "councilman_to": "castello"})
    assert vp(state)[0] == 3 + 1 + 2 + 4
    assert councillors(state, 0, "castello") == 1


def test_district_scoring_halves_per_rank():
    """notes: components.bridge_pairs, end.district_value, end.district_ranks,
    end.no_councilman_no_points, examples.district_12_and_13."""
    # notes: example "District with ends 6+4+1+1 = 12: ranks score 12, 6, 3, 1, 0";
    # End (district value = tile ends touching it; ranks halve, rounded down; no councilman,
    # no points); bridge pairs 4/6, 4/5 (PROVISIONAL); checklist 30, 31; Reading 6 (empty
    # connections add nothing)
    state = fresh(5)
    links = state.data["links"]
    tiles = {t["kind"]: [] for t in state.token_records().values()}
    for tid, tok in state.token_records().items():
        tiles[tok["kind"]].append(tid)
    bridge64 = next(t for t in tiles["bridge_tile"] if state.token_records()[t]["ends"] == [4, 6])
    links["santa_croce_san_polo"] = {"tile": bridge64, "facing": "san_polo"}   # 6 at Santa Croce
    bridge45 = next(t for t in tiles["bridge_tile"] if state.token_records()[t]["ends"] == [4, 5])
    links["santa_croce_dorsoduro"] = {"tile": bridge45, "facing": "santa_croce"}  # 4
    links["santa_croce_cannaregio"] = {"tile": tiles["gondola_tile"][0], "facing": "santa_croce"}
    links["santa_croce_san_marco"] = {"tile": tiles["gondola_tile"][1], "facing": "san_marco"}
    for p, n in enumerate([5, 4, 3, 2, 1]):
        set_councillors(state, p, {"santa_croce": n})
    set_track(state, "vp", [0] * 5)
    run(state, "score_district", d="santa_croce")
    assert vp(state) == [12, 6, 3, 1, 0]
    set_track(state, "vp", [0] * 5)
    run(state, "score_district", d="castello")       # nobody there, no tile: nothing
    assert vp(state) == [0] * 5
    # Value 13 = 6 + 5 + 1 + 1: 13, 6, 3, 1 (the 4/5 bridge turned round gives 5).
    links["santa_croce_dorsoduro"] = {"tile": bridge45, "facing": "dorsoduro"}
    run(state, "score_district", d="santa_croce")
    assert vp(state) == [13, 6, 3, 1, 0]


def test_district_ties_broken_by_the_doge_track():
    """notes: order.doge_track_decides, end.district_ties, readings.6_empty_connection_value."""
    # notes: Order rule; checklist 8 (the Doge track breaks all ties), 30; Reading 6
    # empty_connection_value: Castello's three empty connections add nothing (value 1)
    state = fresh(3)
    state.data["links"]["san_polo_castello"] = {
        "tile": next(t for t, k in state.token_records().items() if k["kind"] == "gondola_tile"),
        "facing": "castello"}
    for p in range(3):
        set_councillors(state, p, {"castello": 2})
    set_track(state, "doge", [1, 1, 0], top_first=[1, 0, 2])
    set_track(state, "vp", [0, 0, 0])
    run(state, "score_district", d="castello")
    assert vp(state) == [0, 1, 0]          # value 1: blue 1, red 0 (half), green 0


def test_end_supply_scores_half_rounded_down(tmp_path):
    """notes: end.supply_points, examples.end_supply, readings.1_supply_score_rounding."""
    # notes: example "End supply of 3 councilmen + 4 coins: 3 VP"; Reading 1; checklist 29
    state = fresh(3)
    set_councillors(state, 0, {"personal": 3})
    state.data["bank"]["coin"]["held"][0] = 4
    set_track(state, "vp", [0, 0, 0])
    run(state, "final_scoring")
    assert vp(state)[0] == 3
    other = copy_with(tmp_path, ("supply_score_rounding:\n    value: down",
                                 "supply_score_rounding:\n    value: up"))
    state = fresh(3, game=other)
    set_councillors(state, 0, {"personal": 3, "general": 15})
    state.data["bank"]["coin"]["held"][0] = 4
    set_track(state, "vp", [0, 0, 0])
    run(state, "final_scoring")
    assert vp(state)[0] == 4


def test_most_points_win_ties_go_to_the_doge_leader():
    """notes: order.doge_track_decides, end.winner."""
    # notes: End (most VP wins, ties to the Doge leader); Order rule; checklist 32
    state = fresh(3)
    set_track(state, "vp", [10, 10, 4])
    set_track(state, "doge", [0, 2, 5])
    state.data["vars"]["round"] = 6
    from regola.interpreter.ending import check_end
    assert check_end(state._runtime())
    assert state.result["winners"] == [1]
    assert state.result["reason"] == "end_condition"


def test_whole_games_end_after_round_six():
    """notes: round.six_rounds_three_phases, end.after_round_six."""
    # notes: checklist 1 (6 rounds of 3 phases); End
    from regola.bots import RandomBot
    for players in (2, 5):
        state = GAME.new_state(players=players, seed=11)
        bot = RandomBot(3)
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, bot.choose(state, seat))
        assert state.data["vars"]["round"] == 6
        assert state.result["reason"] == "end_condition"
        notes = [e["msg"] for e in state.log if e["e"] == "note"]
        assert notes.count("round_begins") == 6 and notes.count("stage_begins") == 36


def test_hands_are_secret_but_their_sizes_public():
    """notes: phase2.hand_sizes_public."""
    # notes: Phase II "Unplayed cards stay in hand ... Hand sizes are public"
    state = fresh(3, seed=9)
    state.data["vars"]["round"] = 1
    run(state, "take_cards")
    view = state.observe(1)
    others = [t for t in view["tokens"] if t["kind"] == "card" and t.get("owner") == 0
              and t["at"] == "hand"]
    mine = [t for t in view["tokens"] if t["kind"] == "card" and t.get("owner") == 1
            and t["at"] == "hand"]
    assert len(others) == 7 and all("type" not in t for t in others)
    assert len(mine) == 7 and all("type" in t for t in mine)


def test_y3_counts_as_a_joker_and_y4_as_a_card_of_the_stage():
    """notes: components.y3, components.y4."""
    # notes: Y3 ([U]) counts as 1 Joker (never alone); Y4 PROVISIONAL: 1 card of the
    # stage's type, usable alone
    state = fresh(3)
    building_to_board(state, 0, "y3")
    cards_to_hand(state, 0, ["doge"])
    run(state, "play_turn", {"use_yellow": ["y3", "play"], "play_cards": 1}, p=0, s="doge",
        may_delay=True)
    assert state.data["pvars"][0]["played"] == 2
    state = fresh(3)
    building_to_board(state, 0, "y4")
    run(state, "play_turn", {"use_yellow": ["y4"]}, p=0, s="gold", may_delay=True)
    assert state.data["pvars"][0]["played"] == 1
    state = fresh(3)
    building_to_board(state, 0, "y3")
    run(state, "play_turn", {"use_yellow": ["y3"]}, p=0, s="gold", may_delay=True)
    assert state.data["pvars"][0]["played"] == 0          # a Joker alone counts nothing


def test_starting_buildings_chosen_counterclockwise_from_the_start_players_right():
    """notes: setup.starting_building_order."""
    # notes: Setup 6 (from the start player's right, counterclockwise: the start player last)
    for players in (3, 5):
        state = fresh(players, seed=7)
        start = state.data["vars"]["start_player"]
        asked = answer(state, {}, until="take_row")
        choosers = [a["player"] for a in asked if a["ask"] == "start_building"]
        order = [(start - 1 - i) % players for i in range(players)]
        assert choosers == order[:len(choosers)]
        assert order[-1] == start


def test_rows_taken_in_doge_order_then_green_buildings_in_doge_order():
    """notes: components.colour_is_phase, order.upper_disc_ahead, phase1.take_row_blind_kept,
    phase1.green_after_rows."""
    # notes: Phase I (rows in Doge order; green buildings only after all have taken a row,
    # in Doge order); Order rule (the upper disc of a stack is ahead); checklist 11, 12
    state = fresh(3)
    set_track(state, "doge", [1, 4, 1], top_first=[1, 2, 0])
    for p in range(3):
        building_to_board(state, p, "g2")
    state.data["vars"]["round"] = 1
    asked = run(state, "take_cards", {"use_green": "use"})
    steps = [(a["ask"], a["player"]) for a in asked if a["ask"] in ("take_row", "use_green")]
    assert steps == [("take_row", 1), ("take_row", 2), ("take_row", 0),
                     ("use_green", 1), ("use_green", 2), ("use_green", 0)]


def test_green_g2_raises_the_limit_and_g3_also_takes_a_card():
    """notes: components.g2, components.g3."""
    # notes: G2 ([U]) hand limit +1 this round; G3: G1's take/draw and limit +1
    for code, hand in (("g2", 8), ("g3", 8)):
        state = fresh(3)
        building_to_board(state, 0, code)
        state.data["vars"]["round"] = 1
        asked = run(state, "take_cards", {"use_green": "use", "take_or_draw": "draw"})
        draws = [a for a in asked if a["ask"] == "take_or_draw"]
        assert len(draws) == (code == "g3")
        mine = [t for t in state.token_records().values()
                if t["kind"] == "card" and t["owner"] == 0 and t["at"] == "hand"]
        assert len(mine) == hand
        assert state.data["pvars"][0]["limit_bonus"] == 1
        run(state, "end_of_round")
        assert state.data["pvars"][0]["limit_bonus"] == 0       # this round only


def test_the_last_copy_of_a_building_goes_by_doge_order():
    """notes: phase2.actions_in_doge_order, stage_c.last_copy."""
    # notes: stage C, last copy of a kind goes by Doge order ([F]); Phase II, actions in
    # Doge order; Reading 7 (finite)
    state = fresh(3)
    set_track(state, "doge", [0, 3, 0], top_first=[1, 0, 2])
    for _ in range(4):
        building_to_board(state, 2, "y4")
    cards_to_hand(state, 0, ["building"] * 4)
    cards_to_hand(state, 1, ["building"] * 4)
    asked = play_stage(state, "building", {
        "play_cards": 4, "take_building": lambda p, o: "y4" if "y4" in o else "none"})
    takes = [(a["player"], "y4" in a["options"]) for a in asked if a["ask"] == "take_building"]
    assert takes[0] == (1, True) and (0, False) in takes


def test_a_player_may_own_several_buildings_of_one_kind():
    """notes: stage_c.duplicates."""
    # notes: stage C, duplicates allowed (seed: any number of the same building)
    state = fresh(3)
    building_to_board(state, 0, "b2")
    cards_to_hand(state, 0, ["building", "building"])
    play_stage(state, "building", {"take_building": "b2"})
    owned = [t["code"] for t in state.token_records().values()
             if t["kind"] == "edifice" and t["owner"] == 0 and t["at"] == "board"]
    assert owned.count("b2") == 2


def test_gondola_stage_district_bonus_goes_to_the_first_to_reach_it():
    """notes: phase2.actions_in_doge_order, district_bonus.first_to_a_side,
    readings.9_district_bonus."""
    # notes: district bonus, checked after each action (Reading 9): in stage E the first
    # player in Doge order to occupy a whole side wins it, the next one does not
    state = fresh(3)
    set_track(state, "doge", [0, 2, 0], top_first=[1, 0, 2])
    for p in (0, 1):
        set_councillors(state, p, {"personal": 5, "santa_croce": 1, "san_polo": 1})
        cards_to_hand(state, p, ["gondola"])
    cards_to_hand(state, 0, ["gondola"])         # red wins the bonus with 2 cards
    set_councillors(state, 1, {"personal": 5, "santa_croce": 1, "san_polo": 1,
                               "dorsoduro": 1})
    play_stage(state, "gondola", {"gondola_connection": "san_polo_dorsoduro",
                                  "councilman_to": "dorsoduro"})
    assert councillors(state, 0, "dorsoduro") == 1
    assert vp(state)[1] == 3 + 5 and vp(state)[0] == 3       # blue acts first (Doge order)


def test_blue_buildings_in_doge_order():
    """notes: components.colour_is_phase, order.doge_track_decides, phase3.blue_in_doge_order."""
    # notes: Phase III, blue buildings in Doge order ([F])
    state = fresh(3)
    set_track(state, "doge", [0, 0, 5], top_first=[1, 0, 2])
    for p in range(3):
        building_to_board(state, p, "b1")
        state.data["bank"]["coin"]["held"][p] = 1
    asked = run(state, "blue_phase", {"use_blue": "use"})
    assert [a["player"] for a in asked] == [2, 1, 0]


def test_y3_is_a_joker_and_never_counts_alone():
    """notes: components.y3, phase2.jokers, phase2.two_jokers_for_one."""
    # notes: Y3 ([U]) counts as 1 Joker; Phase II "Jokers add 1 each, never alone"; checklist 18.
    # With one Gondola card in the Bridge stage, yellow building 3 could give nothing: it is
    # not offered, so no coin is spent on it.
    state = fresh(3)
    building_to_board(state, 0, "y3")
    cards_to_hand(state, 0, ["gondola"])
    coins = state.data["bank"]["coin"]["held"][0]
    asked = run(state, "play_turn", {}, p=0, s="bridge", may_delay=True)
    assert [a for a in asked if a["ask"] == "use_yellow"] == []
    assert state.data["pvars"][0]["played"] == 0
    assert state.data["bank"]["coin"]["held"][0] == coins
    # With one Joker in hand and no Bridge card, yellow building 3 is the second Joker:
    # the two count as one Bridge card.
    state = fresh(3)
    building_to_board(state, 0, "y3")
    cards_to_hand(state, 0, ["gondola", "joker"])
    asked = run(state, "play_turn", {"use_yellow": "y3", "play_jokers": 1}, p=0, s="bridge",
                may_delay=True)
    assert [a["options"] for a in asked if a["ask"] == "use_yellow"] == [["play", "y3"]]
    assert state.data["pvars"][0]["played"] == 1
    # With a Bridge card, yellow building 3 adds one to it.
    state = fresh(3)
    building_to_board(state, 0, "y3")
    cards_to_hand(state, 0, ["bridge"])
    run(state, "play_turn", {"use_yellow": "y3", "play_cards": 1}, p=0, s="bridge",
        may_delay=True)
    assert state.data["pvars"][0]["played"] == 2
