"""The built-in reference game loads and a seeded random game reaches a result."""

import random

import regola


def test_doge_loads_and_a_random_game_ends():
    game = regola.load_game("doge")
    state = game.new_state(players=4, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        player = state.to_move[0]
        state.apply(player, rng.choice(state.legal_actions(player)))
    assert state.result["reason"] == "end_condition"
    assert state.result["winners"]
