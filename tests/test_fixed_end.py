"""A game whose end has no conditions ends where its scripts check the end (check_end),
every player ranked by the tie-breakers: Warsaw ends after its last epoch's exchange."""

import random

from regola import load_game


def test_a_game_without_end_conditions_ends_at_its_check():
    """Warsaw (rule: the game ends after the sixth epoch's income phase and the final
    exchange) declares no end condition; a random game ends, with winners chosen by victory
    points then coins, and no condition recorded as met."""
    game = load_game("warsaw")
    assert not game.definition.end.conditions
    state = game.new_state(players=3, seed=5)
    rng = random.Random(5)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    result = state.result
    assert result["reason"] == "end_condition" and result["winners"]
    assert result["conditions"] == {}
    points = [seat_vars["vp"] for seat_vars in state.observe(None)["player_vars"]]
    assert all(points[w] == max(points) for w in result["winners"])
