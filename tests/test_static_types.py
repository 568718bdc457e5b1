"""Static types: every expression's types are checked once at load, with the types of
constants, options, variables and properties inferred from their values. Each mistake is
a located problem; a constant or option whose value does not fit its use is located at the
value in the game file and names the script's use."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import regola
from conftest import edit_rule_file
from regola.cli.app import app
from regola.dsl.types import (
    BOOLEAN,
    NOTHING,
    NUMBER,
    PLACE,
    PLAYER,
    TEXT,
    TOKEN,
    UNKNOWN,
    compatible,
    join,
    list_of,
    of_value,
)
from regola.loading.sources import builtin_variants, rules_root

GAMES = ("doge", "rialto", "warsaw", "copycat")


def problems_of(folder: Path, variant: str | None = None) -> list[str]:
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(str(folder), variant)
    return [str(p) for p in err.value.problems]


def place_of(path: Path, needle: str, offset: int = 0) -> str:
    """file:line:col of the first occurrence of `needle` (plus offset columns)."""
    for row, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return f"{path}:{row}:{line.index(needle) + 1 + offset}"
    raise AssertionError(f"{needle!r} not in {path}")


@pytest.mark.parametrize("name", GAMES)
def test_every_built_in_game_and_variant_has_no_type_problem(name):
    assert regola.load_game(name).definition.id == name
    for path in builtin_variants(name):
        assert regola.load_game(name, path.stem).definition.variant == path.stem


def test_adding_a_text_to_a_number_is_located_in_its_definition(doge_copy):
    script = doge_copy / "building.regola"
    edit_rule_file(script, ("built = 1", 'built = built + "one"'))
    (problem,) = problems_of(doge_copy)
    assert problem == (f"{place_of(script, 'built + ')}: def build_together: "
                       "cannot add a number and a text")


def test_a_constant_of_the_wrong_type_is_located_at_its_value(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("  winner_houses: 2", "  winner_houses: three"))
    (problem,) = problems_of(doge_copy)
    # The use named is the first script use of the constant (the elections pass it on as a
    # count of houses).
    script = re.escape(str(doge_copy / "elections.regola"))
    assert re.fullmatch(re.escape(f"{place_of(game, 'three')}: constants.winner_houses: "
                                  "\"three\" is a text, but ")
                        + script + r":\d+:\d+ \(def \w+\) uses it as a number", problem), problem


def test_an_option_used_by_share_ties_must_be_true_or_false(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("  shared_victory:\n    value: true",
                          "  shared_victory:\n    value: maybe"))
    (problem,) = problems_of(doge_copy)
    use = place_of(game, "share_ties: shared_victory", 12)
    assert problem == (f"{place_of(game, 'maybe')}: options.shared_victory.value: \"maybe\" is "
                       f"a text, but {use} (end.share_ties) uses it as true/false")


def test_an_option_used_in_a_condition_must_be_true_or_false(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("  automatic_houses:\n    value: true",
                          "  automatic_houses:\n    value: maybe"))
    (problem,) = problems_of(doge_copy)
    use = place_of(doge_copy / "building.regola", "automatic_houses")
    assert problem == (f"{place_of(game, 'maybe')}: options.automatic_houses.value: \"maybe\" "
                       f"is a text, but {use} (def earn_houses) uses it as true/false")


def test_a_variant_value_of_the_wrong_type_is_located_in_the_variant(tmp_path):
    variant = tmp_path / "bad.yaml"
    variant.write_text("extends: doge\nvariant: bad\nname: Bad\nconstants:\n"
                       "  runner_up_houses: one\n")
    with pytest.raises(regola.RuleError) as err:
        regola.load_game("doge", str(variant))
    (problem,) = err.value.problems
    # The variant check (the value must keep the type of the game's) finds it before the
    # scripts are checked.
    assert str(problem) == (f"{variant}:5:21: constants.runner_up_houses: constant "
                            "'runner_up_houses' of doge is a whole number, got \"one\"")


def test_a_value_per_player_count_is_checked_one_by_one(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("{by_players: {3: 4, 4: 3}}", "{by_players: {3: 4, 4: x}}"))
    (problem,) = problems_of(doge_copy)
    assert problem.startswith(f"{place_of(game, 'x}}')}: constants.placement_rounds.by_players"
                              ".4: \"x\" is a text, but ")
    assert problem.endswith("(def place_markers) uses it as a number")


# choose_card_and_markers no longer keeps a count of its markers (`let placed = 0`): the
# statements go in after its card is played, and those about a number local declare one.
CARD_PLAYED = "    move_token(first(tokens(card, owner=p, at=hand, area=area)), played)\n"
PLACED = CARD_PLAYED + "    let placed = 0\n"


@pytest.mark.parametrize("old, new, needle, message", [
    ("        end_of_year()\n", "        end_of_year()\n        if game.year:\n            pass\n",
     "game.year:",
     "def play: the condition of 'if' is a number, not true/false"),
    (CARD_PLAYED, CARD_PLAYED + "    move(house, p, supply, area, \"two\")\n",
     '"two"', "def choose_card_and_markers: move: argument 5 must be a number, not a text"),
    ("        game.year = game.year + 1\n",
     "        game.year = game.year + 1\n        game.voting_row = 1 + game.year\n",
     "1 + game.year", "def play: game.voting_row is a text; it cannot be set to a number"),
    ("        game.year = game.year + 1\n",
     "        game.year = game.year + 1\n        log(\"year_begins\", year=game.year.value)\n",
     "value)", "def play: a number has no property 'value'"),
    ("        end_of_year()\n",
     "        end_of_year()\n        if game.year == \"one\":\n            pass\n",
     "game.year ==", "def play: comparing a number with a text is always false"),
    ("count(marker, owner=p, at=staged) < most", "count(marker, owner=\"red\", at=staged) < most",
     '"red"', "def choose_card_and_markers: count: the filter owner= must be a player, not a text"),
    (CARD_PLAYED, PLACED + "    let odd = placed in 3\n", "placed in",
     "def choose_card_and_markers: cannot look for an item in a number"),
    (CARD_PLAYED, CARD_PLAYED + "    let bad = -\"x\"\n", '"x"',
     "def choose_card_and_markers: cannot negate a text"),
    (CARD_PLAYED, CARD_PLAYED + "    for i in 3:\n        pass\n", "3:",
     "def choose_card_and_markers: 'for' needs a list to go through, not a number"),
    (CARD_PLAYED, PLACED + "    placed = \"none\"\n", '"none"',
     "def choose_card_and_markers: placed is a number; it cannot be set to a text"),
    (CARD_PLAYED, CARD_PLAYED + "    let y = [1, 2][\"a\"]\n", '"a"',
     "def choose_card_and_markers: an index must be a number, not a text"),
])
def test_expressions_whose_types_cannot_work_are_located(doge_copy, old, new, needle, message):
    script = doge_copy / "flow.regola"
    edit_rule_file(script, (old, new))
    (problem,) = problems_of(doge_copy)
    assert problem == f"{place_of(script, needle)}: {message}"


def test_a_call_argument_must_fit_how_the_procedure_uses_it(doge_copy):
    script = doge_copy / "elections.regola"
    edit_rule_file(script, ("earn_houses(w, area, winner_houses)",
                            'earn_houses(w, area, "two")'))
    (problem,) = problems_of(doge_copy)
    use = place_of(doge_copy / "building.regola", "n <= free_houses")
    arg = place_of(script, '"two"')
    assert problem == (f"{arg}: def district_election: earn_houses: "
                       f"argument 3 (n) is a text, but earn_houses uses it as a number ({use} "
                       "(def earn_houses))")


def test_an_end_condition_must_be_true_or_false(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("every_district: districts_with_palace(p) == len(districts)",
                          "every_district: districts_with_palace(p) + 1"))
    (problem,) = problems_of(doge_copy)
    assert problem == (f"{place_of(game, 'districts_with_palace(p) + 1')}: "
                       "end.conditions.every_district: the condition of "
                       "end.conditions.every_district is a number, not true/false")


def test_validate_reports_every_type_problem_at_once(doge_copy):
    edit_rule_file(doge_copy / "building.regola", ("built = 1", 'built = built + "one"'))
    edit_rule_file(doge_copy / "game.yaml", ("  winner_houses: 2", "  winner_houses: three"),
                   ("  shared_victory:\n    value: true", "  shared_victory:\n    value: maybe"))
    result = CliRunner().invoke(app, ["validate", str(doge_copy)])
    assert result.exit_code == 2
    assert "invalid: 3 problems" in result.output
    for words in ("cannot add a number and a text", "constants.winner_houses",
                  "options.shared_victory.value"):
        assert words in result.output


def test_types_join_and_fit_by_kind():
    assert join(PLAYER, NUMBER) == NUMBER and join(PLACE, TOKEN) == TEXT
    assert join(NUMBER, TEXT) == UNKNOWN and join(NOTHING, BOOLEAN) == BOOLEAN
    assert join(list_of(PLACE), list_of(TEXT)) == list_of(TEXT)
    assert compatible(NUMBER, PLAYER) and compatible(TEXT, PLACE)
    assert not compatible(TEXT, NUMBER) and not compatible(PLACE, TOKEN)
    assert compatible(UNKNOWN, NUMBER) and not compatible(list_of(NUMBER), NUMBER)
    assert of_value("san_marco", {"san_marco"}) == PLACE and of_value(None, set()) == UNKNOWN
    assert of_value([1, 2], set()) == list_of(NUMBER) and of_value(True, set()) == BOOLEAN


def test_an_option_named_by_a_track_floor_must_be_a_number(tmp_path):
    folder = tmp_path / "rialto"
    shutil.copytree(rules_root() / "rialto", folder)
    game = folder / "game.yaml"
    edit_rule_file(game, ("  vp_floor:\n    value: 0", "  vp_floor:\n    value: zero"))
    (problem,) = problems_of(folder)
    use = place_of(game, "floor: vp_floor", 7)
    assert problem == (f"{place_of(game, 'zero')}: options.vp_floor.value: \"zero\" is a text, "
                       f"but {use} (tracks.vp.floor) uses it as a number")


def test_a_variable_whose_initial_value_is_the_odd_one_is_blamed_there(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("    year: {initial: 0}", "    year: {initial: zero}"))
    (problem,) = problems_of(doge_copy)
    use = place_of(doge_copy / "flow.regola", "game.year + 1")
    assert problem == (f"{place_of(game, 'zero')}: variables.game.year.initial: \"zero\" is a "
                       f"text, but {use} (def play) uses it as a number")
