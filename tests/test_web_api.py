"""The web table's HTTP API and WebSocket, in process (Starlette's TestClient): games are
made and stored, and every kind of bad input gets a 4xx answer or a WebSocket error with a
clear message while nothing changes (the state, the action count, the database)."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from regola.server.app import create_app  # noqa: E402

TEST_HOSTS = ("localhost", "testserver")
"""The hosts the test apps answer to (Starlette's TestClient opens WebSockets on testserver)."""
from regola.server.limits import MAX_BODY, MAX_MESSAGE  # noqa: E402

FOUR = ["person", "person", "random", "random"]
PEOPLE = ["person", "person", "person", "person"]   # no bot moves while a test compares


@pytest.fixture
def client(tmp_path):
    app = create_app(tmp_path / "games.sqlite3", bot_delay=0, allowed_hosts=TEST_HOSTS)
    with TestClient(app, base_url="http://localhost") as test_client:
        test_client.server = app.state.server
        yield test_client


def make(client, game="doge", seats=FOUR, **more) -> dict:
    answer = client.post("/api/games", json={"game": game, "seats": seats, **more})
    assert answer.status_code == 201, answer.text
    return answer.json()


def snapshot(client, game_id: str) -> tuple:
    """What must not change after a refused request."""
    session = client.server.tables.sessions[game_id]
    return session.state.to_json(), session.actions, client.server.store.count(game_id)


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}


def test_a_game_is_made_stored_listed_and_seen_by_each_seat_as_it_may(client):
    made = make(client)
    assert [s["kind"] for s in made["seats"]] == FOUR
    tokens = [s["token"] for s in made["seats"]]
    assert tokens[0] and tokens[1] and tokens[2] is None and tokens[0] != tokens[1]
    assert made["seats"][0]["link"] == f"/g/{made['id']}#t={tokens[0]}"
    listed = client.get("/api/games").json()["games"]
    assert [g["id"] for g in listed] == [made["id"]]
    assert "seed" not in json.dumps(listed) and tokens[0] not in json.dumps(listed)
    mine = client.get(f"/api/games/{made['id']}", headers=auth(tokens[0])).json()
    watching = client.get(f"/api/games/{made['id']}").json()
    assert mine["seat"] == 0 and watching["seat"] is None
    assert mine["prompt"]["actions"] and watching["prompt"] is None
    assert mine["hand"] and not watching["hand"]
    stored = client.server.store.load_all()
    assert stored[0].id == made["id"] and stored[0].seats[0]["token_hash"] != tokens[0]


def test_an_action_over_http_is_taken_stored_and_answered_with_the_new_view(client):
    made = make(client)
    token = made["seats"][0]["token"]
    view = client.get(f"/api/games/{made['id']}", headers=auth(token)).json()
    action = view["prompt"]["actions"][0]
    answer = client.post(f"/api/games/{made['id']}/actions", headers=auth(token),
                         json={"action": {k: action[k] for k in ("id", "ask", "step")}})
    assert answer.status_code == 200, answer.text
    assert answer.json()["action"] == action["id"]
    assert client.server.store.count(made["id"]) >= 1


def test_the_lobby_lists_every_game_variant_option_and_seat_kind_in_the_language(client):
    rules = client.get("/api/rules?lang=es").json()
    games = {g["id"]: g for g in rules["games"]}
    assert set(games) == {"copycat", "doge", "goofspiel", "kuhn", "leduc", "rialto", "tictactoe",
                          "warsaw"}
    assert {v["id"] for v in games["doge"]["variants"]} == {"cheap_palaces", "year_limit"}
    assert games["doge"]["seats"][0] == "Rojo"
    assert [k["id"] for k in rules["kinds"]] == ["person", "random", "greedy", "mcts"]
    assert client.get("/api/rules?lang=xx").status_code == 400


def test_a_variant_with_options_is_played_with_them(client):
    made = make(client, "doge", ["random", "random", "random"], variant="year_limit",
                options={"shared_victory": False, "quarantia_tied_runners_up": "after_winner"})
    session = client.server.tables.sessions[made["id"]]
    options = session.game.definition.options
    assert options["shared_victory"].value is False
    assert options["quarantia_tied_runners_up"].value == "after_winner"
    assert session.game.definition.constants["last_year"] == 6
    assert session.record.options == {"shared_victory": False,
                                      "quarantia_tied_runners_up": "after_winner"}


@pytest.mark.parametrize("body, status, words", [
    (b"{not json", 400, "malformed JSON"),
    (b"[]", 422, "JSON object"),
    (json.dumps({"game": "chess", "seats": ["person"]}).encode(), 422, "unknown game"),
    (json.dumps({"game": "doge", "variant": "fast", "seats": FOUR}).encode(), 422,
     "unknown variant"),
    (json.dumps({"game": "doge", "options": {"no_such": 1}, "seats": FOUR}).encode(), 422,
     "unknown option"),
    (json.dumps({"game": "doge", "options": {"shared_victory": 3}, "seats": FOUR}).encode(),
     422, "cannot be 3"),
    (json.dumps({"game": "doge", "options": {"quarantia_tied_runners_up": "later"},
                 "seats": FOUR}).encode(), 422, "cannot be"),
    (json.dumps({"game": "doge", "seats": ["person", "wizard", "random"]}).encode(), 422,
     "unknown seat kind"),
    (json.dumps({"game": "doge", "seats": ["person"] * 6}).encode(), 422, "3 to 4 players"),
    (json.dumps({"game": "doge", "seats": FOUR, "extra": 1}).encode(), 422, "unknown field"),
    (b"x" * (MAX_BODY + 1), 413, "too large"),
])
def test_a_bad_request_to_make_a_game_is_refused_and_stores_nothing(client, body, status,
                                                                   words):
    answer = client.post("/api/games", content=body,
                         headers={"content-type": "application/json"})
    assert answer.status_code == status, answer.text
    assert words in answer.json()["message"] and answer.json()["type"] == "error"
    assert client.server.store.load_all() == [] and client.server.tables.sessions == {}


def test_refusals_are_in_the_clients_language(client):
    answer = client.post("/api/games?lang=es", json={"game": "ajedrez", "seats": FOUR})
    assert answer.status_code == 422
    assert "juego desconocido" in answer.json()["message"].lower()


def test_bad_actions_over_http_are_refused_and_change_nothing(client):
    made = make(client, seats=PEOPLE)
    game, (red, blue) = made["id"], (made["seats"][0]["token"], made["seats"][1]["token"])
    url = f"/api/games/{game}/actions"
    view = client.get(f"/api/games/{game}", headers=auth(red)).json()
    good = {k: view["prompt"]["actions"][0][k] for k in ("id", "ask", "step")}
    before = snapshot(client, game)
    cases = [
        ({}, {"action": good}, 401, "token"),
        (auth("not-a-token"), {"action": good}, 403, "not a seat of this game"),
        (auth(red), {"seat": 1, "action": good}, 403, "cannot act for seat 1"),
        (auth(red), {"action": {**good, "id": "nowhere"}}, 422, "not one of the legal"),
        (auth(red), {"action": {**good, "step": good["step"] - 1}}, 409, "already answered"),
        (auth(red), {"action": {"id": good["id"]}}, 400, "ask and its step"),
        (auth(red), {"action": "castello"}, 400, "an action is an object"),
    ]
    for headers, body, status, words in cases:
        answer = client.post(url, headers=headers, json=body)
        assert answer.status_code == status, (body, answer.text)
        assert words in answer.json()["message"], answer.json()
        assert snapshot(client, game) == before
    assert client.post(url, headers=auth(red), content=b"{").status_code == 400
    assert client.post(url, headers=auth(red), content=b" " * (MAX_BODY + 5)).status_code == 413
    assert client.post("/api/games/nope/actions", headers=auth(red),
                       json={"action": good}).status_code == 404
    assert client.get("/api/games/nope").status_code == 404
    assert snapshot(client, game) == before
    assert client.post(url, headers=auth(red), json={"action": good}).status_code == 200
    after = snapshot(client, game)
    again = client.post(url, headers=auth(red), json={"action": good})
    assert again.status_code == 409 and "already answered" in again.json()["message"]
    assert snapshot(client, game) == after
    assert blue and client.get(f"/api/games/{game}", headers=auth(blue)).json()["seat"] == 1


def receive_until(socket, kind: str) -> list[dict]:
    seen = []
    while True:
        message = json.loads(socket.receive_text())
        seen.append(message)
        if message["type"] == kind:
            return seen


def test_websocket_hello_with_a_wrong_token_or_for_an_unknown_game_is_refused(client):
    made = make(client)
    with client.websocket_connect(f"/ws/games/{made['id']}") as socket:
        socket.send_text(json.dumps({"type": "hello", "token": "forged"}))
        error = json.loads(socket.receive_text())
        assert error["status"] == 403 and "not a seat" in error["message"]
    with client.websocket_connect("/ws/games/unknown") as socket:
        socket.send_text(json.dumps({"type": "hello"}))
        assert json.loads(socket.receive_text())["status"] == 404
    with client.websocket_connect(f"/ws/games/{made['id']}") as socket:
        socket.send_text("hello?")
        assert "malformed JSON" in json.loads(socket.receive_text())["message"]


def test_websocket_errors_go_to_the_client_that_erred_and_change_nothing(client):
    made = make(client, seats=PEOPLE)
    game = made["id"]
    red, blue = made["seats"][0]["token"], made["seats"][1]["token"]
    with client.websocket_connect(f"/ws/games/{game}") as a, \
            client.websocket_connect(f"/ws/games/{game}") as b, \
            client.websocket_connect(f"/ws/games/{game}") as watcher:
        a.send_text(json.dumps({"type": "hello", "token": red}))
        b.send_text(json.dumps({"type": "hello", "token": blue}))
        watcher.send_text(json.dumps({"type": "hello"}))
        state = receive_until(a, "state")[-1]
        receive_until(b, "state")
        receive_until(watcher, "state")
        good = {k: state["prompt"]["actions"][0][k] for k in ("id", "ask", "step")}
        before = snapshot(client, game)
        bad = [({"type": "act", "ref": 1, "action": {**good, "id": "x"}}, 422),
               ({"type": "act", "ref": 2, "seat": 1, "action": good}, 403),
               ({"type": "act", "ref": 3, "action": {**good, "step": -5}}, 409),
               ({"type": "fly", "ref": 4}, 400),
               ({"type": "act", "ref": 5, "action": {"id": "x", "ask": "y", "step": 1,
                                                     "pad": "x" * MAX_MESSAGE}}, 413)]
        for message, status in bad:
            a.send_text(json.dumps(message))
            error = json.loads(a.receive_text())
            assert error["type"] == "error" and error["status"] == status, error
            assert error["ref"] == message.get("ref") or status == 413
            assert snapshot(client, game) == before
        watcher.send_text(json.dumps({"type": "act", "ref": 9, "action": good}))
        assert json.loads(watcher.receive_text())["status"] == 401
        a.send_text(json.dumps({"type": "ping", "ref": "p"}))
        assert json.loads(a.receive_text()) == {"type": "pong", "ref": "p"}
        b.send_text(json.dumps({"type": "ping", "ref": "q"}))
        assert json.loads(b.receive_text()) == {"type": "pong", "ref": "q"}   # no error for b
        assert snapshot(client, game) == before


def test_a_websocket_client_gets_only_the_board_of_the_width_it_shows(client):
    """A page says in its hello whether it shows the phone's board (narrow) or the
    desktop's; the server draws only that one, and again when the page is resized past the
    line; a hello without it gets both (as the HTTP view does)."""
    made = make(client, seats=PEOPLE)
    game, red = made["id"], made["seats"][0]["token"]
    with client.websocket_connect(f"/ws/games/{game}") as phone, \
            client.websocket_connect(f"/ws/games/{game}") as desk, \
            client.websocket_connect(f"/ws/games/{game}") as old:
        phone.send_text(json.dumps({"type": "hello", "token": red, "narrow": True}))
        desk.send_text(json.dumps({"type": "hello", "narrow": False}))
        old.send_text(json.dumps({"type": "hello"}))
        narrow = receive_until(phone, "state")[-1]
        assert "board_narrow" in narrow and "board" not in narrow
        wide = receive_until(desk, "state")[-1]
        assert "board" in wide and "board_narrow" not in wide
        both = receive_until(old, "state")[-1]
        assert both["board"] == wide["board"] and both["board_narrow"]
        phone.send_text(json.dumps({"type": "layout", "narrow": False}))   # turned sideways
        turned = receive_until(phone, "state")[-1]
        assert "board" in turned and "board_narrow" not in turned
        assert turned["version"] == narrow["version"]
        phone.send_text(json.dumps({"type": "layout", "narrow": "yes", "ref": 7}))
        error = json.loads(phone.receive_text())
        assert error["status"] == 400 and "narrow" in error["message"] and error["ref"] == 7


def test_serve_refuses_a_database_in_a_missing_folder(tmp_path):
    from typer.testing import CliRunner

    from regola.cli.app import app
    result = CliRunner().invoke(app, ["serve", "--db", str(tmp_path / "no" / "games.db")])
    assert result.exit_code == 2 and "no folder" in result.output
    assert "Traceback" not in result.output


def test_the_page_carries_only_its_words_in_the_clients_language(client):
    made = make(client)
    for lang, word in (("es", "Nueva partida"), ("nl", "Nieuwe partij"), ("en", "New game")):
        page = client.get(f"/g/{made['id']}?lang={lang}").text
        assert f'lang="{lang}"' in page and word in page
        assert made["seats"][0]["token"] not in page and "<svg" not in page
    assert 'lang="nl"' in client.get("/", headers={"Accept-Language": "nl-BE,nl;q=0.9"}).text


def test_a_finished_game_keeps_its_story_and_score_parts_after_a_restart(tmp_path):
    """A snapshot keeps the log with the state, so a server started again on the same
    database still tells where the points came from (Copycat: cards, offices, markers)."""
    import time
    db = tmp_path / "games.sqlite3"

    def parts(server, game_id):
        from regola.i18n.game_words import GameWords
        from regola.server.messages import score_message
        session = server.tables.sessions[game_id]
        state = session.state
        gw = GameWords(session.game.definition, "en")
        table = score_message(gw, state.result, list(state.observe(None)["log"]))
        return table["parts"], len(state.observe(None)["log"])

    app = create_app(db, bot_delay=0, allowed_hosts=TEST_HOSTS)
    with TestClient(app, base_url="http://localhost") as first:
        made = make(first, "copycat", ["random"] * 3)
        server = app.state.server
        for _ in range(600):
            if server.tables.sessions[made["id"]].state.is_over:
                break
            time.sleep(0.05)
        assert server.tables.sessions[made["id"]].state.is_over
        before, told = parts(server, made["id"])
        assert before and server.tables.sessions[made["id"]].actions > 200
    again = create_app(db, bot_delay=0, allowed_hosts=TEST_HOSTS)
    with TestClient(again, base_url="http://localhost"):
        after, told_again = parts(again.state.server, made["id"])
    assert after == before and told_again == told


def test_the_whole_story_is_read_back_from_the_first_line_as_the_seat_may_see_it(client):
    """A seat's view tells only what happened since its last move (at most LOG_LINES
    entries); the story route tells the whole game, from its first line, ending with the
    same lines the view tells, for a seat and for a spectator; a wrong token is refused."""
    from regola.server.messages import LOG_LINES
    made = make(client, seats=PEOPLE)
    game, tokens = made["id"], [s["token"] for s in made["seats"]]
    for _ in range(400):
        watching = client.get(f"/api/games/{game}").json()
        if watching["over"] or len(client.get(f"/api/games/{game}/story").json()["log"]) \
                > LOG_LINES + 10:
            break
        for seat in (s["seat"] for s in watching["seats"] if s["to_move"]):
            view = client.get(f"/api/games/{game}", headers=auth(tokens[seat])).json()
            if view["prompt"]:
                action = view["prompt"]["actions"][0]
                client.post(f"/api/games/{game}/actions", headers=auth(tokens[seat]),
                            json={"action": {k: action[k] for k in ("id", "ask", "step")}})
    for token in (tokens[0], None):
        headers = auth(token) if token else {}
        view = client.get(f"/api/games/{game}", headers=headers).json()
        whole = client.get(f"/api/games/{game}/story", headers=headers).json()["log"]
        assert len(whole) > LOG_LINES >= len(view["log"]), (len(whole), len(view["log"]))
        shown = [e["text"] for e in view["log"]]
        assert [e["text"] for e in whole][-len(shown):] == shown
        assert all(e["text"] for e in whole)
    refused = client.get(f"/api/games/{game}/story", headers=auth("not-a-token"))
    assert refused.status_code == 403 and "not a seat" in refused.json()["message"]
    assert client.get("/api/games/nope/story").status_code == 404
