"""The generated steps ("the rules in full") of a small test game: loops and branches
that once lost their words, and the phrasings that fold steps into sentences."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.rulebook import build_rulebook

GAME = Path(__file__).parent / "data" / "appendix_game"


@pytest.fixture(scope="module")
def book() -> str:
    return build_rulebook(str(GAME)).markdown


def test_a_loop_around_one_procedure_call_keeps_its_loop(book):
    assert "For each player, one after another, reward (see" in book


def test_an_otherwise_that_only_logs_says_nothing(book):
    assert "If round is more than 3, 0 moves their disc 1 space forward on fame." in book
    assert "Otherwise." not in book
    assert "Otherwise, nothing happens" not in book


def test_a_repeat_of_one_step_is_one_sentence(book):
    assert "1. 1 moves their disc 1 space forward on fame, 3 times over." in book
    assert "Repeat the following 3 times" not in book


def test_a_short_if_and_otherwise_are_one_sentence(book):
    assert "2. If round is more than 5, 0 moves their disc 2 spaces forward on fame; otherwise, " \
        "1 moves their disc 2 spaces forward on fame." in book


def test_a_branch_that_stops_puts_the_rest_under_otherwise(book):
    tidy = book[book.index("## tidy"):book.index("## End of the game")]
    assert "3. If round is more than 9, 0 moves their disc 1 space forward on fame.\n" \
        "4. Otherwise:\n    1. 1 moves their disc 1 space forward on fame.\n" \
        "    2. 1 pays 1 gold to the bank." in tidy
    assert "stop here" not in book.lower() and "nothing further happens" not in book.lower()


def test_no_stop_is_said_after_the_game_ends(book):
    assert "If 0 chose stop, the game ends at once; it is won by 0." in book


def test_a_counted_loop_that_sets_a_game_variable_names_it(book):
    rounds = book[book.index("## rounds"):book.index("## End of the game")]
    assert "1. As round goes from 1 to 3, one at a time:" in rounds
    assert "becomes that number" not in book


@pytest.mark.parametrize("game, said, gone", [
    ("copycat", "The player may choose the office from the offices where only other players "
                "have workers; if they do:\n", "If the player did not choose “skip”"),
    ("copycat", "The player may choose the target space from the street spaces for which the "
                "player can pay for the card in the street space, or skip (then nothing "
                "further happens).", "If the player chose “skip”"),
    ("doge", "The player may choose the starting district from the districts where they have "
             "a house, or move no house (then nothing further happens).",
     "If the player chose “move no house”")])
def test_a_choice_with_a_way_out_says_the_player_may_choose(game, said, gone):
    """`choose from THINGS + ["skip"]` and a test of that answer: one step that says the
    player may choose, not a menu answer in quotes and a test of it."""
    book = build_rulebook(game).markdown
    assert said in book and gone not in book



def test_a_loop_that_asks_each_value_which_it_is_reads_as_a_list_in_order():
    """Warsaw's scoring (`for kind in scoring_order: if kind == "park": ...`, rule: a
    district scores its kinds in this order) is one line per kind, in the option's order."""
    book = build_rulebook("warsaw").markdown
    assert "1. In this order:\n    1. Park: score the player's best park" in book
    assert "7. Public building: score the player's public buildings" in book
    assert "If it is park" not in book


def test_a_choice_of_two_answers_then_a_test_of_it_reads_as_a_list_of_both():
    """Copycat's "coins or VP" action (`choose from ["coins", "vp"]` then `if c == "coins":
    ... else: ...`): each answer with what it does, no quoted answers and no test of them."""
    book = build_rulebook("copycat").markdown
    assert "The player chooses one of these:\n" \
        "            - Gain the coins: add the amount to the player's money.\n" \
        "            - Score VP: add 2 times the amount to the player's VP of the round." in book
    assert "“gain the coins”" not in book
