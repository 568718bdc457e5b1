"""An action names one option (issue 22, item 8): a dict whose id and value name different
options is refused, and no refusal echoes a huge action back."""

from __future__ import annotations

import pytest

import regola
from regola.errors import IllegalAction


def _doge():
    state = regola.load_game("doge").new_state(players=3, seed=2)
    seat = state.to_move[0]
    return state, seat, state.legal_actions(seat)


def test_an_action_whose_id_and_value_disagree_is_refused_and_changes_nothing():
    state, seat, legal = _doge()
    assert len(legal) >= 2
    before = state.to_json()
    mixed = {**legal[0], "id": legal[1]["id"]}
    with pytest.raises(IllegalAction, match="name different options"):
        state.apply(seat, mixed)
    assert state.to_json() == before
    state.apply(seat, legal[0])                  # the agreeing dict is still taken
    assert state.to_json() != before


@pytest.mark.parametrize("huge", ["x" * 10_000_000, list(range(1_000_000)),
                                  {"value": "y" * 5_000_000}])
def test_a_refusal_never_echoes_a_huge_action(huge):
    state, seat, _ = _doge()
    with pytest.raises(IllegalAction) as refused:
        state.apply(seat, huge)
    assert len(str(refused.value)) < 2_000
    with pytest.raises(IllegalAction) as nobody:
        state.apply("z" * 1_000_000, 0)
    assert len(str(nobody.value)) < 2_000
