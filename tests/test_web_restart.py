"""A killed server loses nothing: `regola serve` is SIGKILLed in the middle of games,
started again on the same database, and every game goes on where it was (its bots too)
and ends; the actions stored before the kill are kept, and every action a client was told
was taken is among them. Two clients acting at once on one decision: one is taken, the
other is refused (already answered)."""

from __future__ import annotations

import json
import threading
import urllib.error
import urllib.request

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")

from web_helpers import Player, ServerProcess, replayed_states, stored_actions  # noqa: E402
from websockets.sync.client import connect  # noqa: E402


def test_a_server_killed_mid_game_restarts_with_every_game_where_it_was(tmp_path):
    db = tmp_path / "games.sqlite3"
    server = ServerProcess(db, bot_delay=0.02)
    assert f"http://127.0.0.1:{server.port}/" in server.output.read_text()
    try:
        made = server.create({"game": "rialto", "seats": ["person", "random", "random"]})
        bots_only = server.create({"game": "doge", "seats": ["random"] * 4})
        game, token = made["id"], made["seats"][0]["token"]
        first = Player(server, game, token, seed=5, stop_after=12)
        first.start()
        assert first.done.wait(120) and first.error is None, first.error
    finally:
        server.kill()
    before = stored_actions(db, game)
    told = [m for m in first.messages() if m["type"] in ("state", "ack")]
    assert told and max(m["version"] for m in told) <= len(before)
    for ack in (m for m in first.messages() if m["type"] == "ack"):
        seat, action = before[ack["version"] - 1]
        assert seat == 0 and action["id"] == ack["action"]
    bots_before = stored_actions(db, bots_only["id"])

    server = ServerProcess(db, bot_delay=30)     # bots wait: the game is seen as stored
    try:
        view = server.get(f"/api/games/{game}", token)
        assert view["version"] == len(before) and not view["over"]
        last = next(m for m in reversed(first.messages()) if m["type"] == "state")
        if last["version"] == len(before):
            assert view["board"] == last["board"] and view["hand"] == last["hand"]
        assert server.get(f"/api/games/{bots_only['id']}")["version"] == len(bots_before)
    finally:
        server.kill()

    server = ServerProcess(db, bot_delay=0)
    try:
        second = Player(server, game, token, seed=6)
        second.start()
        assert second.done.wait(600) and second.error is None, second.error
        final = second.messages()[-1]
        assert final["over"]
        after = stored_actions(db, game)
        assert after[:len(before)] == before and final["version"] == len(after)
        states = replayed_states("rialto", 3, final["result"]["seed"], after)
        assert states[-1].result["winners"] == final["result"]["winners"]
        for _ in range(600):
            if server.get(f"/api/games/{bots_only['id']}")["over"]:
                break
            threading.Event().wait(0.5)
        bots_after = stored_actions(db, bots_only["id"])
        assert bots_after[:len(bots_before)] == bots_before
        assert server.get(f"/api/games/{bots_only['id']}")["over"]
    finally:
        server.stop()


def _first_state(ws) -> dict:
    while True:
        message = json.loads(ws.recv(timeout=60))
        if message["type"] == "state" and message["prompt"]:
            return message


def test_two_clients_acting_at_once_on_one_decision_one_is_taken_one_refused(tmp_path):
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        made = server.create({"game": "warsaw", "seats": ["person", "random"]})
        game, token = made["id"], made["seats"][0]["token"]
        for _ in range(4):
            with connect(server.ws(game)) as one, connect(server.ws(game)) as two:
                for ws in (one, two):
                    ws.send(json.dumps({"type": "hello", "token": token}))
                state = _first_state(one)
                _first_state(two)
                prompt = state["prompt"]
                picks = [prompt["actions"][0], prompt["actions"][-1]]
                gate = threading.Barrier(2)

                def act(ws, action, ref, gate=gate):
                    gate.wait()
                    ws.send(json.dumps({"type": "act", "ref": ref, "action": {
                        k: action[k] for k in ("id", "ask", "step")}}))

                threads = [threading.Thread(target=act, args=(ws, pick, i))
                           for i, (ws, pick) in enumerate(zip((one, two), picks))]
                for t in threads:
                    t.start()
                for t in threads:
                    t.join()
                answers = []
                for ws in (one, two):
                    while True:
                        message = json.loads(ws.recv(timeout=60))
                        if message["type"] in ("ack", "error"):
                            answers.append(message)
                            break
                kinds = sorted(m["type"] for m in answers)
                assert kinds == ["ack", "error"], answers
                refusal = next(m for m in answers if m["type"] == "error")
                assert refusal["status"] == 409 and "already answered" in refusal["message"]
            taken = [a for seat, a in stored_actions(server.db, game) if seat == 0
                     and (a["ask"], a["step"]) == (prompt["ask"], prompt["step"])]
            assert len(taken) == 1 and taken[0]["id"] in {p["id"] for p in picks}
    finally:
        server.stop()


def post(server, path: str, token: str, body: dict) -> tuple[int, dict]:
    request = urllib.request.Request(server.base + path, data=json.dumps(body).encode(),
                                     method="POST", headers={
                                         "Content-Type": "application/json",
                                         "Authorization": f"Bearer {token}"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def test_two_http_requests_at_once_on_one_decision_one_is_taken_one_refused(tmp_path):
    server = ServerProcess(tmp_path / "games.sqlite3")
    try:
        made = server.create({"game": "copycat", "seats": ["person", "random"]})
        game, token = made["id"], made["seats"][0]["token"]
        for _ in range(3):
            view = server.get(f"/api/games/{game}", token)
            while view["prompt"] is None:
                view = server.get(f"/api/games/{game}", token)
            action = {k: view["prompt"]["actions"][0][k] for k in ("id", "ask", "step")}
            gate, results = threading.Barrier(2), []

            def go(gate=gate, results=results, action=action):
                gate.wait()
                results.append(post(server, f"/api/games/{game}/actions", token,
                                    {"action": action}))

            threads = [threading.Thread(target=go) for _ in range(2)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert sorted(status for status, _ in results) == [200, 409], results
            refused = next(body for status, body in results if status == 409)
            assert "already answered" in refused["message"]
            taken = [a for seat, a in stored_actions(server.db, game) if seat == 0
                     and (a["ask"], a["step"]) == (action["ask"], action["step"])]
            assert len(taken) == 1
    finally:
        server.stop()
