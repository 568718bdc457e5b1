"""Saved and copied games go on exactly as the original (issue 10, "done when"): a game
saved at any decision and loaded again offers the same legal actions and reaches the same
result, for every built-in game; copies of a state never share mutable data; a failed apply
puts the state back exactly, also long after its last checkpoint."""

from __future__ import annotations

import json
import random
from collections.abc import Callable

import pytest

import regola
from regola.errors import ScriptRuntimeError
from regola.game import CHECKPOINT_EVERY, GameState

GAMES = {"doge": 4, "rialto": 3, "warsaw": 2, "copycat": 4}
MAX_DECISIONS = 1500


@pytest.fixture(scope="module")
def games():
    return {name: regola.load_game(name) for name in GAMES}


def play(state: GameState, seed: int, step: Callable[[GameState], GameState] | None = None,
         limit: int = MAX_DECISIONS) -> tuple[list, dict | None, GameState]:
    """A seeded random game from `state`: at each decision (seat, legal ids, pick). Before
    each decision `step` may replace the state (by a loaded save, by a copy)."""
    chooser = random.Random(seed)
    trace = []
    while not state.is_over and len(trace) < limit:
        if step is not None:
            state = step(state)
        seat = state.to_move[0]
        ids = [a["id"] for a in state.legal_actions(seat)]
        pick = chooser.randrange(len(ids))
        trace.append((seat, ids, pick))
        state.apply(seat, ids[pick])
    return trace, state.result, state


@pytest.mark.parametrize("name", GAMES)
def test_a_game_saved_and_loaded_at_every_decision_goes_on_exactly(games, name):
    """Saved (to_json) and loaded (state_from_json, with its checks) before every single
    decision, the game offers the same legal actions and ends with the same result as the
    game played without saving; every save loads back to the same bytes."""
    game, players = games[name], GAMES[name]
    reference = play(game.new_state(players=players, seed=11), seed=11)

    def reload(state: GameState) -> GameState:
        text = state.to_json()
        loaded = game.state_from_json(text)
        assert loaded.to_json() == text
        return loaded
    reloaded = play(game.new_state(players=players, seed=11), seed=11, step=reload)
    assert reloaded[:2] == reference[:2]
    assert len(reference[0]) > 50


@pytest.mark.parametrize("name", GAMES)
def test_a_game_copied_at_every_decision_goes_on_exactly(games, name):
    """Played on a fresh copy (clone) before every decision, and with the copied-from state
    left behind each time, the game is the same game."""
    game, players = games[name], GAMES[name]
    reference = play(game.new_state(players=players, seed=12), seed=12)
    copied = play(game.new_state(players=players, seed=12), seed=12,
                  step=lambda state: state.clone())
    assert copied[:2] == reference[:2]


def _mutable_parts(state: GameState) -> dict[int, str]:
    """id -> where, for every list and dict a state holds: its data, its token index, its
    log's list of new events."""
    found: dict[int, str] = {}
    todo = [(state._data, "data"), (state._rt.where, "where"), (state._log.tail, "log")]
    while todo:
        value, where = todo.pop()
        if isinstance(value, dict):
            found[id(value)] = where
            todo.extend((v, f"{where}.{k}") for k, v in value.items())
        elif isinstance(value, list):
            found[id(value)] = where
            todo.extend((v, f"{where}[{i}]") for i, v in enumerate(value))
    return found


@pytest.mark.parametrize("name", GAMES)
def test_copies_never_share_mutable_data(games, name):
    """At points all through a game, a copy and its original hold no list or dict in common
    (saved data, token index, log); playing the copy to its end leaves the original exactly
    as it was, and the original then plays on as if there had been no copy."""
    game, players = games[name], GAMES[name]
    reference = play(game.new_state(players=players, seed=13), seed=13)
    state = game.new_state(players=players, seed=13)
    chooser = random.Random(13)
    decisions = 0
    while not state.is_over:
        if decisions % 37 == 5:
            copy = state.clone()
            shared = _mutable_parts(state).keys() & _mutable_parts(copy).keys()
            assert not shared, [_mutable_parts(state)[i] for i in shared][:5]
            before, log = state.to_json(), list(state.log)
            play(copy, seed=decisions)
            assert state.to_json() == before and list(state.log) == log
        seat = state.to_move[0]
        ids = [a["id"] for a in state.legal_actions(seat)]
        state.apply(seat, ids[chooser.randrange(len(ids))])
        decisions += 1
    assert state.result == reference[1] and decisions == len(reference[0])


def test_a_save_is_as_small_late_in_a_game_as_early(games):
    """The saved snapshot does not grow with the game: the log stays out of it (it is in a
    save only when asked for, and then a loaded game shows it again)."""
    game = games["doge"]
    state = game.new_state(players=4, seed=2)
    chooser = random.Random(2)
    sizes = {}
    while not state.is_over:
        sizes.setdefault(state.data["vars"]["year"], len(state.to_json()))
        seat = state.to_move[0]
        ids = [a["id"] for a in state.legal_actions(seat)]
        state.apply(seat, ids[chooser.randrange(len(ids))])
    assert max(sizes) >= 10 and max(sizes.values()) < 16 * 1024
    assert max(sizes.values()) - min(sizes.values()) < 2 * 1024
    with_log = state.to_json(log=True)
    assert len(with_log) > 10 * len(state.to_json())
    loaded = game.state_from_json(with_log)
    assert list(loaded.log) == list(state.log) and loaded.observe(1) == state.observe(1)
    assert game.state_from_json(state.to_json()).observe(1)["log"] == []


def test_a_failed_apply_long_after_the_checkpoint_is_undone_exactly(games, monkeypatch):
    """apply is all or nothing without copying the state each time: a failure goes back to
    the last checkpoint and takes the decisions since again. Here the scripts fail after an
    action taken well past a checkpoint; the state, its log and the rest of the game are
    exactly those of a copy that never failed."""
    game = games["doge"]
    state = game.new_state(players=4, seed=4)
    play(state, seed=4, limit=CHECKPOINT_EVERY + 30)
    assert len(state._since) == 30
    copy = state.clone()
    before, log = state.to_json(), list(state.log)
    armed = [True]
    advance = GameState._advance

    def failing(self: GameState, *answered: dict) -> None:
        advance(self, *answered)
        if armed[0]:
            armed[0] = False
            raise ScriptRuntimeError("a script failed")
    monkeypatch.setattr(GameState, "_advance", failing)
    seat = state.to_move[0]
    with pytest.raises(ScriptRuntimeError, match="a script failed"):
        state.apply(seat, state.legal_actions(seat)[-1])
    monkeypatch.undo()
    assert state.to_json() == before and list(state.log) == log
    assert json.loads(state.to_json()) == json.loads(copy.to_json())
    assert play(state, seed=5)[:2] == play(copy, seed=5)[:2]
