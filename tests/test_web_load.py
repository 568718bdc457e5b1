"""A smaller run of the web table's load test (benchmarks/web_load.py; the full ones are 100
games and 200 clients acting at once, and 500 games and 1,000 clients at a person's pace):
several games at once, every client playing its seat as fast as the server answers; no
client gets an error and no action is lost. A second run shares the games between two
server processes, each with its own database (as a router by game id would)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")

SCRIPT = Path(__file__).parent.parent / "benchmarks" / "web_load.py"


@pytest.mark.slow
def test_concurrent_games_and_clients_lose_nothing_and_get_no_error(tmp_path):
    out = tmp_path / "load.json"
    done = subprocess.run([sys.executable, str(SCRIPT), "--games", "8", "--seconds", "20",
                           "--actions", "25", "--json", str(out)], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(out.read_text())
    assert figures["clients"] == 16 and figures["games"] == 8
    assert figures["errors"] == 0 and figures["lost_actions"] == 0
    assert figures["client_actions"] > 16 and figures["actions"] >= figures["client_actions"]
    assert figures["latency_ms"]["p95"] > 0 and figures["p99_ms_by_10_seconds"]
    assert "actions" in done.stdout and "p95" in done.stdout


@pytest.mark.slow
def test_games_shared_between_two_servers_lose_nothing(tmp_path):
    out = tmp_path / "load.json"
    done = subprocess.run([sys.executable, str(SCRIPT), "--games", "4", "--servers", "2",
                           "--seconds", "15", "--actions", "10", "--json", str(out)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    figures = json.loads(out.read_text())
    assert figures["servers"] == 2 and figures["clients"] == 8
    assert figures["errors"] == 0 and figures["lost_actions"] == 0
    assert figures["client_actions"] > 8
