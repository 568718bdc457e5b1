"""Helpers of the web table's tests: a real `regola serve` process on 127.0.0.1, and
players that sit at a seat over a real WebSocket, act at random and keep every message
they receive. Import only after pytest.importorskip of the web extra."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

from websockets.sync.client import connect

import regola
from regola.server.tables import MAX_DECISIONS


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


LOAD_LIMITS = ["--games-per-address", "100000", "--max-games", "100000",
               "--messages-per-second", "100000"]
"""The tests make many games from one address and act as fast as they are answered."""


class ServerProcess:
    """`regola serve` in its own process, on a free port, with a database file."""

    def __init__(self, db: Path, bot_delay: float = 0.0, port: int | None = None):
        self.db, self.port = db, port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        code = "from regola.cli.app import main; main()"
        self.output = db.with_name(f"{db.name}.{self.port}.log")
        with open(self.output, "w") as out:     # a file: a full pipe would stop the server
            self.process = subprocess.Popen(
                [sys.executable, "-c", code, "serve", "--port", str(self.port), "--db",
                 str(db), "--bot-delay", str(bot_delay), *LOAD_LIMITS], stdout=out,
                stderr=subprocess.STDOUT, text=True, start_new_session=True)
        deadline = time.time() + 60
        while time.time() < deadline:
            try:
                self.get("/api/games")
                return
            except (urllib.error.URLError, ConnectionError, OSError):
                if self.process.poll() is not None:
                    raise RuntimeError(self.output.read_text()) from None
                time.sleep(0.2)
        raise RuntimeError("regola serve did not start")

    def ws(self, game: str, lang: str = "en") -> str:
        return f"ws://127.0.0.1:{self.port}/ws/games/{game}?lang={lang}"

    def get(self, path: str, token: str | None = None) -> dict:
        request = urllib.request.Request(self.base + path)
        if token:
            request.add_header("Authorization", f"Bearer {token}")
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def text(self, path: str) -> str:
        with urllib.request.urlopen(self.base + path, timeout=30) as answer:
            return answer.read().decode()

    def create(self, body: dict) -> dict:
        request = urllib.request.Request(self.base + "/api/games",
                                         data=json.dumps(body).encode(), method="POST",
                                         headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(request, timeout=30) as answer:
            return json.loads(answer.read())

    def kill(self) -> None:
        """SIGKILL: no chance to clean up."""
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=30)

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.kill()


class Player(threading.Thread):
    """A person at a seat (token None: watching): says hello, keeps every message, acts at
    random whenever it is asked, until the game is over or `stop_after` actions."""

    def __init__(self, server: ServerProcess, game: str, token: str | None, seed: int,
                 stop_after: int | None = None, lang: str = "en", bad_every: int = 0,
                 reconnect_after: int | None = None):
        super().__init__(daemon=True)
        self.server, self.game, self.token, self.lang = server, game, token, lang
        self.rng = random.Random(seed)
        self.stop_after, self.bad_every = stop_after, bad_every
        self.reconnect_after = reconnect_after
        self.reconnected = False
        self.raw: list[str] = []
        self.acted = 0
        self.error: BaseException | None = None
        self.done = threading.Event()

    def messages(self) -> list[dict]:
        return [json.loads(r) for r in self.raw]

    def run(self) -> None:
        try:
            self._play()
        except BaseException as error:   # reported by the test
            self.error = error
        finally:
            self.done.set()

    def _play(self) -> None:
        answered: set[tuple] = set()
        while not self._session(answered):
            self.reconnected = True      # the same seat again, on a new connection

    def _session(self, answered: set[tuple]) -> bool:
        """One connection; False if it was closed on purpose to reconnect."""
        with connect(self.server.ws(self.game, self.lang), max_size=2 ** 24) as ws:
            ws.send(json.dumps({"type": "hello", "token": self.token}))
            while True:
                if self.reconnect_after is not None and not self.reconnected \
                        and self.acted >= self.reconnect_after:
                    return False
                raw = ws.recv(timeout=120)
                self.raw.append(raw)
                message = json.loads(raw)
                if message["type"] != "state":
                    continue
                if message["over"] or (self.stop_after is not None
                                       and self.acted >= self.stop_after):
                    return True
                prompt = message["prompt"]
                if prompt is None or (prompt["ask"], prompt["step"]) in answered:
                    continue
                answered.add((prompt["ask"], prompt["step"]))
                if self.bad_every and self.acted % self.bad_every == 0:
                    ws.send(json.dumps({"type": "act", "ref": f"bad{self.acted}",
                                        "action": {"id": "no-such-action",
                                                   "ask": prompt["ask"],
                                                   "step": prompt["step"]}}))
                action = self.rng.choice(prompt["actions"])
                ws.send(json.dumps({"type": "act", "ref": self.acted,
                                    "action": {k: action[k] for k in ("id", "ask", "step")}}))
                self.acted += 1


def stored_actions(db: Path, game: str) -> list[tuple[int, dict]]:
    """The actions of a game as the server stored them."""
    with sqlite3.connect(db) as con:
        rows = con.execute("SELECT seat, action FROM actions WHERE game = ? ORDER BY n",
                           (game,)).fetchall()
    return [(seat, json.loads(text)) for seat, text in rows]


def replayed_states(rules: str, players: int, seed: int | str,
                    actions: list[tuple[int, dict]],
                    variant: str | None = None) -> list[regola.GameState]:
    """The state after each number of actions (index 0: the start), replayed offline (the
    seed as the web table sends it: a string of digits)."""
    game = regola.load_game(rules, variant)
    state = game.new_state(players=players, seed=int(seed), max_decisions=MAX_DECISIONS)
    states = [state.clone()]
    for seat, action in actions:
        state.apply(seat, action)
        states.append(state.clone())
    return states
