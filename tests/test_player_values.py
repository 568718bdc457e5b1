"""Players as values a person reads: a story note shows players by seat name only in the
fields named for players (texts/note_fields.py), so the type checker refuses a player under
any other name, at the call, and the story names a player given as `target`; at the
terminal, a choice of players is keyed by the seats' numbers counted from 1, as the board
shows them."""

from __future__ import annotations

from pathlib import Path

import pytest

import regola
from regola.cli.keys import KeyBook
from regola.i18n.catalog import Words
from regola.i18n.game_words import GameWords

GAME = """\
id: robbers
name: Robbers
players: {min: 2, max: 3}
seats: [red, blue, green]
scripts: [flow.regola]
text: text.yaml
start: play
variables:
  player:
    coins: {initial: 3}
end:
  conditions:
    robbed: count_robbed() > 0
  tiebreakers: [p.coins]
"""

FLOW = """\
fn count_robbed() = sum([1 for p in players where p.coins != 3])

def play():
    let victim = choose from [q for q in players where q != players[0]] by players[0] ask "rob"
    victim.coins = victim.coins - 1
    log("robbed", player=players[0], FIELD=victim)
    check_end()
"""

TEXT = """\
game: Robbers
seats: {red: Red, blue: Blue, green: Green}
asks: {rob: Whom do you rob?}
notes: {robbed: "{player} robs {FIELD}."}
conditions: {robbed: someone was robbed}
scores: {coins: Coins}
"""


def write_game(folder: Path, field: str) -> Path:
    """The small game above, its note's second field named `field`."""
    folder.mkdir()
    (folder / "game.yaml").write_text(GAME, encoding="utf-8")
    (folder / "flow.regola").write_text(FLOW.replace("FIELD", field), encoding="utf-8")
    (folder / "text.yaml").write_text(TEXT.replace("FIELD", field), encoding="utf-8")
    return folder


def test_a_player_in_a_note_field_not_named_for_players_is_a_located_error(tmp_path):
    folder = write_game(tmp_path / "robbers", "victim")
    with pytest.raises(regola.RuleError) as refused:
        regola.load_game(str(folder))
    (problem,) = refused.value.problems
    assert problem.location.file.endswith("flow.regola") and problem.location.line == 6
    assert "'victim' holds a player" in str(problem) and "target" in str(problem)


def test_a_player_in_a_field_named_for_players_is_told_by_seat_name(tmp_path):
    game = regola.load_game(str(write_game(tmp_path / "robbers", "target")))
    state = game.new_state(players=2, seed=1)     # one player to rob: taken at once
    assert state.is_over
    note = next(e for e in state.log if e.get("msg") == "robbed")
    words = GameWords(game.definition, Words("en"))
    assert words.field("target", note["target"]) == "Blue"


def test_a_choice_of_players_is_keyed_by_the_seat_numbers_the_board_shows(tmp_path):
    game = regola.load_game(str(write_game(tmp_path / "robbers", "target")))
    state = game.new_state(players=3, seed=1)
    actions = state.legal_actions(0)
    context = state.decision_context(0)
    assert context["option_kind"] == "player"
    keys = KeyBook(game, GameWords(game.definition, Words("en"))).keys(
        actions, context["named"], context["option_kind"])
    assert [a["value"] for a in actions] == [1, 2] and keys == ["2", "3"]   # Blue (2), Green (3)
