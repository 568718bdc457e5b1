"""A scenario's `set:` made while a secret step is open (one seat has answered in secret,
another not yet) is in every view: the public one, each seat's, a save's, and the play
that follows starts from it."""

from __future__ import annotations

import textwrap
from pathlib import Path

from regola.scenarios.runner import compile_file, play

STEPS = """\
    game: goofspiel
    players: 2
    seed: 1
    steps:
      - act: ["red: 1"]
      - set:
          player_vars: {red: {points: 7}, blue: {points: 2}}
"""


def played(tmp_path: Path, more: str = ""):
    path = tmp_path / "set_in_step.scenario.yaml"
    text = textwrap.dedent(STEPS) + textwrap.indent(textwrap.dedent(more), "  ")
    path.write_text(text, encoding="utf-8")
    report, compiled, failures = compile_file(path)
    assert compiled is not None, failures
    return play(compiled).state


def points(view: dict) -> list[int]:
    return [seat["points"] for seat in view["player_vars"]]


def test_a_set_during_a_secret_step_shows_in_the_public_view(tmp_path):
    state = played(tmp_path)
    assert "secret_step" in state.to_json()          # red has bid, blue not yet
    assert points(state.observe(None, log=False)) == [7, 2]


def test_a_set_during_a_secret_step_shows_to_each_seat_and_in_a_save(tmp_path):
    state = played(tmp_path)
    assert points(state.observe(0, log=False)) == [7, 2]
    assert points(state.observe(1, log=False)) == [7, 2]
    again = state.game.state_from_json(state.to_json())
    assert points(again.observe(None, log=False)) == [7, 2]


def test_play_after_a_set_in_a_secret_step_goes_on_from_the_set_values(tmp_path):
    state = played(tmp_path, """\
      - act: ["blue: 4"]
      - expect:
          - {log: {msg: prize_won, player: blue, points: 4}}
          - {var: points, player: red, is: 7}
          - {var: points, player: blue, is: 6}
    """)
    assert "secret_step" not in state.to_json()
    assert points(state.observe(None, log=False)) == [7, 6]
