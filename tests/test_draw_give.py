"""The generic token primitives `draw` (random picks from a place) and `give` (ownership),
and provisional data: checked on a copy of a built-in game's data."""

from __future__ import annotations

import pytest

import regola
from conftest import edit_rule_file
from regola.errors import RuleError
from regola.loading.loader import load_game


def runtime(players: int = 3, seed: int = 5):
    state = regola.load_game("doge").new_state(players=players, seed=seed)
    return state, state._runtime()


def test_draw_moves_random_tokens_and_never_more_than_there_are():
    state, rt = runtime()
    mine = rt.tokens("marker", owner=1, at="supply")
    moved = rt.draw("marker", "supply", "pile", 3, owner=1)
    assert moved == 3
    assert len(rt.tokens("marker", owner=1, at="pile")) == 3
    assert len(rt.tokens("marker", owner=1, at="supply")) == len(mine) - 3
    assert rt.tokens("marker", owner=0, at="pile") == []          # the filter held
    assert rt.draw("marker", "supply", "pile", 99, owner=1) == len(mine) - 3
    assert rt.draw("marker", "supply", "pile", 1, owner=1) == 0


def test_draw_is_reproducible_from_the_seed_and_differs_between_seeds():
    picks = []
    for seed in (5, 5, 6, 7, 8):
        _, rt = runtime(seed=seed)
        rt.draw("marker", "supply", "pile", 2, owner=0)
        picks.append(sorted(rt.tokens("marker", owner=0, at="pile")))
    assert picks[0] == picks[1]
    assert any(p != picks[0] for p in picks[2:])


def test_draw_hides_which_secret_token_moved_from_other_seats():
    state, rt = runtime()
    rt.draw("marker", "supply", "pile", 1, owner=2)
    event = state.log[-1]
    assert event["e"] == "move_token" and event["masked"]
    seen_by_other = state.observe(0)["log"][-1]
    assert "token" not in seen_by_other
    assert state.observe(2)["log"][-1]["token"] == event["token"]


def test_give_changes_the_owner_and_the_owner_sees_the_secret():
    state, rt = runtime()
    tid = rt.tokens("marker", owner=0)[0]
    rt.give(tid, 1)
    assert rt.token(tid)["owner"] == 1
    assert any(t.get("id") == tid for t in state.observe(1)["tokens"])
    assert not any(t.get("id") == tid for t in state.observe(0)["tokens"])
    rt.give(tid, None)
    assert rt.token(tid)["owner"] is None
    with pytest.raises(regola.errors.ScriptRuntimeError):
        rt.give(tid, 7)


def test_draw_of_counted_pieces_is_refused_at_load(doge_copy):
    edit_rule_file(doge_copy / "building.regola",
                   ("fn palaces_in", "def tryit(p):\n    draw(house, supply, supply, 1)\n\n"
                                     "fn palaces_in"))
    with pytest.raises(RuleError) as err:
        load_game(str(doge_copy))
    assert "draw picks tokens" in str(err.value)
    assert "building.regola:4:" in str(err.value)


def test_provisional_entry_without_its_note_is_located(doge_copy):
    edit_rule_file(doge_copy / "game.yaml", ("\ndecks:", "\nprovisional:\n  - id: deck_sizes\n"
                                             "    what: decks\n    missing: the card counts\n"
                                             "\ndecks:"))
    with pytest.raises(RuleError) as err:
        load_game(str(doge_copy))
    assert "no text for provisional entry 'deck_sizes'" in str(err.value)
    assert "game.yaml:" in str(err.value)


def test_provisional_data_is_listed_and_noted_in_the_rulebook(doge_copy):
    from io import StringIO

    from rich.console import Console

    from regola.cli.listing import provisional_report
    from regola.i18n.catalog import Words
    from regola.i18n.game_words import GameWords
    from regola.rulebook.book import Book

    edit_rule_file(doge_copy / "game.yaml", ("\ndecks:", "\nprovisional:\n  - id: deck_sizes\n"
                                             "    what: decks.brown.cards\n"
                                             "    missing: the card counts\n\ndecks:"))
    edit_rule_file(doge_copy / "text.yaml", ("\noptions:", "\nprovisional:\n  deck_sizes: The "
                                             "number of cards in each deck is our guess\n"
                                             "\noptions:"))
    game = load_game(str(doge_copy))
    out = StringIO()
    provisional_report(Console(file=out, width=200), "doge", GameWords(game.definition, "en"),
                       Words("en"))
    assert "deck_sizes" in out.getvalue() and "decks.brown.cards" in out.getvalue()
    assert "number of cards in each deck is our guess" in out.getvalue()
    book = Book(str(doge_copy), None, Words("en"))
    full = book.full_rules()          # the note ends the rules in full, printed apart
    assert "### About this edition" in full and "About this edition" not in book.markdown()
    assert "- The number of cards in each deck is our guess." in full
    assert "About this edition" not in Book("doge", None, Words("en")).full_rules()
