"""The generated steps ("the rules in full") of a small test game: loops and branches
that once lost their words."""

from __future__ import annotations

from pathlib import Path

import pytest

from regola.rulebook import build_rulebook

GAME = Path(__file__).parent / "data" / "appendix_game"


@pytest.fixture(scope="module")
def book() -> str:
    return build_rulebook(str(GAME)).markdown


def test_a_loop_around_one_procedure_call_keeps_its_loop(book):
    assert "For each player, one after another, reward (see" in book


def test_an_otherwise_that_only_logs_says_nothing(book):
    assert "If round is more than 3, 0 moves their disc 1 space forward on fame." in book
    assert "Otherwise." not in book
    assert "Otherwise, nothing happens" not in book
