"""A book a reader can learn from (issue 13, item 1): what the game is about and how to win,
components without the engine's aids, setup, a turn summary that also prints alone (the
player aid), the rules in the order of play, the readings as notes, and the procedures step
by step in an appendix; in every language."""

from __future__ import annotations

import re
import shutil

import pytest
from doge_generated import OUTLINE, generated_doge
from typer.testing import CliRunner

from conftest import edit_rule_file
from regola.cli.app import app
from regola.rulebook import build_rulebook
from regola.rulebook.book.site import write_pages

GAMES = ["doge", "rialto", "warsaw", "copycat"]
runner = CliRunner()


def rules_of(game: str) -> str:
    """The rules whose book is tested: Doge's with its generated outline (its own book is
    written; tests/doge_generated.py), the other games' own."""
    return generated_doge() if game == "doge" else game


@pytest.fixture(scope="module")
def books():
    return {g: build_rulebook(rules_of(g), lang="en") for g in GAMES}


def written(game: str) -> bool:
    """Whether the game's book is written (its chapters prose bound to the data)."""
    from regola.i18n.catalog import Words
    from regola.rulebook.book.rulebook import Book
    return Book(rules_of(game), None, Words("en")).outline.written()


def named_aid(game: str) -> bool:
    """Whether the book names one of its written sections as the player aid (aid:)."""
    from regola.i18n.catalog import Words
    from regola.rulebook.book.rulebook import Book
    return bool(Book(rules_of(game), None, Words("en")).outline.aid)


def summary_title(game: str) -> str:
    """The title of the book's turn summary: the written title of the section the book names
    as its aid (Copycat's "Round overview"), else the generated "Turn summary"."""
    from regola.i18n.catalog import Words
    from regola.rulebook.book.rulebook import Book
    book = Book(rules_of(game), None, Words("en"))
    return book.section_title(book.outline.aid) if book.outline.aid else "Turn summary"


def headings(book) -> list[str]:
    return [line[3:] for line in book.markdown.splitlines() if line.startswith("## ")]


def section(book, title: str) -> str:
    text = book.markdown
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start:] if end < 0 else text[start:end]


@pytest.mark.parametrize("game", GAMES)
def test_the_parts_come_in_a_readers_order(books, game):
    """Overview, components, setup, the turn summary, then the rules; the readings, then the
    appendix, the reference tables and the glossary at the back. A written book may give its
    turn summary (the player aid) after the rules instead (Rialto)."""
    found = headings(books[game])
    order = ["The game", "Components", "Setup", summary_title(game), "Clarifications",
             "Appendix: the rules step by step", "Reference", "Glossary"]
    if written(game):              # the rules in full are a document of their own
        # Its chapters explain the readings; a Clarifications section is kept only for
        # what they do not say.
        order = order[:5] if "Clarifications" in found else order[:4]
        assert books[game].appendix_anchor == "" and "The rules in full" not in found
        assert books[game].full_rules.startswith(f"# {books[game].title} – The rules in full")
    assert [h for h in found if h in order] == order
    setup, summary = found.index("Setup"), found.index(summary_title(game))
    if written(game) and summary > setup + 1:      # the rules come between setup and summary
        rules = found[setup + 1:summary]
    else:
        rules = found[summary + 1:
                      found.index("Clarifications") if "Clarifications" in found else -1]
    assert len(rules) >= 4                                # the rules in the order of play


@pytest.mark.parametrize("game, words", [
    ("doge", "Compare the number of palaces each of them has on the board"),
    ("rialto", "The player with the most victory points wins."),
    ("warsaw", "The player with the most victory points wins."),
    ("copycat", "The game lasts at most 11 rounds"),
])
def test_the_overview_says_how_to_win(books, game, words):
    overview = " ".join(section(books[game], "The game").split())
    assert words in overview


def test_a_game_that_lasts_so_many_rounds_says_so_once(books):
    """Rialto ends after its last round: no "the round number is at least 6" in the
    overview or in the end of the game of the rules in full, whose end condition only counts
    rounds (an engine account)."""
    overview = section(books["rialto"], "The game")
    assert "Over 6 rounds you gather cards" in overview
    assert "round number" not in overview
    end = books["rialto"].full_rules.split('<a id="steps-end"></a>', 1)[1]
    assert "The game ends when the last round has been played.\n" in end
    assert "round number" not in end


@pytest.mark.parametrize("game, aid", [("rialto", "start lot"),
                                       ("copycat", "colour card")])
def test_engine_aids_are_not_components(books, game, aid):
    """The engine's aids (rulebook.yaml engine_aids: Rialto's start lots and their bag,
    Copycat's colour cards for the first turn order) are neither in the box nor in the
    glossary."""
    book = books[game]
    if written(game):
        # A written book has no glossary: the aid is nowhere in it, the rules in full
        # (generated) included; Rialto's setup draws one disc of each player instead.
        text = book.markdown.lower()
        assert aid not in text
        if game == "rialto":
            assert "lots" not in text                     # nor their bag
        return
    for title in ("Components", "Setup", "Glossary"):
        if written(game) and f"## {title}\n" not in book.markdown:
            continue                                      # a written book has no glossary
        assert aid not in section(book, title).lower(), (game, title)


def test_setup_lists_no_starting_values_of_the_engines_accounts(books):
    for game in GAMES:
        setup = section(books[game], "Setup")
        assert "At the start" not in setup and "at the start, for each player" not in setup


@pytest.mark.parametrize("game", GAMES)
def test_the_turn_summary_prints_alone_as_the_player_aid(books, game):
    book = books[game]
    aid = book.aid
    summary = section(book, summary_title(game))
    if named_aid(game):            # the written turn summary is the aid (aid: summary)
        assert aid.startswith(f"# {book.title} – {summary_title(game)}\n")
        assert " ".join(aid.split("\n", 2)[2].split()) in " ".join(summary.split())
        # how the game ends and who wins ("... wins", Rialto's "The most victory points win")
        assert "win" in aid.split("\n\n")[-1]
        assert "](#" not in aid and len(aid.split()) < 900
        return
    assert aid.startswith(f"# {book.title}: turn summary\n")
    assert "**How to win.**" in aid
    assert re.search(r"^1\. ", aid, re.M) and re.search(r"^    1\. \*\*", aid, re.M)
    assert "](#" not in aid                          # a page of its own: no links into the book
    phases = re.findall(r"\*\*([^*]+)\.\*\*", aid)
    assert phases
    if written(game):              # the book's summary is written; the aid is generated
        assert len(summary.split()) < 400
    else:
        assert all(f"**{p}.**" in summary for p in phases)
    assert len(aid.split()) < 900                    # one page


def test_doges_written_summary_prints_alone_as_the_player_aid():
    """Doge's own book is written (the tests above read its generated outline): its summary,
    "A year at a glance", is the player aid (aid: summary), a page without links."""
    book = build_rulebook("doge", lang="en")
    aid = book.aid
    assert aid.startswith(f"# {book.title} – A year at a glance\n")
    summary = section(book, "A year at a glance")
    assert " ".join(aid.split("\n", 2)[2].split()) in " ".join(summary.split())
    assert "](#" not in aid and len(aid.split()) < 900


def test_the_summary_follows_the_data(doge_copy):
    """A changed number in the game file changes the turn summary and the briefs."""
    shutil.copy(OUTLINE, doge_copy / "rulebook.yaml")            # the generated book
    edit_rule_file(doge_copy / "game.yaml", ("winner_houses: 2", "winner_houses: 3"),
                   ("placement_rounds: {by_players: {3: 4, 4: 3}}",
                    "placement_rounds: {by_players: {3: 5, 4: 2}}"))
    book = build_rulebook(str(doge_copy))
    assert "3 for the winner" in book.aid and "2 for the winner" not in book.aid
    assert "This phase has 2 (4 players) or 5 (3 players) rounds." in book.aid
    assert "3 for the winner" in section(book, "Elections in the districts")


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_every_language_has_every_part(lang):
    book = build_rulebook(generated_doge(), lang=lang)
    assert len(headings(book)) == len(headings(build_rulebook(generated_doge(), lang="en")))
    assert book.aid.count("\n    1. ") >= 1 and not book.missing


def test_cli_prints_and_writes_the_aid(tmp_path):
    printed = runner.invoke(app, ["rulebook", "warsaw", "--aid", "--lang", "en"])
    assert printed.exit_code == 0, printed.output
    assert printed.stdout.startswith("# Warsaw: City of Ruins – Turn summary")   # its written aid
    written = runner.invoke(app, ["rulebook", "rialto", "--aid", "--lang", "nl", "--out",
                                  str(tmp_path)])
    assert written.exit_code == 0, written.output
    page = tmp_path / "rialto.nl-aid.md"
    assert page.exists() and page.read_text(encoding="utf-8").startswith("# Rialto")


def test_cli_prints_and_writes_the_rules_in_full_apart(tmp_path):
    """--full: the rules in full, a document of their own for a written book (the book
    holds none of it); the whole generated book for a game nobody has written; not with
    --aid."""
    printed = runner.invoke(app, ["rulebook", "doge", "--full", "--lang", "es"])
    assert printed.exit_code == 0, printed.output
    assert printed.stdout.startswith("# Doge – Las reglas completas\n")
    assert "<a id=\"steps-play\"></a>" in printed.stdout
    book = runner.invoke(app, ["rulebook", "doge", "--lang", "es"]).stdout
    assert "Las reglas completas" not in book and "steps-play" not in book
    written = runner.invoke(app, ["rulebook", "rialto", "--full", "--lang", "nl", "--out",
                                  str(tmp_path)])
    assert written.exit_code == 0, written.output
    page = (tmp_path / "rialto.nl-full.md").read_text(encoding="utf-8")
    # the note on this edition's data ends the book, not the rules in full
    assert page.startswith("# Rialto – De volledige regels") and "Over deze uitgave" not in page
    both = runner.invoke(app, ["rulebook", "doge", "--full", "--aid"])
    assert both.exit_code != 0 and "choose one of --aid and --full" in both.output


@pytest.mark.slow
def test_the_site_has_an_aid_page_for_every_game(tmp_path):
    report = write_pages(tmp_path)
    for lang in ("en", "es", "nl"):
        index = (tmp_path / "docs" / lang / "index.md").read_text(encoding="utf-8")
        for game in GAMES:
            assert (tmp_path / "docs" / lang / game / "aid.md").exists()
            assert f"({game}/aid.md)" in index
            assert (tmp_path / "docs" / lang / game / "full.md").exists()
            assert f"({game}/full.md)" in index
    assert not report.skipped


@pytest.mark.parametrize("game", GAMES)
def test_the_appendix_has_every_procedure_the_rules_shorten(books, game):
    """A procedure the rules give as a brief links to its steps in the appendix; the
    rules in full, a document of their own for a written book, link only within it, and
    the written book links to none of their steps."""
    book = books[game]
    links = set(re.findall(r"\(#(steps-[a-z-]+)\)", book.rules_in_full))
    anchors = set(re.findall(r'<a id="(steps-[a-z-]+)"></a>', book.rules_in_full))
    assert (links or written(game)) and anchors and links <= anchors
    if written(game):
        assert "(#steps-" not in book.markdown
