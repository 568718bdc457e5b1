"""Secret steps (`simultaneous p in ...:`): nobody learns anything by answering later.

While several seats answer a secret step one after another (the web table in any order,
the OpenSpiel and PettingZoo adapters lowest seat first), what a seat sees (its observation:
pieces, tokens, who still decides, the log) is the step as it began plus its own answers,
whatever the seats before it answered. These tests take every secret step of seeded random
games of every game and answer it twice, differently, for the seats before each seat.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

import regola
from regola.errors import InvalidSave


def _has_secret_steps(game_id: str) -> bool:
    """Whether a game's scripts have a secret step (`simultaneous`) at all."""
    files = regola.load_game(game_id).definition.files
    return any("simultaneous " in Path(f).read_text() for f in files if f.endswith(".regola"))


GAMES = [g for g in regola.builtin_games() if _has_secret_steps(g)]
"""The games with secret steps (tic-tac-toe and Kuhn poker have none: their turns are open)."""
SEEDS = (1, 2)


def _key(view: dict) -> str:
    return json.dumps(view, sort_keys=True)


def _earlier_seats_answered(game_id: str, seed: int, stream: int):
    """The first secret step of a seeded game with every seat but the last having answered
    (at random, by `stream`), and its seats."""
    start = next(_secret_step_starts(game_id, seed))
    seats = start.to_move
    state = start.clone()
    rng = random.Random(stream)
    for earlier in seats[:-1]:
        _answer_until_done(state, earlier, rng)
    return state, seats


def _answer_until_done(state, seat: int, rng: random.Random) -> None:
    """`seat` answers its questions of the open step at random until it has none left."""
    while seat in state.to_move and not state.is_over:
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def _secret_step_starts(game_id: str, seed: int, limit: int | None = 6):
    """States of a seeded random game at the start of its secret steps (several seats to
    answer, none has yet), at most `limit` of them (None: all)."""
    game = regola.load_game(game_id)
    state = game.new_state(players=game.definition.max_players, seed=seed)
    rng = random.Random(seed)
    found = 0
    while not state.is_over and (limit is None or found < limit):
        if len(state.to_move) > 1 and "secret_step" not in state.data:
            found += 1
            yield state.clone()
            for seat in list(state.to_move):
                _answer_until_done(state, seat, rng)
            continue
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))


def _check_every_later_seat(game_id: str, seeds: tuple[int, ...], limit: int | None) -> int:
    """Answer each secret step twice, differently, for the seats before each seat, and
    compare what that seat (and a spectator) sees; the number of steps checked."""
    steps = 0
    for seed in seeds:
        for start in _secret_step_starts(game_id, seed, limit):
            steps += 1
            seats = start.to_move
            for k, seat in enumerate(seats[1:], 1):
                before = _key(start.observe(seat))
                seen = set()
                for stream in (10, 20):
                    state = start.clone()
                    rng = random.Random(stream + k)
                    for earlier in seats[:k]:
                        _answer_until_done(state, earlier, rng)
                    seen.add(_key(state.observe(seat)))
                    seen.add(_key(state.observe(None)))
                assert seen == {before, _key(start.observe(None))}, (game_id, seed, seat)
    return steps


@pytest.mark.parametrize("game_id", GAMES)
def test_no_seat_sees_the_answers_of_the_seats_before_it(game_id):
    assert _check_every_later_seat(game_id, SEEDS, 6), f"{game_id} has no secret step"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
def test_no_seat_sees_earlier_answers_at_any_secret_step_of_whole_games(game_id):
    """Every secret step of three whole seeded games of each game."""
    assert _check_every_later_seat(game_id, (3, 4, 5), None) >= 6   # Goofspiel: 6 in all


def test_a_seat_still_sees_its_own_answers_and_the_step_closes():
    """Doge: seat 0 places its card and markers; it sees them, seat 1 does not, and once
    every seat has answered the reveal is seen by all."""
    start = next(_secret_step_starts("doge", 1))
    state = start.clone()
    _answer_until_done(state, 0, random.Random(3))
    mine = [t for t in state.observe(0)["tokens"] if t.get("owner") == 0 and t["at"] != "supply"]
    theirs = [t for t in state.observe(1)["tokens"] if t.get("owner") == 0 and t["at"] != "supply"]
    before = [t for t in start.observe(1)["tokens"] if t.get("owner") == 0
              and t["at"] != "supply"]
    assert len(mine) > len(before) and theirs == before
    assert state.observe(1)["to_move"] == start.to_move       # seat 0 seems still to decide
    rng = random.Random(4)
    while "secret_step" in state.data:          # the others answer: the step closes
        seat = state.to_move[-1]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert any(e["e"] == "reveal" for e in state.observe(1)["log"][-40:])


def test_a_save_taken_in_a_secret_step_keeps_the_secret_and_is_checked():
    start = next(_secret_step_starts("doge", 2))
    state = start.clone()
    _answer_until_done(state, 0, random.Random(5))
    game = regola.load_game("doge")
    loaded = game.state_from_json(state.to_json())
    assert loaded.observe(1)["tokens"] == state.observe(1)["tokens"]
    assert loaded.observe(1)["tokens"] == start.observe(1)["tokens"]
    forged = json.loads(state.to_json())
    forged["secret_step"]["answers"][0][1] = "no such answer"
    with pytest.raises(InvalidSave, match="secret_step"):
        game.state_from_json(forged)
    other = json.loads(state.to_json())
    other["secret_step"]["answers"] = other["secret_step"]["answers"][:1]
    if len(json.loads(state.to_json())["secret_step"]["answers"]) > 1:
        with pytest.raises(InvalidSave, match="does not lead to the saved state"):
            game.state_from_json(other)


@pytest.mark.parametrize("game_id", GAMES)
def test_openspiel_information_states_hide_earlier_answers(game_id):
    """Through the OpenSpiel adapter: the information state (string and tensor) and the
    observation of each later seat are the same whatever the seats before it answered."""
    pyspiel = pytest.importorskip("pyspiel")
    import regola.adapters.openspiel  # noqa: F401
    game = pyspiel.load_game(f"regola_{game_id}", {"seed": 1})
    state = game.new_initial_state()
    state.apply_action(0)
    rng = random.Random(7)
    checked = 0
    while not state.is_terminal() and checked < 3:
        held = state._held.state
        seats = held.to_move
        if len(seats) > 1 and "secret_step" not in held.data:
            checked += 1
            for k, seat in enumerate(seats[1:], 1):
                texts = set()
                for stream in (1, 2):
                    copy = state.clone()
                    pick = random.Random(stream * 100 + k)
                    while copy.current_player() in seats[:k]:
                        copy.apply_action(pick.choice(copy.legal_actions()))
                    texts.add((copy.information_state_string(seat),
                               tuple(copy.information_state_tensor(seat)),
                               copy.observation_string(seat)))
                assert len(texts) == 1, (game_id, seat)
        state.apply_action(rng.choice(state.legal_actions()))
    assert checked, f"{game_id}: no secret step reached"


@pytest.mark.parametrize("game_id", GAMES)
def test_pettingzoo_observations_hide_earlier_answers(game_id):
    np = pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from regola.adapters.pettingzoo import env as make_env
    probe = make_env(game_id)
    probe.reset(seed=3)
    rng = random.Random(3)
    moves: list[int] = []
    while True:                      # the moves up to the first secret step
        seats = probe.state_.to_move
        if len(seats) > 1:
            break
        action = rng.choice(np.flatnonzero(probe.observe(probe.agent_selection)["action_mask"]))
        moves.append(int(action))
        probe.step(int(action))
    last = probe.possible_agents[seats[-1]]
    seen = set()
    for stream in (1, 2):
        e = make_env(game_id)
        e.reset(seed=3)
        for action in moves:
            e.step(action)
        pick = random.Random(stream)
        while e.possible_agents.index(e.agent_selection) in seats[:-1]:
            mask = e.observe(e.agent_selection)["action_mask"]
            e.step(int(pick.choice(np.flatnonzero(mask))))
        seen.add(e.observe(last)["observation"].tobytes())
    assert len(seen) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_sample_taken_in_a_secret_step_knows_only_the_seats_own_answers(game_id):
    """`sample(seat)` mid-step draws worlds in which only `seat` has answered yet: they look
    the same to it, and differ with what the earlier seats answered nowhere."""
    views = set()
    for stream in (1, 2):
        state, seats = _earlier_seats_answered(game_id, 1, stream)
        seat = seats[-1]
        sample = state.sample(seat, 5)
        assert _key(sample.observe(seat)) == _key(state.observe(seat))
        assert set(sample.to_move) == set(seats)
        views.add(sample.to_json())
    assert len(views) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_can_play_its_real_actions_on_a_sample_taken_in_a_secret_step(game_id):
    """Bots search on samples with the actions of the real state: in a step where the
    seats before have answered, every action of the last seat fits its sample."""
    state, seats = _earlier_seats_answered(game_id, 2, 8)
    sample = state.sample(seats[-1], 3)
    for action in state.legal_actions(seats[-1]):
        sample.clone().apply(seats[-1], action)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_stopped_inside_a_secret_step_saves_and_loads(game_id):
    """max_decisions can stop a game while seats are still answering a secret step: the
    step is over with the game, and the save of the finished game loads again."""
    game = regola.load_game(game_id)
    stopped = 0
    for limit in range(2, 60):
        state = game.new_state(seed=1, max_decisions=limit)
        rng = random.Random(1)
        while not state.is_over:
            seat = min(state.to_move)
            inside = len(state.to_move) > 1      # seats still answering at once
            state.apply(seat, rng.choice(state.legal_actions(seat))["value"])
        stopped += inside and state.result["reason"] == "unfinished"
        assert "secret_step" not in json.loads(state.to_json())
        assert game.state_from_json(state.to_json()).to_json() == state.to_json()
    assert stopped, "no game stopped inside a secret step"
