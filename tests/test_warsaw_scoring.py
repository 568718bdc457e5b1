"""Warsaw: areas, scoring, wars, milestones, the end, and the readings (options) - each
test names the rule, reading or worked example of shared/rules-notes/warsaw.md it checks."""

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
    bank_left,
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
from regola.interpreter import ending, goals


def test_worked_example_4_areas_across_tiles():  # notes: Worked example 4; Checklist 17
    """notes: Worked example 4; Areas (same-type edge-adjacent quarters form one area, across
    tiles); Tiles (2x2 quarters)."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [P, R, R, R])
    lay(state, 0, [1, 0], [R, P, C, C])
    assert len(regions(state, 0, R)) == 1 and len(regions(state, 0, R)[0]) == 4   # A
    assert len(regions(state, 0, C)) == 1                                          # B
    assert len(regions(state, 0, P)) == 2                                          # C, D


def test_corners_do_not_connect():  # notes: Checklist 17
    """notes: Areas - corners don't connect quarters of one type."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [P, C, C, C])
    lay(state, 0, [1, 0], [C, C, C, C])
    lay(state, 0, [1, 1], [P, C, C, C])
    assert len(regions(state, 0, P)) == 2


def test_public_buildings_and_milestones_are_separate_areas():  # notes: Checklist 18
    """notes: Areas - each public building and milestone is its own area, even beside another of
    its kind; Tiles (they fill the whole tile)."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [PUB] * 4, whole=True)
    lay(state, 0, [1, 0], [PUB] * 4, whole=True)
    lay(state, 0, [2, 0], ["milestone"] * 4, whole=True)
    lay(state, 0, [3, 0], ["milestone"] * 4, whole=True)
    assert len(regions(state, 0, PUB)) == 2 and len(regions(state, 0, "milestone")) == 2
    assert all(len(r) == 4 for r in regions(state, 0))


def _covered_district(state):
    """A cultural icon 3, an industrial icon 2 and a transport tile, each covered."""
    clear(state, 0)
    lay(state, 0, [0, 0], [U] * 4, icons=[3, 0, 0, 0])
    lay(state, 0, [0, 0], [C] * 4)
    lay(state, 0, [1, 0], [IND, IND, C, C], icons=[0, 2, 0, 0])
    lay(state, 0, [1, 0], [C] * 4)
    lay(state, 0, [0, 1], [C] * 4, transport=True)
    lay(state, 0, [0, 1], [C] * 4)
    lay(state, 0, [2, 0], [C] * 4, transport=True)
    lay(state, 0, [2, 1], [C] * 4, transport=True)
    lay(state, 0, [1, 1], [C] * 4)


@pytest.mark.parametrize("inert", [True, False])
def test_reading_3_covered_tiles_inert(tmp_path, inert):  # notes: Reading 3 (both values)
    """Reading 3: with covered_tiles_inert (the default) a covered tile does nothing; with
    false its printed icons (culture, industry, transport) still count, while areas are
    always formed by the top tiles."""
    game = GAME if inert else with_options(tmp_path, covered_tiles_inert="false")
    state = fresh(game)
    _covered_district(state)
    assert regions(state, 0, U) == [] and regions(state, 0, IND) == []
    score(state, 0)
    if inert:
        assert call(state, "icon_value", 0, U) == 0
        assert scored(state, 0, "cultural") == (0, 0)
        assert scored(state, 0, "industrial") == (0, 0)
        assert len(call(state, "transport_groups", 0)) == 1        # [2,0]-[2,1] only
        assert scored(state, 0, "transport") == (0, 0)             # one group: below 2
    else:
        assert call(state, "icon_value", 0, U) == 3
        assert scored(state, 0, "cultural") == (3, 0)
        assert scored(state, 0, "industrial") == (0, 2)
        assert len(call(state, "transport_groups", 0)) == 2        # [0,1] counts again
        assert scored(state, 0, "transport") == (4, 0)


def test_park_scores_the_best_park_by_the_table():  # notes: Checklist 25; Reading 10
    """notes: Kinds of scoring (park: one park area scores by adjacent residential areas);
    PROVISIONAL park table; Reading 10 (best)."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [P, C, R, C])       # park 1: next to one residential area
    lay(state, 0, [1, 0], [C, C, P, R])       # park 2: next to two
    lay(state, 0, [1, 1], [R, C, C, C])
    assert sorted(call(state, "park_counts", 0)) == [1, 2]
    score(state, 0)
    assert scored(state, 0, "park") == (3, 0)          # only the best park: 2 -> 3 points


def test_park_choice_option(tmp_path):  # notes: Reading 10 (option choose)
    """notes: Kinds of scoring (park, the player's choice); Reading 10 (option choose)."""
    state = fresh(with_options(tmp_path, park_choice="choose"))
    clear(state, 0)
    lay(state, 0, [0, 0], [P, C, R, C])
    lay(state, 0, [1, 0], [C, C, P, R])
    lay(state, 0, [1, 1], [R, C, C, C])
    assert sorted(call(state, "park_counts", 0)) == [1, 2]
    asked = run(state, "score_park", 0, choose=lambda ask, options: min(options))
    assert asked == [("choose_park", [1, 2])]
    assert pvar(state, 0, "vp") == 1


def test_worked_example_8_commercial_and_pollution():  # notes: Worked example 8; Checklist 26, 28
    """notes: Worked example 8; Kinds of scoring (commercial: 1 coin per adjacent residential
    area; industrial: coins and -1 VP per residential area next to industry); Areas
    (adjacency)."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [R, C, IND, C], icons=[0, 0, 2, 0])   # R1, industry under it
    lay(state, 0, [1, 0], [C, R, C, U])       # R2; the commercial area spans both tiles
    assert len(regions(state, 0, C)) == 1 and len(regions(state, 0, R)) == 2
    score(state, 0)
    assert scored(state, 0, "commercial") == (0, 2)
    assert scored(state, 0, "industrial") == (0, 2)
    assert scored(state, 0, "pollution") == (-1, 0)


def test_cultural_scores_its_icons():  # notes: Checklist 27; Reading 11
    """notes: Kinds of scoring (cultural: its printed icon value in VP); Reading 11 (icon_merge:
    sum)."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [U, U, C, C], icons=[2, 0, 0, 0])
    lay(state, 0, [1, 0], [U, U, C, C], icons=[3, 0, 0, 0])
    score(state, 0)
    assert scored(state, 0, "cultural") == (5, 0)


def test_icon_merge_max_option(tmp_path):  # notes: Reading 11 (option max)
    """notes: Reading 11 (option max)."""
    state = fresh(with_options(tmp_path, icon_merge="max"))
    clear(state, 0)
    lay(state, 0, [0, 0], [U, U, C, C], icons=[2, 0, 0, 0])
    lay(state, 0, [1, 0], [U, U, C, C], icons=[3, 0, 0, 0])
    assert call(state, "icon_value", 0, U) == 3


def _transport(state, cells):
    clear(state, 0)
    for x in range(4):
        for y in range(3):
            lay(state, 0, [x, y], [C] * 4, transport=[x, y] in cells or None)


def test_worked_example_5_transport_groups():  # notes: Worked example 5; Checklist 29
    """notes: Worked example 5; Kinds of scoring (transport: 2 VP per group, at least 2); Reading
    12 (groups)."""
    state = fresh()
    _transport(state, [[0, 0], [1, 0], [3, 2]])
    score(state, 0)
    assert scored(state, 0, "transport") == (4, 0)
    state = fresh()
    _transport(state, [[0, 0], [1, 0]])
    score(state, 0)
    assert scored(state, 0, "transport") == (0, 0)


def test_transport_minimum_tiles_option(tmp_path):  # notes: Reading 12 (option tiles)
    """notes: Reading 12 (option tiles)."""
    state = fresh(with_options(tmp_path, transport_minimum="tiles"))
    _transport(state, [[0, 0], [1, 0]])
    score(state, 0)
    assert scored(state, 0, "transport") == (2, 0)


def test_public_buildings_give_their_effect():  # notes: Component data (public buildings)
    """notes: Kinds of scoring (public buildings: their printed effect); PROVISIONAL data (public
    buildings)."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [R, R, C, C])
    lay(state, 0, [1, 0], [PUB] * 4, whole=True, reward="vp", amount=1, per=R)
    lay(state, 0, [2, 0], [PUB] * 4, whole=True, reward="coins", amount=2)
    score(state, 0)
    assert scored(state, 0, "public") == (1, 2)


@pytest.mark.parametrize("value,epoch,want", [
    ("same_income", 1, 2), ("same_income", 2, 2), ("same_income", 6, 2),
    ("next_income", 1, 0), ("next_income", 2, 2), ("next_income", 6, 2)])
def test_reading_18_milestone_gives_2_points_from_its_income_phase(tmp_path, value, epoch,
                                                                   want):
    """notes: Reading 18 (milestone_scores: same_income; option next_income), Kinds of
    scoring (milestones) and PROVISIONAL data (milestones: +2 VP): the milestone of slot 1,
    awarded in epoch I's income phase, scores in that same phase and every later one; with
    next_income only from epoch II on."""
    game = GAME if value == "same_income" else with_options(tmp_path, milestone_scores=value)
    state = fresh(game)
    clear(state, 0)
    lay(state, 0, [0, 0], [R, R, C, C])
    (m,) = [t for t, tok in state.token_records().items() if tok["family"] == "milestone"
            and tok["slot"] == 1]
    grid.place(state._runtime(), "district", 0, m, [1, 0], 0)
    state.data["vars"]["epoch"] = epoch
    score(state, 0)
    assert scored(state, 0, "milestones") == (want, 0)


@pytest.mark.parametrize("value,want", [("same_income", 2), ("next_income", 0)])
def test_reading_18_milestone_built_in_step_2_scores_in_step_3(tmp_path, value, want):
    """notes: Reading 18 (milestone_scores) and Income phase 2-3: red has more residential
    areas, wins epoch I's milestone in step 2 and builds it; in step 3 of the same income
    phase it gives its 2 VP (same_income), or nothing yet (next_income)."""
    game = GAME if value == "same_income" else with_options(tmp_path, milestone_scores=value)
    state = fresh(game)
    for p in (0, 1):
        clear(state, p)
    lay(state, 0, [0, 0], [R] * 4)
    lay(state, 0, [1, 0], [C] * 4)
    lay(state, 0, [2, 0], [R] * 4)
    lay(state, 1, [0, 0], [R] * 4)
    state.data["vars"]["epoch"] = 1
    state.data["vars"]["faces"][0] = "residential_areas"
    asked = run(state, "income", choose=lambda ask, options: options[0])
    assert [a for a, _ in asked] == ["place_milestone"]
    msgs = [e.get("msg") for e in state.log]
    won = msgs.index("milestone_won")
    assert state.log[won]["player"] == 0
    assert scored(state, 0, "milestones") == (want, 0)
    if want:
        first = next(i for i, e in enumerate(state.log) if e.get("msg") == "scored"
                     and e["what"] == "milestones")
        assert first > won


def test_public_building_counts_as_a_transport_tile():
    """notes: PROVISIONAL data (public buildings: counts as a transport tile); Kinds of
    scoring (transport): a public building with the transport mark joins the count."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [C] * 4, transport=True)
    lay(state, 0, [1, 0], [C] * 4)
    lay(state, 0, [2, 0], [PUB] * 4, whole=True, transport=True)
    score(state, 0)
    assert scored(state, 0, "transport") == (4, 0)


def test_shield_skips_the_pollution_penalty():  # notes: Component data (public buildings)
    """notes: PROVISIONAL data (public buildings: adjacent residential areas skip the industry
    penalty)."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [R, R, IND, IND], icons=[0, 0, 1, 0])
    lay(state, 0, [1, 0], [PUB] * 4, whole=True, shield=True)
    assert call(state, "penalised", 0) == 0


def test_reading_9_scoring_order():  # notes: Reading 9; Checklist 19
    """notes: Reading 9 (scoring_order)."""
    state = fresh()
    clear(state, 0)
    lay(state, 0, [0, 0], [P, R, U, C], icons=[0, 0, 1, 0])
    lay(state, 0, [1, 0], [IND, IND, IND, IND], icons=[1, 0, 0, 0])
    score(state, 0)
    order = [e["what"] for e in state.log if e.get("msg") == "scored"]
    assert order == ["park", "commercial", "cultural", "industrial", "pollution"]


@pytest.mark.parametrize("floor,want", [("0", 0), ("null", -1)])
def test_reading_13_score_floor(tmp_path, floor, want):  # notes: Reading 13
    """notes: Reading 13 (score_floor: 0; option negative)."""
    game = GAME if floor == "0" else with_options(tmp_path, score_floor=floor)
    state = fresh(game)
    run(state, "score_points", 0, "pollution", -1)
    assert pvar(state, 0, "vp") == want


@pytest.mark.parametrize("unlimited", [True, False])
def test_reading_14_bank(tmp_path, unlimited):  # notes: Reading 14 (both values)
    """Reading 14: coins are always open; with bank_unlimited (the default) every gain is
    paid in full, with false the bank holds the 36 coins of the box and a player due more
    than it has left takes what is left; payments go back to it."""
    game = GAME if unlimited else with_options(tmp_path, bank_unlimited="false")
    state = fresh(game, players=3)
    held = state.data["bank"]["coin"]["held"]
    assert state.observe(1)["bank"]["coin"]["held"] == [6, 6, 6]       # open to everyone
    assert bank_left(state) == (None if unlimited else 36 - 3 * 6)
    if unlimited:
        set_coins(state, 0, 0)
    else:                                                 # 2 left in the bank, red has 0
        held[:] = [0, 28, 6]
        state.data["bank"]["coin"]["bank"] = 2
    run(state, "score_coins", 0, "commercial", 5)
    assert coins(state, 0) == (5 if unlimited else 2)
    assert scored(state, 0, "commercial") == (0, 5 if unlimited else 2)
    run(state, "score_coins", 0, "industrial", 3)        # a finite bank is empty now
    assert coins(state, 0) == (8 if unlimited else 2)
    assert bank_left(state) == (None if unlimited else 0)
    held[:] = [11, 6, 6] if unlimited else [11, 19, 6]    # finite: all 36 in hand
    run(state, "final_exchange")
    assert held == [1, 1, 1] if unlimited else held == [1, 4, 1]
    assert bank_left(state) == (None if unlimited else 10 + 15 + 5)   # paid back


def test_worked_example_6_final_exchange():  # notes: Worked example 6; Checklist 30
    """notes: Worked example 6; End of the game (1 VP per full 5 coins, the rest stays)."""
    state = fresh()
    set_coins(state, 0, 13)
    state.data["pvars"][0]["vp"] = 20
    run(state, "final_exchange")
    assert (pvar(state, 0, "vp"), coins(state, 0)) == (22, 3)


# -- milestones -----------------------------------------------------------------------
def _winners(state, goal):
    return goals.winners(state._runtime(), goal)


def test_worked_example_7_milestone_ties():  # notes: Worked example 7; Checklist 24
    """notes: Worked example 7; Income phase 2 (milestone tie: fewer coins, then fewer VP, else
    discarded)."""
    state = fresh()
    for p in (0, 1):
        clear(state, p)
        lay(state, p, [0, 0], [R] * 4)
    for p, vp in ((0, 20), (1, 18)):
        set_coins(state, p, 4)
        state.data["pvars"][p]["vp"] = vp
    assert _winners(state, "residential_areas") == [1]
    state.data["pvars"][1]["vp"] = 20
    assert _winners(state, "residential_areas") == [0, 1]      # still tied: nobody


@pytest.mark.parametrize("positive", [True, False])
def test_reading_7_zero_never_wins(tmp_path, positive):  # notes: Reading 7
    """notes: Reading 7 (milestone_needs_positive)."""
    game = GAME if positive else with_options(tmp_path, milestone_needs_positive="false")
    state = fresh(game)
    set_coins(state, 0, 2)
    want = [] if positive else [0]
    assert _winners(state, "commercial_areas") == want


def _award(state, slot, goal, choose=None):
    state.data["vars"]["epoch"] = slot
    state.data["vars"]["faces"][slot - 1] = goal
    return run(state, "award_milestone", choose=choose)


def test_milestone_is_built_free_and_costs_0_when_overbuilt():  # notes: Checklist 23; Reading 8
    """notes: Income phase 2 (the milestone goes to the best player, built at once for free;
    later overbuilt at cost 0); Reading 8 (mandatory, nothing paid or refunded)."""
    state = fresh()
    lay(state, 0, [1, 0], [R, R, C, C])
    before = coins(state, 0)
    asked = _award(state, 1, "residential_areas", choose=lambda a, o: [1, 0])
    assert asked[0][0] == "place_milestone" and "decline" not in asked[0][1]
    (m,) = [t for t, tok in state.token_records().items() if tok["family"] == "milestone"
            and tok["at"] == "district"]
    assert coins(state, 0) == before
    new = lay(state, 1, [1, 0], [C] * 4, cost=4)
    assert call(state, "build_cost", 0, new, [1, 0]) == 4
    assert m in grid.stack(state._runtime(), "district", 0, [1, 0])


def test_milestone_optional_placement(tmp_path):  # notes: Reading 8 (option optional)
    """notes: Reading 8 (option optional)."""
    state = fresh(with_options(tmp_path, milestone_placement="optional"))
    lay(state, 0, [1, 0], [R, R, C, C])
    asked = _award(state, 1, "residential_areas", choose=lambda a, o: "decline")
    assert "decline" in asked[0][1]


def test_milestone_tie_discards_it():  # notes: Checklist 24
    """notes: Income phase 2 (still tied: no one gets it, it is discarded)."""
    state = fresh()
    _award(state, 2, "spaces")
    slot2 = [t for t in state.token_records().values() if t["slot"] == 2]
    assert slot2[0]["at"] == "box"
    assert any(e.get("msg") == "milestone_discarded" for e in state.log)


def test_milestones_in_epochs_one_to_five_only():  # notes: Checklist 22
    """notes: Income phase 2 (epochs I-V award one each; VI none)."""
    slots = sorted(t["slot"] for t in fresh().token_records().values()
                   if t["family"] == "milestone")
    assert slots == [1, 2, 3, 4, 5]
    state = fresh()
    state.data["vars"]["epoch"] = 6
    assert run(state, "award_milestone") == []
    assert not any(e.get("msg", "").startswith("milestone") for e in state.log)


# -- wars -----------------------------------------------------------------------------
def _line(state, p, n):
    clear(state, p)
    for x in range(n):
        lay(state, p, [x, 0], [C] * 4)


def test_wars_remove_one_then_two_spaces_with_their_stacks():  # notes: Checklist 20; Reading 5
    """notes: Income phase 1 (war: WWI 1 space, WWII 2 different spaces with every tile under
    them); Reading 5."""
    state = fresh()
    _line(state, 0, 4)
    lay(state, 0, [3, 0], [C] * 4)
    assert call(state, "war_size", 3) == 1 and call(state, "war_size", 4) == 2
    state.data["vars"]["epoch"] = 4
    run(state, "choose_ruins", 0, 2, choose=lambda a, o: [3, 0] if [3, 0] in o else o[0])
    picks = pvar(state, 0, "war_pick")
    assert len(picks) == 2 and len({tuple(c) for c in picks}) == 2
    c = state._runtime()
    for cell in picks:
        grid.remove(c, "district", 0, cell, "box", call(state, "whole_spaces"))
    assert len(grid.cells(c, "district", 0)) == 2
    assert sum(t["at"] == "box" and t["quarters"] == [C] * 4 for t in
               state.token_records().values()) >= 3


def test_reading_5_first_war_top_only(tmp_path):  # notes: Reading 5 (option wwii_only)
    """notes: Reading 5 (option wwii_only)."""
    state = fresh(with_options(tmp_path, war_removes_stack="wwii_only"))
    state.data["vars"]["epoch"] = 3
    assert call(state, "whole_spaces") is False
    state.data["vars"]["epoch"] = 4
    assert call(state, "whole_spaces") is True


def test_war_keeps_the_district_connected():  # notes: Checklist 21; Reading 6
    """notes: Income phase 1 (the district must stay one connected group); Reading 6."""
    state = fresh()
    _line(state, 0, 3)
    asked = run(state, "choose_ruins", 0, 1)
    assert sorted(asked[0][1]) == [[0, 0], [2, 0]]          # not the middle


def test_reading_6_second_war_judged_together(tmp_path):  # notes: Reading 6
    """notes: Reading 6 (war_connectivity: after_all; option each)."""
    state = fresh()
    _line(state, 0, 3)
    state.data["vars"]["epoch"] = 4
    first = run(state, "choose_ruins", 0, 2, choose=lambda a, o: [1, 0])[0][1]
    assert [1, 0] in first                                   # with an end, the rest holds
    state = fresh(with_options(tmp_path, war_connectivity="each"))
    _line(state, 0, 3)
    state.data["vars"]["epoch"] = 4
    first = run(state, "choose_ruins", 0, 2)[0][1]
    assert [1, 0] not in first


def test_reading_6_never_the_last_space():  # notes: Reading 6
    """notes: Reading 6 (a war never takes the last space)."""
    state = fresh()
    state.data["vars"]["epoch"] = 4
    assert run(state, "choose_ruins", 0, 2) == []            # one space: nothing to remove
    assert pvar(state, 0, "war_pick") == []
    _line(state, 0, 2)
    run(state, "choose_ruins", 0, 2)
    assert len(pvar(state, 0, "war_pick")) == 1


def test_reading_4_rectangle_recomputed(tmp_path):  # notes: Reading 4
    """notes: Reading 4 (rectangle_recomputed; option false)."""
    for game, turned in ((GAME, True), (with_options(tmp_path, rectangle_recomputed="false"),
                                        False)):
        state = fresh(game)
        _line(state, 0, 4)
        c = state._runtime()
        grid.remove(c, "district", 0, [3, 0], "box")
        state.data["pvars"][0]["ruins"] = [[3, 0]]
        lay(state, 0, [0, 1], [C] * 4)
        lay(state, 0, [0, 2], [C] * 4)
        assert ([0, 3] in call(state, "open_spaces", 0)) is turned


@pytest.mark.parametrize("wars", ["[3, 4]", "[4, 5]"])
def test_reading_17_war_epochs(tmp_path, wars):  # notes: Reading 17; Checklist 19
    """notes: Reading 17 (wars_after [3, 4]; option [4, 5]); Income phase, in order; An epoch (6
    in all)."""
    import random
    game = GAME if wars == "[3, 4]" else with_options(tmp_path, wars_after=wars)
    state = fresh(game, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        p = state.to_move[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    notes = [e for e in state.log if e.get("e") == "note"]
    epochs = [e["epoch"] for e in notes if e["msg"] == "epoch_begins"]
    war_epochs = []
    for i, e in enumerate(notes):
        if e["msg"] == "war":
            war_epochs.append(e["epoch"])
            after = [x["msg"] for x in notes[i:] if x["msg"] in ("milestone_won",
                                                                 "milestone_discarded",
                                                                 "scored")]
            assert not after or after[0] != "scored" or e["epoch"] == 6
    assert war_epochs == eval(wars) and epochs == [1, 2, 3, 4, 5, 6]


# -- the end --------------------------------------------------------------------------
@pytest.mark.parametrize("vp,held,winners", [((9, 8), (0, 4), [0]), ((9, 9), (3, 4), [1]),
                                             ((9, 9), (4, 4), [0, 1])])
def test_end_most_points_then_most_coins_then_shared(vp, held, winners):
    """notes: End of the game; Checklist 30: after epoch VI the most VP wins; a tie goes to
    the most coins left (0-4 after the exchange); still tied, the victory is shared."""
    state = fresh()
    state.data["vars"]["epoch"] = 6
    for p in (0, 1):
        state.data["pvars"][p]["vp"] = vp[p]
        set_coins(state, p, held[p])
    run(state, "final_exchange")
    assert ending.check_end(state._runtime())
    assert state.data["result"]["winners"] == winners
