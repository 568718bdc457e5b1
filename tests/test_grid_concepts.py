"""The general concepts behind tile-laying games, on a tiny game of their own (not a built-in
one): tile grids (cells, edge placement, size limits, turning, stacks, removal, regions of
parts, groups), goals (measure, who qualifies, ties) and drafting (passing hands)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from regola.dsl.builtins import draft as builtins_draft
from regola.dsl.builtins import goals as builtins_goals
from regola.dsl.builtins import grid
from regola.dsl.builtins import grid as builtins_grid
from regola.errors import RuleError, ScriptRuntimeError
from regola.i18n.catalog import Words
from regola.interpreter import goals
from regola.interpreter.grid import rotated
from regola.loading.loader import load_game
from regola.rulebook.book import Book
from regola.rulebook.book.markdown import steps_markdown

HERE = Path(__file__).parent / "data" / "grid_game"


@pytest.fixture()
def copy(tmp_path):
    folder = tmp_path / "grid_game"
    shutil.copytree(HERE, folder)
    return folder


def game():
    return load_game(str(HERE / "game.yaml"))


def test_the_tiny_game_runs_every_concept_built_in():
    state = game().new_state(players=2, seed=3)
    assert state.is_over
    c = state._runtime()
    assert grid.cells(c, "yard", 0) == [[0, 0]]                    # [1, 0] was removed
    assert grid.cells(c, "board", None) == [[0, 0]]                # a shared grid
    kinds = {t["kind"] for t in state.token_records().values()}
    assert kinds == {"square", "plot"} and len(state.token_records()) == 5 + 3 * 2
    held = [t for t in state.token_records().values() if t["kind"] == "plot"
            and t["at"] == "hand"]
    assert {t["owner"] for t in held} == {0, 1}                    # hands were passed on


def test_rotation_of_a_three_by_three_tile():
    values = list("abcdefghi")
    assert rotated(values, 1) == list("gdahebifc")
    assert rotated(values, 4) == values


def test_regions_parts_and_separate_tiles():
    state = game().new_state(players=2, seed=3)
    c = state._runtime()
    clear = [t for t in state.token_records() if state.token_records()[t]["at"] == "yard"]
    for cell in grid.cells(c, "yard", 0):
        grid.remove(c, "yard", 0, cell, "supply")
    assert clear
    plots = c.tokens("plot")
    rows, cols, fence = plots[0], plots[1], plots[2]
    for tid in (rows, cols, fence):
        c.set_token(tid, at="hand")
    grid.place(c, "yard", 0, rows, [0, 0])
    grid.place(c, "yard", 0, cols, [1, 0])
    a = grid._regions(c, "yard", 0, "a")
    assert len(a) == 1 and len(a[0]) == 3 + 3          # row a and column a meet at an edge
    assert sorted(grid._part_values(c, "yard", 0, a[0], "marks")) == [1]
    assert len(grid._regions(c, "yard", 0, "b")) == 2
    assert [2, 0] not in grid._open(c, "yard", 0)      # the 2 x 2 limit
    assert [0, 1] in grid._open(c, "yard", 0) and [1, 1] in grid._open(c, "yard", 0)
    grid.place(c, "yard", 0, fence, [0, 1])
    (x,) = grid._regions(c, "yard", 0, "x")
    assert len(x) == 9 and grid._region_tokens(c, "yard", 0, x) == [fence]
    with pytest.raises(ScriptRuntimeError, match="not a cell where"):
        grid.place(c, "yard", 0, plots[3], [5, 5])


def test_groups_stacks_and_connectivity():
    state = game().new_state(players=2, seed=3)
    c = state._runtime()
    squares = c.tokens("square")
    grid.place(c, "board", None, squares[1], [1, 0])
    grid.place(c, "board", None, squares[3], [2, 0])    # blue, not lit
    grid.place(c, "board", None, squares[2], [3, 0])
    grid.place(c, "board", None, squares[4], [3, 0])    # covers a lit one with an unlit one
    assert grid.stack(c, "board", None, [3, 0]) == [squares[2], squares[4]]
    found = builtins_grid.EXPRESSIONS["grid_groups"].impl(c, "board", None, "lit")
    assert found == [[[0, 0], [1, 0]]]                  # only top tokens count
    assert not grid.connected_without(c, "board", None, [[1, 0]])
    assert grid.connected_without(c, "board", None, [[3, 0]])
    assert not grid.connected_without(c, "board", None, [[0, 0], [1, 0], [2, 0], [3, 0]])


def test_goals_rank_qualifiers_and_keep_ties():
    state = game().new_state(players=3, seed=3)
    c = state._runtime()
    assert goals.winners(c, "plots") == [0]
    for p in (1, 2):
        grid.place(c, "yard", p, c.tokens("plot", owner=p, at="hand")[0], [0, 0])
    assert goals.winners(c, "plots") == [0, 1, 2]       # tied, no tie-breaker decides
    c.s["pvars"][2]["score"] = 1
    assert goals.winners(c, "plots") == [2]
    assert goals.winners(c, "a_regions") != []


def test_drafting_passes_every_hand_at_once():
    state = game().new_state(players=3, seed=3)
    c = state._runtime()
    before = {p: set(c.tokens("plot", owner=p, at="hand")) for p in range(3)}
    builtins_draft.pass_on(c, "plot", "hand", -1)
    for p in range(3):
        assert set(c.tokens("plot", owner=p, at="hand")) == before[(p + 1) % 3]
    assert builtins_draft.neighbour(c, 0, -1) == 2


@pytest.mark.parametrize("old,new,message", [
    ("grid_cells(yard, 0)", "grid_cells(supply, 0)", "must name a grid"),
    ('goal_winners("plots")', 'goal_winners("plot")', "'plot' is not a goal"),
    ("locations: [supply, hand, board, yard]", "locations: [supply, hand, board]",
     "must also be listed in locations"),
    ("layout: [x, x, x, x, x, x, x, x, x]", "layout: [x, x, x, x, x, x, x, x]",
     "square number of values"),
    ("  qualifies: v > 0", "  qualifies: v > zero", "unknown name 'zero'"),
])
def test_bad_grids_and_goals_are_located(copy, old, new, message):
    for name in ("game.yaml", "grid_game.regola"):
        path = copy / name
        path.write_text(path.read_text(encoding="utf-8").replace(old, new), encoding="utf-8")
    with pytest.raises(RuleError) as err:
        load_game(str(copy / "game.yaml"))
    text = str(err.value)
    assert message in text and re.search(r"\.(yaml|regola):\d+:\d+: ", text), text


def test_every_concept_built_in_has_a_phrase(copy):
    book = Book(str(copy / "game.yaml"), None, Words("en"))
    text = steps_markdown(book.steps.procedure("play"))
    used = set(re.findall(r"\b(grid_\w+|goal_\w+|pass_on|neighbour|pick_random)\(",
                          (HERE / "grid_game.regola").read_text()))
    assert used == set(builtins_grid.EXPRESSIONS) | set(builtins_grid.STATEMENTS) | \
        set(builtins_goals.EXPRESSIONS) | set(builtins_draft.EXPRESSIONS) | \
        set(builtins_draft.STATEMENTS)
    assert "{" not in text and "}" not in text
    for words in ("lays", "the empty spaces sharing a full edge", "passes their",
                  "at random", "best meet", "stays one group of spaces", "areas of",
                  "without turning it", "the starting space", "the groups of edge-connected"):
        assert words in text, words
