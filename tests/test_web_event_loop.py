"""Nothing slow runs on the server's event loop (issue 22, item 1): while the rules listing
is being made, or a new game's rules are being compiled, every other request is answered.
The slow step is held open by the test; another request must come back meanwhile."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from regola.server import http_api, tables  # noqa: E402
from regola.server.app import create_app  # noqa: E402

TEST_HOSTS = ("localhost", "testserver")
"""The hosts the test apps answer to (Starlette's TestClient opens WebSockets on testserver)."""

WAIT = 10.0


def _client(tmp_path) -> TestClient:
    return TestClient(create_app(tmp_path / "games.sqlite3", bot_delay=0, allowed_hosts=TEST_HOSTS),
                      base_url="http://localhost")


def _held(function, started: threading.Event, release: threading.Event, calls: list):
    """`function`, which first waits until the test releases it."""
    def slow(*args, **kwargs):
        calls.append(args)
        started.set()
        release.wait(timeout=WAIT)
        return function(*args, **kwargs)
    return slow


def _answered_meanwhile(client: TestClient, slow_request, started, release) -> tuple:
    """Start `slow_request` in a thread; while it is held, GET /api/games; then release."""
    answers: dict[str, object] = {}
    slow = threading.Thread(target=lambda: answers.setdefault("slow", slow_request()))
    slow.start()
    try:
        assert started.wait(timeout=WAIT), "the slow step never started"
        other = threading.Thread(target=lambda: answers.setdefault(
            "other", client.get("/api/games")))
        other.start()
        other.join(timeout=3)
        answered = not other.is_alive()
    finally:
        release.set()
        slow.join(timeout=WAIT)
        other.join(timeout=WAIT)
    return answered, answers


def test_the_rules_listing_is_made_off_the_loop_and_once(tmp_path, monkeypatch):
    started, release, calls = threading.Event(), threading.Event(), []
    monkeypatch.setattr(http_api, "rules_info",
                        _held(http_api.rules_info, started, release, calls))
    with _client(tmp_path) as client:
        answered, answers = _answered_meanwhile(
            client, lambda: client.get("/api/rules?lang=en"), started, release)
        assert answered, "GET /api/games waited for the rules listing"
        assert answers["slow"].status_code == 200
        assert {g["id"] for g in answers["slow"].json()["games"]} >= {"doge", "rialto"}
        again = client.get("/api/rules?lang=en")
        assert again.json() == answers["slow"].json()
    assert len(calls) == 1, "the listing of a language is made once"


def test_a_new_game_is_compiled_off_the_loop(tmp_path, monkeypatch):
    started, release, calls = threading.Event(), threading.Event(), []
    monkeypatch.setattr(tables, "load", _held(tables.load, started, release, calls))
    with _client(tmp_path) as client:
        answered, answers = _answered_meanwhile(
            client, lambda: client.post("/api/games", json={
                "game": "doge", "seats": ["person", "random", "random"]}), started, release)
        assert answered, "GET /api/games waited for a game to be compiled"
        assert answers["slow"].status_code == 201, answers["slow"].text
        made = answers["slow"].json()["id"]
        assert [g["id"] for g in client.get("/api/games").json()["games"]] == [made]


def test_a_client_that_does_not_read_is_dropped_and_its_queue_stays_bounded(tmp_path,
                                                                             monkeypatch):
    """Issue 22, item 3: the server's queue for a client is bounded. The client's socket
    never takes a message (send_text blocks), the client keeps sending pings with a long
    ref: the server closes it (1008) once its queue is full, not grow without bound."""
    import asyncio

    from starlette.websockets import WebSocket, WebSocketDisconnect

    from regola.server import ws

    sizes: list[int] = []
    real_put = ws.Client._put

    def measured_put(self, item):
        real_put(self, item)
        sizes.append(self.queue.qsize())

    async def never_sends(self, data):
        await asyncio.Event().wait()

    monkeypatch.setattr(ws.Client, "_put", measured_put)
    monkeypatch.setattr(WebSocket, "send_text", never_sends)
    with _client(tmp_path) as client:
        made = client.post("/api/games", json={"game": "doge",
                                               "seats": ["random", "random", "random"]})
        with client.websocket_connect(f"/ws/games/{made.json()['id']}") as socket:
            socket.send_json({"type": "hello"})
            for _ in range(ws.MAX_QUEUED * 3):
                socket.send_json({"type": "ping", "ref": "x" * 8000})
            with pytest.raises(WebSocketDisconnect) as closed:
                socket.receive_text()
    assert closed.value.code == ws.TOO_SLOW
    assert max(sizes) <= ws.MAX_QUEUED
