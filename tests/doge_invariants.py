"""Invariants of Doge that must hold after every action (shared by tests)."""

from __future__ import annotations

HOUSES, PALACES, RINGS, MARKERS, CARDS = 15, 8, 6, 7, 7


def check_invariants(game, state) -> None:
    """Assert that every piece is accounted for and no limit is broken."""
    data = state.data
    n = data["n"]
    counts = state.piece_counts()
    districts = [a for a, props in game.definition.areas.items() if props["kind"] == "district"]
    for piece, total in (("house", HOUSES), ("palace", PALACES), ("ring", RINGS)):
        for p in range(n):
            held = sum(row[p] for row in counts[piece].values())
            assert held == total, f"player {p} has {held} {piece}s in all, not {total}"
            assert all(row[p] >= 0 for row in counts[piece].values()), f"negative {piece}"
    tokens = state.token_records().values()
    for p in range(n):
        assert sum(1 for t in tokens if t["kind"] == "marker" and t["owner"] == p) == MARKERS
        assert sum(1 for t in tokens if t["kind"] == "card" and t["owner"] == p) == CARDS
        controlled = sum(1 for t in tokens if t["kind"] == "advisor" and t["controller"] == p)
        in_use = counts["ring"].get("in_play", [0] * n)[p]
        assert controlled == in_use, f"player {p}: {controlled} advisors but {in_use} rings out"
        assert in_use <= RINGS
    for d in districts:
        assert sum(counts["palace"].get(d, [0] * n)) <= 5, f"more than 5 palaces in {d}"
    for t in tokens:
        if t["kind"] == "advisor":
            assert (t["controller"] is None) == (t["at"] == "neutral"), t
            assert t["at"] != t["home"] or t["home"] == "quarantia" and t["controller"] is None
