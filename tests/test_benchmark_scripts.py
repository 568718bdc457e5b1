"""The benchmark scripts beside the bench: benchmarks/bots.py keeps and resumes a study in a
results file; benchmarks/instructions.py plays the bench's seeded random games in its child."""

from __future__ import annotations

import importlib.util
import json
import random
import sys
from pathlib import Path

import pytest

import regola

ROOT = Path(__file__).resolve().parent.parent


def load_script(name: str):
    """A benchmarks/ script as a module."""
    path = ROOT / "benchmarks" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"bench_{name}", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.slow
def test_a_bot_study_resumes_from_its_results_file(tmp_path, capsys):
    """--results keeps each game; a second run plays only the missing ones and prints the
    same table as one run of all of them; --report plays nothing."""
    bots = load_script("bots")
    path = tmp_path / "study.jsonl"
    common = ["copycat", "--hero", "greedy", "--field", "random", "--players", "2", "--seed", "4"]
    assert bots.main(common + ["--games", "2", "--results", str(path)]) == 0
    assert len(path.read_text().splitlines()) == 2
    capsys.readouterr()
    assert bots.main(common + ["--games", "3", "--results", str(path)]) == 0
    resumed = capsys.readouterr().out
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted(r["result"]["index"] for r in rows) == [0, 1, 2]     # game 2 only was added
    assert bots.main(common + ["--games", "3"]) == 0
    whole = capsys.readouterr().out
    share = lambda table: table.splitlines()[2].split("|")[6]  # noqa: E731
    assert share(resumed) == share(whole)
    assert bots.main(common + ["--games", "3", "--results", str(path), "--report"]) == 0
    assert len(path.read_text().splitlines()) == 3
    assert share(capsys.readouterr().out) == share(whole)


@pytest.mark.slow
def test_shards_of_a_bot_study_share_one_results_file(tmp_path, capsys):
    """--shard I/N plays only the games numbered I modulo N; two shards on one file make
    the table of one run of the whole study; a shard that is no I/N is refused."""
    bots = load_script("bots")
    path = tmp_path / "study.jsonl"
    common = ["copycat", "--hero", "greedy", "--field", "random", "--players", "2", "--seed", "9",
              "--games", "3"]
    assert bots.main(common + ["--results", str(path), "--shard", "1/2"]) == 0
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["result"]["index"] for r in rows] == [1]
    assert bots.main(common + ["--results", str(path), "--shard", "0/2"]) == 0
    rows = [json.loads(line) for line in path.read_text().splitlines()]
    assert sorted(r["result"]["index"] for r in rows) == [0, 1, 2]
    capsys.readouterr()
    assert bots.main(common + ["--results", str(path), "--report"]) == 0
    sharded = capsys.readouterr().out
    assert bots.main(common) == 0
    played = lambda table: table.splitlines()[2].split("|")[1:11]  # noqa: E731 - not times
    assert played(sharded) == played(capsys.readouterr().out)
    with pytest.raises(SystemExit):
        bots.main(common + ["--shard", "2/2"])
    assert "0 <= I < N" in capsys.readouterr().err


def test_the_instruction_counter_plays_the_benchs_games(monkeypatch):
    """The child of benchmarks/instructions.py plays the same seeded random games as the
    bench (the first seat to move picks with random.Random(seed)), in this checkout."""
    instructions = load_script("instructions")
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))   # its checkout finder goes
    decided = instructions.play("checkout", str(ROOT), "doge", 3, 2)
    game = regola.load_game("doge")
    expected = 0
    for seed in range(2):
        state, rng = game.new_state(players=3, seed=seed), random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))])
            expected += 1
    assert decided == expected
    hand = instructions.play("hand", str(ROOT / "benchmarks" / "hand_doge.py"), "doge", 3, 1)
    assert hand > 100
