"""The adapters' shared encodings (engine/adapters): the game-wide action index enumerated
from the game data, and the fixed-size observation tensor of observe()."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import regola

np = pytest.importorskip("numpy")

from regola.adapters.actions import ActionSpace, action_key  # noqa: E402
from regola.adapters.observation import Encoder, ObservationLayout  # noqa: E402


def _random_states(game, players, seed, every=1):
    """The states of one random game (every `every`-th), ending with the last."""
    state = game.new_state(players=players, seed=seed, max_decisions=5000)
    rng = random.Random(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state
        seat = min(state.to_move)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        step += 1
    yield state


@pytest.mark.parametrize("name", regola.builtin_games())
def test_every_action_of_random_games_is_in_the_index_enumerated_from_the_data(name):
    game = regola.load_game(name)
    for players in game.player_counts:
        space = ActionSpace(game, players)
        for seed in (1, 2):
            for state in _random_states(game, players, seed):
                for seat in state.to_move:
                    actions = state.legal_actions(seat)
                    ids = space.ids(actions)
                    assert len(set(ids)) == len(actions)          # one id per action
                    for action in actions:                        # type-exact round trip
                        back = space.value_of(space.id_of(action["value"]))
                        assert action_key(back) == action_key(action["value"])
        assert space.spares_used() == 0, space.values[space.known:]


def test_the_index_is_the_same_in_another_process():
    code = ("import json, regola; from regola.adapters.actions import ActionSpace; "
            "print(json.dumps(ActionSpace(regola.load_game('warsaw'), 3).values))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert json.loads(out) == ActionSpace(regola.load_game("warsaw"), 3).values


def test_an_unforeseen_value_takes_a_spare_id_and_keeps_it():
    space = ActionSpace(regola.load_game("doge"), 4, spare=2)
    first = space.id_of(10_000)
    assert first == space.known and space.id_of(10_000) == first
    assert space.value_of(first) == 10_000 and space.spares_used() == 1
    space.id_of("a value nobody foresaw")
    with pytest.raises(IndexError, match="spare ids are taken"):
        space.id_of([1, 2, 3])


@pytest.mark.parametrize("name", regola.builtin_games())
def test_the_tensor_has_one_size_and_marks_the_seat_and_its_legal_actions(name):
    game = regola.load_game(name)
    players = game.player_counts[0]
    space = ActionSpace(game, players)
    layout = ObservationLayout(game, players, space)
    encoder = Encoder(layout)
    legal = slice(layout.offsets["legal"], layout.offsets["legal"] + len(space))
    seat_at = layout.offsets["seat"]
    for state in _random_states(game, players, 3, every=7):
        for seat in range(players):
            vec = encoder.encode(state.observe(seat))
            assert vec.shape == (layout.observation_size,) and np.isfinite(vec).all()
            assert list(vec[seat_at:seat_at + players]) == [float(p == seat)
                                                          for p in range(players)]
            marked = sorted(np.flatnonzero(vec[legal]).tolist())
            assert marked == space.ids(state.legal_actions(seat))
        full = encoder.encode(state.observe(0), history=True)
        assert full.shape == (layout.size(True),)
    assert state.is_over and vec[layout.offsets["over"]] == 1


def test_the_tensor_follows_what_the_seat_sees_and_not_others_secrets():
    """Doge's secret card choice: seat 1's tensor is the same whichever card seat 0 took."""
    game = regola.load_game("doge")
    space = ActionSpace(game, 3)
    encoder = Encoder(ObservationLayout(game, 3, space))
    state = game.new_state(players=3, seed=4)
    assert state.to_move == [0, 1, 2] and state.decision(0)["secret"]
    first, second = state.clone(), state.clone()
    options = state.legal_actions(0)
    first.apply(0, options[0])
    second.apply(0, options[1])
    assert np.array_equal(encoder.encode(first.observe(1), history=True),
                          encoder.encode(second.observe(1), history=True))
    assert not np.array_equal(encoder.encode(first.observe(0), history=True),
                              encoder.encode(second.observe(0), history=True))
