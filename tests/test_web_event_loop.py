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
    langs = [args[0].lang for args in calls]
    assert sorted(langs) == sorted(set(langs)), "the listing of a language is made once"


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


def test_a_game_is_answered_while_another_games_view_is_drawn(tmp_path, monkeypatch):
    """Issue 22, item 1: drawing a view (observe, the SVG, the JSON) runs off the loop.
    The drawing of game A's view is held open; a client of game B says hello and pings:
    the pong comes back meanwhile."""
    import json

    from regola.server import app

    started, release = threading.Event(), threading.Event()
    held_game: list[str] = []
    real = app.seat_message

    def slow_for_a(*args, **kwargs):
        if held_game and args[4]["id"] == held_game[0]:
            started.set()
            release.wait(timeout=WAIT)
        return real(*args, **kwargs)

    monkeypatch.setattr(app, "seat_message", slow_for_a)
    with _client(tmp_path) as client:
        seats = ["person", "random", "random"]
        game_a = client.post("/api/games", json={"game": "doge", "seats": seats}).json()
        game_b = client.post("/api/games", json={"game": "doge", "seats": seats}).json()
        held_game.append(game_a["id"])
        answers: dict[str, object] = {}

        def watch_a():
            with client.websocket_connect(f"/ws/games/{game_a['id']}") as socket:
                socket.send_json({"type": "hello"})
                answers["a"] = json.loads(socket.receive_text())

        def ping_b():
            with client.websocket_connect(f"/ws/games/{game_b['id']}") as socket:
                socket.send_json({"type": "hello", "token": game_b["seats"][0]["token"]})
                socket.send_json({"type": "ping", "ref": "b"})
                while (message := json.loads(socket.receive_text()))["type"] != "pong":
                    pass
                answers["b"] = message

        first = threading.Thread(target=watch_a)
        first.start()
        second = threading.Thread(target=ping_b)
        try:
            assert started.wait(timeout=WAIT), "game A's view was never drawn"
            second.start()
            second.join(timeout=3)
            answered = "b" in answers
        finally:
            release.set()
            first.join(timeout=WAIT)
            second.join(timeout=WAIT)
        assert answered, "game B's ping waited for game A's view to be drawn"
        assert answers["b"] == {"type": "pong", "ref": "b"}
        assert answers["a"]["type"] == "state" and answers["a"]["game"] == game_a["id"]


def test_a_client_that_does_not_read_is_dropped_and_its_queue_stays_bounded(tmp_path,
                                                                             monkeypatch):
    """Issue 22, item 3: the server's queue for a client is bounded. The client's socket
    never takes a message (send_text blocks), the client keeps sending pings with a long
    ref: the server closes it (1008) once its queue is full, not grow without bound."""
    import asyncio

    from starlette.websockets import WebSocket, WebSocketDisconnect

    from regola.server import ws

    sizes: list[int] = []
    real_send = ws.Client.send

    def measured_send(self, message):
        real_send(self, message)
        sizes.append(self.queue.qsize())

    async def never_sends(self, data):
        await asyncio.Event().wait()

    monkeypatch.setattr(ws.Client, "send", measured_send)
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


def test_an_ack_always_comes_before_the_view_that_shows_its_action(tmp_path):
    """Issue 22, item 8: rapid actions of one seat while bots move at once (so a view is
    often due when the ack is queued): no view showing an action reaches the client before
    that action's ack."""
    import json

    with _client(tmp_path) as client:
        made = client.post("/api/games", json={"game": "doge",
                                               "seats": ["person", "random", "random"]})
        token = made.json()["seats"][0]["token"]
        order: list[tuple[str, int]] = []
        with client.websocket_connect(f"/ws/games/{made.json()['id']}") as socket:
            socket.send_json({"type": "hello", "token": token})
            acted = 0
            while acted < 40:
                message = json.loads(socket.receive_text())
                if message["type"] == "ack":
                    order.append(("ack", message["version"]))
                    continue
                if message["type"] != "state":
                    continue
                order.append(("state", message["version"]))
                prompt = message.get("prompt")
                if message.get("over") or not prompt:
                    if message.get("over"):
                        break
                    continue
                first = prompt["actions"][0]
                socket.send_json({"type": "act", "ref": acted, "action": {
                    "id": first["id"], "ask": first["ask"], "step": first["step"]}})
                acted += 1
    acks = [version for kind, version in order if kind == "ack"]
    assert len(acks) >= 10
    for kind_version in [("ack", v) for v in acks]:
        at = order.index(kind_version)
        shown_before = [v for kind, v in order[:at] if kind == "state"]
        assert max(shown_before) < kind_version[1], (kind_version, order[:at + 1][-6:])


def test_a_killed_servers_variant_folder_is_removed_at_start_up(tmp_path):
    """Issue 22, item 8: the folder of generated variants of a server that was killed
    (its process gone) is removed when a server starts; a live server's is kept."""
    import os
    import subprocess
    import sys

    from regola.server.tables import TEMP_PREFIX, remove_left_folders

    gone = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    left = tmp_path / f"{TEMP_PREFIX}{gone}-abc"
    live = tmp_path / f"{TEMP_PREFIX}{os.getpid()}-def"
    for folder in (left, live):
        folder.mkdir()
        (folder / "doge-0123.yaml").write_text("extends: doge\\n")
    assert remove_left_folders(tmp_path) == [left]
    assert not left.exists() and live.exists()


def test_the_drawings_of_one_state_share_one_copy_of_it(tmp_path):
    """Every view of a state is drawn from one copy taken on the loop once (cloning per
    seat cost the loop about a millisecond a view); an action makes the next copy, and the
    copy no longer changes with the game."""
    from regola.adapters.common import deciding_seat
    from regola.server.storage import Store
    from regola.server.tables import Tables
    tables = Tables(Store(tmp_path / "games.sqlite3"))
    session, _ = tables.register(tables.prepare({"game": "doge", "seats": ["person"] * 4}))
    first = session.snapshot()
    assert session.snapshot() is first and first is not session.state
    seat = deciding_seat(session.state)
    action = session.state.legal_actions(seat)[0]
    decision = session.state.decision(seat)
    session.act(tables.store, seat, {"id": action["id"], "ask": decision["ask"],
                                     "step": decision["step"]})
    second = session.snapshot()
    assert second is not first and second.to_json() == session.state.to_json()
    assert first.to_json() != session.state.to_json()
    tables.close()
