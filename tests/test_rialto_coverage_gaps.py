"""Rialto rules of the notes (shared/rules-notes/rialto.md) that no other test or scenario
drove: the components and board as data, and behaviour rules each from a crafted position.
Every test names the notes' section it checks; rules/rialto/coverage.yaml maps them."""

from __future__ import annotations

from collections import Counter

from rialto_helpers import (
    GAME,
    answer,
    building_to_board,
    cards_to_hand,
    councillors,
    fresh,
    run,
    set_councillors,
    set_track,
    vp,
)

DISTRICTS = ["santa_croce", "san_polo", "dorsoduro", "cannaregio", "san_marco", "castello"]


def tokens_of(state, kind: str) -> dict[str, dict]:
    return {tid: t for tid, t in state.token_records().items() if t["kind"] == kind}


def hand(state, player: int) -> list[dict]:
    return [t for t in tokens_of(state, "card").values()
            if t["owner"] == player and t["at"] == "hand"]


def doge_ahead(state) -> list[int]:
    """The players from ahead to behind on the Doge track (higher in a stack is ahead)."""
    doge = state.data["tracks"]["doge"]
    return sorted(range(state.data["n"]), key=lambda p: (doge["pos"][p], doge["stamp"][p]),
                  reverse=True)


def play_stage(state, stage: str, answers=None):
    """Run one stage; unless told otherwise, everyone plays all their cards of the type."""
    most = {"play_cards": lambda p, o: o[-1], "play_jokers": lambda p, o: o[-1]}
    return run(state, "play_stage", {**most, **(answers or {})}, s=stage)


# -- Components and board (data) ------------------------------------------------------------

def test_components_cards_eleven_of_each_type():
    """notes: components.cards, setup.stock_and_deck."""
    # notes: Components, cards: 77 = 11 each of Doge, Gold, Building, Bridge, Gondola,
    # Councilman, Joker; shuffled face down into the draw pile (Setup 2)
    state = fresh(3)
    cards = tokens_of(state, "card")
    assert Counter(t["type"] for t in cards.values()) == {
        t: 11 for t in ("doge", "gold", "building", "bridge", "gondola", "councilman", "joker")}
    assert GAME.definition.tokens["card"].secret == ["type"]
    view = fresh(3).observe(0)
    deck = [t for t in view["tokens"] if t["kind"] == "card" and t["at"] == "deck"]
    assert len(deck) == 77 and all("type" not in t for t in deck)     # face down


def test_components_councilmen_discs_coins_and_colours():
    """notes: components.colours_councilmen_discs, components.coins."""
    # notes: Components: 18 councilmen and 2 discs (Doge, VP) per colour, 5 colours;
    # 30 coins, a finite general supply; colours of absent players stay in the box
    assert GAME.definition.seats == ["red", "blue", "green", "yellow", "white"]
    assert GAME.definition.pieces["councillor"].per_player == 18
    assert sorted(GAME.definition.tracks) == ["doge", "vp"]
    assert GAME.definition.resources["coin"].bank == 30
    state = fresh(2)
    assert state.data["n"] == 2
    assert len(state.data["tracks"]["doge"]["pos"]) == 2
    assert sum(sum(row) for row in state.piece_counts()["councillor"].values()) == 36


def test_components_tiles():
    """notes: components.round_tiles_and_district_token, components.bonus_tiles,
    components.gondola_tiles, components.bridge_tiles, components.bridge_pairs."""
    # notes: Components: 6 round tiles 1-6 and 1 district token; 2 bonus tiles, one per side
    # of the Grand Canal; 6 gondola tiles worth 1 at both ends; 6 bridge tiles, one value
    # per end, each 3-6 (PROVISIONAL pairs 3/4, 3/5, 3/6, 4/5, 4/6, 5/6)
    state = fresh(3)
    assert sorted(t["number"] for t in tokens_of(state, "round_tile").values()) == [1, 2, 3,
                                                                                   4, 5, 6]
    assert sorted(t["side"] for t in tokens_of(state, "bonus_tile").values()) == ["east",
                                                                                 "west"]
    assert [t["ends"] for t in tokens_of(state, "gondola_tile").values()] == [[1, 1]] * 6
    bridges = sorted(tuple(t["ends"]) for t in tokens_of(state, "bridge_tile").values())
    assert bridges == [(3, 4), (3, 5), (3, 6), (4, 5), (4, 6), (5, 6)]
    assert GAME.definition.constants["district_bonus_vp"] == 5


def test_components_buildings_twelve_kinds_five_each():
    """notes: components.buildings."""
    # notes: Components, buildings: 60 = 12 kinds (green, yellow, blue x values 1-4), 5 of
    # each; colour = phase of use; a building's value is its end-game VP
    state = fresh(3)
    kinds = Counter((t["code"], t["colour"], t["value"])
                    for t in tokens_of(state, "edifice").values())
    expected = {(f"{c[0]}{v}", c, v): 5 for c in ("green", "yellow", "blue")
                for v in (1, 2, 3, 4)}
    assert kinds == expected


def test_board_districts_sides_and_connections():
    """notes: board.districts, board.connections, board.tiles_fill_the_map, board.grand_canal,
    board.map."""
    # notes: Board: 6 districts; 4 connections each, 12 in all; the Grand Canal splits them
    # 3 and 3 (PROVISIONAL west Santa Croce, San Polo, Dorsoduro); not adjacent: Santa
    # Croce-Castello, San Polo-Cannaregio, Dorsoduro-San Marco; 6 + 6 tiles fill all 12
    d = GAME.definition
    assert sorted(d.areas) == sorted(DISTRICTS)
    sides = {a: d.areas[a]["side"] for a in DISTRICTS}
    assert sorted(a for a in DISTRICTS if sides[a] == "west") == ["dorsoduro", "san_polo",
                                                                  "santa_croce"]
    pairs = {frozenset(ends) for ends in d.connections.values()}
    assert len(d.connections) == 12 and len(pairs) == 12
    for a in DISTRICTS:
        assert sum(1 for pair in pairs if a in pair) == 4
    for a, b in (("santa_croce", "castello"), ("san_polo", "cannaregio"),
                 ("dorsoduro", "san_marco")):
        assert frozenset((a, b)) not in pairs
    state = fresh(3)
    assert len(tokens_of(state, "bridge_tile")) + len(tokens_of(state, "gondola_tile")) == 12


def test_tracks_are_unbounded():
    """notes: board.tracks_unbounded."""
    # notes: Board: Doge and VP tracks PROVISIONAL unbounded integers
    state = fresh(3)
    cards_to_hand(state, 0, ["doge"] * 11)
    play_stage(state, "doge")
    assert state.data["tracks"]["doge"]["pos"][0] == 12
    cards_to_hand(state, 0, ["bridge"] * 11)
    set_track(state, "vp", [90, 0, 0])
    play_stage(state, "bridge")
    assert vp(state)[0] == 90 + 11 + 1


# -- Setup --------------------------------------------------------------------------------------

def test_setup_random_start_player_round_tiles_and_bridge_stack():
    """notes: setup.round_tiles, setup.tiles_in_place, setup.stock_and_deck,
    setup.random_start_player."""
    # notes: Setup 1-2: round tiles 1-6 one per district at random; gondolas on their space;
    # bridges in one stack with only the top one showing (the next comes at random); bonus
    # tiles on their spaces; buildings in the stock; a random start player
    starts, layouts = set(), set()
    for seed in range(12):
        state = fresh(3, seed=seed)
        starts.add(state.data["vars"]["start_player"])
        rounds = {t["at"]: t["number"] for t in tokens_of(state, "round_tile").values()}
        assert sorted(rounds) == sorted(DISTRICTS)
        layouts.add(tuple(rounds[d] for d in DISTRICTS))
        at = Counter(t["at"] for t in tokens_of(state, "bridge_tile").values())
        assert at == {"bridge_top": 1, "bridge_stack": 5}
        assert {t["at"] for t in tokens_of(state, "gondola_tile").values()} == {"gondola_space"}
        assert {t["at"] for t in tokens_of(state, "bonus_tile").values()} == {"bonus_space"}
        assert {t["at"] for t in tokens_of(state, "edifice").values()} <= {"stock", "board"}
        assert sum(1 for t in tokens_of(state, "edifice").values() if t["at"] == "board") <= 1
        assert all(link["tile"] is None for link in state.data["links"].values())
    assert starts == {0, 1, 2}
    assert len(layouts) > 6


def test_setup_two_players_coins_and_different_buildings():
    """notes: setup.starting_buildings_few_players."""
    # notes: Setup 5, 6 with 2 players: coins 1-2 clockwise from the start player; the two
    # starting buildings (value 1) differ
    state = fresh(2, seed=5)
    start = state.data["vars"]["start_player"]
    held = state.data["bank"]["coin"]["held"]
    assert [held[start], held[1 - start]] == [1, 2]
    asked = answer(state, {}, until="take_row")
    offered = [a["options"] for a in asked if a["ask"] == "start_building"]
    assert offered[0] == ["g1", "y1", "b1"] and len(offered[1]) == 2
    codes = [t["code"] for t in tokens_of(state, "edifice").values() if t["at"] == "board"]
    assert len(codes) == 2 and len(set(codes)) == 2


# -- Order rule ---------------------------------------------------------------------------------

def test_doge_disc_landing_on_a_stack_goes_on_top():
    """notes: order.upper_disc_ahead, stage_a.doge."""
    # notes: Order rule (upper disc ahead); stage A: landing on discs goes on top
    state = fresh(3)
    set_track(state, "doge", [2, 0, 1], top_first=[0, 2, 1])
    assert doge_ahead(state) == [0, 2, 1]
    cards_to_hand(state, 1, ["doge"])                 # 1 card + bonus: 0 -> 2, onto red
    play_stage(state, "doge")
    assert state.data["tracks"]["doge"]["pos"] == [2, 2, 1]
    assert doge_ahead(state) == [1, 0, 2]


# -- Phase I ------------------------------------------------------------------------------------

def test_cards_are_dealt_one_per_row_at_a_time():
    """notes: phase1.deal_one_per_row."""
    # notes: Phase I: deal players+1 rows of 6 face-up cards, one card per row at a time
    state = fresh(3)
    state.data["vars"]["round"] = 1
    start = len(state.log)
    run(state, "take_cards")
    dealt = [e["to"] for e in state.log[start:]
             if e["e"] == "move_token" and e["from"] == "deck" and e["to"].startswith("row_")]
    assert dealt == ["row_1", "row_2", "row_3", "row_4"] * 6
    revealed = [e for e in state.log[start:] if e["e"] == "reveal" and e["at"].startswith("row_")]
    assert len(revealed) == 24                          # face up


def test_cut_cards_go_face_down_to_the_players_own_pile():
    """notes: phase1.own_discard_pile, readings.11_hand_cut_simultaneous."""
    # notes: Phase I: everyone cuts to 7, discarding face down to a personal pile;
    # Reading 11 (the cut is secret)
    state = fresh(3, seed=2)
    state.data["vars"]["round"] = 1
    run(state, "take_cards")
    for p in range(3):
        pile = [t for t in tokens_of(state, "card").values()
                if t["at"] == "discard" and t["owner"] == p]
        assert len(pile) == 1                            # 6 + 2 = 8 -> 7
    view = state.observe(1)
    theirs = [t for t in view["tokens"] if t["kind"] == "card" and t["at"] == "discard"
              and t.get("owner") == 0]
    mine = [t for t in view["tokens"] if t["kind"] == "card" and t["at"] == "discard"
            and t.get("owner") == 1]
    assert len(theirs) == 1 and "type" not in theirs[0]
    assert len(mine) == 1 and "type" in mine[0]


def test_green_g1_takes_a_card_from_the_leftover_row():
    """notes: components.g1, phase1.unused_row_discarded."""
    # notes: G1 ([U]): take 1 card from the leftover row (instead of drawing); the unused
    # row is then discarded ([F])
    state = fresh(3)
    building_to_board(state, 0, "g1")
    state.data["vars"]["round"] = 1
    asked = run(state, "take_cards", {"use_green": "use", "take_or_draw": lambda p, o: o[1]})
    offer = next(a for a in asked if a["ask"] == "take_or_draw")
    assert offer["options"][0] == "draw" and len(offer["options"]) > 1
    leftover = [t for t in tokens_of(state, "card").values() if t["at"] == "discarded"]
    assert len(leftover) == 5                            # one of the 6 went to red's hand
    cuts = [a for a in asked if a["ask"] == "discard_card" and a["player"] == 0]
    assert len(cuts) == 6 + 2 + 1 - 7


# -- Phase II -----------------------------------------------------------------------------------

def test_stage_a_starts_with_the_doge_leader_not_the_start_player():
    """notes: phase2.stage_a_starter."""
    # notes: Phase II: stage A's start player is the first on the Doge track (each round)
    state = fresh(3)
    state.data["vars"]["start_player"] = 0
    state.data["vars"]["stage_starter"] = 0
    set_track(state, "doge", [1, 0, 4], top_first=[2, 0, 1])
    for p in range(3):
        cards_to_hand(state, p, ["doge"])
    state.data["threads"] = [{"stack": [{"p": "play_stages", "pc": 0, "e": {}}],
                              "wait": None, "player": None}]
    from regola.interpreter import vm
    vm.advance(state._runtime())
    assert state.to_move == [2]
    assert state.decision(2)["ask"] == "play_cards"


def test_unplayed_cards_stay_in_hand_played_ones_go_face_down_to_the_own_pile():
    """notes: phase2.play_any_or_pass, phase2.played_cards_discarded."""
    # notes: Phase II: any number of the stage's cards, or pass; unplayed cards stay in
    # hand for later stages; played cards go to the personal discard pile (face down)
    state = fresh(3)
    cards_to_hand(state, 0, ["gold", "gold", "gold", "doge"])
    cards_to_hand(state, 1, ["gold"])
    play_stage(state, "gold", {"play_cards": [1, 0]})
    assert sorted(t["type"] for t in hand(state, 0)) == ["doge", "gold", "gold"]
    assert [t["type"] for t in hand(state, 1)] == ["gold"]          # passed
    pile = [t for t in tokens_of(state, "card").values()
            if t["at"] == "discard" and t["owner"] == 0]
    assert [t["type"] for t in pile] == ["gold"]
    view = state.observe(2)
    assert all("type" not in t for t in view["tokens"]
               if t["kind"] == "card" and t["at"] == "discard" and t.get("owner") == 0)
    play_stage(state, "doge")
    assert sorted(t["type"] for t in hand(state, 0)) == ["gold", "gold"]


def test_buildings_cost_no_gold():
    """notes: components.buildings_cost_no_gold, stage_c.building."""
    # notes: Components: buildings cost no gold; Building cards are the only price ([T])
    state = fresh(3)
    before = list(state.data["bank"]["coin"]["held"])
    cards_to_hand(state, 0, ["building"] * 4)
    play_stage(state, "building", {"take_building": ["b4", "none"]})
    assert [t["code"] for t in tokens_of(state, "edifice").values() if t["owner"] == 0] == ["b4"]
    assert state.data["bank"]["coin"]["held"] == before


def test_only_free_connections_take_a_tile():
    """notes: board.free_connection_takes_a_tile, stage_e.gondola_bonus."""
    # notes: Board: any free connection takes a bridge or a gondola; stage E bonus (gondola
    # on a free connection)
    state = fresh(3)
    gondola = next(iter(tokens_of(state, "gondola_tile")))
    state.data["links"]["dorsoduro_castello"] = {"tile": gondola, "facing": "castello"}
    state._runtime().set_token(gondola, at="placed")
    cards_to_hand(state, 0, ["gondola"])
    asked = play_stage(state, "gondola", {"gondola_connection": "san_polo_castello"})
    offered = next(a["options"] for a in asked if a["ask"] == "gondola_connection")
    assert "dorsoduro_castello" not in offered and len(offered) == 11
    assert state.data["links"]["san_polo_castello"]["tile"] is not None


def test_reading_5_no_free_connection_keeps_the_bonus_point():
    # notes: Reading 5 lost_tile_bonus: no free connection -> the bridge is not placed, the
    # +1 VP still counts (the no-tile-left case: test_rialto_rules)
    state = fresh(3)
    tiles = [*tokens_of(state, "gondola_tile"), *tokens_of(state, "bridge_tile")][:12]
    for conn, tid in zip(GAME.definition.connections, tiles):
        state.data["links"][conn] = {"tile": tid, "facing": GAME.definition.connections[conn][0]}
        state._runtime().set_token(tid, at="placed")
    cards_to_hand(state, 0, ["bridge"])
    asked = play_stage(state, "bridge")
    assert not [a for a in asked if a["ask"] == "bridge_connection"]
    assert vp(state)[0] == 3 + 1 + 1
    assert any(e.get("msg") == "tile_not_laid" for e in state.log)


def test_stage_f_bonus_councilman_with_empty_personal_supply_moves_from_a_district():
    """notes: stage_f.councilmen, stage_f.empty_personal_supply."""
    # notes: stage F: per card one councilman personal -> current district, the bonus one
    # more; with the personal supply empty, board councilmen may be moved (Reading 8)
    state = fresh(3)
    state.data["vars"]["district"] = "cannaregio"
    set_councillors(state, 0, {"personal": 2, "castello": 1, "dorsoduro": 1})
    cards_to_hand(state, 0, ["councilman"] * 3)
    asked = play_stage(state, "councilman", {"councilman_from": ["castello", "none"]})
    assert councillors(state, 0, "cannaregio") == 3      # 2 personal + 1 moved; 1 declined
    assert councillors(state, 0, "personal") == 0
    froms = [a["options"] for a in asked if a["ask"] == "councilman_from"]
    assert froms[0] == ["none", "dorsoduro", "castello"]


# -- Buildings: activation and colours ------------------------------------------------------

def test_activating_needs_an_own_coin():
    """notes: round.activation."""
    # notes: A round: activating = put 1 own coin on an own building with no coin
    state = fresh(3)
    building_to_board(state, 0, "b1")
    state.data["bank"]["coin"]["held"][0] = 0
    asked = run(state, "blue_phase", {"use_blue": "use"})
    assert [a for a in asked if a["player"] == 0] == []
    assert vp(state)[0] == 3


def test_each_colour_works_only_in_its_phase():
    """notes: components.colour_is_phase, components.y4, phase2.yellow_on_play_turn,
    phase3.blue_in_doge_order."""
    # notes: Components: colour = phase of use (green I, yellow II, blue III); Phase III:
    # blue buildings only
    state = fresh(3)
    for code in ("g2", "y4", "b1"):
        building_to_board(state, 0, code)
    state.data["bank"]["coin"]["held"][0] = 5
    asked = run(state, "blue_phase", {"use_blue": "use"})
    assert [a["ask"] for a in asked if a["player"] == 0] == ["use_blue"]
    asked = run(state, "play_turn", {"use_yellow": "play"}, p=0, s="gold", may_delay=True)
    assert [a["options"] for a in asked if a["ask"] == "use_yellow"] == [["play", "y4"]]
    run(state, "end_of_round")
    state.data["vars"]["round"] = 1
    asked = run(state, "take_cards", {"use_green": "use"})
    assert len([a for a in asked if a["ask"] == "use_green" and a["player"] == 0]) == 1
    assert not [a for a in asked if a["ask"] in ("use_yellow", "use_blue")]


# -- End ----------------------------------------------------------------------------------------

def test_buildings_score_their_value_at_the_end():
    """notes: components.building_value_scores, end.building_points."""
    # notes: End, scoring: each building's value (a building's value is its end-game VP)
    state = fresh(3)
    for code in ("g1", "y3", "b4", "b4"):
        building_to_board(state, 1, code)
    set_councillors(state, 1, {"general": 18})
    state.data["bank"]["coin"]["held"][1] = 0
    set_track(state, "vp", [0, 0, 0])
    run(state, "final_scoring")
    assert vp(state)[1] == 1 + 3 + 4 + 4


def test_stages_run_in_order_doge_gold_building_bridge_gondola_councilman():
    """notes: phase2.stage_order."""
    # notes: Phase II: stages A-F in the order Doge, Gold, Building, Bridge, Gondola,
    # Councilman (checklist 14)
    state = fresh(3)
    start = len(state.log)
    run(state, "play_stages")
    stages = [e["stage"] for e in state.log[start:] if e.get("msg") == "stage_begins"]
    assert stages == ["doge", "gold", "building", "bridge", "gondola", "councilman"]


def test_district_bonus_checked_after_a_blue_building_in_phase_iii():
    """notes: components.b3, district_bonus.first_to_a_side, readings.9_district_bonus."""
    # notes: district bonus, Reading 9 (checked after each action): B3 (PROVISIONAL) puts
    # the last councilman of a side in phase III and wins the tile at once, before the next
    # player in Doge order acts
    state = fresh(3)
    set_track(state, "doge", [3, 0, 0], top_first=[0, 1, 2])
    for p in (0, 1):
        building_to_board(state, p, "b3")
        state.data["bank"]["coin"]["held"][p] = 1
        set_councillors(state, p, {"personal": 2, "cannaregio": 1, "san_marco": 1})
    run(state, "blue_phase", {"use_blue": "use", "councilman_to": "castello"})
    assert vp(state) == [3 + 5, 3, 3]
    assert councillors(state, 1, "castello") == 1            # blue got there second
    east = next(t for t in tokens_of(state, "bonus_tile").values() if t["side"] == "east")
    assert east["owner"] == 0 and east["at"] == "bonus_won"
