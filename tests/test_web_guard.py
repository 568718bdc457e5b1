"""The table is same-origin by default (issue 22, item 3): a page on another site, another
host name (DNS rebinding) or a form post cannot use it; every page carries its security
headers; JSON nested too deep or with a repeated key is refused with 400, not a 500."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402
from starlette.websockets import WebSocketDisconnect  # noqa: E402

from regola.server.app import create_app  # noqa: E402

GAME = {"game": "doge", "seats": ["person", "random", "random"]}
JSON = {"content-type": "application/json"}


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_delay=0),
                    base_url="http://localhost:8000") as test_client:
        yield test_client


def test_another_host_name_is_refused(client):
    answer = client.get("/api/games", headers={"host": "attacker.example:8000"})
    assert answer.status_code == 400 and answer.json()["code"] == "bad_host"
    assert client.get("/api/games").status_code == 200


def test_a_page_of_another_site_can_neither_make_a_game_nor_open_a_socket(client):
    made = client.post("/api/games", json=GAME, headers={"origin": "http://evil.example"})
    assert made.status_code == 403 and made.json()["code"] == "bad_origin"
    assert client.get("/api/games").json()["games"] == []
    mine = client.post("/api/games", json=GAME, headers={"origin": "http://localhost:8000"})
    assert mine.status_code == 201
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            f"/ws/games/{mine.json()['id']}",
            headers={"host": "localhost:8000", "origin": "http://evil.example"}) as socket:
        socket.receive_text()
    assert closed.value.code == 4403


def test_a_form_post_is_refused(client):
    answer = client.post("/api/games", content=json.dumps(GAME),
                         headers={"content-type": "text/plain"})
    assert answer.status_code == 415
    assert client.get("/api/games").json()["games"] == []


@pytest.mark.parametrize("path", ["/", "/api/rules", "/api/games", "/api/games/nope"])
def test_every_answer_carries_the_security_headers(client, path):
    headers = client.get(path).headers
    assert "frame-ancestors 'none'" in headers["content-security-policy"]
    assert "script-src 'self'" in headers["content-security-policy"]
    assert headers["x-frame-options"] == "DENY"
    assert headers["x-content-type-options"] == "nosniff"


@pytest.mark.parametrize("body, why", [
    ("[" * 3000 + "]" * 3000, "nested"),
    ('{"game": "doge", "game": "rialto", "seats": ["person"]}', "twice"),
    ('{"game": "doge", "seats": ["person"], "n": NaN}', "not a number"),
])
def test_deep_or_ambiguous_json_is_refused_with_400(client, body, why):
    answer = client.post("/api/games", content=body, headers=JSON)
    assert answer.status_code == 400, answer.text
    assert why in answer.json()["message"]
