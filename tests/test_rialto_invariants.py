"""Random Rialto games checked after every action: every coin, card, building, tile and
councilman accounted for; no hand, board, connection or track in an impossible state."""

from __future__ import annotations

from collections import Counter

import pytest

from regola.bots import RandomBot
from regola.loading.loader import load_game

GAME = load_game("rialto")
OWNED_AT = {"card": {"hand", "discard"}, "edifice": {"board"}}
UNOWNED_AT = {"card": {"deck", "drawn", "discarded", "row_1", "row_2", "row_3", "row_4",
                       "row_5", "row_6"},
              "edifice": {"stock"}}


def check(state) -> None:
    """Every invariant of a Rialto position (an AssertionError names the broken one)."""
    data = state.data
    n = data["n"]
    tokens = state.token_records()
    kinds = Counter(t["kind"] for t in tokens.values())
    assert kinds["card"] == 77 and kinds["edifice"] == 60
    assert kinds["bridge_tile"] == 6 and kinds["gondola_tile"] == 6
    for tid, tok in tokens.items():
        kind = tok["kind"]
        if kind in OWNED_AT:
            if tok["owner"] is None:
                assert tok["at"] in UNOWNED_AT[kind], (tid, tok)
            else:
                assert tok["at"] in OWNED_AT[kind], (tid, tok)
    for p in range(n):
        board = [t for t in tokens.values() if t["kind"] == "edifice" and t["owner"] == p]
        assert len(board) <= 7, "a player board holds at most 7 buildings"
    # Councilmen: 18 per player, never a negative count.
    for p in range(n):
        rows = state.piece_counts()["councillor"].values()
        assert all(row[p] >= 0 for row in rows)
        assert sum(row[p] for row in rows) == 18
    # Coins: 30 in all, between the bank, the players and the buildings; one per building.
    coin = data["bank"]["coin"]
    assert coin["bank"] >= 0 and min(coin["held"]) >= 0
    assert coin["bank"] + sum(coin["held"]) + sum(coin["on"].values()) == 30
    for tid, k in coin["on"].items():
        assert k == 1 and tokens[tid]["kind"] == "edifice" and tokens[tid]["at"] == "board"
    # Tiles: a tile lies on at most one connection, and is "placed" exactly when it does.
    laid = [link["tile"] for link in data["links"].values() if link["tile"]]
    assert len(laid) == len(set(laid))
    for tid, tok in tokens.items():
        if tok["kind"] in ("bridge_tile", "gondola_tile"):
            assert (tok["at"] == "placed") == (tid in laid), tid
    for cid, link in data["links"].items():
        if link["tile"]:
            assert link["facing"] in GAME.definition.connections[cid]
    assert sum(1 for t in tokens.values() if t["at"] == "bridge_top") <= 1
    # Tracks: points never below 0; every disc has its own place in a stack.
    assert min(data["tracks"]["vp"]["pos"]) >= 0
    for track in data["tracks"].values():
        assert len(set(track["stamp"])) == n
    bonus = [t for t in tokens.values() if t["kind"] == "bonus_tile"]
    assert len(bonus) == 2 and all(t["at"] in ("bonus_space", "bonus_won") for t in bonus)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_every_invariant(players):
    """notes: components.cards, components.coins, components.player_board."""
    # notes: Components (77 cards, 30 coins, 18 councilmen a colour, 7 building spaces a
    # board) hold in every position of random games
    for game_no in range(2):
        state = GAME.new_state(players=players, seed=100 + game_no)
        bot = RandomBot(f"{players}/{game_no}")
        check(state)
        while not state.is_over:
            seat = state.to_move[0]
            state.apply(seat, bot.choose(state, seat))
            check(state)
        assert state.result["reason"] == "end_condition"
        assert state.data["vars"]["round"] == 6
