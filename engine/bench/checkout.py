"""Another checkout of regola measured in the same run (`regola bench --against PATH`).

Two versions of the package cannot be imported in one process, so the other checkout plays
in a process of its own (checkout_worker.py) that the benchmark asks for one round at a
time, alternating with its own rounds: both see the same machine load. Only random play is
measured there (decisions and games per second), through the public API every version has.

    git worktree add /tmp/oldmain <commit>
    regola bench --against /tmp/oldmain
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from ..errors import CheckoutError, Location

WORKER = Path(__file__).with_name("checkout_worker.py")


def _label(path: Path) -> str:
    """The checkout's folder name and its commit, when git knows it ("oldmain@d1848dd")."""
    try:
        done = subprocess.run(["git", "-C", str(path), "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return path.name
    commit = done.stdout.strip()
    return f"{path.name}@{commit}" if done.returncode == 0 and commit else path.name


class CheckoutRunner:
    """Random play of another checkout, through its worker process."""

    def __init__(self, path: str | Path):
        self.path = Path(path).resolve()
        self.where = Location(str(path))
        if not (self.path / "engine" / "__init__.py").is_file() or \
                not (self.path / "pyproject.toml").is_file():
            raise CheckoutError("not a checkout of regola (no engine/__init__.py and "
                                "pyproject.toml there)", self.where)
        self.label = _label(self.path)
        self.errors = tempfile.TemporaryFile(mode="w+")
        self.process = subprocess.Popen(
            [sys.executable, str(WORKER), str(self.path)], stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=self.errors, text=True)
        self.players: dict[str, list[int]] = {}

    def ask(self, request: dict) -> dict:
        """Send one request to the worker and read its answer."""
        try:
            self.process.stdin.write(json.dumps(request) + "\n")
            self.process.stdin.flush()
            line = self.process.stdout.readline()
        except OSError:
            line = ""
        if not line:
            self.close()
            self.errors.seek(0)
            tail = self.errors.read().strip().splitlines()[-3:]
            raise CheckoutError("its worker stopped: " + (" / ".join(tail) or "no message"),
                                self.where)
        return json.loads(line)

    def know(self, games: list[str]) -> None:
        """Ask which of `games` the checkout has, and their player counts."""
        self.players = {name: list(counts) for name, counts in
                        self.ask({"op": "players", "games": games})["players"].items()}

    def play_round(self, game: str, players: int, seeds: list[int], min_seconds: float,
                   clock: str = "cpu") -> tuple[float, float, list[int]]:
        """One round of random play there: (decisions/s, games/s, decisions per game),
        timed with `clock` ("cpu": the worker's process time, or "wall")."""
        answer = self.ask({"op": "play", "game": game, "players": players, "seeds": seeds,
                           "min_seconds": min_seconds, "clock": clock})
        return answer["rate"], answer["game_rate"], answer["lengths"]

    def close(self) -> None:
        """End the worker (it ends by itself once its input closes)."""
        if self.process.poll() is None:
            try:
                self.process.stdin.close()
            except OSError:
                pass
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process.stdout.close()


def speedups(figures: dict[str, Any], label: str) -> list[dict]:
    """regola's decisions per second over the other checkout's, per game and player count."""
    mine = {(r["game"], r["players"]): r for r in figures["play"] if r["impl"] == "regola"}
    rows = []
    for r in figures["play"]:
        key = (r["game"], r["players"])
        if r["impl"] == label and key in mine:
            rows.append({"game": r["game"], "players": r["players"], "against": label,
                         "decisions_per_s": mine[key]["decisions_per_s"],
                         "against_decisions_per_s": r["decisions_per_s"],
                         "speedup": mine[key]["decisions_per_s"] / r["decisions_per_s"]})
    return rows
