"""Random Copycat games: every card, worker and VP marker accounted for after every action,
no pile, street space, office or track in an impossible state, and every game ending by a
rulebook end condition (notes: "End and winner")."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import regola

CARDS = 95
WORKERS = 7
OWNED_PILES = {"draw", "hand", "bus", "play", "temp", "discard"}
END_CONDITIONS = {"vp_target", "last_doctorate", "last_round"}


@pytest.fixture(scope="module")
def copycat():
    return regola.load_game("copycat")


def check_invariants(game, state, seen: dict) -> None:
    """Every invariant of a Copycat position; `seen` carries the previous VP per player."""
    data = state.data
    d = game.definition
    n = data["n"]
    cards = [t for t in state.token_records().values() if t["kind"] == "card"]
    assert len(cards) == CARDS
    street = [a for a, v in d.areas.items() if v["kind"] == "street_space"]
    offices = [a for a, v in d.areas.items() if v["kind"] == "office"]
    places = OWNED_PILES | {"supply", "box"} | set(street)
    for card in cards:
        assert card["at"] in places, card
        if card["at"] in OWNED_PILES:
            assert card["owner"] in range(n), card
        else:
            assert card["owner"] is None, card
        if card["at"] in street:
            assert card["shown"], card
    per_space = Counter(c["at"] for c in cards if c["at"] in street)
    assert all(k <= 1 for k in per_space.values())
    # A row never has a gap before a card except during phase 3 (gaps stay until phase 4).
    workers = state.piece_counts()["worker"]
    for p in range(n):
        total = sum(row[p] for row in workers.values())
        assert total == WORKERS
        assert all(row[p] >= 0 for row in workers.values())
        placed = sum(workers.get(o, [0] * n)[p] for o in offices)
        assert placed + workers.get("home", [0] * n)[p] <= WORKERS
    open_offices = data["vars"]["open_offices"]
    assert len(set(open_offices)) == len(open_offices)
    for o in offices:
        on = sum(workers.get(o, [0] * n))
        assert on <= n, o
        if on:
            assert o in open_offices, o
    markers = data["vars"]["markers"]
    assert len(markers) == len(offices) and all(m >= 0 for m in markers)
    for p, pv in enumerate(data["pvars"]):
        assert pv["vp"] >= seen.get(p, 0), "the career piece never moves back"
        seen[p] = pv["vp"]
        assert pv["money"] >= 0 and pv["gain"] >= 0 and pv["collected"] >= 0
        uses = Counter(pv["used"])
        assert all(k <= 2 for k in uses.values()), uses   # at most twice a round
    assert 1 <= len(data["vars"]["order"]) == n or data["vars"]["round"] == 0
    assert sorted(data["vars"]["order"]) == list(range(n))
    assert data["vars"]["round"] <= d.constants["rounds"]


def play_random(game, players: int, seed: int, check: bool):
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    seen: dict = {}
    while not state.is_over:
        seat = state.to_move[rng.randrange(len(state.to_move))]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if check:
            check_invariants(game, state, seen)
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("seed", range(3))
def test_invariants_hold_after_every_action(copycat, players, seed):
    state = play_random(copycat, players, seed, check=True)
    result = state.result
    assert result["reason"] == "end_condition"
    met = {c for cs in result["conditions"].values() for c in cs}
    assert met and met <= END_CONDITIONS


@pytest.mark.parametrize("players", [2, 3, 4])
def test_games_are_reproducible(copycat, players):
    a = play_random(copycat, players, 7, check=False)
    b = play_random(copycat, players, 7, check=False)
    assert a.to_json() == b.to_json()


def test_a_finished_game_has_most_vp_among_its_winners(copycat):
    """notes: end.most_vp_wins."""
    # notes End and winner: most VP wins.
    state = play_random(copycat, 4, 11, check=False)
    vps = [pv["vp"] for pv in state.data["pvars"]]
    assert all(vps[w] == max(vps) for w in state.result["winners"])
