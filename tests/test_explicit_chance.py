"""regola's explicit-chance mode (Game.new_state(explicit_chance=True)): no seed; every draw
of the random stream waits for chance's outcome, given with apply_chance. The seeded mode
is untouched (the golden traces check it)."""

from __future__ import annotations

import json
import random

import pytest

import regola
from regola.errors import IllegalAction, InvalidArgument, InvalidSave

GAMES = [g for g in regola.builtin_games() if g not in ("tictactoe", "goofspiel", "kuhn", "leduc")]
"""The board games, which draw all through play; the classic games (no draw, or one deal
at the start, over in a few decisions) are checked against OpenSpiel's own in
test_classic_games.py."""


def _play(state, rng: random.Random, decisions: int) -> None:
    """Random play (chance too) for up to `decisions` decisions."""
    while not state.is_over and decisions > 0:
        if state.chance_bound is not None:
            state.apply_chance(rng.randrange(state.chance_bound))
            continue
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        decisions -= 1


@pytest.mark.parametrize("name", GAMES)
def test_a_game_with_explicit_chance_has_no_seed_and_waits_for_each_draw(name):
    """The state holds no seed; while a draw waits nobody decides, apply refuses, and the
    saved state loads back waiting for the same draw."""
    game = regola.load_game(name)
    state = game.new_state(explicit_chance=True)
    data = json.loads(state.to_json())
    assert "seed" not in data and data["chance"]["given"] == []
    assert state.chance_bound is not None and state.to_move == []
    draw = state.chance_draw
    assert draw["index"] == 0 and draw["draws"] >= 1 and draw["action"] is None
    assert state.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="chance"):
        state.apply(0, "anything")
    with pytest.raises(IllegalAction, match=r"\[0, "):
        state.apply_chance(state.chance_bound)
    loaded = game.state_from_json(state.to_json())
    assert loaded.chance_draw == draw
    rng_a, rng_b = random.Random(4), random.Random(4)
    _play(state, rng_a, 40)
    _play(loaded, rng_b, 40)
    assert state.to_json() == loaded.to_json()


@pytest.mark.parametrize("name", GAMES)
def test_a_save_while_a_draw_waits_after_an_action_loads_and_goes_on(name):
    """A draw that waits after a seat's action: the state is the one before it (the
    action is kept to be taken again), it saves and loads, and clones go on the same."""
    game = regola.load_game(name)
    rng = random.Random(2)
    state = game.new_state(explicit_chance=True)
    for _ in range(3000):
        if state.is_over:
            break
        draw = state.chance_draw
        if draw is not None and draw["action"] is not None:
            before = state.to_json()
            loaded = game.state_from_json(before)
            copy = state.clone()
            outcome = rng.randrange(state.chance_bound)
            for each in (state, loaded, copy):
                each.apply_chance(outcome)
            assert state.to_json() == loaded.to_json() == copy.to_json()
            return
        _play(state, rng, 1)
    pytest.skip(f"{name}: no draw after an action in this game")


def test_explicit_chance_has_no_seed_argument():
    with pytest.raises(InvalidArgument, match="no seed"):
        regola.load_game("doge").new_state(seed=1, explicit_chance=True)


def test_a_save_with_both_a_seed_and_chance_or_neither_is_refused():
    game = regola.load_game("doge")
    data = json.loads(game.new_state(explicit_chance=True).to_json())
    with pytest.raises(InvalidSave, match="seed"):
        game.state_from_json({**data, "seed": 1})
    del data["chance"]
    with pytest.raises(InvalidSave, match="seed"):
        game.state_from_json(data)


@pytest.mark.parametrize("name", GAMES)
def test_a_sample_with_explicit_chance_keeps_the_view_and_draws_the_future_anew(name):
    """GameState.sample of an explicit-chance game: the seat's view is unchanged, the
    sample has no seed and its next draws wait for chance again."""
    game = regola.load_game(name)
    rng = random.Random(3)
    state = game.new_state(explicit_chance=True)
    _play(state, rng, 25)
    while state.chance_bound is not None:
        state.apply_chance(0)
    seat = state.to_move[0]
    world = state.sample(seat, random.Random(1))
    assert world.observe(seat, log=False) == state.observe(seat, log=False)
    assert "seed" not in json.loads(world.to_json())
    _play(world, rng, 200)
