"""The save check covers what the manual promises (site/manual/python.md; issue 22, item
7): each variable holds a value of its kind within the scripts' limits, counters stay
within the number limit, and a decision waits for a named variable; a tampered save is
refused with the field named."""

from __future__ import annotations

import json
import random

import pytest

import regola
from regola.errors import InvalidSave


def _saved() -> tuple[regola.Game, dict]:
    game = regola.load_game("doge")
    state = game.new_state(players=3, seed=4)
    rng = random.Random(4)
    for step in range(400):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        data = json.loads(state.to_json())
        if step >= 30 and "secret_step" not in data:     # no secret step open: plain data
            return game, data
    raise AssertionError("no save outside a secret step")


@pytest.mark.parametrize("tamper, field", [
    (lambda d: d["vars"].__setitem__("year", {"a": 1}), "vars.year"),
    (lambda d: d["vars"].__setitem__("year", list(range(1000))), "vars.year"),
    (lambda d: d["vars"].__setitem__("year", 10**30), "vars.year"),
    (lambda d: d["vars"].__setitem__("voting_row", 3), "vars.voting_row"),
    (lambda d: d["pvars"][1].__setitem__("houses_placed", "many"), "pvars[1].houses_placed"),
    (lambda d: d.__setitem__("rng", 10**30), "rng"),
    (lambda d: d.__setitem__("steps", 10**20), "steps"),
    (lambda d: d["threads"][-1]["wait"].__setitem__("var", "no such local!"),
     ".wait.var"),
])
def test_a_tampered_variable_or_counter_is_refused_with_its_field(tamper, field):
    game, data = _saved()
    tamper(data)
    with pytest.raises(InvalidSave) as refused:
        game.state_from_json(json.dumps(data))
    assert field in str(refused.value)
    assert len(str(refused.value)) < 300


def test_an_untouched_save_and_a_variable_set_to_null_still_load():
    game, data = _saved()
    assert game.state_from_json(json.dumps(data)).to_move
    data["vars"]["year"] = None
    assert game.state_from_json(json.dumps(data)).to_move
