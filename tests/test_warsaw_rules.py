"""Warsaw: City of Ruins - the rules, the worked examples and the building blocks, driven
through the interpreter (shared/rules-notes/warsaw.md names each item checked)."""

from __future__ import annotations

import pytest
from warsaw_helpers import (
    GAME,
    bank_left,
    call,
    clear,
    coins,
    fresh,
    lay,
    pvar,
    run,
    set_coins,
    with_options,
)

from regola.dsl.builtins import grid
from regola.errors import UnsupportedPlayers

P, R, C, U, IND = "park", "residential", "commercial", "cultural", "industrial"


def regions(state, p, kind):
    return grid._regions(state._runtime(), "district", p, kind)


def opens(state, p):
    return grid._open(state._runtime(), "district", p)


# -- components and setup ---------------------------------------------------------------
def test_player_counts_two_to_four():  # notes: Checklist 1
    """notes: Components (2-4 players)."""
    assert GAME.player_counts == [2, 3, 4]
    with pytest.raises(UnsupportedPlayers):
        GAME.new_state(players=5)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup(players):  # notes: Setup; Checklist 2-5
    """notes: Setup (same for 2, 3, 4 players: start tile park and residential, 6 coins, mermaid
    on 0, milestones face up on their spaces); Components (105 tiles, 4 start tiles, 5
    milestones)."""
    state = fresh(players=players)
    tiles = [t for t in state.token_records().values()]
    assert len(tiles) == 105
    assert sum(t["family"] == "start" for t in tiles) == 4
    milestones = [t for t in tiles if t["family"] == "milestone"]
    assert len(milestones) == 5 and all(t["at"] == "board" and t["shown"] for t in milestones)
    faces = state.data["vars"]["faces"]
    assert len(faces) == 5 and all(f in t["sides"] for f, t in zip(faces, milestones))
    assert bank_left(state) is None                      # Reading 14: it never runs out
    for p in range(players):
        assert coins(state, p) == 6 and pvar(state, p, "vp") == 0
        (start,) = [state.token_records()[t] for t in grid.stack(state._runtime(), "district",
                                                                p, [0, 0])]
        assert start["family"] == "start" and start["quarters"] == [P, P, R, R]


# -- construction ---------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3])
def test_deal_four_and_box_the_rest_unseen(players):  # notes: Checklist 7
    """notes: Construction (draft) - 4 tiles dealt to each player; with 2 or 3 players the
    undealt tiles go to the box unseen."""
    state = fresh(players=players)
    toks = state.token_records().values()
    for p in range(players):
        assert sum(t["owner"] == p and t["at"] in ("hand", "picked") for t in toks) == 4
    boxed = [t for t in toks if t["epoch"] == 1 and t["at"] == "box"]
    assert len(boxed) == 16 - 4 * players and not any(t["shown"] for t in boxed)


def test_picks_are_secret_and_revealed_together():  # notes: Checklist 8
    """notes: Construction (draft) - each player picks secretly, face down; all reveal together."""
    state = fresh(players=3)
    assert sorted(state.to_move) == [0, 1, 2]
    assert all(state.decision(p)["ask"] == "pick_tile" for p in range(3))
    seen = state.observe(1)
    assert not any(t.get("owner") == 0 and "quarters" in t for t in seen["tokens"]
                   if t.get("at") == "hand")
    state.apply(0, state.legal_actions(0)[0])
    picked = [t for t in state.token_records().values() if t["at"] == "picked"]
    assert len(picked) == 1 and not picked[0]["shown"]
    state.apply(1, state.legal_actions(1)[0])
    state.apply(2, state.legal_actions(2)[0])
    picked = [t for t in state.token_records().values() if t["at"] == "picked"]
    assert len(picked) == 3 and all(t["shown"] for t in picked)
    assert all(state.decision(p)["ask"] == "build_or_discard" for p in range(3))


def test_discard_for_three_coins():  # notes: Checklist 9
    """notes: Construction (draft) - a revealed tile may be discarded to the box for 3 coins."""
    state = fresh()
    for p in (0, 1):
        state.apply(p, state.legal_actions(p)[0])
    tid = [t for t, tok in state.token_records().items() if tok["at"] == "picked"
           and tok["owner"] == 0][0]
    state.apply(0, "discard")
    state.apply(1, "discard")
    assert coins(state, 0) == 9 and state.token_records()[tid]["at"] == "box"


def _hand(state, p):
    return {t for t, tok in state.token_records().items() if tok["at"] == "hand"
            and tok["owner"] == p}


def _one_round(state):
    for p in state.to_move:
        state.apply(p, state.legal_actions(p)[0])
    while any(state.decision(p) and state.decision(p)["ask"] != "pick_tile"
              for p in range(state.data["n"])):
        for p in state.to_move:
            state.apply(p, "discard" if "discard" in [a["id"] for a in
                                                      state.legal_actions(p)]
                        else state.legal_actions(p)[0])


@pytest.mark.parametrize("left_is_next", [True, False])
def test_pass_left_in_odd_epochs(tmp_path, left_is_next):  # notes: Checklist 10; Reading 16
    """notes: Construction (draft) - pass left in epochs I, III, V; Reading 16 (left is the next
    seat; option: the previous)."""
    game = GAME if left_is_next else with_options(tmp_path, pass_left_is_next_seat="false")
    state = fresh(game, players=3)
    before = {p: _hand(state, p) for p in range(3)}
    _one_round(state)
    for p in range(3):
        giver = (p - 1) % 3 if left_is_next else (p + 1) % 3
        assert _hand(state, p) <= before[giver] and len(_hand(state, p)) == 3


def test_pass_right_in_even_epochs():  # notes: Construction (draft); Checklist 10
    """Hands go left (to the next seat) in epochs I, III, V and right (to the previous
    seat) in II, IV, VI: played through epoch I, then one pick of epoch II."""
    state = fresh(players=3)
    for epoch, odd in ((1, True), (2, False), (5, True), (6, False)):
        state.data["vars"]["epoch"] = epoch
        assert call(state, "odd_epoch") is odd
    state = fresh(players=3)
    while state.data["vars"]["epoch"] == 1 or state.decision(0)["ask"] != "pick_tile":
        _one_round(state) if state.decision(0)["ask"] == "pick_tile" else \
            [state.apply(p, state.legal_actions(p)[0]) for p in list(state.to_move)]
    before = {p: _hand(state, p) for p in range(3)}
    _one_round(state)
    for p in range(3):
        assert _hand(state, p) <= before[(p + 1) % 3] and len(_hand(state, p)) == 3


def test_income_phase_order_war_milestone_scoring():  # notes: Income phase, in order
    """Every income phase: the war (III and IV only), then the milestone (I-V), then the
    scoring; the next epoch starts only afterwards."""
    import random
    state = fresh(players=3, seed=2)
    rng = random.Random(2)
    while not state.is_over:
        p = state.to_move[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
    notes = [e for e in state.log if e.get("e") == "note"]
    starts = [i for i, e in enumerate(notes) if e["msg"] == "epoch_begins"] + [len(notes)]
    for epoch in range(1, 7):
        phase = [e["msg"] for e in notes[starts[epoch - 1]:starts[epoch]]
                 if e["msg"] in ("war", "milestone_won", "milestone_discarded", "scored")]
        steps = [m if m == "war" else "milestone" if m.startswith("milestone") else m
                 for m in phase]
        want = (["war"] if epoch in (3, 4) else []) + (["milestone"] if epoch < 6 else [])
        assert steps[:len(want)] == want and set(steps[len(want):]) <= {"scored"}, epoch


def test_four_tiles_handled_per_epoch_then_income():  # notes: Checklist 6, 11
    """notes: An epoch (construction, then income); Construction (draft) - four picks, each
    player handles 4 tiles."""
    state = fresh()
    while state.data["vars"]["epoch"] == 1:
        _one_round(state)
    toks = state.token_records().values()
    assert not any(t["epoch"] == 1 and t["at"] in ("hand", "picked") for t in toks)
    notes = [e for e in state.log if e.get("e") == "note"]
    second = [i for i, e in enumerate(notes) if e["msg"] == "epoch_begins"][1]
    for p in (0, 1):
        handled = [e for e in notes[:second] if e["msg"] in ("tile_built", "tile_discarded")
                   and e["player"] == p]
        assert len(handled) == 4
    assert any(e["msg"] == "scored" for e in notes[:second])     # the income phase came


# -- the district grid ----------------------------------------------------------------
def test_full_edge_needed_corner_is_not_enough():  # notes: Checklist 12
    """notes: Placement - a new tile shares a full edge with the district, a corner is not
    enough; Tiles and the district (edge-connected)."""
    state = fresh()
    assert [1, 1] not in opens(state, 0) and [1, 0] in opens(state, 0)
    assert sorted(opens(state, 0)) == [[-1, 0], [0, -1], [0, 1], [1, 0]]


def test_worked_example_3_four_wide_is_at_most_three_high():  # notes: Worked example 3
    """notes: Worked example 3; Placement / Tiles and the district (the 3x4 or 4x3 limit)."""
    state = fresh()
    for x in (1, 2, 3):
        lay(state, 0, [x, 0], [C] * 4)
    lay(state, 0, [0, 1], [C] * 4)
    lay(state, 0, [0, 2], [C] * 4)
    spaces = opens(state, 0)
    assert [4, 0] not in spaces and [-1, 0] not in spaces      # cannot widen
    assert [0, 3] not in spaces and [0, -1] not in spaces      # at most 3 high
    assert [1, 1] in spaces                                    # the 3 x 4 fills up


def test_at_most_twelve_spaces():  # notes: Checklist 13
    """notes: Tiles and the district; Placement - the district fits 3x4 or 4x3, at most 12
    spaces."""
    state = fresh()
    for y in range(3):
        for x in range(4):
            if (x, y) != (0, 0):
                lay(state, 0, [x, y], [C] * 4)
    assert opens(state, 0) == []
    assert len(grid.cells(state._runtime(), "district", 0)) == 12


def test_rotation_only_when_placing():  # notes: Checklist 14
    """notes: Placement - tiles rotate (4 orientations) before placing, never afterwards."""
    state = fresh()
    clear(state, 0)
    tid = lay(state, 0, [0, 0], [P, R, C, U], turns=1)
    found = {tuple(r[0]): k for k in (P, R, C, U) for r in regions(state, 0, k)}
    assert found == {(1, 0): P, (1, 1): R, (0, 1): U, (0, 0): C}   # a quarter turn clockwise
    assert grid.rotations(state._runtime(), "district", tid) == [0, 1, 2, 3]
    plain = lay(state, 0, [1, 0], [C] * 4)
    assert grid.rotations(state._runtime(), "district", plain) == [0]
    # a laid tile keeps its turn: the game offers no statement that turns it again
    assert state.token_records()[tid]["rot"] == 1


def test_worked_examples_1_and_2_overbuild_costs():  # notes: Worked examples 1, 2; Checklist 15
    """notes: Worked examples 1, 2; Placement (overbuild: new cost minus covered cost, never
    below 0)."""
    state = fresh()
    lay(state, 0, [1, 0], [C] * 4, cost=2)
    lay(state, 0, [2, 0], [C] * 4, cost=3)
    new5, new2 = lay(state, 1, [1, 0], [C] * 4, cost=5), lay(state, 1, [2, 0], [C] * 4, cost=2)
    assert call(state, "build_cost", 0, new5, [1, 0]) == 3
    assert call(state, "build_cost", 0, new2, [2, 0]) == 0
    assert call(state, "build_cost", 0, new5, [1, 1]) == 5                # empty space


def test_stacks_may_be_overbuilt_again():  # notes: Checklist 16; Reading 2
    """notes: Placement (overbuild a tile or a stack); Reading 2 (no stack limit)."""
    state = fresh()
    for cost in (1, 2, 3):
        lay(state, 0, [0, 0], [C] * 4, cost=cost)
    stack = grid.stack(state._runtime(), "district", 0, [0, 0])
    assert len(stack) == 4 and [state.token_records()[t]["level"] for t in stack] == [0, 1, 2, 3]
    assert [0, 0] in call(state, "build_spaces", 0)


def test_max_stack_height_option(tmp_path):  # notes: Reading 2 (option 3)
    """notes: Reading 2 (max_stack_height, option 3)."""
    state = fresh(with_options(tmp_path, max_stack_height="3"))
    lay(state, 0, [0, 0], [C] * 4)
    assert [0, 0] in call(state, "build_spaces", 0)
    lay(state, 0, [0, 0], [C] * 4)
    assert [0, 0] not in call(state, "build_spaces", 0)


def test_reading_1_only_the_covered_tile_counts(tmp_path):  # notes: Reading 1
    """notes: Reading 1 (overbuild_discount: top_tile; option stack)."""
    for game, want in ((GAME, 4), (with_options(tmp_path, overbuild_discount="stack"), 1)):
        state = fresh(game)
        lay(state, 0, [1, 0], [C] * 4, cost=3)
        lay(state, 0, [1, 0], [C] * 4, cost=1)
        new = lay(state, 1, [1, 0], [C] * 4, cost=5)
        assert call(state, "build_cost", 0, new, [1, 0]) == want


@pytest.mark.parametrize("rule", ["discard", "forfeit"])
def test_reading_15_cannot_pay(tmp_path, rule):  # notes: Reading 15 (both values)
    """Reading 15: a player who can pay for the picked tile on no space is not asked; with
    cannot_pay: discard (the default) they discard it for 3 coins, with forfeit it goes to
    the box for nothing. A player who can pay still chooses."""
    game = GAME if rule == "discard" else with_options(tmp_path, cannot_pay="forfeit")
    state = fresh(game)
    tid = [t for t, tok in state.token_records().items() if tok["at"] == "hand"
           and tok["owner"] == 0][0]
    state._runtime().set_token(tid, at="picked", shown=True, cost=2)
    set_coins(state, 0, 1)
    assert run(state, "plan_tile", 0) == []
    assert pvar(state, 0, "plan") == rule
    run(state, "carry_out", 0)
    tok = state.token_records()[tid]
    assert tok["at"] == "box" and tok["owner"] is None
    assert coins(state, 0) == (4 if rule == "discard" else 1)
    msg = "tile_discarded" if rule == "discard" else "tile_forfeited"
    assert [e["msg"] for e in state.log if e.get("player") == 0 and e.get("msg", "")
            .startswith("tile_")] == [msg]
    state._runtime().set_token(tid, at="picked", owner=0)
    set_coins(state, 0, 2)                                    # now it can pay
    asked = run(state, "plan_tile", 0, choose=lambda a, o: o[0])
    assert asked[0][0] == "build_or_discard" and "discard" in asked[0][1]
