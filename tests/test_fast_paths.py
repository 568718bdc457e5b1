"""The short cuts of the core's hot paths (issue 10, speed) give what the general forms give:
ranking with a `where` that compares the first key, `[x.P for x in L]` as one call, the
grid cache kept across changes that do not touch a grid, open cells, action ids of cells,
empty places of counted pieces."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

import regola
from regola.dsl.builtins import grid
from regola.dsl.codegen.expressions import one_call
from regola.interpreter import piles
from regola.interpreter import script_support as support
from regola.interpreter.actions import action_id
from regola.loading.loader import load_game

GRID_GAME = Path(__file__).parent / "data" / "grid_game"


def _both(items: list, votes: dict, second: dict) -> tuple[list, list]:
    general = support.rank([10**6, 10**6, 0], items, lambda p: votes[p] > 0,
                           lambda p: (votes[p], second[p]))
    keyed = support.rank_keyed([10**6, 10**6, 0], items,
                               lambda p: (k := votes[p]) > 0 and (k, second[p]))
    return general, keyed


def test_rank_keyed_groups_as_rank_with_where():
    rng = random.Random(5)
    for _ in range(200):
        items = list(range(rng.randrange(0, 7)))
        votes = {i: rng.randrange(-1, 3) for i in items}
        general, keyed = _both(items, votes, {i: rng.randrange(0, 2) for i in items})
        assert keyed == general


def test_generated_code_shares_the_key_and_reads_property_lists():
    """Doge's elections (elections.regola: `rank p in players by votes(p, area) where
    votes(p, area) > 0`) and `[m.value for m in tokens(...)]` use the short forms."""
    source = regola.load_game("doge").definition.program.module.source
    assert "_rank_keyed(_L, _c.players, lambda p: (_k := f_votes(" in source
    assert "sum(_looked_at(_L, _c.owned_values('marker', p, area, 'value')))" in source


def test_prop_list_answers_as_prop_one_by_one():
    state = regola.load_game("doge").new_state(players=4, seed=2)
    c = state._runtime()
    markers = c.tokens("marker")
    assert c.prop_list(markers, "value") == [c.prop(m, "value") for m in markers]
    assert c.prop_list([], "value") == []
    mixed = [*markers[:2], 0]          # a player has no `value`: the same error as prop
    try:
        [c.prop(v, "value") for v in mixed]
    except regola.errors.ScriptRuntimeError as err:
        expected = str(err)
    try:
        c.prop_list(mixed, "value")
    except regola.errors.ScriptRuntimeError as err:
        assert str(err) == expected


def test_owned_values_answer_as_prop_list_of_tokens_owned():
    """`[m.value for m in tokens(marker, owner=p, at=X)]` reads the property column of one
    owner's bucket: the same values as prop_list of tokens_owned, for any place value."""
    state = regola.load_game("doge").new_state(players=4, seed=2)
    c = state._runtime()
    for at in ("supply", "nowhere", ["supply", "staged"], 3):
        for owner in (0, 3, None, "x"):
            assert c.owned_values("marker", owner, at, "value") == \
                c.prop_list(c.tokens_owned("marker", owner, at), "value")
    assert one_call("'marker', p, area") and one_call("'a', f(x), 'b)'")
    assert not one_call("'marker', p, 'x') + _c.tokens_owned('marker', p, 'y'")


def test_places_holding_answers_as_the_comprehension_it_replaces():
    """`[x for x in L where count(K, owner=p, at=x) > 0]` for counted pieces (Copycat's
    my_offices, Doge's districts with a palace) is one Runtime call with the same answer,
    and the generated code uses it."""
    game = regola.load_game("copycat")
    assert "_c.places_holding('worker', p, _looked_at(_L, _c.s['vars']['open_offices']))" \
        in game.definition.program.module.source
    state = game.new_state(players=3, seed=5)
    c = state._runtime()
    c.set_count("worker", 1, c.lay.places[2], 2)
    places = [*c.lay.places, "nowhere", [c.lay.places[0], c.lay.places[2]], 7]
    for owner in (0, 1, 2, None):
        expected = [x for x in places if c.count("worker", owner=owner, at=x) > 0]
        assert c.places_holding("worker", owner, places) == expected
        assert [c.piece_owned("worker", owner, x) for x in places] == \
            [c.count("worker", owner=owner, at=x) for x in places]
    for call in (lambda: c.places_holding("worker", 5, places),
                 lambda: c.piece_owned("worker", 5, "nowhere")):
        with pytest.raises(regola.errors.ScriptRuntimeError, match="5 is not a player"):
            call()


def test_action_ids_of_lists_of_numbers_are_their_json():
    for value in ([1, 2], [-3, 0], [], [7], [True, 1], [1.5, 2], [[1, 2]], ["a", 1]):
        assert action_id(value) == json.dumps(value)


def test_grid_cache_follows_changes_of_tokens_on_the_grid_only(tmp_path):
    folder = tmp_path / "grid_game"
    shutil.copytree(GRID_GAME, folder)
    state = load_game(str(folder / "game.yaml")).new_state(players=2, seed=3)
    c = state._runtime()
    for cell in grid.cells(c, "yard", 0):
        grid.remove(c, "yard", 0, cell, "supply")
    plots = c.tokens("plot")
    for tid in plots[:3]:
        c.set_token(tid, at="hand")
    grid.place(c, "yard", 0, plots[0], [0, 0])
    before = grid._open(c, "yard", 0)
    assert c.cache                                   # kept for the next question
    c.move_token(plots[2], "supply")                 # off no grid, onto no grid
    assert c.cache and grid._open(c, "yard", 0) == before
    grid.place(c, "yard", 0, plots[1], [1, 0])       # the grid changed: asked again
    after = grid._open(c, "yard", 0)
    assert [1, 0] in before and [1, 0] not in after and [2, 0] not in after
    c.move_token(plots[1], "supply")                 # off the grid: forgotten
    assert not c.cache
    c.set_token(plots[1], cell=None, rot=None, level=None)
    assert grid._open(c, "yard", 0) == before


def test_empty_places_of_counted_pieces():
    state = regola.load_game("copycat").new_state(players=3, seed=4)
    c = state._runtime()
    kind = next(k for k in c.counts if any(c.counts[k]))
    places = c.lay.places + ["nowhere"]
    expected = [p for p in places if c.count_at(kind, p) == 0]
    assert piles.empty_places(c, kind, places) == expected
    assert piles.empty_places(c, kind, [places, places[0]]) == \
        [p for p in [places, places[0]] if c.count_at(kind, p) == 0]
    for kind in c.lay.kind_no:                       # token kinds
        assert piles.empty_places(c, kind, places) == \
            [p for p in places if c.count_at(kind, p) == 0]
