"""The built-ins for card piles, rows and usage counts (interpreter/piles.py), driven on a
real state: refilling a draw pile from the discard pile, closing the gaps of a row, free
places, and the list helpers; a bad list index is a clear script error."""

from __future__ import annotations

import pytest

import regola
from regola.errors import ScriptRuntimeError
from regola.interpreter import piles


@pytest.fixture
def runtime():
    state = regola.load_game("copycat").new_state(players=2, seed=1)
    return state._runtime()


def owned(c, player, at):
    return c.tokens("card", owner=player, at=at)


def test_draw_refill_turns_the_discard_pile_into_the_draw_pile_only_when_empty(runtime):
    c = runtime
    for tid in owned(c, 0, "draw")[:4]:
        c.move_token(tid, "discard")
    hand = len(owned(c, 0, "hand"))
    assert piles.draw_refill(c, "card", 0, "draw", "hand", 1, "discard") == 1
    assert len(owned(c, 0, "discard")) == 4          # the draw pile still had a card
    assert piles.draw_refill(c, "card", 0, "draw", "hand", 2, "discard") == 2
    assert len(owned(c, 0, "discard")) == 0 and len(owned(c, 0, "draw")) == 2
    assert c.log[-3]["e"] == "refill"
    assert piles.draw_refill(c, "card", 0, "draw", "hand", 9, "discard") == 2   # what exists
    assert len(owned(c, 0, "hand")) == hand + 5


def test_slide_row_closes_gaps_in_order_and_empty_places_lists_free_ones(runtime):
    c = runtime
    row = [f"street_{i}" for i in range(1, 12)]
    before = [c.tokens("card", at=p)[0] for p in row]
    for p in ("street_1", "street_4"):
        c.move_token(c.tokens("card", at=p)[0], "box")
    assert piles.empty_places(c, "card", row) == ["street_1", "street_4"]
    assert piles.slide_row(c, "card", row) == 9
    after = [c.tokens("card", at=p)[0] for p in row[:9]]
    assert after == [t for i, t in enumerate(before) if i not in (0, 3)]
    assert piles.empty_places(c, "card", row) == ["street_10", "street_11"]
    assert piles.empty_places(c, "worker", ["hall_coins"]) == ["hall_coins"]


def test_list_helpers(runtime):
    assert piles.count_of(runtime, ["a", "b", "a"], "a") == 2
    assert piles.set_at(runtime, [0, 0, 0], 1, 5) == [0, 5, 0]
    assert piles.index_of(runtime, ["x", "y"], "y") == 1
    assert piles.index_of(runtime, ["x"], "z") is None
    with pytest.raises(ScriptRuntimeError, match="has no item 3"):
        piles.set_at(runtime, [0, 0], 3, 1)
