"""What each piece does, beside the choices that name it (present/effects.py, labels.py):
the same written texts as the rulebook's reference sheets."""

from __future__ import annotations

import regola
from regola.i18n.game_words import GameWords
from regola.present.effects import Effects
from regola.present.labels import Namer


def test_a_building_offered_by_its_code_says_what_it_does_in_each_language():
    game = regola.load_game("rialto")
    for lang, word in (("en", "leftover row"), ("es", "fila sobrante"), ("nl", "")):
        gw = GameWords(game.definition, lang)
        [label] = Namer(game, gw, {"tokens": [], "seat": 0}).options(["g1"])
        assert " — " in label and word in label, label
        assert "{" not in label


def test_a_value_whose_pieces_do_different_things_gets_no_effect():
    """Copycat's cards all have the effect `vp`, with different amounts: the bare value
    names no one text, so none is shown (a wrong number would be worse than none)."""
    game = regola.load_game("copycat")
    effects = Effects(GameWords(game.definition, "en"))
    assert effects.of_value("vp") is None
    assert effects.of_value("no such thing") is None


def test_an_office_and_a_card_in_hand_say_what_they_do():
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=1)
    view = state.observe(0)
    gw = GameWords(game.definition, "en")
    namer = Namer(game, gw, view)
    offices = [a for a, data in game.definition.areas.items() if data.get("kind") == "office"]
    labels = namer.options(offices[:3])
    assert all(" — " in label for label in labels), labels
    numbers = sorted({t["number"] for t in view["tokens"]
                      if t.get("owner") == 0 and t.get("number") is not None
                      and t.get("at") == "hand"})
    labels = namer.options(numbers)
    assert all(label.startswith(f"{n}: ") and " — " in label
               for n, label in zip(numbers, labels)), labels
