"""The generated rulebook states the rules of the data: facts, variants, languages, CLI."""

from __future__ import annotations

import io
import re
import shutil

import pytest
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.support import Translations
from doge_generated import OUTLINE, generated_doge
from typer.testing import CliRunner

from conftest import edit_rule_file
from regola.cli.app import app
from regola.i18n import catalog
from regola.loading.sources import rules_root
from regola.rulebook import build_rulebook

runner = CliRunner()


@pytest.fixture(scope="module")
def doge():
    return build_rulebook(generated_doge(), lang="en")


def section(book, title: str) -> str:
    """The text of the `## title` section (up to the next level-2 heading)."""
    text = book.markdown
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def test_components_counts_and_values(doge):
    parts = flat(section(doge, "Components"))
    for fact in ("- 15 houses", "- 8 palaces", "- 6 control rings",
                 "- 7 ballot markers, with the values 0, 1, 1, 2, 2, 3, and 3",
                 "- 7 player cards, one for each area", "9 advisors",
                 "7 brown voting-order cards, one for each area",
                 "7 blue voting-order cards, one for each area",
                 "6 districts (Cannaregio, Castello, Dorsoduro, San Marco, San Polo, and Santa "
                 "Croce) and 1 council (Quarantia)", "For 3 to 4 players",
                 "Each player keeps the value of their ballot markers secret"):
        assert fact in parts, fact
    assert "3 for Quarantia" in parts           # three advisors live in the council


def test_setup_and_player_counts(doge):
    setup = section(doge, "Setup")
    assert "Each player puts their houses, palaces, control rings, and ballot markers in " \
        "their supply." in setup
    assert "Put the advisors on the advisor spaces." in setup
    assert "Lay the brown set face up in a row" in flat(setup)      # its brief
    assert "At the start" not in setup                                # the engine's accounts
    assert "Shuffle the brown voting-order cards" in section(doge, "Appendix: the rules step "
                                                                   "by step")
    assert "| Rounds of marker placement per year | 4 | 3 |" in setup
    assert "|  | 3 players | 4 players |" in setup
    assert "This phase has 3 (4 players) or 4 (3 players) rounds." in \
        flat(section(doge, "Phase 1: placing ballot markers"))
    placing = flat(section(doge, "Appendix: the rules step by step"))
    assert "Repeat the following 4 times with 3 players and 3 times with 4 players:" in placing
    assert "At the same time and in secret, each player who has at least one " \
        "ballot marker in their supply chooses a player card" in placing
    assert "The player moves one of their player cards with the chosen area from their hand " \
        "face down in front of them." in placing
    assert "The player moves one of their ballot markers with the chosen value from their " \
        "supply onto the chosen card." in placing
    assert "as long as the player has fewer than 4 ballot markers on the chosen card" \
        in placing                               # at most 4 markers on a card


def test_palace_costs_and_spaces(doge):
    reference = section(doge, "Reference")
    rows = [line for line in reference.splitlines() if line.startswith("| ") and
            "San Marco" in line]
    assert rows == ["| San Marco | lion | 3, 4, 5, 6, 7 |"]      # 5 spaces: at most 5 palaces
    assert "| Houses for the winner of a district | 2 |" in reference
    assert "| Houses for the runner-up of a district | 1 |" in reference
    svg = doge.pictures["doge-city.svg"]                # the city map with its palace spaces
    assert svg.startswith("<svg")
    for cost in "34567":
        assert svg.count(f">{cost}</text>") == 6                      # 6 districts x 5 spaces
    building = flat(section(doge, "Houses and palaces")) + \
        flat(section(doge, "Appendix: the rules step by step"))
    assert "**The player can build a palace in the district for the building cost** when the " \
        "district still has a free palace space, the player has at least one palace in their " \
        "supply, and the number of houses the player has in the district is at least the " \
        "building cost." in building
    assert "the player has at least one palace in their supply" in building
    assert "The player moves houses from the district back to their supply, as many as the " \
        "building cost" in building


def test_elections_and_every_tie_case(doge):
    counting = flat(section(doge, "Appendix: the rules step by step"))
    # The ranking is read through its functions (most_votes, next_most_votes, nobody_votes):
    # players tied for the most votes are all winners.
    assert "The winners are the players with the most votes in the area." in counting
    assert "The current row and the next row swap roles." in counting
    assert "Turn face up the card of the next row at that position." in counting
    assert "If nobody has a vote in the area, nothing further happens." in counting     # reading 12
    assert "The runners-up are the players with the next most votes in the area, if a single " \
        "player has the most; a player without a vote is never one of them." in counting
    # (no runner-up on a tie)
    assert "the sum of the values of the player's ballot markers in the area plus the number " \
        "of advisors controlled by the player in the area" in flat(doge.markdown)
    district = flat(section(doge, "Appendix: the rules step by step"))
    district = district[district.index("### The election in a district"):]
    tie = district[district.index("If there is more than one winner:"):]
    assert "becomes neutral" in tie and "Each of the winners places 2 houses" in tie
    assert "The winner chooses one of these: - Take control, if the winner has at least one " \
        "control ring in their supply or the winner controls the district's advisor: " \
        in district                                    # a flag read once: its test, inline
    assert "- Abstain and move a house: 1. The district's advisor becomes neutral" in district
    assert "Each of the runners-up places 1 house from their supply" in district  # tie for 2nd
    assert "from the areas other than the district" in district
    council = flat(section(doge, "Appendix: the rules step by step"))
    council = council[council.index("### The election in the Quarantia"):]
    assert "Each of the advisors of the Quarantia becomes neutral" in council
    assert "If there is more than one winner, each of the winners, in seat order, may move up " \
        "to 2 of their houses, one at a time, each to another district, and may build a palace " \
        "where a house goes (see “Building a palace”). 4. Otherwise:" \
        in council                                                      # tie for first
    turn = "takes one turn with the advisors of the Quarantia"
    steps = council[council.index(f"1. The winner {turn}"):]
    assert f"1. The winner {turn} (see “[One turn in the Quarantia](#steps-council-step)”)" \
        f". 2. If there is exactly one runner-up, the runner-up {turn}" in steps
    assert "3. If there is more than one runner-up, each of the runners-up may " \
        "move one of their houses to another district" in steps   # tie for second, reading 13
    assert f"4. The winner {turn}" in steps                          # always two: reading 8
    assert "The player takes control of one of the advisors of the Quarantia that are on " \
        "the advisor spaces, which now carries" in council              # a neutral one


def test_control_of_advisors(doge):
    text = flat(doge.markdown)
    assert "takes control of the district's advisor, which now carries their control ring " \
        "(another player's control ring on it goes back to its owner)" in text
    assert "the control ring on it goes back to its owner" in text
    assert "Take control, if the winner has at least one control ring in their supply or the " \
        "winner controls the district's advisor" in text                     # reading 6
    # In the Quarantia only a ring is needed: one of its advisors is always still neutral.
    assert "The player chooses: “take control” (only if the player has at least one control " \
        "ring in their supply) or “abstain and move a house”." in text


def test_end_conditions_and_tiebreakers(doge):
    end = flat(section(doge, "The end of the game"))
    assert "checked at the end of every year" in end
    assert "one of these 3 conditions" in end
    assert "The game also ends if no player can meet an end condition any more" in end  # 14
    assert "The player has a palace in 6 districts." in end
    assert "The player has at least 7 palaces on the board and has a palace in at least 5 " \
        "districts." in end
    assert "The player has at least 8 palaces on the board and has a palace in at least 4 " \
        "districts." in end
    assert "1. Compare the number of palaces each of them has on the board: the highest " \
        "wins." in end
    assert "2. If some are still tied, compare the number of houses each of them has " \
        "on the board among them" in end
    assert "3. Players who are still tied share the victory." in end


def test_every_reading_is_a_clarification_note(doge):
    """notes: Readings - each reading shows up in the rulebook as a clarification note."""
    notes = section(doge, "Clarifications")
    for n in range(1, 15):
        assert f"**Reading {n}.** " in notes
    assert "must lay a card and put at least one marker on it in every round" in notes
    assert "the last advisor stays neutral" in notes
    assert "move their houses between the winner's two turns" in notes          # Reading 13


def test_readings_decide_the_steps(doge):
    text = doge.markdown
    assert "“pass”" not in text and "place no markers" not in text   # reading 1: no passing
    assert "How many houses" not in text                              # reading 10: automatic
    assert "Otherwise, the player may move one of their houses to another district" in text


def test_reads_as_a_rulebook(doge):
    text = doge.markdown
    assert text.startswith("# Doge\n")
    assert re.search(r"^1\. ", text, re.M) and re.search(r"^    1\. ", text, re.M)
    prose = re.sub(r"<a id=\"[^\"]*\"></a>|\]\([^)]*\)|!\[[^\]]*\]\([^)]*\)", "", text)
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", prose), "identifiers in the text"
    assert "{" not in prose and "}" not in prose
    assert "Tree(" not in text and "None" not in text
    assert not doge.missing


@pytest.mark.parametrize("variant", [None, "cheap_palaces", "year_limit"])
def test_no_text_is_missing_for_any_variant(variant):
    assert build_rulebook(generated_doge(), variant).missing == set()


def test_cheaper_palaces_change_the_costs():
    book = build_rulebook(generated_doge(), "cheap_palaces")
    assert book.markdown.startswith("# Doge: Cheaper palaces\n")
    reference = section(book, "Reference")
    assert "| San Marco | lion | 2, 3, 4, 5, 6 |" in reference
    assert "7" not in "".join(line for line in reference.splitlines() if "lion" in line)
    svg = book.pictures["doge-cheap_palaces-city.svg"]
    assert ">2</text>" in svg and ">7</text>" not in svg


def test_year_limit_adds_its_condition():
    end = flat(section(build_rulebook(generated_doge(), "year_limit"), "The end of the game"))
    assert "one of these 3 conditions" in end      # the players' own; apart from them:
    assert "The game also ends when one of these holds, and then every player can win: " \
        "- No player can meet an end condition any more" in end
    assert "- The year number is at least 6." in end


@pytest.fixture
def edited_doge(doge_copy):
    edit_rule_file(doge_copy / "game.yaml",
                   ("placement_rounds: {by_players: {3: 4, 4: 3}}",
                    "placement_rounds: {by_players: {3: 5, 4: 2}}"),
                   ("house:  {per_player: 15}", "house:  {per_player: 12}"),
                   ("winner_houses: 2", "winner_houses: 3"),
                   ("value: true\n    reading: 1\n", "value: false\n    reading: 1\n"))
    return doge_copy


def test_changing_the_data_changes_the_sentences(edited_doge):
    shutil.copy(OUTLINE, edited_doge / "rulebook.yaml")     # the generated book's notes
    book = build_rulebook(str(edited_doge))
    text = flat(book.markdown)
    assert "Repeat the following 5 times with 3 players and 2 times with 4 players:" in text
    assert "- 12 houses" in text and "- 15 houses" not in text
    assert "Each of the winners places 3 houses" in text
    assert "The player may choose the area from the areas of the player cards still in their " \
        "hand; if they do not, nothing further happens." in text                  # reading 1
    assert "(This version does not follow this reading.)" in section(book, "Clarifications")


def tiny_catalog(entries: dict) -> Translations:
    cat = Catalog(locale="es")
    for (context, msgid), msgstr in entries.items():
        cat.add(msgid, msgstr, context=context)
    buffer = io.BytesIO()
    write_mo(buffer, cat)
    buffer.seek(0)
    return Translations(buffer, domain="regola")


def test_translations_from_the_catalog_are_used(monkeypatch):
    fake = tiny_catalog({
        (None, "Each player has, in their colour:"): "Cada jugador tiene, en su color:",
        ("doge.procedures", "set up the game"): "preparar la partida",
        ("doge.sections", "Components"): "Componentes",
        (None, "raise {x} by {n}"): "sube {x} en {n}",
    })
    monkeypatch.setattr(catalog, "translations", lambda lang: fake)
    monkeypatch.setattr(catalog, "game_translations", lambda folder, lang: fake)
    book = build_rulebook(generated_doge(), lang="es")
    assert "Cada jugador tiene, en su color:" in book.markdown
    assert "## Componentes" in book.markdown
    assert "1. Preparar la partida (see" in book.markdown
    assert "Sube the year number en 1." in book.markdown
    assert "Each player has, in their colour:" not in book.markdown


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_spanish_and_dutch_rulebooks_build(lang):
    book = build_rulebook(generated_doge(), lang=lang)
    assert book.markdown.startswith("# ") and "15" in book.markdown and book.pictures
    if lang == "es":
        assert "San Polo y Santa Croce" in book.markdown   # the Spanish list conjunction


def test_cli_rulebook_writes_markdown_and_pictures(tmp_path):
    result = runner.invoke(app, ["rulebook", generated_doge(), "--variant", "cheap_palaces",
                                 "--lang", "nl", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = tmp_path / "doge-cheap_palaces.nl.md"
    assert page.exists() and "2, 3, 4, 5, 6" in page.read_text(encoding="utf-8")
    assert (tmp_path / "doge-cheap_palaces.nl-city.svg").exists()
    printed = runner.invoke(app, ["rulebook", generated_doge(), "--lang", "en"])
    assert printed.exit_code == 0 and printed.stdout.startswith("# Doge")


def test_cli_rulebook_unknown_language_names_the_available_ones():
    result = runner.invoke(app, ["rulebook", generated_doge(), "--lang", "fr"])
    assert result.exit_code == 2
    assert "unknown language 'fr'" in result.output and "en, es, nl" in result.output
    assert "Traceback" not in result.output


def test_a_game_without_an_outline_gets_a_default_one(tmp_path):
    folder = tmp_path / "plain"
    shutil.copytree(rules_root() / "doge", folder)
    (folder / "rulebook.yaml").unlink()
    book = build_rulebook(str(folder))
    headings = [line for line in book.markdown.splitlines() if line.startswith("## ")]
    assert headings[:2] == ["## Components", "## Setup"]
    assert "## The course of a year" in headings and "## Glossary" in headings
    assert len(set(headings)) == len(headings)
    assert not book.missing
    assert "Nobody has written this game's rulebook yet" in book.markdown.split("## ")[0]


def test_an_outline_naming_an_unknown_procedure_is_a_located_problem(tmp_path):
    folder = tmp_path / "broken"
    shutil.copytree(rules_root() / "doge", folder)
    (folder / "rulebook.yaml").write_text("sections:\n  - id: x\n    content: [{procedure: "
                                          "nope}]\n", encoding="utf-8")
    result = runner.invoke(app, ["rulebook", str(folder), "--lang", "en"])
    assert result.exit_code == 2
    assert re.search(r"rulebook\.yaml:3:\d+: .*no procedure 'nope'", result.output)


MECHANICAL = ("first of the ranking", "second of the ranking", "the first of the",
              "the winner and the winner", "whose area is the area",
              "whose value is the marker value", "player's player cards", "the number of the ",
              "lay them face down", "(phase 1) (see", "(phase 2) (see",
              "each of the players who have", "otherwise “abstain and move a house”",
              "cost of the first free palace space at the start",
              "settle the election in the area", "districts with their houses are",
              "Turn each of the", "Move each of the", "For each of the ballot markers")


@pytest.mark.parametrize("variant", [None, "cheap_palaces", "year_limit"])
def test_no_mechanical_phrasing_is_left(variant):
    """Phrasings an editor flagged as data dumps stay out of the English book."""
    text = flat(build_rulebook(generated_doge(), variant, lang="en").markdown)
    found = [phrase for phrase in MECHANICAL if phrase in text]
    assert not found, found


def test_glossary_says_what_pieces_carry_and_places_hold(doge):
    glossary = section(doge, "Glossary")
    assert "| Ballot marker | a piece with its own value; each player has 7 |" in glossary
    assert "| Advisor | a piece with its own home area; 9 in the game |" in glossary
    assert "| Supply | a place off the board; at the start, each player keeps their houses, " \
        "palaces, control rings, and ballot markers there |" in glossary
    assert "| On the advisor spaces (neutral) | a place off the board; at the start, the " \
        "advisors are there |" in glossary


def test_the_written_book_states_the_data():
    """rules/doge/rulebook.yaml: the written chapters in a publisher's order, every number
    from the data (placeholders); the rules in full a document of their own."""
    book = build_rulebook("doge", lang="en")
    text = flat(book.markdown)
    titles = [line[3:] for line in book.markdown.splitlines() if line.startswith("## ")]
    assert titles[:4] == ["The game", "Components", "Setup", "A year at a glance"]
    assert titles[-1] == "The end of a year and of the game"
    assert book.full_rules.startswith("# Doge – The rules in full\n")
    for fact in ("- 15 houses and 8 palaces;", "- 6 **control rings**",
                 "worth 0, 1, 1, 2, 2, 3, and 3 votes", "a palace in each of the 6 districts",
                 "at least 7 palaces, spread over at least 5 districts",
                 "at least 8 palaces, spread over at least 4 districts",
                 "3 rounds with 4 players and 4 rounds with 3 players",
                 "you place 2 houses from your supply in the district"):
        assert fact in text, fact
    assert not book.missing and not book.failed_examples
