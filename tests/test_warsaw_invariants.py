"""Random games of Warsaw: after every action every tile and coin is accounted for and no
district, hand or score is in an impossible state."""

from __future__ import annotations

import random

import pytest
from warsaw_helpers import GAME, with_options

from regola.interpreter import grid

PLACES = {"box", "stacks", "dealt", "hand", "picked", "board", "district"}


def check(state, bank: bool = False) -> None:
    """Assert the invariants of a Warsaw position (with a finite bank: every coin too)."""
    data = state.data
    coin = data["bank"]["coin"]
    assert (coin["bank"] is None) != bank and not coin["on"]
    assert all(h >= 0 for h in coin["held"])
    if bank:
        assert coin["bank"] >= 0
        assert coin["bank"] + sum(coin["held"]) == 36
    n = data["n"]
    tokens = state.token_records()
    assert len(tokens) == 105
    by_epoch: dict = {}
    for tid, t in tokens.items():
        assert t["at"] in PLACES, (tid, t["at"])
        by_epoch[t["epoch"]] = by_epoch.get(t["epoch"], 0) + 1
        if t["at"] in ("hand", "picked", "district"):
            assert t["owner"] in range(n), tid
        if t["at"] in ("stacks", "board", "dealt", "box"):
            assert t["owner"] is None, tid
        if t["at"] == "stacks":
            assert t["epoch"] > data["vars"]["epoch"] and not t["shown"]
        if t["at"] == "board":
            assert t["family"] == "milestone" and t["slot"] > data["vars"]["epoch"] - 1
    assert by_epoch == {0: 9, 1: 16, 2: 16, 3: 16, 4: 16, 5: 16, 6: 16}
    hands = [sum(t["owner"] == p and t["at"] in ("hand", "picked") for t in tokens.values())
             for p in range(n)]
    assert all(0 <= h <= 4 for h in hands)
    assert all(sum(t["owner"] == p and t["at"] == "picked" for t in tokens.values()) <= 1
               for p in range(n))
    g = GAME.definition.grids["district"]
    c = state._runtime()
    for p in range(n):
        stacks = grid.stacks(c, g, p)
        assert stacks and grid.connected(set(stacks)) and grid.fits(g, set(stacks))
        for cell, ids in stacks.items():
            assert [tokens[t]["level"] for t in ids] == list(range(len(ids))), cell
        v = data["pvars"][p]
        assert v["vp"] >= 0
    if not state.is_over:
        for p in state.to_move:
            legal = state.legal_actions(p)
            assert legal
            seen = state.observe((p + 1) % n)
            assert not any(t.get("id") in {a["id"] for a in legal} for t in seen["tokens"]
                           if state.decision(p)["ask"] == "pick_tile" and
                           t.get("at") == "hand")


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_invariants(players, seed):
    """notes: Tiles and the district (a district is one edge-connected group that fits 3x4 or
    4x3); PROVISIONAL data (16 tiles per epoch): after every action of random games."""
    state = GAME.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    check(state)
    while not state.is_over:
        p = state.to_move[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
        check(state)
    assert state.result["reason"] == "end_condition"
    assert state.data["vars"]["epoch"] == 6
    assert all(h < 5 for h in state.data["bank"]["coin"]["held"])   # the final exchange
    best = max(v["vp"] for v in state.data["pvars"])
    assert all(state.data["pvars"][w]["vp"] == best for w in state.result["winners"])


def test_finite_bank_keeps_every_coin(tmp_path):  # notes: Reading 14 (bank_unlimited: false)
    """With a finite bank, the 36 coins are always in the bank or in a player's hands."""
    state = with_options(tmp_path, bank_unlimited="false").new_state(players=4, seed=3)
    rng = random.Random(3)
    check(state, bank=True)
    while not state.is_over:
        p = state.to_move[0]
        state.apply(p, rng.choice(state.legal_actions(p)))
        check(state, bank=True)
    assert state.result["reason"] == "end_condition"
