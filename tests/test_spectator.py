"""The spectator is a seat with no secrets (issue 22, item 5): `observe(None)` shows a masked
or private event without its token even when the event has no player (deck draws, setup),
and `observe` refuses anything that is not a seat or None."""

from __future__ import annotations

import random

import pytest

import regola
from regola.errors import InvalidArgument


def _random_game(game_id: str, seed: int) -> regola.GameState:
    state = regola.load_game(game_id).new_state(seed=seed)      # the most players
    rng = random.Random(seed)
    while not state.is_over:
        seat = min(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat))["value"])
    return state


@pytest.mark.parametrize("game_id", ["rialto", "warsaw", "copycat", "doge"])
def test_the_spectator_sees_no_token_of_a_masked_event(game_id):
    state = _random_game(game_id, seed=5)
    hidden_events = [e for e in state.observe(0)["log"]
                     if e.get("masked") and e.get("player") is None]
    seen = state.observe(None)["log"]
    leaks = [e for e in seen if (e.get("masked") or e.get("private")) and "token" in e]
    assert leaks == []
    if game_id in ("rialto", "warsaw"):        # both draw face-down tokens with no player
        assert hidden_events, "the game should draw tokens nobody owns yet"


def test_a_seat_still_sees_the_tokens_of_its_own_masked_events():
    state = _random_game("rialto", seed=5)
    own = [e for e in state.observe(1)["log"] if e.get("masked") and e.get("player") == 1]
    assert own and all("token" in e for e in own)


@pytest.mark.parametrize("not_a_seat", [99, 3, -1, "0", True, 1.0, [0]])
def test_observe_refuses_what_is_not_a_seat_or_none(not_a_seat):
    state = regola.load_game("rialto").new_state(players=3, seed=1)
    with pytest.raises(InvalidArgument, match="takes a seat"):
        state.observe(not_a_seat)


def test_the_refusal_of_a_huge_value_stays_short():
    state = regola.load_game("rialto").new_state(players=3, seed=1)
    with pytest.raises(InvalidArgument) as refused:
        state.observe("x" * 10_000_000)
    assert len(str(refused.value)) < 200
