"""Views and tensors built without the log, kept up as the game goes on, equal the views made
from scratch: observe(seat) with the log kept per seat (seen_log.py), observe(seat,
log=False), the tensors read from the state's columns
(Encoder.encode_state), the choices each seat saw (common.SeenChoices) and the as-if-alone
step of a secret step kept between calls; at many points of seeded random games of every
game, after clone, after a refused apply (its checkpoint restored), after a load. The compact
information-state strings tell apart what the full ones tell apart."""

from __future__ import annotations

import copy
import importlib.util
import json
import random
from pathlib import Path

import pytest

np = pytest.importorskip("numpy")      # the adapters' extra; .ci/run installs it

import regola  # noqa: E402
from regola.adapters.common import Held, Table, deciding_seat  # noqa: E402
from regola.errors import ScriptRuntimeError  # noqa: E402
from regola.game import GameState  # noqa: E402
from regola.interpreter.seen_log import SeenLogs  # noqa: E402

GAMES = regola.builtin_games()
ROOT = Path(__file__).resolve().parent.parent


def _points(game_id: str, seed: int, decisions: int = 160, every: int = 3):
    """(state, held) at every `every`-th decision of a seeded random game (lowest seat of
    several first, as the adapters ask them), the held state kept up all along."""
    table = Table.get(game_id)
    state = table.start(seed)
    held = Held(state, table)
    rng = random.Random(seed)
    for k in range(decisions):
        if state.is_over:
            break
        if k % every == 0:
            yield state, held
        seat = deciding_seat(state)
        state.apply(seat, rng.choice(state.legal_actions(seat))["value"])
        held.changed()
    yield state, held


def _scratch(state: GameState, seat: int | None) -> dict:
    """observe(seat) of a copy that has kept nothing (no as-if-alone step, no seat's log)."""
    copy = state.clone()
    copy._seen_logs = SeenLogs()
    return copy.observe(seat)


SHORT_GAMES = {"tictactoe": 10, "goofspiel": 30, "kuhn": 60, "leduc": 30}
"""Games too short for two seeds to reach the tests' counts: how many seeds they play."""


def _history(table: Table, view: dict) -> np.ndarray:
    """The history section counted from the whole log of a view (the old way)."""
    vec = table.encoder.encode(view, True)
    return vec[table.layout.observation_size:]


def _check(table: Table, state: GameState, held: Held) -> None:
    for seat in [None, *range(state.players)]:
        full = _scratch(state, seat)
        without = {k: v for k, v in full.items() if k != "log"}
        assert state.observe(seat, log=False) == without
        assert state.observe(seat) == full
        assert np.array_equal(table.encoder.encode_state(state, seat),
                              table.encoder.encode(full))
        counts = held.history(seat)
        assert np.array_equal(counts.reshape(-1), _history(table, full)), seat
        assert np.array_equal(table.encoder.encode_state(state, seat, True, counts=counts),
                              table.encoder.encode(full, True))


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_views_equal_views_from_scratch(game_id):
    table = Table.get(game_id)
    checked = 0
    for seed in range(1, 100):            # two games, or more of a short game (tic-tac-toe)
        for state, held in _points(game_id, seed):
            _check(table, state, held)
            checked += 1
        if seed >= 2 and checked > 20:
            break
    assert checked > 20


@pytest.mark.parametrize("game_id", GAMES)
def test_kept_views_stay_right_after_clone_refused_apply_and_load(game_id, monkeypatch):
    table = Table.get(game_id)
    rng = random.Random(5)
    advance = GameState._advance
    for state, held in _points(game_id, 3, decisions=240, every=20):
        if state.is_over:
            continue
        held.history(0)                                   # read the log up to here
        twin = copy.deepcopy(held)                        # a clone, its counts copied
        seat = deciding_seat(twin.state)
        twin.state.apply(seat, rng.choice(twin.state.legal_actions(seat))["value"])
        twin.changed()
        _check(table, twin.state, twin)
        _check(table, state, held)                        # the original is untouched
        # A refused apply: the choice is logged, then a script fails; the checkpoint is
        # restored and the log cut back, then rewritten with new events.
        failed = []

        def failing(self, answered=None, failed=failed):
            advance(self, answered)
            if not failed:
                failed.append(True)
                raise ScriptRuntimeError("a failing script (test)")
        monkeypatch.setattr(GameState, "_advance", failing)
        before = state.to_json()
        seat = deciding_seat(state)
        with pytest.raises(ScriptRuntimeError):
            state.apply(seat, state.legal_actions(seat)[0]["value"])
        monkeypatch.setattr(GameState, "_advance", advance)
        assert state.to_json() == before
        held.changed()
        _check(table, state, held)
        # A load with its log reads the same. (Not in an open secret step: a state loaded
        # there does not know where the step began, and its as-if-alone log then holds the
        # seat's own answers twice, as before this change; the views without log agree.)
        loaded = table.game.state_from_json(state.to_json(log=True))
        for seat in [None, *range(state.players)]:
            assert loaded.observe(seat, log=False) == state.observe(seat, log=False)
        if "secret_step" not in state.data:
            _check(table, loaded, Held(loaded, table))


def _pairs(game_id: str, seeds=(1, 2)):
    """(seat, compact, full) information states at points of random games: seeded games,
    and secret steps answered differently by the seats before a seat (which it cannot
    tell apart), and the same seed played differently (which it can)."""
    table = Table.get(game_id)
    for seed in seeds:
        for stream in (0, 1):
            state = table.start(seed)
            held = Held(state, table)
            rng = random.Random(100 * seed + stream)
            for k in range(120):
                if state.is_over:
                    break
                if k >= (2 if game_id not in SHORT_GAMES else 0):
                    for seat in [None, *range(state.players)]:
                        yield seat, held.string(seat, True), held.string(seat, True, full=True)
                seats = state.to_move
                if len(seats) > 1 and "secret_step" not in state.data:
                    for answers in (7, 8):           # the seats before the last, two ways
                        twin = copy.deepcopy(held)
                        rng_twin = random.Random(answers)
                        while deciding_seat(twin.state) != seats[-1]:
                            seat = deciding_seat(twin.state)
                            legal = twin.state.legal_actions(seat)
                            twin.state.apply(seat, rng_twin.choice(legal)["value"])
                            twin.changed()
                        yield (seats[-1], twin.string(seats[-1], True),
                               twin.string(seats[-1], True, full=True))
                seat = deciding_seat(state)
                state.apply(seat, rng.choice(state.legal_actions(seat))["value"])
                held.changed()


@pytest.mark.parametrize("game_id", GAMES)
def test_compact_information_states_tell_apart_what_the_full_ones_do(game_id):
    full_of: dict[tuple, str] = {}
    compact_of: dict[tuple, str] = {}
    same = 0
    # two seeds, or as many as a short game needs to show 100 information states; a game
    # with fewer in all (Kuhn poker: 12 decision points, 3 deals a seat can tell apart)
    # is seen whole instead
    seeds = (1, 2) if game_id not in SHORT_GAMES else range(1, SHORT_GAMES[game_id])
    for seat, compact, full in _pairs(game_id, seeds):
        assert len(compact) < len(full) or seat is None
        known = full_of.setdefault((seat, compact), full)
        assert known == full, (game_id, seat)            # compact equal: full equal
        other = compact_of.setdefault((seat, full), compact)
        assert other == compact, (game_id, seat)          # full equal: compact equal
        same += known is not full
    if game_id == "kuhn":     # the whole game: 3 cards x 4 betting points a seat, 4 public
        assert len(full_of) == 2 * 3 * 4 + 4
    else:
        assert len(full_of) > 100
    if game_id in ("doge", "copycat"):                  # games with secret steps
        assert same, "no two sampled states looked alike to a seat"


def test_compact_strings_hold_the_seen_choices_as_action_ids():
    table = Table.get("doge")
    state = table.start(1)
    held = Held(state, table)
    for _ in range(12):
        seat = deciding_seat(state)
        state.apply(seat, state.legal_actions(seat)[0]["value"])
        held.changed()
    text = held.string(0, True)
    view, digest, history = text.rsplit("|", 2)
    assert json.loads(view) == state.observe(0, log=False)
    assert digest == state.seen_digest(0) and len(digest) == 32
    seen = [tuple(map(int, pair.split(","))) for pair in history.split(";")]
    choices = [e for e in state.observe(0)["log"] if e["e"] == "choice"]
    assert seen == [(e["player"], table.actions.id_of(e["value"])) for e in choices]


def test_openspiel_strings_compact_by_default_full_on_request():
    pyspiel = pytest.importorskip("pyspiel")
    import regola.adapters.openspiel  # noqa: F401
    strings = {}
    for full in (False, True):
        game = pyspiel.load_game("regola_copycat", {"seed": 3, "full_strings": full})
        state = game.new_initial_state()
        state.apply_action(0)
        rng = random.Random(3)
        for _ in range(30):
            state.apply_action(rng.choice(state.legal_actions()))
        strings[full] = state.information_state_string(0)
        tensor = np.array(state.information_state_tensor(0))
        held = state._held
        assert np.array_equal(tensor, Table.get("copycat").encoder.encode(
            held.state.observe(0), True))
    assert json.loads(strings[True])["log"]
    assert len(strings[False]) < len(strings[True]) / 2
    assert strings[False].rsplit("|", 2)[0] == json.dumps(
        {k: v for k, v in json.loads(strings[True]).items() if k != "log"},
        sort_keys=True, separators=(",", ":"))


def test_the_adapters_benchmark_runs_quick(capsys):
    pytest.importorskip("pyspiel")
    pytest.importorskip("pettingzoo")
    path = ROOT / "benchmarks" / "adapters.py"
    spec = importlib.util.spec_from_file_location("bench_adapters", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.main(["copycat", "--quick"]) == 0
    table = capsys.readouterr().out
    assert table.splitlines()[0].startswith("| game |")
    assert table.splitlines()[2].startswith("| copycat |")
    # The three ways play the same games (the same random choices), so their costs compare.
    assert module.api_play("doge", 2, 2000) == module.pz_play("doge", 2, 2000) == \
        module.os_play("doge", 2, 2000) == module.pz_floor_play("doge", 2, 2000) < 2000
    assert module.main(["copycat", "--quick", "--parts"]) == 0
    parts = capsys.readouterr().out.split("\n\n")[1].splitlines()
    assert parts[0].startswith("| game | api | framework | vector | secret step as if alone |")
    assert "| PettingZoo floor | left at half the API's rate |" in parts[0]
    row = parts[2].split("|")
    assert row[1].strip() == "copycat" and float(row[2]) > 0   # the API's microseconds
    assert float(row[7]) > 0                                   # the floor's
