"""The documented Python API (site/manual/python.md): the example in examples/ runs,
option values at load, the log as one seat sees it, saves that say how their game was loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import regola

EXAMPLE = Path(__file__).parent.parent / "examples" / "play_from_python.py"


@pytest.mark.parametrize("name", regola.builtin_games())
def test_the_example_runs_to_the_end_of_a_game(name):
    out = subprocess.run([sys.executable, str(EXAMPLE), name], capture_output=True,
                         text=True, check=True, timeout=300).stdout
    lines = out.splitlines()
    assert lines[0].startswith(f"game: {name}")
    assert lines[1].startswith("result: [")
    assert "loaded again" in lines[3] and lines[4].startswith("refused: player 99")


def test_options_at_load_change_the_rules_without_a_variant_file():
    plain = regola.load_game("doge")
    flipped = regola.load_game("doge", options={"shared_victory": False})
    assert flipped is not plain
    assert flipped is regola.load_game("doge", options={"shared_victory": False})
    option = flipped.definition.options["shared_victory"]
    assert option.value is False and option.default is True
    assert plain.definition.options["shared_victory"].value is True
    assert flipped.source == {"game": "doge", "variant": None,
                              "options": {"shared_victory": False}}
    both = regola.load_game("doge", "year_limit", {"shared_victory": False})
    assert both.definition.variant == "year_limit"


def test_wrong_options_are_all_named_and_nothing_is_loaded():
    with pytest.raises(regola.InvalidOption) as err:
        regola.load_game("doge", options={"shared_victry": False, "markers_mandatory": 1,
                                          "one_palace_per_step": {1, 2}})
    paths = [p.location.path for p in err.value.problems]
    assert paths == ["options.shared_victry", "options.markers_mandatory",
                     "options.one_palace_per_step"]
    text = str(err.value)
    assert "did you mean shared_victory?" in text and "true or false, got 1" in text
    assert "not plain data" in text
    with pytest.raises(regola.InvalidOption, match='supported: "down", "up"'):
        regola.load_game("rialto", options={"supply_score_rounding": "sideways"})
    with pytest.raises(regola.InvalidOption, match="options must be a mapping"):
        regola.load_game("doge", options=[("shared_victory", False)])
    assert isinstance(err.value, regola.RuleError)       # the CLI reports it like one


def test_events_are_the_log_as_one_seat_sees_it():
    state = regola.load_game("doge").new_state(players=3, seed=4)
    area = state.legal_actions(0)[0]
    state.apply(0, area)                                 # a secret choice of seat 0
    mine, theirs = state.events(0), state.events(1)
    assert [e for e in mine if e["e"] == "choice"] == [
        {"e": "choice", "player": 0, "ask": "choose_area", "value": area["value"],
         "private": True}]
    assert all(e.get("e") != "choice" for e in theirs)
    assert theirs == state.observe(1)["log"] and state.events(1, since=1) == theirs[1:]
    assert state.options(1) == [a["id"] for a in state.legal_actions(1)]


def test_a_save_names_its_game_and_loads_alone(tmp_path):
    game = regola.load_game("doge", "year_limit", {"shared_victory": False})
    state = game.new_state(players=3, seed=9)
    state.apply(0, state.legal_actions(0)[1])
    text = regola.save_game(state)
    doc = json.loads(text)
    assert (doc["kind"], doc["game"], doc["variant"], doc["options"]) == \
        ("regola-save", "doge", "year_limit", {"shared_victory": False})
    back = regola.load_saved(text)
    assert back.game is game and back.to_json() == state.to_json()
    with pytest.raises(regola.InvalidSave, match="not JSON"):
        regola.load_saved("{")
    with pytest.raises(regola.InvalidSave) as err:
        regola.load_saved(json.dumps({**doc, "options": []}))
    assert err.value.field == "options"
    with pytest.raises(regola.InvalidOption):
        regola.load_saved(json.dumps({**doc, "options": {"shared_victory": "no"}}))
    doc["state"]["n"] = 7
    with pytest.raises(regola.InvalidSave):
        regola.load_saved(json.dumps(doc))


def test_a_scenario_with_a_wrong_option_fails_at_the_option(tmp_path):
    path = tmp_path / "bad.scenario.yaml"
    path.write_text("game: doge\nplayers: 3\noptions: {shared_victry: false}\n"
                    "steps:\n  - expect: [{over: false}]\n", encoding="utf-8")
    from regola.scenarios.runner import run_file
    report = run_file(path)
    assert report.failed
    assert any(line == 3 and "did you mean shared_victory?" in message
               for line, message in report.problems), report.problems
