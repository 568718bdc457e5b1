"""The Python API's promises: options matched type-exactly, new_state's arguments checked,
apply all or nothing, stale actions refused, and max_decisions as a safety net."""

from __future__ import annotations

import random

import pytest

import regola
from conftest import edit_rule_file
from regola import IllegalAction, InvalidArgument, StaleAction, UnsupportedPlayers


@pytest.fixture(scope="module")
def doge():
    return regola.load_game("doge")


def at_marker_choice(doge):
    """Three players; Red chose Castello and must now choose a marker value (0 to 3)."""
    state = doge.new_state(players=3, seed=1)
    state.apply(0, "castello")
    assert state.decision(0)["ask"] == "choose_marker"
    return state


# -- B: type-exact options and checked arguments --------------------------------------------
@pytest.mark.parametrize("action", [True, 1.0, [1], {"value": True}, {"value": 1.0}])
def test_a_value_of_another_type_is_not_the_option(doge, action):
    state = at_marker_choice(doge)
    before = state.to_json()
    with pytest.raises(IllegalAction, match="not legal"):
        state.apply(0, action)
    assert state.to_json() == before


@pytest.mark.parametrize("action", [1, "1", {"value": 1}, {"id": "1"}])
def test_the_option_by_value_id_or_dict(doge, action):
    state = at_marker_choice(doge)
    state.apply(0, action)
    choice = [e for e in state.log if e["e"] == "choice"][-1]
    assert choice == {"e": "choice", "player": 0, "ask": "choose_marker", "value": 1,
                      "private": True}


def test_a_seat_that_is_not_an_integer_decides_nothing(doge):
    state = at_marker_choice(doge)
    assert state.decision(True) is None and state.legal_actions(1.0) == []
    with pytest.raises(IllegalAction, match="no decision"):
        state.apply(True, 1)


@pytest.mark.parametrize("players", [0, True, 4.0, "4", -1, 5])
def test_new_state_refuses_a_player_count_the_game_does_not_allow(doge, players):
    with pytest.raises(UnsupportedPlayers, match="3, 4"):
        doge.new_state(players=players, seed=1)


@pytest.mark.parametrize("seed", ["1", 1.0, True, [1], 2 ** 64, -(2 ** 64)])
def test_new_state_refuses_a_seed_that_is_not_an_integer(doge, seed):
    with pytest.raises(InvalidArgument, match="seed"):
        doge.new_state(players=3, seed=seed)


def test_explicit_seeds_replay_and_default_seeds_are_unguessable(doge):
    assert doge.new_state(3, seed=-5).to_json() == doge.new_state(3, seed=-5).to_json()
    seeds = {doge.new_state(3).data["seed"] for _ in range(5)}
    assert len(seeds) == 5 and all(s >= 10 ** 6 for s in seeds)


# -- C: all or nothing, and stale actions ------------------------------------------------------
@pytest.fixture
def failing_doge(doge_copy):
    """Doge whose script fails right after a player chooses an area (card 99 of 7)."""
    edit_rule_file(doge_copy / "flow.regola", (
        "    move_token(first(tokens(card, owner=p, at=hand, area=area)), played)\n",
        "    move_token(first(tokens(card, owner=p, at=hand, area=area)), played)\n"
        "    reveal_card(brown, 0)\n    let broken = deck_card(brown, 99)\n"))
    return regola.load_game(str(doge_copy))


def test_a_script_error_inside_apply_leaves_the_state_exactly_as_it_was(failing_doge):
    state = failing_doge.new_state(players=3, seed=1)
    copy = state.clone()
    before, log, steps = state.to_json(), list(state.log), state.data["steps"]
    actions = state.legal_actions(0)
    with pytest.raises(regola.ScriptRuntimeError, match="no card 99"):
        state.apply(0, "castello")
    assert state.to_json() == before == copy.to_json()
    assert state.log == log and state.data["steps"] == steps
    assert state.legal_actions(0) == actions and state.to_move == [0, 1, 2]
    with pytest.raises(regola.ScriptRuntimeError):          # the same again: still intact
        state.apply(0, actions[0])
    assert state.to_json() == before


def test_an_action_answering_another_question_is_stale(doge):
    state = doge.new_state(players=3, seed=1)
    old = next(a for a in state.legal_actions(0) if a["id"] == "castello")
    assert old["ask"] == "choose_area" and old["step"] == state.data["steps"] == 0
    other = state.clone()
    state.apply(0, old)
    state.apply(0, 3)              # Red placed a marker; asked again: a marker or "done"
    before = state.to_json()
    for stale in (old, {**old, "ask": "choose_marker"}, {"value": 2, "step": 0}):
        with pytest.raises(StaleAction, match="stale"):
            state.apply(0, stale)
        assert state.to_json() == before
    assert issubclass(StaleAction, IllegalAction)
    state.apply(0, next(a for a in state.legal_actions(0) if a["id"] == "2"))   # fresh: taken
    # An action of another state (a copy that went its own way) is refused too.
    other.apply(0, "cannaregio")
    foreign = other.legal_actions(0)[0]
    with pytest.raises(StaleAction):
        state.apply(0, foreign)


def test_simultaneous_decisions_stay_fresh_while_others_answer(doge):
    state = doge.new_state(players=3, seed=1)
    pending = {p: state.legal_actions(p)[0] for p in state.to_move}
    assert len(pending) == 3
    for p, action in pending.items():          # each answers the question asked of it
        state.apply(p, action)
    assert all(state.decision(p)["ask"] == "choose_marker" for p in range(3))


# -- E: max_decisions ------------------------------------------------------------------------
def test_max_decisions_ends_a_game_unfinished_without_winners(doge):
    state = doge.new_state(players=4, seed=2, max_decisions=5)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    assert state.data["steps"] == 5
    scores = state.result.pop("scores")
    assert state.result == {"winners": [], "reason": "unfinished", "conditions": {}}
    assert len(scores) == 4 and all(len(row) == 2 for row in scores)   # palaces, houses
    assert state.log[-1] == {"e": "game_over", "winners": [], "reason": "unfinished"}
    assert state.to_move == [] and state.legal_actions(0) == []


def test_max_decisions_survives_a_save_and_never_cuts_a_finished_game(doge):
    state = doge.new_state(players=3, seed=2, max_decisions=12)
    rng = random.Random(2)
    for _ in range(4):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    loaded = doge.state_from_json(state.to_json())
    while not loaded.is_over:
        seat = loaded.to_move[0]
        loaded.apply(seat, rng.choice(loaded.legal_actions(seat)))
    assert loaded.data["steps"] == 12 and loaded.result["reason"] == "unfinished"
    ended = doge.new_state(players=3, seed=2, max_decisions=100_000)
    while not ended.is_over:
        seat = ended.to_move[0]
        ended.apply(seat, rng.choice(ended.legal_actions(seat)))
    assert ended.result["reason"] == "end_condition" and ended.result["winners"]


@pytest.mark.parametrize("limit", [0, -1, True, 2.5, "10"])
def test_max_decisions_must_be_a_positive_whole_number(doge, limit):
    with pytest.raises(InvalidArgument, match="max_decisions"):
        doge.new_state(players=3, seed=1, max_decisions=limit)
