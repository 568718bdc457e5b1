"""The simulation core and the random bot, on the real built-in game."""

from __future__ import annotations

import pytest

import regola
from regola.bots import BOTS, RandomBot
from regola.simulate import simulate, summarize


@pytest.fixture(scope="module")
def game():
    return regola.load_game("doge")


def without_times(records):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in records]


def test_random_bot_picks_legal_actions_reproducibly(game):
    state = game.new_state(players=4, seed=2)
    seat = state.to_move[0]
    picks = [RandomBot(9).choose(state, seat) for _ in range(3)]
    assert picks[0] in state.legal_actions(seat)
    assert picks[0] == picks[1] == picks[2]
    bot = RandomBot(9)
    assert len({bot.choose(state, seat)["id"] for _ in range(60)}) > 1
    assert BOTS["random"] is RandomBot
    with pytest.raises(regola.IllegalAction):
        RandomBot(1).choose(state, 99)


def test_simulate_records_every_game(game):
    progress = []
    records = simulate(game, games=3, seed=11, players=3,
                       progress=lambda done, total: progress.append((done, total)))
    assert progress == [(1, 3), (2, 3), (3, 3)]
    assert [r["seed"] for r in records] == [11, 12, 13]
    for rec in records:
        assert rec["players"] == 3 and rec["reason"] == "end_condition"
        assert rec["winners"] and rec["winner_seats"]
        winner = str(rec["winners"][0])
        assert rec["conditions"][winner]
        assert set(rec["on_board"]) == set(game.definition.pieces)
        assert all(len(row) == 3 for row in rec["on_board"].values())
        assert rec["vars"]["year"] >= 1 and rec["steps"] > 0 and rec["seconds"] >= 0


def test_simulate_is_deterministic(game):
    first = simulate(game, games=2, seed=5, players=4)
    assert without_times(simulate(game, games=2, seed=5, players=4)) == without_times(first)
    other = simulate(game, games=2, seed=6, players=4)
    assert without_times(other) != without_times(first)


def test_step_limit_is_reported_not_dropped(game):
    records = simulate(game, games=2, seed=1, players=4, step_limit=15)
    assert len(records) == 2
    for rec in records:
        assert rec["reason"] == "step_limit" and rec["winners"] == [] and rec["steps"] == 15
    summary = summarize(game, records)
    assert summary["reasons"] == {"step_limit": 2}
    assert all(row["wins"] == 0 for row in summary["seats"].values())


def test_summarize_counts_wins_means_and_endings(game):
    records = simulate(game, games=4, seed=3, players=4)
    summary = summarize(game, records)
    assert summary["games"] == 4 and summary["games_per_second"] > 0
    assert list(summary["seats"]) == game.definition.seats[:4]
    assert sum(row["share"] for row in summary["seats"].values()) == pytest.approx(1.0)
    assert sum(row["wins"] for row in summary["seats"].values()) >= 4
    assert summary["vars_mean"]["year"] == pytest.approx(
        sum(r["vars"]["year"] for r in records) / 4)
    assert "voting_row" not in summary["vars_mean"]     # not a number
    assert sum(summary["end_conditions"].values()) >= 4
    assert set(summary["end_conditions"]) <= set(game.definition.end.conditions)


def test_unsupported_player_count(game):
    with pytest.raises(regola.UnsupportedPlayers, match="3, 4"):
        simulate(game, games=1, seed=0, players=2)
