"""Warsaw: rules of shared/rules-notes/warsaw.md driven through the game's own procedures or
through real play (the decisions a player meets), where the older tests only called a
function. Each test names the notes' item it checks (rules/warsaw/coverage.yaml)."""

from __future__ import annotations

import pytest
from warsaw_helpers import (
    GAME,
    IND,
    PUB,
    C,
    P,
    R,
    U,
    call,
    clear,
    coins,
    fresh,
    lay,
    pvar,
    regions,
    run,
    score,
    scored,
    set_coins,
    with_options,
)

from regola.dsl.builtins import grid
from regola.interpreter import goals


def picked(state, p, quarters, cost, icons=None):
    """Turn one of p's hand tiles into the revealed pick with these quarters and cost."""
    tid = [t for t, tok in state.token_records().items() if tok["at"] == "hand"
           and tok["owner"] == p][0]
    state._runtime().set_token(tid, at="picked", shown=True, cost=cost,
                               quarters=list(quarters), icons=list(icons or [0, 0, 0, 0]))
    return tid


def stack(state, p, cell):
    return grid.stack(state._runtime(), "district", p, cell)


# -- placement --------------------------------------------------------------------------
def test_rotation_is_chosen_when_building():
    """notes: Placement - a tile is turned freely (4 orientations) before it is placed and
    never afterwards: plan_tile asks for the turn of a tile with four different quarters,
    carry_out lays it so; a tile that looks the same every way is not asked about."""
    state = fresh()
    tid = picked(state, 0, [P, R, C, U], cost=1)
    asked = run(state, "plan_tile", 0,
                choose=lambda a, o: [1, 0] if a == "build_or_discard" else 1)
    assert [a for a, _ in asked] == ["build_or_discard", "turn_tile"]
    assert asked[1][1] == [0, 1, 2, 3]
    run(state, "carry_out", 0)
    tok = state.token_records()[tid]
    assert tok["at"] == "district" and tok["rot"] == 1
    found = {tuple(r[0]): k for k in (P, R, C, U) for r in regions(state, 0, k)
             if r[0][0] >= 2}
    assert found == {(3, 0): P, (3, 1): R, (2, 1): U, (2, 0): C}    # a quarter turn
    plain = picked(state, 0, [C] * 4, cost=1)
    asked = run(state, "plan_tile", 0, choose=lambda a, o: [2, 0])
    assert [a for a, _ in asked] == ["build_or_discard"]
    run(state, "carry_out", 0)
    assert state.token_records()[plain]["rot"] == 0 and state.token_records()[tid]["rot"] == 1


@pytest.mark.parametrize("under,new,paid", [(2, 5, 3), (3, 2, 0)])
def test_worked_examples_1_2_paid_when_building(under, new, paid):
    """notes: Worked examples 1 and 2; Placement (overbuild): a cost 5 tile over a cost 2
    tile costs 3; a cost 2 tile over a cost 3 tile costs 0 and nothing is refunded; the
    covered tile stays under the new one."""
    state = fresh()
    low = lay(state, 0, [1, 0], [C] * 4, cost=under)
    tid = picked(state, 0, [R] * 4, cost=new)
    run(state, "plan_tile", 0, choose=lambda a, o: [1, 0])
    run(state, "carry_out", 0)
    assert coins(state, 0) == 6 - paid
    assert [e["cost"] for e in state.log if e.get("msg") == "tile_built"] == [paid]
    assert stack(state, 0, [1, 0]) == [low, tid]


def test_a_stack_is_one_space():
    """notes: Tiles and the district - a stack counts as one space of the district (for the
    12-space limit and the milestone that counts spaces)."""
    state = fresh()
    lay(state, 0, [1, 0], [C] * 4)
    lay(state, 0, [1, 0], [C] * 4)
    lay(state, 0, [1, 0], [R] * 4)
    assert call(state, "space_count", 0) == 2
    assert call(state, "overbuilt_count", 0) == 1
    for y in range(3):
        for x in range(4):
            if [x, y] not in ([0, 0], [1, 0]):
                lay(state, 0, [x, y], [C] * 4)
    assert call(state, "space_count", 0) == 12 and call(state, "open_spaces", 0) == []


# -- areas and scoring ------------------------------------------------------------------
@pytest.mark.parametrize("quarters,coins", [([C, P, P, R], 0), ([C, R, P, P], 1)])
def test_areas_touching_only_at_a_corner_are_not_adjacent(quarters, coins):
    """notes: Areas - two areas are adjacent when quarters of them share an edge; a corner
    is not enough (a commercial quarter with a residential one diagonal to it earns 0)."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], quarters)
    score(state, 0)
    assert scored(state, 0, "commercial") == (0, coins)


def test_industry_coins_and_one_penalty_per_residential_area():
    """notes: Kinds of scoring (industrial) - each industrial area earns its icon value in
    coins; a residential area next to one or more industrial areas costs 1 VP, only once."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [IND, R, P, IND], icons=[1, 0, 0, 2])
    assert len(regions(state, 0, IND)) == 2 and len(regions(state, 0, R)) == 1
    score(state, 0)
    assert scored(state, 0, "industrial") == (0, 3)
    assert scored(state, 0, "pollution") == (-1, 0)


def _every_kind(state):
    clear(state, 0)
    lay(state, 0, [0, 0], [P, R, U, C], icons=[0, 0, 1, 0], transport=True)
    lay(state, 0, [1, 0], [IND] * 4, icons=[1, 0, 0, 0])
    lay(state, 0, [2, 0], [PUB] * 4, whole=True, transport=True, reward="vp", amount=2)
    (m,) = [t for t, tok in state.token_records().items() if tok["family"] == "milestone"
            and tok["slot"] == 1]
    grid.place(state._runtime(), "district", 0, m, [0, 1], 0)
    state.data["vars"]["epoch"] = 2


ALL = ["park", "commercial", "cultural", "industrial", "pollution", "transport", "milestones",
       "public"]


@pytest.mark.parametrize("order", ["default", "reversed"])
def test_reading_9_every_kind_in_the_aid_order(tmp_path, order):
    """notes: Reading 9 (scoring_order); Income phase 3 - every kind scores, in the order
    park, commercial, cultural, industrial, transport, milestones, public buildings (the
    industry penalty goes with industry); another order in the option changes it."""
    if order == "default":
        game, want = GAME, ALL
    else:
        game = with_options(tmp_path, scoring_order="[public, milestones, transport, "
                                                    "industrial, cultural, commercial, park]")
        want = ["public", "milestones", "transport", "industrial", "pollution", "cultural",
                "commercial", "park"]
    state = fresh(game)
    _every_kind(state)
    score(state, 0)
    assert [e["what"] for e in state.log if e.get("msg") == "scored"] == want
    assert [scored(state, 0, k) for k in ALL] == [(1, 0), (0, 1), (1, 0), (0, 1), (-1, 0),
                                                  (4, 0), (2, 0), (2, 0)]


@pytest.mark.parametrize("reward,amount,per,want", [
    ("vp", 1, R, (2, 0)), ("coins", 1, R, (0, 2)), ("vp", 1, U, (1, 0)),
    ("coins", 1, C, (0, 1)), ("vp", 2, None, (2, 0)), ("coins", 2, None, (0, 2))])
def test_public_building_effects(reward, amount, per, want):
    """notes: Kinds of scoring (milestones and public buildings: their printed effect);
    PROVISIONAL data - the public buildings' effects, per adjacent area of a type or flat."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [R, R, U, U], icons=[0, 0, 1, 0])
    lay(state, 0, [1, 0], [PUB] * 4, whole=True, reward=reward, amount=amount, per=per)
    lay(state, 0, [2, 0], [R, C, R, C])
    lay(state, 0, [1, 1], [C] * 4)
    score(state, 0)
    assert scored(state, 0, "public") == want


def test_milestone_measures():
    """notes: PROVISIONAL data - what the ten milestone faces measure, on one district."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [P, P, R, R])
    lay(state, 0, [1, 0], [P, C, R, C])
    lay(state, 0, [2, 0], [U, U, IND, IND], icons=[2, 0, 1, 0], transport=True)
    lay(state, 0, [2, 0], [U, U, IND, IND], icons=[3, 0, 2, 0], transport=True)
    lay(state, 0, [0, 1], [PUB] * 4, whole=True, transport=True)
    c = state._runtime()
    measured = {g: goals.value(c, g, 0) for g in GAME.definition.goals.measures}
    assert measured == {"residential_areas": 1, "commercial_areas": 1, "culture_value": 3,
                        "industry_value": 2, "transport_groups": 2, "public_buildings": 1,
                        "biggest_park": 3, "overbuilt_spaces": 1, "area_types": 5,
                        "spaces": 4}


# -- wars, played -----------------------------------------------------------------------
def _act(state, prefer="discard"):
    """One decision of the first seat to move: `prefer` if legal, else the first option."""
    p = state.to_move[0]
    ids = [a["id"] for a in state.legal_actions(p)]
    state.apply(p, prefer if prefer in ids else state.legal_actions(p)[0])


def _to_epoch(state, epoch):
    """Play (discarding every pick) until the first pick of `epoch`."""
    while not (state.data["vars"]["epoch"] == epoch
               and all(state.decision(p)["ask"] == "pick_tile" for p in state.to_move)
               and len(state.to_move) == state.data["n"]):
        _act(state)


def _to_war(state):
    """Discard this epoch's four picks; stop at the war's first question."""
    while not state.decision(state.to_move[0]) or \
            state.decision(state.to_move[0])["ask"] != "war_remove":
        _act(state)


def test_second_war_removes_two_different_spaces_with_their_stacks():
    """notes: Income phase 1 (war) - WWII, after epoch IV, takes 2 different spaces from
    each district with every tile under them; the district stays one connected group, the
    two removals judged together (Reading 6); the tiles go to the box, owned by nobody."""
    state = fresh(seed=4)
    _to_epoch(state, 4)
    clear(state, 0)
    for x in range(4):
        lay(state, 0, [x, 0], [C] * 4)
    lay(state, 0, [3, 0], [R] * 4)
    gone = stack(state, 0, [3, 0])
    _to_war(state)
    assert state.decision(0)["ask"] == "war_remove"
    assert sorted(state.decision(0)["options"]) == [[0, 0], [1, 0], [2, 0], [3, 0]]
    state.apply(0, "[3, 0]")
    assert sorted(state.decision(0)["options"]) == [[0, 0], [2, 0]]   # [1,0] would split
    state.apply(0, "[2, 0]")
    while state.decision(1) and state.decision(1)["ask"] == "war_remove":
        _act(state)
    cells = sorted(grid.cells(state._runtime(), "district", 0))
    assert cells == [[0, 0], [1, 0]]
    assert all(state.token_records()[t]["at"] == "box" and state.token_records()[t]["owner"]
               is None for t in gone)
    ruined = [e for e in state.log if e.get("msg") == "ruined" and e["player"] == 0]
    assert [e["spaces"] for e in ruined] == [0, 2]        # WWI: one space, kept (R6)
    assert [e["spaces"] for e in state.log if e.get("msg") == "war"] == [1, 2]


@pytest.mark.parametrize("rule", ["both_wars", "wwii_only"])
def test_reading_5_first_war_and_stacks(tmp_path, rule):
    """notes: Reading 5 (war_removes_stack) - by default the first war (after epoch III)
    also takes every tile under the space; with wwii_only it takes only the top tile and
    the tile below shows again."""
    game = GAME if rule == "both_wars" else with_options(tmp_path, war_removes_stack=rule)
    state = fresh(game, seed=4)
    _to_epoch(state, 3)
    clear(state, 0)
    low = lay(state, 0, [0, 0], [C] * 4)
    top = lay(state, 0, [0, 0], [R] * 4)
    lay(state, 0, [1, 0], [C] * 4)
    _to_war(state)
    state.apply(0, "[0, 0]")
    while state.decision(1) and state.decision(1)["ask"] == "war_remove":
        _act(state)
    assert state.token_records()[top]["at"] == "box"
    if rule == "both_wars":
        assert state.token_records()[low]["at"] == "box"
        assert stack(state, 0, [0, 0]) == [] and pvar(state, 0, "ruins") == [[0, 0]]
    else:
        assert stack(state, 0, [0, 0]) == [low] and pvar(state, 0, "ruins") == []


def test_every_income_phase_scores_and_moves_the_mermaids():
    """notes: Kinds of scoring (every income phase); Income phase 3 - mermaids move as VP
    are scored. A district of the start tile alone (every pick discarded, and a war never
    takes the last space) has one park next to one residential area: 1 VP in each of the
    six income phases; then the final exchange."""
    state = fresh(seed=6)
    while not state.is_over:
        _act(state)
    for p in (0, 1):
        parks = [e for e in state.log if e.get("msg") == "scored" and e["player"] == p
                 and e["what"] == "park"]
        assert [e["vp"] for e in parks] == [1] * 6
        exchange = [e for e in state.log if e.get("msg") == "coins_exchanged"
                    and e["player"] == p][0]
        assert pvar(state, p, "vp") == 6 + exchange["vp"]


# -- milestones, awarded ----------------------------------------------------------------
def _award(state, goal):
    state.data["vars"]["epoch"] = 1
    state.data["vars"]["faces"][0] = goal
    return run(state, "award_milestone", choose=lambda a, o: o[0])


def _milestone(state):
    (m,) = [t for t in state.token_records().values() if t["family"] == "milestone"
            and t["slot"] == 1]
    return m


@pytest.mark.parametrize("vp_b,winner", [(18, 1), (20, None)])
def test_worked_example_7_through_the_award(vp_b, winner):
    """notes: Worked example 7; Income phase 2 - A (4 coins, 20 VP) and B (4 coins, 18 VP)
    tie on the milestone's measure: B gets it and builds it; equal in both, it is
    discarded to the box."""
    state = fresh()
    for p in (0, 1):
        clear(state, p)
        lay(state, p, [0, 0], [R] * 4)
    for p, vp in ((0, 20), (1, vp_b)):
        set_coins(state, p, 4)
        state.data["pvars"][p]["vp"] = vp
    asked = _award(state, "residential_areas")
    m = _milestone(state)
    if winner is None:
        assert asked == [] and m["at"] == "box" and m["owner"] is None
        assert any(e.get("msg") == "milestone_discarded" for e in state.log)
    else:
        assert [a for a, _ in asked] == ["place_milestone"]
        assert m["at"] == "district" and m["owner"] == winner


def test_reading_7_nobody_above_zero_discards_the_milestone():
    """notes: Reading 7 (milestone_needs_positive) - a measure of 0 never wins: with no
    commercial area anywhere the commercial-areas milestone is discarded, even though one
    player has fewer coins (the tie-breaker)."""
    state = fresh()
    set_coins(state, 0, 2)
    assert _award(state, "commercial_areas") == []
    assert _milestone(state)["at"] == "box"


@pytest.mark.parametrize("rule", ["at_once", "seat_order"])
def test_reading_19_war_choices_at_once_or_in_seat_order(tmp_path, rule):
    """notes: Reading 19 (war_choice) - at_once: at the first war every player is asked at
    the same time, and red's choice stays secret (nothing destroyed, nothing in blue's view)
    until blue has chosen too; seat_order: red chooses alone, red's space is destroyed, and
    only then is blue asked, seeing red's loss."""
    game = GAME if rule == "at_once" else with_options(tmp_path, war_choice=rule)
    state = fresh(game, seed=4)
    _to_epoch(state, 3)
    for p in (0, 1):
        clear(state, p)
        lay(state, p, [0, 0], [C] * 4)
        lay(state, p, [1, 0], [R] * 4)
    _to_war(state)

    def ruined():
        return [e["player"] for e in state.log if e.get("msg") == "ruined"]

    if rule == "at_once":
        assert sorted(state.to_move) == [0, 1]
        assert all(state.decision(p)["ask"] == "war_remove" for p in (0, 1))
        state.apply(0, "[1, 0]")
        assert stack(state, 0, [1, 0]) != [] and ruined() == []
        assert "war_pick" not in state.observe(1)["player_vars"][0]
        assert state.to_move == [1] and state.decision(1)["ask"] == "war_remove"
        state.apply(1, "[1, 0]")
    else:
        assert state.to_move == [0] and state.decision(0)["ask"] == "war_remove"
        state.apply(0, "[1, 0]")
        assert stack(state, 0, [1, 0]) == [] and ruined() == [0]
        assert state.to_move == [1] and state.decision(1)["ask"] == "war_remove"
        red_view = [t for t in state.observe(1)["tokens"] if t.get("owner") == 0
                    and t.get("at") == "district"]
        assert len(red_view) == 1
        state.apply(1, "[1, 0]")
    assert ruined() == [0, 1]
    assert stack(state, 0, [1, 0]) == [] and stack(state, 1, [1, 0]) == []
