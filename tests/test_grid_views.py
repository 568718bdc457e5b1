"""The grid views kept up to date as tokens are laid and removed (interpreter/grid.py View)
answer exactly as views computed afresh from the tokens, all through random games of the
built-in game with a grid (Warsaw: tiles laid, stacked, removed by wars, at every player
count) and on the tiny grid game's shared and per-player grids."""

from __future__ import annotations

import random

import regola
from regola.dsl.builtins import grid as grid_builtins
from regola.interpreter import grid as g


def _fresh(c, grid, p) -> g.View:
    return g._view(g._stacks(c, grid, p))


def _same_as_fresh(c) -> int:
    """Compares every view in the cache with one computed afresh; how many it compared."""
    compared = 0
    for (name, owner), kept in list(c.cache.items()):
        grid = c.g.grids[name]
        fresh = _fresh(c, grid, owner)
        assert kept.stacks == fresh.stacks
        assert kept.frontier == fresh.frontier and kept.box == fresh.box
        for also, cells in kept.open.items():
            assert cells == g._open_cells(grid, fresh, also)
        if kept.cells is not None:
            assert kept.cells == sorted(fresh.stacks, key=lambda q: (q[1], q[0]))
        if kept.regions is not None:
            region_of: dict = {}
            assert kept.regions == g._regions(g._parts(c, grid, fresh.stacks), region_of)
            assert kept.region_of == region_of
        compared += 1
    return compared


def test_views_kept_through_random_games_match_fresh_ones():
    game = regola.load_game("warsaw")
    compared = 0
    for players in game.player_counts:
        for seed in range(3):
            state = game.new_state(players=players, seed=seed)
            rng = random.Random(seed)
            while not state.is_over:
                seat = state.to_move[0]
                actions = state.legal_actions(seat)
                state.apply(seat, actions[rng.randrange(len(actions))])
                compared += _same_as_fresh(state._rt)
    assert compared > 1000


def test_laying_a_tile_grows_only_its_owners_view():
    state = regola.load_game("warsaw").new_state(players=2, seed=5)
    c = state._runtime()
    grid = c.g.grids["district"]
    mine, theirs = g.view(c, grid, 0), g.view(c, grid, 1)
    tile = c.tokens("tile", at="stacks")[0]
    open_cell = list(g.open_set(c, grid, 0)[0])
    grid_builtins.place(c, "district", 0, tile, open_cell, 1)
    assert g.view(c, grid, 1) is theirs                 # untouched, kept
    grown = g.view(c, grid, 0)
    assert grown is not mine and tuple(open_cell) not in mine.stacks   # the old one is as it was
    assert grown.stacks[tuple(open_cell)] == [tile]
    assert _same_as_fresh(c) == 2
