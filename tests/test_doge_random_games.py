"""Random Doge games: invariants after every action, end by a rulebook condition,
byte-for-byte reproducibility, exact save/load, and illegal actions changing nothing."""

from __future__ import annotations

import json
import random

import pytest
from doge_invariants import check_invariants

import regola

END_CONDITIONS = {"every_district", "seven_in_five", "eight_in_four"}


def play_random(game, players: int, seed: int, check=None):
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over:
        seat = state.to_move[rng.randrange(len(state.to_move))]
        action = rng.choice(state.legal_actions(seat))
        actions.append((seat, action["id"]))
        state.apply(seat, action)
        if check:
            check(game, state)
    return state, actions


@pytest.fixture(scope="module")
def doge():
    return regola.load_game("doge")


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", range(4))
def test_invariants_hold_after_every_action(doge, players, seed):
    """notes: Components (every piece stays accounted for), Control of advisors (at most 6
    advisors, one ring each), Palaces (at most 5 per district); End of the game (random
    games end by a rulebook condition)."""
    state, _ = play_random(doge, players, seed, check=check_invariants)
    result = state.result
    assert result["reason"] == "end_condition"
    for seat in result["winners"]:
        assert set(result["conditions"][str(seat)]) <= END_CONDITIONS
        assert result["conditions"][str(seat)]


def test_same_rules_seed_and_actions_give_identical_state(doge):
    first, actions = play_random(doge, 4, 11)
    replay = doge.new_state(players=4, seed=11)
    for seat, action_id in actions:
        replay.apply(seat, action_id)
    assert replay.to_json() == first.to_json()


def test_state_survives_json_round_trip_mid_game(doge):
    state = doge.new_state(players=3, seed=5)
    rng = random.Random(5)
    for _ in range(150):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    saved = state.to_json()
    restored = doge.state_from_json(saved)
    assert restored.to_json() == saved
    assert restored.to_move == state.to_move
    seat = state.to_move[0]
    action = state.legal_actions(seat)[-1]
    state.apply(seat, action)
    restored.apply(seat, action)
    assert restored.to_json() == state.to_json()


def test_clone_is_independent(doge):
    state = doge.new_state(players=4, seed=2)
    copy = state.clone()
    seat = state.to_move[0]
    state.apply(seat, state.legal_actions(seat)[0])
    assert copy.to_json() != state.to_json()
    assert copy.legal_actions(seat)[0]["ask"] == "choose_area"


def test_illegal_action_names_legal_options_and_changes_nothing(doge):
    state = doge.new_state(players=4, seed=1)
    before = state.to_json()
    with pytest.raises(regola.IllegalAction) as err:
        state.apply(0, "rialto_bridge")
    assert "san_marco" in str(err.value) and "legal:" in str(err.value)
    assert "san_marco" in err.value.legal
    assert state.to_json() == before
    state.apply(0, "san_marco")
    before = state.to_json()
    with pytest.raises(regola.IllegalAction):
        state.apply(0, "castello")          # seat 0 now chooses a marker, not an area
    with pytest.raises(regola.IllegalAction):
        state.apply(0, 7)                    # no marker worth 7
    assert state.to_json() == before


def test_unsupported_player_count_names_the_supported_ones(doge):
    """notes: Components - 3 or 4 players: a fifth is refused."""
    with pytest.raises(regola.UnsupportedPlayers, match="3, 4"):
        doge.new_state(players=5)


def test_unknown_game_names_the_built_in_games():
    with pytest.raises(regola.UnknownGame, match="doge"):
        regola.load_game("chess")


def test_secret_choices_are_hidden_from_other_seats(doge):
    """notes: Phase 1 - the card and markers are chosen in secret and placed at once: until
    every seat has chosen, the others see nothing of a seat's choice (not even how many
    markers it took); then they see that it played a card and markers, face down."""
    state = doge.new_state(players=4, seed=9)
    state.apply(0, "castello")
    state.apply(0, 3)
    mine, theirs = state.observe(0), state.observe(1)
    assert not [e for e in theirs["log"] if e.get("private") and e.get("player") == 0]
    assert not [t for t in theirs["tokens"] if t["at"] in ("played", "staged")]
    assert any(t.get("area") == "castello" and t["at"] == "played" for t in mine["tokens"])
    assert theirs["decision"]["ask"] == "choose_area"
    state.apply(0, "done")
    for seat in (1, 2, 3):
        state.apply(seat, state.legal_actions(seat)[0]["value"])
        while state.decision(seat) and state.decision(seat)["ask"] == "choose_marker":
            state.apply(seat, "done" if "done" in state.decision(seat)["options"]
                        else state.decision(seat)["options"][0])
    theirs = state.observe(1)
    private = [e for e in theirs["log"] if e.get("private") and e.get("player") == 0]
    assert private and all("token" not in e and "value" not in e for e in private)
    assert not [e for e in theirs["log"] if e["e"] == "choice" and e["player"] == 0]


def test_no_seat_sees_which_face_down_marker_another_seat_placed(doge):
    """notes: Components - marker values are secret to all but the owner. Markers' values
    are fixed by their ids, so a leaked id would leak the value."""
    for seed in range(5):
        state = doge.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while state.decision(state.to_move[0])["ask"] in ("choose_area", "choose_marker"):
            seat = state.to_move[0]
            state.apply(seat, rng.choice(state.legal_actions(seat)))
        # Phase 2 has begun: markers lie face down in the areas (some just revealed).
        for viewer in range(3):
            seen = json.dumps(state.observe(viewer))
            hidden = [tid for tid, tok in state.token_records().items()
                      if tok["kind"] in ("marker", "card") and tok["owner"] != viewer
                      and not tok["shown"]]
            assert hidden
            assert not [tid for tid in hidden if f'"{tid}"' in seen]
