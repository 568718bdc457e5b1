"""Rule files that used to validate and then fail in play are located load errors (issue
22, item 7): a data row's value of the wrong kind, a variable without its initial value, a
local that may be used before it is set, and a number literal past the scripts' limit."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import regola
from conftest import edit_rule_file
from regola.loading.sources import rules_root


def _copy(tmp_path: Path, game: str) -> Path:
    target = tmp_path / game
    shutil.copytree(rules_root() / game, target)
    return target


def _problem(folder: Path) -> regola.errors.Problem:
    with pytest.raises(regola.RuleError) as refused:
        regola.load_game(str(folder))
    return refused.value.problems[0]


def _line(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_a_data_row_value_of_another_kind_is_located(tmp_path):
    game = _copy(tmp_path, "copycat")
    text = (game / "game.yaml").read_text()
    price = re.search(r"price: \d+", text).group(0)
    edit_rule_file(game / "game.yaml", (price, "price: 'null'"))
    problem = _problem(game)
    assert problem.location.line == _line(game / "game.yaml", "price: 'null'")
    assert "'null' is a text, where the other values of price are numbers" in problem.message


def test_a_variable_without_its_initial_value_is_located(tmp_path):
    game = _copy(tmp_path, "doge")
    edit_rule_file(game / "game.yaml", ("    year: {initial: 0}", "    year: {}"))
    problem = _problem(game)
    assert problem.location.line == _line(game / "game.yaml", "    year: {}")
    assert "initial" in problem.message


def test_a_local_that_may_be_used_before_it_is_set_is_located(tmp_path):
    game = _copy(tmp_path, "doge")
    script = game / "building.regola"
    edit_rule_file(script, (
        "    let take = n if n <= free_houses(p) else free_houses(p)\n",
        "    if n > 2:\n        let bonus = 1\n"
        "    let take = n + bonus if n <= free_houses(p) else free_houses(p)\n"))
    problem = _problem(game)
    assert problem.location.file.endswith("building.regola")
    assert problem.location.line == _line(script, "let take = n + bonus")
    assert "'bonus' may be used before it is set" in problem.message


def test_a_local_set_on_every_path_that_goes_on_is_accepted(tmp_path):
    game = _copy(tmp_path, "doge")
    edit_rule_file(game / "building.regola", (
        "    let take = n if n <= free_houses(p) else free_houses(p)\n",
        "    if n > 2:\n        let bonus = 0\n    elif n > 1:\n        let bonus = 0\n"
        "    else:\n        return\n"
        "    let take = n + bonus if n <= free_houses(p) else free_houses(p)\n"))
    assert regola.load_game(str(game)).definition.id == "doge"


def test_a_number_past_the_limit_of_scripts_is_located(tmp_path):
    game = _copy(tmp_path, "doge")
    edit_rule_file(game / "building.regola", ("range(take + 1)",
                                              "range(1000000000000000000000)"))
    problem = _problem(game)
    assert problem.location.line == _line(game / "building.regola", "range(1000000")
    assert "larger than 1,000,000,000,000,000,000" in problem.message
