"""A bot thinks in a worker thread, on a copy of the state: while one game's bot is still
deciding, the server answers other requests (a searching bot, mcts, takes about a second
a decision and must not hold up every other game and client)."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from regola.bots import BOTS, Bot  # noqa: E402
from regola.server.app import create_app  # noqa: E402

TEST_HOSTS = ("localhost", "testserver")
"""The hosts the test apps answer to (Starlette's TestClient opens WebSockets on testserver)."""

RELEASE = threading.Event()
THINKING = threading.Event()


class WaitingBot(Bot):
    """Takes the first action, but only once the test releases it (at most 10 s)."""

    name = "waiting"
    released_in_time: list[bool] = []

    def decide(self, view):
        THINKING.set()
        WaitingBot.released_in_time.append(RELEASE.wait(timeout=10))
        return view.actions()[0]


def test_a_thinking_bot_does_not_hold_up_the_server(tmp_path, monkeypatch):
    monkeypatch.setitem(BOTS, "waiting", WaitingBot)
    RELEASE.clear()
    THINKING.clear()
    WaitingBot.released_in_time.clear()
    app = create_app(tmp_path / "games.sqlite3", bot_delay=0, allowed_hosts=TEST_HOSTS)
    with TestClient(app, base_url="http://localhost") as client:
        made = client.post("/api/games", json={"game": "doge", "seats": [
            "waiting", "person", "person", "person"]})
        assert made.status_code == 201, made.text
        assert THINKING.wait(timeout=10), "the bot never started to think"
        # The bot is blocked in its thread: the event loop still answers.
        listed = client.get("/api/games")
        assert listed.status_code == 200
        assert [g["id"] for g in listed.json()["games"]] == [made.json()["id"]]
        RELEASE.set()
    assert WaitingBot.released_in_time and WaitingBot.released_in_time[0] is True
