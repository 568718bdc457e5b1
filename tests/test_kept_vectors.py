"""The observation vectors kept up per seat (engine/adapters/incremental.py, VectorKeeper)
equal the vectors built from scratch (encode(observe(seat)) of a copy that kept nothing) at
every point of seeded random games of every game: as the game goes on, inside secret steps
(the step as if alone, advanced by the seat's own answers), after clone, after a refused
apply (its checkpoint restored), after a load, with explicit chance; and the PettingZoo and
OpenSpiel adapters give them."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")      # the adapters' extra; .ci/run installs it

import regola  # noqa: E402
from regola.adapters.common import Held, Table, deciding_seat  # noqa: E402
from regola.adapters.incremental import VectorKeeper  # noqa: E402
from regola.errors import IllegalAction, ScriptRuntimeError  # noqa: E402
from regola.game import GameState  # noqa: E402
from regola.interpreter.seen_log import SeenLogs  # noqa: E402

GAMES = regola.builtin_games()
CARDS_GAME = Path(__file__).parent / "data" / "cards_game"   # reveals to one seat


def _scratch(table: Table, state: GameState, seat: int | None) -> np.ndarray:
    """The vector of observe(seat) of a copy that has kept nothing."""
    copy = state.clone()
    copy._seen_logs = SeenLogs()
    return table.encoder.encode(copy.observe(seat, log=False))


def _check(table: Table, keeper: VectorKeeper, state: GameState) -> int:
    """Compare every seat's kept vector with the one from scratch; how many seats saw the
    step as if alone (others answered in an open secret step)."""
    alone = 0
    for seat in [None, *range(state.players)]:
        kept = keeper.observation(state, seat)
        assert np.array_equal(kept, _scratch(table, state, seat)), (seat, state.decisions)
        assert np.array_equal(kept, table.encoder.encode_state(state, seat))
        alone += state._step_hiding_others(seat) is not None
    return alone


def _play(state: GameState, rng: random.Random) -> None:
    """One random decision (or chance's outcome)."""
    if state.chance_bound is not None:
        state.apply_chance(rng.randrange(state.chance_bound))
        return
    seat = deciding_seat(state)
    state.apply(seat, rng.choice(state.legal_actions(seat))["value"])


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_vectors_equal_fresh_ones_at_every_point_of_seeded_games(game_id):
    table = Table.get(game_id)
    keeper = VectorKeeper(table.encoder)    # one keeper for every game: only the cost differs
    checked = alone = 0
    for seed in range(1, 60):
        state = table.start(seed)
        rng = random.Random(seed)
        for _ in range(150):
            alone += _check(table, keeper, state)
            checked += 1
            if state.is_over:
                break
            _play(state, rng)
        if seed >= 2 and checked > 40:
            break
    assert checked > 40
    if game_id in ("doge", "goofspiel"):        # games with secret steps of several seats
        assert alone > 0


def test_kept_vectors_show_a_seat_the_tokens_revealed_to_it_alone():
    """A token shown privately to a seat (reveal_to, private_reveal.py) is seen whole in
    that seat's kept vector, and face down again once the reveal is forgotten."""
    table = Table.get(str(CARDS_GAME))
    keeper = VectorKeeper(table.encoder)
    shown = checked = 0
    for seed in range(1, 12):
        state = table.start(seed)
        rng = random.Random(seed)
        while not state.is_over and state.decisions < 200:
            shown += bool(state._data.get("known"))
            _check(table, keeper, state)
            checked += 1
            _play(state, rng)
    assert shown > 20 and checked > shown     # reveals made, and forgotten again


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_vectors_stay_right_after_clone_refused_apply_and_load(game_id, monkeypatch):
    table = Table.get(game_id)
    keeper = VectorKeeper(table.encoder)
    rng = random.Random(7)
    advance = GameState._advance
    state = table.start(3)
    for k in range(240):
        if state.is_over:
            break
        _check(table, keeper, state)
        if k % 7 == 0:
            twin = state.clone()                        # a clone, played on differently
            _play(twin, rng)
            _check(table, keeper, twin)
            _check(table, keeper, state)                # the original is untouched
        if k % 11 == 0:
            seat = deciding_seat(state)                 # an illegal action changes nothing
            with pytest.raises(IllegalAction):
                state.apply(seat, {"not": "an option"})
            _check(table, keeper, state)
            failed = []                                 # a script fails: back to the checkpoint

            def failing(self, answered=None, failed=failed):
                advance(self, answered)
                if not failed:
                    failed.append(True)
                    raise ScriptRuntimeError("a failing script (test)")
            monkeypatch.setattr(GameState, "_advance", failing)
            before = state.to_json()
            with pytest.raises(ScriptRuntimeError):
                state.apply(seat, state.legal_actions(seat)[0]["value"])
            monkeypatch.setattr(GameState, "_advance", advance)
            assert state.to_json() == before
            _check(table, keeper, state)
        if k % 13 == 0:                                 # a save loaded, then played on
            state = table.game.state_from_json(state.to_json())
            _check(table, keeper, state)
        _play(state, rng)


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_vectors_equal_fresh_ones_with_explicit_chance(game_id):
    table = Table.get(game_id)
    keeper = VectorKeeper(table.encoder)
    rng = random.Random(11)
    state = table.start(None, explicit_chance=True)
    waited = 0
    for _ in range(200):
        _check(table, keeper, state)
        if state.is_over:
            break
        waited += state.chance_bound is not None
        _play(state, rng)
    if game_id in ("doge", "kuhn", "leduc"):        # they draw while the game goes on
        assert waited > 0


@pytest.mark.parametrize("game_id", ["doge", "goofspiel", "warsaw"])
def test_pettingzoo_observations_are_the_fresh_vectors(game_id):
    pytest.importorskip("pettingzoo")
    from regola.adapters.pettingzoo import env
    e = env(game_id, max_decisions=120)
    e.reset(seed=4)
    table = e.unwrapped.table
    rng = random.Random(4)
    for agent in e.agent_iter():
        obs, _reward, terminated, truncated, _info = e.last()
        state = e.unwrapped.state_
        seat = e.unwrapped.possible_agents.index(agent)
        assert np.array_equal(obs["observation"], _scratch(table, state, seat))
        if terminated or truncated:
            e.step(None)
            continue
        legal = table.actions.ids(state.legal_actions(seat))
        assert np.flatnonzero(obs["action_mask"]).tolist() == legal
        e.step(rng.choice(legal))


def test_a_pettingzoo_action_outside_the_action_space_fails_an_assertion():
    pytest.importorskip("pettingzoo")
    from regola.adapters.pettingzoo import env
    e = env("doge", players=3)
    e.reset(seed=4)
    with pytest.raises(AssertionError, match="not in action space"):
        e.step(len(e.unwrapped.table.actions))
    with pytest.raises(AssertionError, match="not in action space"):
        e.step(None)                                    # only a finished agent steps None


@pytest.mark.parametrize("game_id", ["doge", "kuhn"])
def test_openspiel_tensors_are_the_fresh_vectors_with_the_history(game_id):
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.observation import make_observation

    import regola.adapters.openspiel  # noqa: F401 - registers the games
    spiel = pyspiel.load_game(f"regola_{game_id}", {"max_decisions": 120})
    observer = make_observation(spiel, pyspiel.IIGObservationType(perfect_recall=True))
    state = spiel.new_initial_state()
    table = state._table
    rng = random.Random(2)
    size = table.layout.observation_size
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        seat = state.current_player()
        observer.set_from(state, seat)
        held: Held = state._held
        assert np.array_equal(observer.tensor[:size], _scratch(table, held.state, seat))
        assert np.array_equal(observer.tensor[size:], held.history(seat).reshape(-1))
        legal = state.legal_actions()
        assert legal == table.actions.ids(held.state.legal_actions(seat))
        state.apply_action(rng.choice(legal))


def test_the_kept_secret_step_is_advanced_by_the_seats_answers_not_made_again():
    table = Table.get("doge")
    state = table.start(3)
    rng = random.Random(1)
    kept: dict = {}
    advanced = 0
    for _ in range(200):
        if state.is_over:
            break
        seat = deciding_seat(state)
        before = kept.get(seat)
        before_state = before[3] if before else None
        seen, kept[seat] = state._seen_kept(seat, before)
        step = state._step_hiding_others(seat)
        if step is not None:
            alone = state._as_if_alone(step, seat, log=False)
            assert seen.observe(seat, log=False) == alone.observe(seat, log=False)
            assert seen.to_move == alone.to_move
            if seen is before_state and len(kept[seat][1]) > 0:
                advanced += 1
        else:
            assert seen is state
        _play(state, rng)
    assert advanced > 5


def _face_down_game(tmp_path: Path) -> str:
    """The test cards game, but the card played goes to the discard face down: the choice
    of which card is public, its answer names a face-down token."""
    folder = tmp_path / "face_down_cards"
    shutil.copytree(CARDS_GAME, folder)
    script = folder / "cards.regola"
    script.write_text(script.read_text().replace("    reveal(c)\n", "", 1))
    yaml = folder / "game.yaml"
    yaml.write_text(yaml.read_text().replace("id: cards_game", "id: face_down_cards", 1))
    return str(folder)


def test_a_public_choice_of_a_face_down_card_tells_the_others_its_kind_not_which(tmp_path):
    """The chooser sees its answer; the other seats and a spectator see that a card was
    chosen, not which: in their logs, their choices seen, their vectors and strings."""
    from regola.adapters.common import Held
    table = Table.get(_face_down_game(tmp_path))
    views = {}
    for first in (0, 1):                       # seat 0 plays its first or its second card
        state = table.start(5)
        seat = deciding_seat(state)
        assert seat == 0
        options = state.legal_actions(0)
        assert len(options) > 1
        chosen = options[first]["value"]
        assert state.masks_choice(chosen)
        state.apply(0, chosen)
        held = Held(state, table)
        choice = [e for e in state.log if e.get("e") == "choice"][-1]
        assert choice["masked"] and choice["piece"] == "card"
        own = [e for e in state.observe(0)["log"] if e.get("e") == "choice"][-1]
        assert own["value"] == chosen
        views[first] = {other: (state.observe(other), held.string(other, True),
                                table.encoder.encode(state.observe(other), True,
                                                     counts=held.history(other)).tolist())
                        for other in (None, 1, 2)}
        seen = [e for e in state.observe(1)["log"] if e.get("e") == "choice"][-1]
        assert "value" not in seen and seen["piece"] == "card"
    assert views[0] == views[1]
