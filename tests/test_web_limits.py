"""The limits a public server needs (issue 22, item 2), each configurable: games per client
address and in all, games removed once finished or idle past their keeping time,
connections per game and messages per second per connection."""

from __future__ import annotations

import json
import time

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from regola.server.app import create_app  # noqa: E402
from regola.server.quotas import Limits, RateLimit  # noqa: E402

TEST_HOSTS = ("localhost", "testserver")
"""The hosts the test app answers to (Starlette's TestClient opens WebSockets on testserver)."""
GAME = {"game": "doge", "seats": ["person", "random", "random"]}


def _client(tmp_path, **limits) -> TestClient:
    app = create_app(tmp_path / "games.sqlite3", bot_delay=0, allowed_hosts=TEST_HOSTS,
                     limits=Limits(**limits))
    return TestClient(app, base_url="http://localhost")


def test_one_address_may_have_only_so_many_games_going(tmp_path):
    with _client(tmp_path, games_per_address=2) as client:
        assert [client.post("/api/games", json=GAME).status_code for _ in range(2)] == [201] * 2
        refused = client.post("/api/games", json=GAME)
        assert refused.status_code == 429 and refused.json()["code"] == "too_many"
        assert len(client.get("/api/games").json()["games"]) == 2


def test_the_server_holds_only_so_many_games(tmp_path):
    with _client(tmp_path, games=2, games_per_address=10) as client:
        for _ in range(2):
            assert client.post("/api/games", json=GAME).status_code == 201
        full = client.post("/api/games", json=GAME)
        assert full.status_code == 503 and full.json()["code"] == "full"


def test_idle_and_finished_games_are_removed_after_their_keeping_time(tmp_path):
    with _client(tmp_path, keep_idle=3600) as client:
        quiet = {"game": "doge", "seats": ["person"] * 3}      # nobody moves meanwhile
        made = [client.post("/api/games", json=quiet).json()["id"] for _ in range(2)]
        server = client.app.state.server
        assert server.tables.sweep() == []                 # not idle yet
        assert sorted(server.tables.sweep(now=time.time() + 3601)) == sorted(made)
        assert server.tables.sessions == {} and server.store.load_all() == []
        assert client.get(f"/api/games/{made[0]}").status_code == 404


def test_a_game_takes_only_so_many_connections(tmp_path):
    with _client(tmp_path, connections_per_game=2) as client:
        game = client.post("/api/games", json=GAME).json()["id"]
        with client.websocket_connect(f"/ws/games/{game}") as first, \
                client.websocket_connect(f"/ws/games/{game}") as second:
            for socket in (first, second):
                socket.send_text(json.dumps({"type": "hello"}))
                assert json.loads(socket.receive_text())["type"] == "state"
            with client.websocket_connect(f"/ws/games/{game}") as third:
                third.send_text(json.dumps({"type": "hello"}))
                refused = json.loads(third.receive_text())
                assert refused["status"] == 429
                with pytest.raises(WebSocketDisconnect) as closed:
                    third.receive_text()
                assert closed.value.code == 4429


def test_a_connection_that_sends_too_fast_is_told_to_slow_down(tmp_path):
    with _client(tmp_path, messages_per_second=0.001, message_burst=3) as client:
        game = client.post("/api/games", json=GAME).json()["id"]
        with client.websocket_connect(f"/ws/games/{game}") as socket:
            socket.send_text(json.dumps({"type": "hello"}))
            assert json.loads(socket.receive_text())["type"] == "state"
            for ref in range(6):
                socket.send_text(json.dumps({"type": "ping", "ref": ref}))
            answers: list[dict] = []
            while len(answers) < 6:
                message = json.loads(socket.receive_text())
                if message["type"] != "state":               # the bots move meanwhile
                    answers.append(message)
    kinds = [a["type"] if a["type"] == "pong" else a["code"] for a in answers]
    assert kinds == ["pong"] * 3 + ["too_many"] * 3


def test_the_rate_limit_refills_with_time():
    now = [0.0]
    bucket = RateLimit(rate=2, burst=2, clock=lambda: now[0])
    assert [bucket.allow() for _ in range(3)] == [True, True, False]
    now[0] += 0.5
    assert bucket.allow() and not bucket.allow()
