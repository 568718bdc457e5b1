"""Nothing secret leaves the server: during full games of every built-in game, every
message a real `regola serve` sends to seat A is exactly what observe(A) and A's own legal
actions make (recomputed offline by replaying the stored actions from the seed, revealed
only at the end), and none names a token of seat B that A cannot see (Doge's markers and
card choices, Rialto's and Copycat's hands, Warsaw's drafted tiles), nor the seed before
the game is over. A's mistakes are told to A alone; the page itself holds no game data."""

from __future__ import annotations

import json

import pytest

pytest.importorskip("starlette")
pytest.importorskip("websockets")

from web_helpers import Player, ServerProcess, replayed_states, stored_actions  # noqa: E402

from regola.i18n.catalog import Words  # noqa: E402
from regola.present.table_layout import load_layout  # noqa: E402
from regola.server.messages import seat_message, table_info  # noqa: E402

SECRETS = {"doge": {"marker", "card"}, "rialto": {"card"}, "copycat": {"card"},
           "warsaw": {"tile"}}
"""The token kinds whose hidden values the issue names, per game."""
SEATS = {"doge": 4, "rialto": 3, "copycat": 3, "warsaw": 3}


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    process = ServerProcess(tmp_path_factory.mktemp("web") / "games.sqlite3", bot_delay=0)
    yield process
    process.stop()


def hidden_from(viewer: dict, owner: dict, seat: int, kinds: set[str]) -> dict[str, str]:
    """Tokens of `seat` that its own view names (id) and the viewer's does not: id -> kind."""
    seen = {t["id"] for t in viewer["tokens"] if "id" in t}
    return {t["id"]: t["kind"] for t in owner["tokens"]
            if t.get("owner") == seat and "id" in t and t["id"] not in seen
            and t["kind"] in kinds}


@pytest.mark.parametrize("rules", [pytest.param("doge", marks=pytest.mark.slow),
                                   pytest.param("rialto", marks=pytest.mark.slow),
                                   "warsaw",
                                   pytest.param("copycat", marks=pytest.mark.slow)])
def test_every_message_to_a_seat_is_its_observation_and_hides_the_others_secrets(server,
                                                                                  rules):
    seats = ["person", "person"] + ["random"] * (SEATS[rules] - 2)
    made = server.create({"game": rules, "seats": seats})
    game = made["id"]
    a_token, b_token = made["seats"][0]["token"], made["seats"][1]["token"]
    page = server.text(f"/g/{game}")
    a = Player(server, game, a_token, seed=1, bad_every=25, reconnect_after=5)
    b = Player(server, game, b_token, seed=2, lang="es")
    watcher = Player(server, game, None, seed=3)
    for player in (a, b, watcher):
        player.start()
    for player in (a, b):
        assert player.done.wait(600), f"{rules}: a player did not finish"
        assert player.error is None, player.error
    watcher.done.wait(60)
    final = a.messages()[-1]
    assert final["over"] and final["result"]["seed"] is not None
    seed = final["result"]["seed"]
    assert isinstance(seed, str) and seed.isdigit()     # every digit: JavaScript rounds numbers
    states = replayed_states(rules, len(seats), seed, stored_actions(server.db, game))
    assert states[-1].result["winners"] == final["result"]["winners"]
    game_rules = states[0].game
    layout = load_layout(game_rules.definition)
    hidden_seen = set()
    errors_to_a = 0
    for player, seat, other in ((a, 0, 1), (b, 1, 0), (watcher, None, 0)):
        words = Words(player.lang)
        for raw, message in zip(player.raw, player.messages()):
            if message["type"] == "error":
                assert player is a, f"an error reached the wrong client: {message}"
                errors_to_a += 1
                continue
            if message["type"] != "state":
                continue
            state = states[message["version"]]
            view = state.observe(seat)
            actions = state.legal_actions(seat) if seat is not None else []
            table = table_info(game, message["version"], seats, rules, None, words,
                               seed if state.is_over else None)
            context = state.decision_context(seat) if actions else None
            expected = seat_message(game_rules, layout, view, actions, table, words,
                                    context=context)
            expected["failure"] = None             # the server adds why a game failed
            assert message == json.loads(json.dumps(expected)), \
                f"{rules}: the message at version {message['version']} is not observe({seat})"
            if not state.is_over:
                assert str(seed) not in raw
            secret = hidden_from(view, state.observe(other), other, SECRETS[rules]) \
                if other != seat else {}
            leaked = [tid for tid in secret if f'"{tid}"' in raw or f"'{tid}'" in raw
                      or f">{tid}<" in raw]
            assert not leaked, f"{rules}: seat {seat} was sent {leaked} of seat {other}"
            hidden_seen |= set(secret.values())
    assert hidden_seen == SECRETS[rules], "the game had the named secrets to keep"
    assert errors_to_a >= 1 and a.reconnected
    assert a_token not in page and b_token not in page and str(seed) not in page
    assert '"tokens"' not in page and "<svg" not in page


def test_a_choice_of_a_player_is_labelled_with_the_seats_name():
    """The web table's buttons for a decision among players (the duel test game's "strike at
    whom?") read the seats' names, from the decision's context, not bare numbers."""
    import random
    from pathlib import Path

    import regola

    game = regola.load_game(str(Path(__file__).parent / "data" / "duel_game"))
    layout = load_layout(game.definition)
    state, rng = game.new_state(players=3, seed=4), random.Random(4)
    for _ in range(200):
        seat = state.to_move[0]
        context = state.decision_context(seat)
        actions = state.legal_actions(seat)
        if context["option_kind"] == "player":
            table = table_info("g", 0, ["person"] * 3, str(Path(__file__).parent / "data" /
                                                          "duel_game"), None, Words("en"))
            message = seat_message(game, layout, state.observe(seat), actions, table,
                                   Words("en"), context["option_kind"])
            labels = [a["label"] for a in message["prompt"]["actions"]]
            assert labels and not any(label.isdigit() for label in labels)
            assert set(labels) <= {"Red", "Blue", "Green", "Yellow"}
            return
        state.apply(seat, rng.choice(actions))
    raise AssertionError("no decision chose a player")
