"""Designer mode of the web table (`regola serve --designer`), in process (Starlette's
TestClient): without the flag none of its routes exist and no seat opens without its token;
with it, any seat's view, the whole state as JSON, time travel to decision k (replayed,
read-only), a new game continued from k, and a game started at a scenario's position.
Bad input gets a clear JSON error and changes nothing."""

from __future__ import annotations

import json
import random

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from regola.scenarios.runner import compile_file, play  # noqa: E402
from regola.server.app import create_app  # noqa: E402

TEST_HOSTS = ("localhost", "testserver")
"""The hosts the test apps answer to (Starlette's TestClient opens WebSockets on testserver)."""
from regola.server.designer import scenario_files, scenario_name  # noqa: E402

RULES = "warsaw"        # a quick game; any built-in one would do
PEOPLE = ["person", "person", "person"]


def make_client(tmp_path, designer: bool):
    app = create_app(tmp_path / "games.sqlite3", bot_delay=0, designer=designer,
                     allowed_hosts=TEST_HOSTS)
    client = TestClient(app, base_url="http://localhost")
    client.__enter__()
    client.server = app.state.server
    return client


@pytest.fixture
def plain(tmp_path):
    client = make_client(tmp_path, designer=False)
    yield client
    client.__exit__(None, None, None)


@pytest.fixture
def designer(tmp_path):
    client = make_client(tmp_path, designer=True)
    yield client
    client.__exit__(None, None, None)


def make(client, seats=PEOPLE) -> dict:
    answer = client.post("/api/games", json={"game": RULES, "seats": seats})
    assert answer.status_code == 201, answer.text
    return answer.json()


def play_some(client, game_id: str, decisions: int, seed: int = 7) -> None:
    """Take `decisions` random legal actions, as whoever must decide (people only)."""
    session = client.server.tables.sessions[game_id]
    rng = random.Random(seed)
    for _ in range(decisions):
        seat = session.state.to_move[0]
        session.act(client.server.store, seat, rng.choice(session.state.legal_actions(seat)))


def unchanged(client, game_id: str) -> tuple:
    session = client.server.tables.sessions[game_id]
    return (session.state.to_json(), session.actions, client.server.store.count(game_id),
            len(client.server.tables.sessions))


def choices(log: list[dict]) -> int:
    return sum(1 for event in log if event.get("e") == "choice")


def test_without_the_flag_no_designer_route_exists_and_no_seat_opens_without_its_token(plain):
    made = make(plain)
    game = made["id"]
    before = unchanged(plain, game)
    for method, path, body in [("get", f"/api/designer/games/{game}", None),
                               ("get", f"/api/designer/games/{game}?at=0&seat=1", None),
                               ("post", f"/api/designer/games/{game}/continue", {"at": 0}),
                               ("get", "/api/designer/scenarios", None),
                               ("post", "/api/designer/scenario-games",
                                {"game": RULES, "scenario": "x"})]:
        answer = getattr(plain, method)(path, **({"json": body} if body else {}))
        assert answer.status_code == 404, path
        assert answer.json()["type"] == "error" and "designer" in answer.json()["message"]
    assert unchanged(plain, game) == before
    page = plain.get(f"/g/{game}").text
    assert '"designer"' not in page
    with plain.websocket_connect(f"/ws/games/{game}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": 1}))
        refused = json.loads(ws.receive_text())
    assert refused["type"] == "error" and refused["status"] == 403
    assert "designer" in refused["message"]


def test_the_page_says_designer_mode_and_any_seat_opens_without_its_token(designer):
    made = make(designer)
    game = made["id"]
    assert '"designer"' in designer.get(f"/g/{game}").text
    for seat in range(3):
        with designer.websocket_connect(f"/ws/games/{game}") as ws:
            ws.send_text(json.dumps({"type": "hello", "seat": seat}))
            view = json.loads(ws.receive_text())
        assert view["type"] == "state" and view["seat"] == seat
        assert view["seats"][seat]["you"]
    # the seat opened this way plays: its action is taken and stored
    session = designer.server.tables.sessions[game]
    seat = session.state.to_move[0]
    action = session.state.legal_actions(seat)[0]
    with designer.websocket_connect(f"/ws/games/{game}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": seat}))
        json.loads(ws.receive_text())
        ws.send_text(json.dumps({"type": "act", "ref": 1, "action": {
            "id": action["id"], "ask": action["ask"], "step": action["step"]}}))
        ack = json.loads(ws.receive_text())
    assert ack["type"] == "ack" and designer.server.store.count(game) == 1
    with designer.websocket_connect(f"/ws/games/{game}") as ws:
        ws.send_text(json.dumps({"type": "hello", "seat": 3}))
        refused = json.loads(ws.receive_text())
    assert refused["type"] == "error" and refused["status"] == 422


def test_the_whole_state_as_json_for_any_seat(designer):
    made = make(designer)
    game = made["id"]
    play_some(designer, game, 5)
    session = designer.server.tables.sessions[game]
    answer = designer.get(f"/api/designer/games/{game}?seat=1")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert body["at"] == body["now"] == 5 and body["live"]
    full = json.loads(session.state.to_json(log=True))
    log = full.pop("log")
    assert body["state"] == full and body["log"] == log
    assert json.loads(body["state_text"]) == full
    assert body["view"]["seat"] == 1 and body["view"]["seats"][1]["you"]
    assert body["seed"] == str(session.record.seed)
    watching = designer.get(f"/api/designer/games/{game}").json()
    assert watching["view"]["seat"] is None and watching["state"] == full


def test_time_travel_shows_the_game_after_k_decisions_only_and_changes_nothing(designer):
    made = make(designer)
    game = made["id"]
    play_some(designer, game, 12)
    before = unchanged(designer, game)
    now = designer.get(f"/api/designer/games/{game}").json()
    for k in (0, 1, 5, 11):
        body = designer.get(f"/api/designer/games/{game}?at={k}&seat=0").json()
        assert body["at"] == k and body["now"] == 12 and not body["live"]
        assert choices(body["log"]) == k
        assert body["log"] == now["log"][:len(body["log"])]     # the start of the full log
        assert body["state"]["steps"] == k
        assert body["view"]["version"] == k and body["view"]["prompt"] is None  # read-only
    assert designer.get(f"/api/designer/games/{game}?at=12").json()["state"] == now["state"]
    assert unchanged(designer, game) == before


def test_continue_from_k_makes_a_new_game_with_the_first_k_actions(designer):
    made = make(designer)
    game = made["id"]
    play_some(designer, game, 10)
    at_six = designer.get(f"/api/designer/games/{game}?at=6").json()
    answer = designer.post(f"/api/designer/games/{game}/continue", json={"at": 6})
    assert answer.status_code == 201, answer.text
    fresh = answer.json()
    assert fresh["id"] != game and fresh["actions"] == 6
    assert fresh["seats"][2]["link"] == f"/g/{fresh['id']}#as=2"
    store = designer.server.store
    assert store.actions(fresh["id"]) == store.actions(game)[:6]
    assert store.count(game) == 10
    copy = designer.get(f"/api/designer/games/{fresh['id']}").json()
    assert copy["state"] == at_six["state"] and copy["live"] and copy["now"] == 6
    # it goes on from there, and after a restart it is where it was
    play_some(designer, fresh["id"], 3, seed=99)
    session = designer.server.tables.sessions[fresh["id"]]
    assert session.reload().to_json() == session.state.to_json()


def test_bad_designer_requests_get_clear_errors_and_change_nothing(designer):
    made = make(designer)
    game = made["id"]
    play_some(designer, game, 3)
    before = unchanged(designer, game)
    for path, status in [(f"/api/designer/games/{game}?at=4", 422),
                         (f"/api/designer/games/{game}?at=-1", 422),
                         (f"/api/designer/games/{game}?at=x", 400),
                         (f"/api/designer/games/{game}?seat=3", 422),
                         ("/api/designer/games/nope", 404),
                         ("/api/designer/nothing", 404)]:
        answer = designer.get(path)
        assert answer.status_code == status, (path, answer.text)
        assert answer.json()["type"] == "error" and answer.json()["message"]
    for path, body, status in [
            (f"/api/designer/games/{game}/continue", {"at": 9}, 422),
            (f"/api/designer/games/{game}/continue", {"at": "2"}, 400),
            (f"/api/designer/games/{game}/continue", {}, 400),
            (f"/api/designer/games/{game}/continue", {"at": 1, "seats": ["x"]}, 422),
            ("/api/designer/scenario-games", {"game": RULES, "scenario": "no_such"}, 422),
            ("/api/designer/scenario-games", {"game": "chess", "scenario": "x"}, 422),
            ("/api/designer/scenario-games", [1], 400)]:
        answer = designer.post(path, json=body)
        assert answer.status_code == status, (path, body, answer.text)
        assert answer.json()["type"] == "error" and answer.json()["message"]
    assert unchanged(designer, game) == before


def test_the_lobby_lists_a_games_scenarios(designer):
    listed = designer.get(f"/api/designer/scenarios?game={RULES}").json()["scenarios"]
    assert [s["file"] for s in listed] == [scenario_name(p) for p in scenario_files(RULES)]
    assert all(s["game"] == RULES and s["name"] for s in listed)


@pytest.mark.parametrize("rules", ["warsaw", "doge", "copycat", "rialto"])
def test_a_game_starts_at_a_scenarios_position_with_people_in_every_seat(designer, rules):
    path = scenario_files(rules)[0]
    _, compiled, _ = compile_file(path)
    expected = json.loads(play(compiled).state.to_json())
    answer = designer.post("/api/designer/scenario-games",
                           json={"game": rules, "scenario": scenario_name(path)})
    assert answer.status_code == 201, answer.text
    made = answer.json()
    assert [s["kind"] for s in made["seats"]] == ["person"] * compiled.players
    body = designer.get(f"/api/designer/games/{made['id']}").json()
    state = body["state"]
    expected.pop("max_decisions", None)
    state.pop("max_decisions", None)
    assert state == expected
    assert body["start"] == "scenario" and body["at"] == 0
    assert designer.get(f"/api/designer/games/{made['id']}?at=0").json()["state"]["vars"] \
        == expected["vars"]
    # its seats play on from there, and a restart brings it back where it was
    session = designer.server.tables.sessions[made["id"]]
    if not session.state.is_over:
        play_some(designer, made["id"], 2)
    assert session.reload().to_json() == session.state.to_json()


# ---- in a real browser (slow) -------------------------------------------------------------

CHROMIUM = "/usr/bin/chromium"


@pytest.fixture
def designer_server(tmp_path):
    """`regola serve --designer` in its own process on 127.0.0.1."""
    import subprocess
    import sys
    import time
    import urllib.request

    from web_helpers import free_port
    port = free_port()
    log = open(tmp_path / "serve.log", "w")
    process = subprocess.Popen(
        [sys.executable, "-c", "from regola.cli.app import main; main()", "serve",
         "--designer", "--port", str(port), "--db", str(tmp_path / "games.sqlite3"),
         "--bot-delay", "0"], stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    for _ in range(300):
        try:
            urllib.request.urlopen(base + "/api/games", timeout=5)
            break
        except OSError:
            assert process.poll() is None, (tmp_path / "serve.log").read_text()
            time.sleep(0.2)
    yield base
    process.terminate()
    process.wait(timeout=20)
    log.close()


@pytest.mark.slow
def test_the_designer_panel_in_chromium(designer_server, tmp_path):
    import os
    import urllib.request
    from pathlib import Path
    playwright = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("Debian's chromium is not installed")
    request = urllib.request.Request(
        designer_server + "/api/games", method="POST",
        data=json.dumps({"game": "doge", "seats": ["person", "random", "random", "random"]})
        .encode(), headers={"Content-Type": "application/json"})
    game = json.loads(urllib.request.urlopen(request, timeout=30).read())["id"]
    shots = Path(os.environ.get("REGOLA_SCREENSHOTS") or tmp_path)
    errors: list[str] = []
    with playwright.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless",
                                                                    "--no-sandbox"])
        page = browser.new_page(viewport={"width": 1280, "height": 800}, bypass_csp=True)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(f"{designer_server}/g/{game}#as=0")
        page.wait_for_selector("#designer-seats button.current")
        for _ in range(5):          # play seat 0 without its link
            page.wait_for_selector("#prompt button.action:not([disabled])")
            version = page.evaluate("document.body.dataset.version")
            page.click("#prompt button.action >> nth=0")
            page.wait_for_function(f"document.body.dataset.version !== '{version}'")
        now = int(page.evaluate("document.body.dataset.version"))
        page.click("#designer-back")
        page.click("#designer-back")
        page.wait_for_function(f"document.body.dataset.version === '{now - 2}'")
        assert "read-only" in page.text_content("#status")
        assert page.locator("#prompt button.action").count() == 0
        page.click("#designer-state > summary")
        page.wait_for_selector("#designer-tree .json-key")
        assert f"steps: {now - 2}" in page.text_content("#designer-tree")
        page.screenshot(path=str(shots / "web-designer.png"))
        page.click("#designer-now")
        page.wait_for_function(f"document.body.dataset.version === '{now}'")
        page.click("#designer-seats button[data-seat='1']")
        page.wait_for_selector("#designer-seats button.current[data-seat='1']")
        page.goto(designer_server + "/")
        page.wait_for_selector("#scenario-file option", state="attached")
        page.click("#scenario-start")
        page.click("#scenario-made a >> nth=1")
        page.wait_for_selector("#designer-seats button.current[data-seat='1']")
        browser.close()
    assert not errors
