"""A private reveal changes the adapters' information state for its seat only: the tensor
read from the state's columns equals the one made from observe(seat) for every seat, and
only the spy's differs from the same state without the reveal."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")      # the adapters' extra; .ci/run installs it

from test_lang_cards import GAME, spied_game  # noqa: E402

from regola.adapters.common import Table  # noqa: E402


def test_a_private_reveal_changes_the_information_state_of_its_seat_only():
    table = Table(str(GAME), players=3)
    state, spy, target, token = spied_game()
    unseen = state.clone()
    del unseen.data["known"]
    unseen._seen_logs.seats.clear()
    for seat in (None, 0, 1, 2):
        vec = table.encoder.encode_state(state, seat)
        assert np.array_equal(vec, table.encoder.encode(state.observe(seat, log=False)))
        differs = not np.array_equal(vec, table.encoder.encode_state(unseen, seat))
        assert differs == (seat == spy), seat
