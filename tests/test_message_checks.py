"""A message a script uses must fit its call: every {placeholder} of a log's text is given
by the call (more keywords are event data), an ask's text has nothing to fill in, and a
function's or procedure's phrase names only its parameters."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import regola
from conftest import edit_rule_file
from regola.loading.sources import rules_root


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(str(folder))
    return [str(p) for p in err.value.problems]


def place_of(path: Path, needle: str) -> str:
    for row, line in enumerate(path.read_text().splitlines(), 1):
        if needle in line:
            return f"{path}:{row}:{line.index(needle) + 1}"
    raise AssertionError(f"{needle!r} not in {path}")


@pytest.fixture
def copycat_copy(tmp_path: Path) -> Path:
    target = tmp_path / "copycat"
    shutil.copytree(rules_root() / "copycat", target)
    return target


def replace_line(path: Path, needle: str, line: str) -> None:
    """Replace the (first) line holding `needle` with `line`, keeping its indentation."""
    lines = path.read_text().splitlines()
    row = next(i for i, text in enumerate(lines) if needle in text)
    lines[row] = lines[row][: len(lines[row]) - len(lines[row].lstrip())] + line
    path.write_text("\n".join(lines) + "\n")


def test_copycats_turn_order_placeholder_must_be_given_by_the_call(copycat_copy):
    # The text once said {order} while the script passed players=: the log showed the
    # placeholder unfilled ("Turn order: {order}.").
    replace_line(copycat_copy / "text.yaml", "turn_order:", 'turn_order: "Turn order: {order}."')
    replace_line(copycat_copy / "flow.regola", 'log("turn_order"',
                 'log("turn_order", players=game.order)')
    (problem,) = problems_of(copycat_copy)
    call = place_of(copycat_copy / "flow.regola", 'log("turn_order"')
    assert problem == (f"{call}: def plan: "
                       "log('turn_order'): its text 'Turn order: {order}.' needs {order}, "
                       "which the call does not give (it gives players)")


def test_extra_keywords_of_a_log_are_event_data(doge_copy):
    edit_rule_file(doge_copy / "flow.regola", ('log("year_begins", year=game.year)',
                                               'log("year_begins", year=game.year, extra=1)'))
    assert regola.load_game(str(doge_copy)).definition.id == "doge"


def test_a_plural_note_needs_every_placeholder_of_both_forms(doge_copy):
    edit_rule_file(doge_copy / "text.yaml", (
        "  year_begins: Year {year} begins.",
        "  year_begins: {one: 'Year {year} begins.', other: 'Years {year} to {last} begin.'}"))
    (problem,) = problems_of(doge_copy)
    assert "log('year_begins'): its text 'Years {year} to {last} begin.' needs {last}" in problem


def test_an_ask_text_has_nothing_to_fill_in(doge_copy):
    edit_rule_file(doge_copy / "text.yaml", ("  build_palace: Build a palace here?",
                                             "  build_palace: Build a palace in {area}?"))
    (problem,) = problems_of(doge_copy)
    ask = place_of(doge_copy / "building.regola", '"build_palace"')
    assert problem == (f"{ask}: def build_together: ask "
                       "'build_palace': its text 'Build a palace in {area}?' has {area}, but "
                       "an ask gives no values to fill in")


def test_a_function_phrase_names_only_its_parameters(doge_copy):
    text = doge_copy / "text.yaml"
    edit_rule_file(text, ("  palaces_in: the number of palaces in {area}",
                          "  palaces_in: the number of palaces in {district}"))
    (problem,) = problems_of(doge_copy)
    assert problem == (f"{place_of(text, 'the number of palaces in {district}')}: "
                       "functions.palaces_in: {district} is not a parameter of palaces_in "
                       "(its parameters: area)")
