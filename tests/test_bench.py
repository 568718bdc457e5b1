"""`regola bench` (and benchmarks/bench.py): a quick run reports every figure for every game
and player count, the hand-written baseline beside the interpreter, and its ratios. No
timing is asserted: the figures are only checked to be there and positive."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

import regola
from regola.cli.app import app
from regola.loading.sources import builtin_games

ROOT = Path(__file__).parent.parent
STATE_FIGURES = {"copy_us", "to_json_us", "from_json_us", "json_round_trip_us", "json_kb"}


@pytest.fixture(scope="module")
def figures(tmp_path_factory):
    out = tmp_path_factory.mktemp("bench") / "figures.json"
    result = CliRunner().invoke(app, ["bench", "--quick", "--json", str(out)])
    assert result.exit_code == 0, result.output
    assert "regola's cost over the hand-written baseline" in result.output
    return json.loads(out.read_text())


def _positive(row: dict, keys: set[str]) -> None:
    for key in keys:
        assert row[key] > 0, (key, row)


@pytest.mark.slow
def test_random_play_and_states_for_every_game_and_player_count(figures):
    expected = {(g, p) for g in builtin_games() for p in regola.load_game(g).player_counts}
    for table, keys in (("play", {"decisions_per_s", "games_per_s", "us_per_decision",
                                  "decisions_per_game"}),
                        ("states", STATE_FIGURES | {"memory_per_1000_mb", "decisions"})):
        rows = [r for r in figures[table] if r["impl"] == "regola"]
        assert {(r["game"], r["players"]) for r in rows} == expected
        for row in rows:
            _positive(row, keys)


@pytest.mark.slow
def test_the_hand_written_baseline_is_measured_beside_it_with_ratios(figures):
    base = [r for r in figures["play"] + figures["states"] if r["impl"] == "hand-written"]
    assert {(r["game"], r["players"]) for r in base} == {("doge", 3), ("doge", 4)}
    for row in base:
        _positive(row, {"decisions_per_s", "games_per_s"} if "games_per_s" in row
                  else STATE_FIGURES | {"memory_per_1000_mb"})
    assert [(r["players"], r["baseline"]) for r in figures["ratios"]] == \
        [(3, "hand-written"), (4, "hand-written")]
    for row in figures["ratios"]:
        _positive(row, {"time_per_decision", "copy", "json_round_trip", "json_size"})


@pytest.mark.slow
def test_state_cost_at_year_2_and_year_20_for_both(figures):
    seen = {(r["impl"], r["variable"], r["value"]) for r in figures["growth"]}
    assert seen == {(impl, "year", v) for impl in ("regola", "hand-written") for v in (2, 20)}
    for row in figures["growth"]:
        _positive(row, STATE_FIGURES | {"decisions"})


@pytest.mark.slow                 # the whole quick run (about 25 s): with the others above
def test_load_times_of_every_game(figures):
    assert [r["game"] for r in figures["load"]] == builtin_games()
    for row in figures["load"]:
        _positive(row, {"import_s", "cold_s", "uncached_s", "cached_s"})


def test_the_script_in_benchmarks_runs_the_same_command():
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench.py"), "--quick",
                           "--game", "copycat", "--no-baseline", "--json", "-"],
                          capture_output=True, text=True, check=False, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    figures = json.loads(done.stdout)
    assert {r["players"] for r in figures["play"]} == {2, 3, 4}
    assert figures["settings"]["baselines"] == [] and figures["ratios"] == []


def test_a_baseline_that_cannot_be_used_is_named_without_a_traceback(tmp_path):
    bad = tmp_path / "hand_broken.py"
    bad.write_text("GAME = 'copycat'\n")
    result = CliRunner().invoke(app, ["bench", "--quick", "--game", "copycat",
                                      "--baseline", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}: a baseline must define PLAYERS, new_game, from_json" in result.output
    assert "Traceback" not in result.output


def test_a_json_file_in_a_missing_folder_is_refused_before_measuring(tmp_path):
    target = tmp_path / "missing" / "figures.json"
    result = CliRunner().invoke(app, ["bench", "--quick", "--json", str(target)])
    assert result.exit_code == 2
    assert f"cannot write {target}: no such folder" in result.output
    assert "Random play" not in result.output


def test_another_checkout_is_played_round_for_round_and_its_speedup_shown():
    """--against PATH: the checkout at PATH (here this one) plays in its own process, and
    the speedup table compares the two."""
    result = CliRunner().invoke(app, ["bench", "--quick", "--game", "copycat", "--no-baseline",
                                      "--against", str(ROOT), "--json", "-"])
    assert result.exit_code == 0, result.output
    figures = json.loads(result.output)
    label = figures["settings"]["against"][0]["label"]
    assert label.startswith(ROOT.resolve().name)
    other = [r for r in figures["play"] if r["impl"] == label]
    assert {r["players"] for r in other} == {2, 3, 4}
    assert [(r["players"], r["against"]) for r in figures["speedups"]] == \
        [(2, label), (3, label), (4, label)]
    for row in figures["speedups"]:
        _positive(row, {"decisions_per_s", "against_decisions_per_s", "speedup"})


def test_a_folder_that_is_not_a_checkout_is_named_without_a_traceback(tmp_path):
    result = CliRunner().invoke(app, ["bench", "--quick", "--game", "copycat",
                                      "--against", str(tmp_path)])
    assert result.exit_code == 2
    assert f"{tmp_path}: not a checkout of regola" in result.output
    assert "Traceback" not in result.output
