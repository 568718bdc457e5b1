"""A game never stuck in silence (issue 22, item 4): a bot that fails marks its game
failed; every seat is told why, with the error; the failed move was not taken, so the game
stays at its last good action; the lobby lists the game as failed."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from regola.bots import BOTS, Bot  # noqa: E402
from regola.server.app import create_app  # noqa: E402

TEST_HOSTS = ("localhost", "testserver")
"""The hosts the test app answers to (Starlette's TestClient opens WebSockets on testserver)."""


class BrokenBot(Bot):
    """Fails as a bot with a bug would."""

    name = "broken"

    def decide(self, view):
        raise IndexError("list index out of range (in the bot's own code)")


def test_a_failing_bot_marks_its_game_failed_and_every_seat_is_told(tmp_path, monkeypatch):
    monkeypatch.setitem(BOTS, "broken", BrokenBot)
    app = create_app(tmp_path / "games.sqlite3", bot_delay=0, allowed_hosts=TEST_HOSTS)
    with TestClient(app, base_url="http://localhost") as client:
        made = client.post("/api/games", json={"game": "rialto",
                                               "seats": ["broken"] * 3})
        assert made.status_code == 201, made.text
        game = made.json()["id"]
        session = app.state.server.tables.sessions[game]
        for _ in range(400):                          # the bot's task runs on its own
            watcher = client.get(f"/api/games/{game}").json()
            if watcher.get("failure"):
                break
            time.sleep(0.05)
        else:
            pytest.fail("the game was never marked failed")
        with client.websocket_connect(f"/ws/games/{game}") as socket:
            socket.send_text(json.dumps({"type": "hello"}))
            message = json.loads(socket.receive_text())
        assert message["type"] == "state" and message["failure"] == watcher["failure"]
        assert "could not move" in message["failure"]
        assert "list index out of range" in message["failure"]
        assert session.actions == 0, "the failed move was not taken"
        assert session.state.to_move, "a bot still has the move"
        listed = client.get("/api/games").json()["games"]
        assert listed[0]["failed"] is True
