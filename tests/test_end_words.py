"""How a finished game says it ended (issue 21, a designer's finding: a game without end
conditions printed "Game over (end condition)" and "The game ended: end condition.",
naming a condition it does not have)."""

from __future__ import annotations

from pathlib import Path

import pytest
from play_helpers import finished

from regola.i18n.catalog import Words
from regola.i18n.game_words import GameWords
from regola.present.events import event_text
from regola.present.scores import score_table, verdict

SMUGGLERS = Path(__file__).parent / "data" / "smugglers_game"


@pytest.mark.parametrize(("lang", "opening"), [("en", "Game over: "),
                                              ("es", "Fin de la partida: "),
                                              ("nl", "Einde van het spel: ")])
def test_a_game_without_end_conditions_names_none_when_it_ends(lang, opening):
    game, state = finished(str(SMUGGLERS), 3, 2)
    assert not game.definition.end.conditions
    gw = GameWords(game.definition, Words(lang))
    over = [e for e in state.observe(0)["log"] if e.get("e") == "game_over"]
    line = event_text(over[-1], gw)
    assert line.startswith(opening), line
    assert "(" not in line
    said = verdict(score_table(state.result, gw), gw)
    assert "end condition" not in said and "condición" not in said, said


def test_a_game_with_end_conditions_still_says_which_was_met():
    game, state = finished("copycat", 3, 1)
    gw = GameWords(game.definition, Words("en"))
    over = dict(next(e for e in state.observe(0)["log"] if e.get("e") == "game_over"))
    met = sorted({c for cs in state.result["conditions"].values() for c in cs})
    over["conditions"] = met
    line = event_text(over, gw)
    assert line.startswith("Game over (") and gw.condition(met[0]) in line
