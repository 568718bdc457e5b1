"""The index of tokens by kind, place and owner (interpreter/owned.py) stays what the token
columns say through play, give, set_token and copies, and the questions it answers give
what the general `tokens` and `count` give."""

from __future__ import annotations

import random

import pytest

import regola
from regola.interpreter.owned import build_owned


def _check(c) -> None:
    assert c.owned == build_owned(c.lay, c.at, c.owner)
    for kind, numbers in c.lay.ranges.items():
        places = {c.at[i] for i in numbers if type(c.at[i]) is str}
        for place in places:
            for owner in [None, *range(c.n)]:
                expected = c.tokens(kind, owner=owner, at=place)
                assert c.tokens_owned(kind, owner, place) == expected
                assert c.count_owned(kind, owner, place) == len(expected)


@pytest.mark.parametrize("game_id", ["doge", "rialto", "copycat", "warsaw"])
def test_owner_index_follows_random_play_and_copies(game_id):
    game = regola.load_game(game_id)
    state = game.new_state(seed=4)
    rng = random.Random(4)
    for step in range(400):
        if state.is_over:
            break
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randrange(len(actions))])
        if step % 25 == 0:
            _check(state._fresh())
            copy = state.clone()
            assert all(a is None or a is not b for a, b in zip(copy._rt.owned,
                                                                state._rt.owned))
            _check(copy._fresh())


def test_owner_index_follows_give_and_set_token():
    state = regola.load_game("doge").new_state(players=4, seed=1)
    c = state._runtime()
    marker = c.tokens("marker", owner=0, at="supply")[0]
    c.give(marker, 2)
    c.set_token(marker, at="staged")
    c.set_token(c.tokens("marker", owner=1, at="supply")[0], owner=3, at="staged")
    _check(c)
    assert marker in c.tokens_owned("marker", 2, "staged")
    assert c.count_owned_where("marker", 2, "staged", "value", c.prop(marker, "value")) == 1
