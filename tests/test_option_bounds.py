"""Options a player or a lobby may set are bounded (issue 22, item 2): each option that is
not a choice declares its range, length or items in the game data, a value outside them is
refused with the option named (load_game, variants, the web lobby), and an option declared
without bounds is a located load error."""

from __future__ import annotations

import pytest

import regola
from conftest import edit_rule_file


@pytest.mark.parametrize("value, why", [
    (list(range(5000)), "a list of 0 to 2 values, not of 5000"),
    ([0, 4], "0 is not a number from 1 to 6"),
    ([3, 40], "40 is not a number from 1 to 6"),
])
def test_a_list_option_outside_its_length_or_range_is_refused(value, why):
    with pytest.raises(regola.InvalidOption) as refused:
        regola.load_game("warsaw", options={"wars_after": value})
    (problem,) = refused.value.problems
    assert problem.location.path == "options.wars_after" and why in problem.message


def test_values_inside_the_bounds_are_played():
    game = regola.load_game("warsaw", options={"wars_after": [2, 5], "max_stack_height": 3,
                                               "scoring_order": ["public", "park"]})
    assert game.definition.options["wars_after"].value == [2, 5]
    with pytest.raises(regola.InvalidOption, match="not one of"):
        regola.load_game("warsaw", options={"scoring_order": ["park", "casino"]})
    with pytest.raises(regola.InvalidOption, match="from 2 to 6"):
        regola.load_game("warsaw", options={"max_stack_height": 10**9})


def test_an_option_without_bounds_is_a_located_load_error(tmp_path):
    import shutil

    from regola.loading.sources import rules_root
    copy = tmp_path / "rialto"
    shutil.copytree(rules_root() / "rialto", copy)
    edit_rule_file(copy / "game.yaml", ("    range: [1, 6]\n", ""))
    with pytest.raises(regola.RuleError) as refused:
        regola.load_game(str(copy))
    (problem,) = refused.value.problems
    assert problem.location.path == "options.green_g1_draw"
    assert "declare its range" in problem.message and problem.location.line > 0


def test_the_lobby_refuses_an_option_past_its_bounds(tmp_path):
    pytest.importorskip("starlette")
    pytest.importorskip("httpx2")
    from starlette.testclient import TestClient

    from regola.server.app import create_app
    with TestClient(create_app(tmp_path / "games.sqlite3", bot_delay=0),
                    base_url="http://localhost") as client:
        answer = client.post("/api/games", json={
            "game": "warsaw", "seats": ["person", "random"],
            "options": {"wars_after": list(range(5000))}})
        assert answer.status_code == 422, answer.text
        assert "wars_after" in answer.json()["message"]
        assert client.get("/api/games").json()["games"] == []
