"""Scripts that would crash or hang the engine are located problems or clear limits: an
inconsistent indentation, expressions nested thousands deep, endless loops, huge lists."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

import regola
from conftest import edit_rule_file
from regola.cli.app import app
from regola.errors import ScriptRuntimeError
from regola.interpreter import limits


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(str(folder))
    return [str(p) for p in err.value.problems]


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def test_an_indentation_error_is_reported_at_its_own_line(doge_copy):
    script = doge_copy / "building.regola"
    edit_rule_file(script, ("    move(house, p, supply, area, take)\n",
                            "  move(house, p, supply, area, take)\n"))
    (problem,) = problems_of(doge_copy)
    row = line_of(script, "  move(house, p, supply, area, take)")
    assert row > 1
    assert problem.startswith(f"{script}:{row}:3: inconsistent indentation: this line starts "
                              "at column 3, but no enclosing block starts there")


@pytest.mark.parametrize("expression", [
    "- " * 5000 + "1",
    " + ".join(["1"] * 10000),
    "not " * 5000 + "true",
    "[" * 3000 + "]" * 3000,
])
def test_deeply_nested_expressions_are_a_located_problem(doge_copy, expression):
    script = doge_copy / "flow.regola"
    edit_rule_file(script, ("def play():\n", f"const deep = {expression}\n\ndef play():\n"))
    (problem,) = problems_of(doge_copy)
    row = line_of(script, "const deep")
    assert problem.startswith(f"{script}:{row}:")
    assert "nested too deeply: more than 100 levels" in problem


def test_a_deeply_nested_end_condition_is_located_in_the_game_file(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("every_district: districts_with_palace(p) == len(districts)",
                          "every_district: " + "not " * 3000 + "true"))
    (problem,) = problems_of(doge_copy)
    assert problem.startswith(f"{game}:{line_of(game, 'every_district:')}:")
    assert "nested too deeply" in problem


def test_parentheses_add_no_nesting(doge_copy):
    edit_rule_file(doge_copy / "flow.regola",
                   ("def play():\n", "const deep = " + "(" * 3000 + "1" + ")" * 3000
                    + "\n\ndef play():\n"))
    assert regola.load_game(str(doge_copy)).definition.id == "doge"


def test_validate_reports_the_nesting_without_a_traceback(doge_copy):
    edit_rule_file(doge_copy / "flow.regola",
                   ("def play():\n", "const deep = " + "- " * 5000 + "1\n\ndef play():\n"))
    result = CliRunner().invoke(app, ["validate", str(doge_copy)])
    assert result.exit_code == 2
    assert "nested too deeply" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def _failing_setup(folder: Path, body: str) -> tuple[Path, str]:
    script = folder / "flow.regola"
    edit_rule_file(script, ("def setup():\n", "def setup():\n" + body))
    game = regola.load_game(str(folder))
    with pytest.raises(ScriptRuntimeError) as err:
        game.new_state(players=3, seed=1)
    return script, str(err.value)


def test_an_endless_while_loop_ends_at_the_step_budget(doge_copy):
    script, message = _failing_setup(doge_copy, "    while 1 > 0:\n        pass\n")
    assert message.startswith(f"{script}:{line_of(script, 'while 1 > 0:')}:5: def setup: ")
    assert f"more than {limits.STEP_BUDGET:,} steps without reaching a decision" in message


def test_a_loop_calling_a_procedure_is_named_not_the_procedure(doge_copy):
    script = doge_copy / "flow.regola"
    edit_rule_file(script, ("def end_of_year():\n",
                            "def spin():\n    pass\n\ndef end_of_year():\n"))
    script, message = _failing_setup(doge_copy, "    let i = 0\n    while i >= 0:\n"
                                                "        spin()\n        i = i + 1\n")
    assert message.startswith(f"{script}:{line_of(script, 'while i >= 0:')}:5: def setup: ")


def test_a_huge_range_is_refused_before_it_is_built(doge_copy):
    script, message = _failing_setup(doge_copy, "    for i in range(100000000):\n"
                                                "        pass\n")
    assert message.startswith(f"{script}:{line_of(script, 'range(100000000)')}:5:")
    assert "range(0, 100000000) would hold 100,000,000 items" in message
    assert f"at most {limits.LIST_LIMIT:,}" in message


@pytest.mark.parametrize("body, words", [
    ("    repeat 100000000:\n        pass\n", "repeat 100000000 would hold"),
    ("    let xs = [1] * 100000000\n", "the repeated list would hold 100,000,000 items"),
    ("    let xs = [0]\n    repeat 30:\n        xs = xs + xs\n", "without reaching a decision"),
    ("    let t = \"ab\"\n    repeat 30:\n        t = t + t\n", "without reaching a decision"),
    ("    let x = 10\n    repeat 30:\n        x = x * x\n", "a number larger than"),
    ("    let xs = [[y for y in range(900000)] for x in range(900000)]\n",
     "without reaching a decision"),
    ("    let xs = [range(900000) for x in range(1000)]\n", "without reaching a decision"),
    ("    let xs = [1]\n    repeat 100000:\n        xs = xs + [1]\n",
     "without reaching a decision"),
])
def test_lists_and_numbers_too_large_are_refused(doge_copy, body, words):
    _, message = _failing_setup(doge_copy, body)
    assert words in message


def test_endless_recursion_is_a_located_error(doge_copy):
    script = doge_copy / "flow.regola"
    edit_rule_file(script, ("def end_of_year():\n",
                            "def again():\n    again()\n\nfn loop(x) = loop(x + 1)\n\n"
                            "def end_of_year():\n"))
    _, message = _failing_setup(doge_copy, "    again()\n")
    assert f"procedures call each other more than {limits.MAX_FRAMES} deep" in message
    assert message.startswith(f"{script}:{line_of(script, 'def again():') + 1}:5: def again: ")


def test_endless_function_recursion_is_a_located_error(doge_copy):
    script = doge_copy / "flow.regola"
    edit_rule_file(script, ("def end_of_year():\n",
                            "fn loop(x) = loop(x + 1)\n\ndef end_of_year():\n"))
    _, message = _failing_setup(doge_copy, "    let y = loop(1)\n")
    assert "functions call each other too deeply" in message
    assert message.startswith(f"{script}:{line_of(script, 'let y = loop(1)')}:5: def setup: ")
