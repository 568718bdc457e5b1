"""Bookkeeping out of the prose (issue 13, item 3): the rules show the steps a reader needs
(decisions, pieces moving, points scored, the end), not the engine's accounts (flags, lists,
counters, resets, starting values, engine aids); a procedure may be said in a few sentences
by a brief whose parameters are the constants it reads, checked against the procedure."""

from __future__ import annotations

import re
import shutil

import pytest
from doge_generated import OUTLINE, generated_doge

from conftest import edit_rule_file
from regola.i18n.catalog import Words
from regola.loading.loader import load_game
from regola.rulebook import build_rulebook
from regola.rulebook.book.rulebook import Book
from regola.rulebook.phrases.briefs import problems

GAMES = ["doge", "rialto", "warsaw", "copycat"]


def rules_part(markdown: str) -> str:
    """The book before its appendix (a generated book's "Appendix", a written book's rules
    in full): what a reader reads as the rules."""
    before = markdown.split("## Appendix")[0].split('<a id="section-appendix"></a>')[0]
    return " ".join(before.split())


@pytest.mark.parametrize("game, accounts, scores", [
    ("doge", {"year", "voting_row"} - {"voting_row"}, set()),
    ("rialto", {"round", "delayed"}, set()),
    ("warsaw", {"epoch", "plan", "ruins", "war_pick", "faces"}, {"vp"}),
    ("copycat", {"round", "order", "passed", "used", "laid_down", "placements", "placed",
                 "keeps", "coins_doubled", "markers_doubled", "last_doctorate_bought"},
     {"vp", "gain"}),
])
def test_the_engines_accounts_are_found_from_the_data(game, accounts, scores):
    """Flags, lists, names and counters are accounts; what decides the winner is a score."""
    book = Book(game, None, Words("en"))
    assert accounts <= book.accounts.variables
    assert not scores & book.accounts.variables


@pytest.mark.parametrize("game, left_out", [
    ("doge", ["Raise the year number by 1", "number of houses just placed becomes"]),
    ("rialto", ["Raise the round number by 1", "delayed turn becomes",
                "becomes the player whose lot was drawn", "start lot"]),
    ("warsaw", ["The epoch becomes that number", "the first of the player's plan",
                "the second of the player's plan", "Add the space to the chosen spaces"]),
    ("copycat", ["Raise the round number by 1", "Add the card or office to the player's",
                 "From now on, the player takes part in the phase", "colour cards"]),
])
def test_the_rules_leave_the_accounts_out(game, left_out):
    """The rules in the order of play never set a flag, append to a list, count rounds or
    handle an engine aid; the appendix keeps the whole procedures."""
    markdown = build_rulebook(generated_doge() if game == "doge" else game, lang="en").markdown
    rules = rules_part(markdown)
    for words in left_out:
        assert words not in rules, (game, words)
    assert "At the start, for each player" not in markdown
    assert not re.search(r"becomes (true|false|yes|no)\b", rules)


def test_the_appendix_keeps_the_whole_procedures():
    appendix = build_rulebook(generated_doge(), lang="en").markdown.split("## Appendix")[1]
    assert "Raise the year number by 1." in appendix
    assert "The current row and the next row swap roles." in appendix


@pytest.mark.parametrize("game", GAMES)
def test_every_brief_states_what_its_procedure_reads(game):
    """Each brief's placeholders are exactly the constants its procedure reads (plus names
    of the data), and no brief writes a number by hand."""
    assert problems(load_game(game).definition) == []


def test_a_brief_that_forgets_a_constant_fails(doge_copy):
    edit_rule_file(doge_copy / "text.yaml", ("This phase has {placement_rounds} rounds.",
                                             "This phase has three rounds."))
    found = problems(load_game(str(doge_copy)).definition)
    assert any("place_markers: does not state placement_rounds" in p for p in found)


def test_a_brief_naming_what_its_procedure_does_not_read_fails(doge_copy):
    edit_rule_file(doge_copy / "text.yaml",
                   ("Every player takes back all of their ballot markers",
                    "Every player takes back all {winner_houses} of their ballot markers"))
    found = problems(load_game(str(doge_copy)).definition)
    assert any("briefs.end_of_year: {winner_houses} is not a constant end_of_year reads" in p
               for p in found)


def test_a_number_written_by_hand_in_a_brief_fails(doge_copy):
    edit_rule_file(doge_copy / "text.yaml", ("This phase has {placement_rounds} rounds.",
                                             "This phase has {placement_rounds} rounds, 3 or 4."))
    found = problems(load_game(str(doge_copy)).definition)
    assert any("place_markers: a number is written by hand" in p for p in found)


def test_a_brief_follows_its_numbers(doge_copy):
    """A changed number in the game file changes the brief (the book's sentence)."""
    shutil.copy(OUTLINE, doge_copy / "rulebook.yaml")            # the generated book
    edit_rule_file(doge_copy / "game.yaml", ("runner_up_houses: 1", "runner_up_houses: 2"))
    rules = rules_part(build_rulebook(str(doge_copy)).markdown)
    assert "2 for the winner and 2 for the runner-up" in rules


def test_a_variant_that_changes_a_reading_gets_the_steps_not_the_brief(tmp_path):
    """A brief holds for the readings its procedure reads as the game has them: a variant
    changing one (here automatic houses, Reading 10) shows the procedure's steps instead."""
    variant = tmp_path / "choosy.yaml"
    variant.write_text("extends: doge\nvariant: choosy\nname: Choosy\n"
                       "options:\n  automatic_houses: {value: false}\n", encoding="utf-8")
    plain = rules_part(build_rulebook(generated_doge(), lang="en").markdown)
    changed = rules_part(build_rulebook(generated_doge(), str(variant), lang="en").markdown)
    brief = "a player whose supply runs short places what is left"
    assert brief in plain and brief not in changed
    assert "How many houses do you place?" not in changed       # an ask is not a step
    assert "chooses the number of houses" in changed or "chooses" in \
        changed[changed.index("### Placing houses"):][:400]
