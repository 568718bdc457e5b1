"""The four built-in books are written and bound to their data: no written text (English or
a translation) has a number by hand where the data holds it, and a changed number in the
rule data changes the book in every language.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import regola
from regola.loading.sources import rules_root
from regola.rulebook.book import build_rulebook
from regola.rulebook.written.checks import book_checks, book_outline

GAMES = ["doge", "rialto", "warsaw", "copycat"]
LANGUAGES = ["en", "es", "nl"]


@pytest.mark.parametrize("game", GAMES)
def test_the_book_is_written_and_every_text_holds_to_the_data(game):
    """No problem in any written text in any language: every placeholder names the data,
    no number is written by hand where the data holds it, every translation names the same
    placeholders, every rule a player notices is explained, and no section is stale."""
    definition = regola.load_game(game).definition
    assert book_outline(definition).written()
    problems, warnings = book_checks(definition)
    assert [str(p) for p in problems] == []
    assert [str(w) for w in warnings] == []


def _copy(tmp_path: Path, game: str) -> Path:
    target = tmp_path / game
    shutil.copytree(rules_root() / game, target)
    return target


def _changed_lines(before: str, after: str) -> list[str]:
    old = set(before.split("\n\n"))
    return [block for block in after.split("\n\n") if block not in old]


def _main_text(markdown: str) -> str:
    """The book before the rules in full, if it holds them (the written text)."""
    return markdown.split('<a id="section-appendix"></a>', 1)[0]


CHANGES = {
    # game: (file, old text, new text, the number the book must now show)
    "winner_houses": ("doge", "game.yaml", "  winner_houses: 2", "  winner_houses: 5", "5"),
    "palace_cost": ("doge", "game.yaml", "[3, 4, 5, 6, 7]", "[3, 4, 5, 6, 9]", "9"),
    "building_cost": ("rialto", "game.yaml", "rialto g2", "", "3"),
    "card_vp": ("copycat", "game.yaml",
                "{name: regional_paper, number: 23, price: 3, section: 1, colour: green, "
                "effect: vp, amount: 2}",
                "{name: regional_paper, number: 23, price: 3, section: 1, colour: green, "
                "effect: vp, amount: 7}", "7"),
}


@pytest.mark.parametrize("change", sorted(CHANGES))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_changed_number_changes_the_book(tmp_path, change, lang):
    game, file, old, new, shown = CHANGES[change]
    copy = _copy(tmp_path, game)
    before = _main_text(build_rulebook(str(copy), lang=lang).markdown)
    path = copy / file
    if old == "rialto g2":                   # the building g2 costs 3 building cards, not 2
        _set_building_value(path, "g2", 3)
    else:
        text = path.read_text(encoding="utf-8")
        assert old in text
        path.write_text(text.replace(old, new), encoding="utf-8")
    after = _main_text(build_rulebook(str(copy), lang=lang).markdown)
    changed = _changed_lines(before, after)
    assert changed, f"{change}: the {lang} book did not change"
    assert any(re.search(rf"(?<![\d.,]){shown}(?![\d])", block) for block in changed), \
        f"{change}: no changed paragraph of the {lang} book shows {shown}"


def _set_building_value(path: Path, code: str, value: int) -> None:
    """Every building of a code gets another value (cost), in the game file's columns."""
    import yaml
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    props = doc["tokens"]["edifice"]["props"]
    props["value"] = [value if c == code else v for c, v in zip(props["code"], props["value"])]
    path.write_text(yaml.safe_dump(doc, sort_keys=False), encoding="utf-8")


def test_a_line_of_the_story_changes_no_rule_but_a_changed_step_does(tmp_path):
    """A `log` statement tells the table what happened; it is not a rule, so adding one
    leaves every rule's fingerprint (and so every section's review) as it was."""
    from regola.rulebook.written.rules import game_rules
    before = game_rules(regola.load_game("doge").definition)
    copy = _copy(tmp_path, "doge")
    flow = copy / "flow.regola"
    text = flow.read_text(encoding="utf-8")
    told = text.replace("        place_markers()\n",
                        "        log(\"year_begins\", year=game.year)\n"
                        "        place_markers()\n")
    assert told != text
    flow.write_text(told, encoding="utf-8")
    after = game_rules(regola.load_game(str(copy)).definition)
    assert after["play"].fingerprint == before["play"].fingerprint
    flow.write_text(told.replace("        place_markers()\n        hold_elections()\n",
                                 "        hold_elections()\n        place_markers()\n"),
                    encoding="utf-8")
    swapped = game_rules(regola.load_game(str(copy)).definition)
    assert swapped["play"].fingerprint != before["play"].fingerprint
