"""Warsaw at the command line: validate, simulate for every player count, and a human seat
that sees its district as a map and nobody else's hand."""

from __future__ import annotations

import json
import re

import pytest
from typer.testing import CliRunner

from regola.cli.app import app

runner = CliRunner()


def run(*args: str, stdin: str | None = None, env: dict | None = None):
    return runner.invoke(app, list(args), input=stdin, env=env)


def test_validate():
    result = run("validate", "warsaw")
    assert result.exit_code == 0 and "ok: warsaw" in result.stdout


@pytest.mark.parametrize("players", [2, 3, 4])
def test_simulate_ends_every_game_by_the_end_condition(players, tmp_path):
    """notes: Components (2-4 players): every player count plays a whole game to the end
    condition."""
    out = tmp_path / "sim.json"
    result = run("simulate", "warsaw", "--games", "3", "--seed", "1", "--players",
                 str(players), "--json", str(out))
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    assert '"end_condition"' in text and json.loads(text)


def test_a_human_sees_the_district_map_and_only_their_own_hand():
    result = run("play", "warsaw", "--players", "2", "--seats", "human,random", "--seed", "1",
                 stdin="1\n1\n", env={"COLUMNS": "80", "LINES": "40"})
    out = result.stdout
    assert "Red: district" in out and "|pa  pa  0 |" in out
    assert "Pick a tile from your hand (secretly)" in out
    assert re.search(r"hand \(you\): \w.* \(cost \d\)", out)   # Red's own tiles, described
    assert "quarter types=" not in out and "=" not in out.split("result")[0]
    assert re.search(r"^hand +4 city tiles +4 city tiles", out, re.MULTILINE)  # only counted
    # coins are the resource coin: a row of each seat's coins, and the log lines of the bank
    # (Reading 14: open to everyone)
    assert re.search(r"^coins +6 +6", out, re.MULTILINE)
    assert "Each player starts with a start tile and 6 coins" in out and "coins =" not in out
