"""`p.VAR = choose ...` and `game.VAR = choose ...` (issue 21, item 2): a choice may be the
value of an assignment to a player's or the game's variable, as it may of a local's; the
game stops there, saves, loads and goes on with the answer stored in the variable."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

import regola
from regola.cli.app import app

GAME = """\
id: bids
name: Bids
players: {min: 2, max: 2}
seats: [red, blue]
scripts: [flow.regola]
start: play
variables:
  game:
    stake: {initial: 0}
  player:
    bid: {initial: 0}
    score: {initial: 0}
end:
  conditions:
    done: game.stake > 0
  tiebreakers: [p.score]
"""

FLOW = """\
def play():
    game.stake = choose from [1, 2, 3] by players[0] ask "stake"
    simultaneous p in players:
        p.bid = choose from range(0, 5) by p ask "bid"
    for p in players:
        if p.bid == max([q.bid for q in players]):
            p.score = p.score + game.stake
    check_end()
"""


def write_game(folder: Path) -> Path:
    """The small game above in `folder`."""
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "flow.regola").write_text(FLOW, encoding="utf-8")
    return folder


def test_a_choice_assigned_to_game_and_player_variables_survives_a_save(tmp_path):
    game = regola.load_game(str(write_game(tmp_path / "bids")))
    state = game.new_state(players=2, seed=1)
    assert state.to_move == [0]
    state.apply(0, "2")
    assert state.variable("stake") == 2
    assert sorted(state.to_move) == [0, 1]
    state.apply(1, "3")                      # blue bids first; red has not yet
    state = game.state_from_json(state.to_json())
    assert [a["id"] for a in state.legal_actions(0)] == ["0", "1", "2", "3", "4"]
    state.apply(0, "1")
    assert state.is_over
    saved = json.loads(state.to_json())
    assert [v["bid"] for v in saved["pvars"]] == [1, 3]
    assert [v["score"] for v in saved["pvars"]] == [0, 2]
    assert state.result is not None


def test_a_choice_into_a_variable_of_the_wrong_type_is_refused(tmp_path):
    folder = write_game(tmp_path / "bids")
    flow = folder / "flow.regola"
    flow.write_text(FLOW.replace("from [1, 2, 3] by", 'from ["a", "b"] by'), encoding="utf-8")
    out = CliRunner().invoke(app, ["validate", str(folder)]).output
    assert f"{flow}:2:" in out and "stake" in out
