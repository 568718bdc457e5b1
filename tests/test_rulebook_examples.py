"""Worked examples from scenario files (issue 13, item 2): a scenario marked `example:` is
told in the book (its position, the decisions, what follows) with a picture of the position,
in every language; it runs in the tests, so the book cannot disagree with the engine."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from doge_generated import generated_doge
from typer.testing import CliRunner

from conftest import edit_rule_file
from regola.cli.app import app
from regola.loading.sources import rules_root
from regola.rulebook import build_rulebook
from regola.rulebook.book.examples import example_files
from regola.scenarios.runner import run_file

runner = CliRunner()
EXPECTED = {"doge": {"zero_marker", "quarantia_steps", "san_marco_build"},
            "rialto": {"bridge_bonus", "gondola_short"},
            "warsaw": {"overbuild", "final_exchange"},
            "copycat": {"order_tie", "placing", "buying", "office_again", "cleanup"}}


def written_examples(game: str) -> set[str]:
    """The examples the game's book file narrates in written prose."""
    import yaml
    outline = yaml.safe_load((rules_root() / game / "rulebook.yaml").read_text(encoding="utf-8"))
    return set(outline.get("examples") or {})


def written_pictures(game: str, eid: str) -> list[dict]:
    """The pictures the book file gives a written example (its `pictures:`; a writer may
    tell an example without one where no picture teaches anything)."""
    import yaml
    outline = yaml.safe_load((rules_root() / game / "rulebook.yaml").read_text(encoding="utf-8"))
    return list(((outline.get("examples") or {}).get(eid) or {}).get("pictures") or [])


def marked(game: str) -> dict[str, Path]:
    return {doc["example"]["id"]: path
            for path, doc in example_files(rules_root() / game / "scenarios")}


@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_the_examples_of_the_notes_are_scenarios(game):
    """notes: the worked examples of rules-notes (Doge's three, Copycat's tie, two each for
    Rialto and Warsaw) and those of the written books (Copycat's placing, buying, offices
    used again and street clean-up) are scenarios marked `example:`, and they pass."""
    found = marked(game)
    assert EXPECTED[game] <= set(found)
    for path in found.values():
        report = run_file(path)
        assert report.ok and not report.failed, report.lines()


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
@pytest.mark.parametrize("game", sorted(EXPECTED))
def test_every_example_is_told_in_every_language(game, lang):
    book = build_rulebook(generated_doge() if game == "doge" else game, lang=lang)
    assert not book.failed_examples and not book.missing
    for eid in marked(game):
        anchor = f'<a id="example-{eid.replace("_", "-")}"></a>'
        assert anchor in book.markdown, (game, eid)
        told = book.markdown[book.markdown.index(anchor):].split("\n\n", 3)[2]
        assert told.startswith("> "), told[:80]            # a boxed passage
        start = book.markdown.index(anchor) + len(anchor)
        end = book.markdown.find('<a id="', start)
        body = book.markdown[start:end if end > 0 else None]
        drawn = re.findall(r"!\[[^\]]*\]\(([^)]+)\)", body)
        assert all(file in book.pictures for file in drawn), (game, eid, drawn)
        if game == "doge" or eid not in written_examples(game):   # Doge: the old outline
            assert re.search(r"^> 1\. ", body, re.M), body[:300]   # the play, step by step
            assert drawn, (game, eid)                           # a picture of the position
        else:           # every picture the writer gives the example is drawn (Copycat
            # tells its turn-order tie and its grey actions without one); the body runs on
            # to the section's next anchor, so it may hold the section's own pictures too
            own = [file for file in drawn if f"example-{eid}-" in file]
            assert len(own) == len(written_pictures(game, eid)), (game, eid, drawn)


def test_without_a_drawing_of_positions_a_table_shows_who_has_what():
    """The position of an example as a table when the pictures cannot draw it."""
    from regola.i18n.catalog import Words
    from regola.loading.loader import load_game
    from regola.rulebook.book.example_blocks import position_table
    from regola.rulebook.book.examples import examples_for
    from regola.rulebook.book.narration import Narrator
    from regola.rulebook.texts import Texts
    game = load_game("doge")
    played = {p.id: p for p in examples_for(game, rules_root() / "doge")}["san_marco_build"]
    table = position_table(Narrator(Texts(game.definition, Words("en")), played),
                           played.position)
    assert "| San Marco | 1 palace | 1 palace | 4 houses | 3 houses |" in table


def test_the_doge_examples_tell_the_numbers_of_the_run():
    text = " ".join(build_rulebook(generated_doge(), lang="en").markdown.split())
    assert "Anna builds a palace in San Marco for 5 houses and now has 1 palace." in text
    assert "Bernd builds a palace in San Marco for 5 houses and now has 1 palace." in text
    assert "Daniel's ballot marker in Dorsoduro is turned face up: 0." in text
    assert "Claudia wins Dorsoduro 4 to 0; second place: nobody." in text
    assert "Bernd takes control of the advisor and places it in San Marco." in text
    assert "Claudia abstains, moves a house out of Castello, and puts it in Dorsoduro." in text


def test_the_written_doge_examples_tell_the_numbers_of_their_scenarios():
    """The written narrations (rules/doge/rulebook.yaml) take their numbers from the
    scenarios (as:), and each example has its pictures before and after."""
    book = build_rulebook("doge", lang="en")
    text = " ".join(book.markdown.split())
    assert "Claudia has 4 votes. Daniel's marker is worth 0" in text
    assert "both pay what the first free space showed: 5 houses" in text
    assert "Anna now has 6 houses there and Bernd 5" in text
    assert "With 6 houses in Castello she can pay for the palace: she returns 6 houses" in text
    assert "Bernd wins the Quarantia with 6 votes" in text
    for eid in ("zero_marker", "first_round", "abstain_to_build", "quarantia_steps",
                "san_marco_build"):
        assert f"doge-example-{eid}-1.svg" in book.pictures
    for eid in ("abstain_to_build", "quarantia_steps", "san_marco_build"):
        assert f"doge-example-{eid}-2.svg" in book.pictures
    assert not book.failed_examples and not book.missing


def test_the_other_games_tell_their_examples():
    # Rialto's examples are written (rulebook.yaml, examples); their numbers come from the
    # run of their scenario (here worked_example_bridge_stage_mid_round).
    rialto = " ".join(build_rulebook("rialto", lang="en").markdown.split())
    assert "Anna scores a point for each card and one for the bonus, reaching 34." in rialto
    assert "Anna lays the bridge between Castello and San Marco, the lower end toward " \
        "Castello and the higher toward San Marco, where she leads with 3 councilmen to " \
        "Claudia's 2." in rialto
    assert "Claudia scores a point for each card, reaching 35. Bernd, who played no Bridge " \
        "card, drops to 29." in rialto
    warsaw = " ".join(build_rulebook("warsaw", lang="en").markdown.split())
    assert "She pays only the difference, 2 coins" in warsaw
    assert "so he pays 0 coins and gets nothing back" in warsaw
    assert "Anna's make 2 full sets of 5, with 3 left over" in warsaw
    copycat = " ".join(build_rulebook("copycat", lang="en").markdown.split())
    # Written narrations, their numbers from the data and the scenarios: the tie for the
    # turn order, and the coins of the buying example
    assert "both reveal a Local Newspaper, number 16: neither has a higher card" in copycat
    assert "now Anna goes first and Bernd second." in copycat
    assert "Dirk, who led last round, is now last." in copycat
    assert "give her 4 coins." in copycat and "which leaves her 2 coins." in copycat


def test_a_grid_position_is_drawn_from_the_state():
    book = build_rulebook("warsaw", lang="en")
    svg = book.pictures["warsaw-example-overbuild-1.svg"]
    assert svg.startswith("<svg") and svg.count(">1</text>") >= 1   # the covered tile's cost


def test_an_example_that_disagrees_with_the_engine_is_left_out(doge_copy):
    """A scenario whose facts no longer hold (here: a number changed in the game file) is not
    told: the book leaves it out and says which, so a book never shows a wrong example."""
    edit_rule_file(doge_copy / "game.yaml", ("winner_houses: 2", "winner_houses: 3"))
    book = build_rulebook(str(doge_copy))
    assert any("san_marco" in f for f in book.failed_examples)
    assert "example-san-marco-build" not in book.markdown
    result = runner.invoke(app, ["rulebook", str(doge_copy), "--lang", "en"])
    assert result.exit_code == 0 and "example left out:" in result.output


def test_a_variant_shows_only_the_examples_that_hold_for_it():
    book = build_rulebook(generated_doge(), "cheap_palaces", lang="en")
    assert "example-san-marco-build" not in book.markdown          # the costs differ there
    assert "example-zero-marker" in book.markdown


def test_narration_texts_write_no_number_by_hand():
    """The words of an example (example_steps, told) name no number: every number of an
    example comes from its run."""
    import yaml
    for game in EXPECTED:
        text = yaml.safe_load((rules_root() / game / "text.yaml").read_text(encoding="utf-8"))
        for section in ("example_steps", "told", "examples"):
            for key, value in (text.get(section) or {}).items():
                for part in value.values() if isinstance(value, dict) else [value]:
                    assert not re.search(r"\d", re.sub(r"\{[^}]*\}", "", part)), (game, key)


@pytest.mark.parametrize("bad, message", [
    ("example: {id: 3}", "example id must be a name"),
    ("example: {id: x, cast: {purple: Ann}}", "unknown seat"),
    ("example: {id: x, colour: red}", "unknown key 'colour'"),
])
def test_an_example_key_is_checked_where_it_is_written(tmp_path, bad, message):
    folder = tmp_path / "doge"
    shutil.copytree(rules_root() / "doge", folder)
    path = folder / "scenarios" / "worked_example_zero_marker.scenario.yaml"
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"example:\n(  .*\n)+", bad + "\n", text)
    path.write_text(text.replace("game: doge", f"game: {folder}"), encoding="utf-8")
    report = run_file(path)
    assert report.failed and message in " ".join(report.lines()), report.lines()
    assert re.search(r":\d+: ", report.lines()[0])


def test_a_say_key_must_name_a_text(tmp_path):
    path = tmp_path / "x.scenario.yaml"
    path.write_text("game: doge\nplayers: 4\nsteps:\n  - expect: {over: false}\n"
                    "    say: [oops]\n", encoding="utf-8")
    report = run_file(path)
    assert report.failed and "say names a text" in report.lines()[0]
    assert report.lines()[0].startswith(f"{path}:5:")
