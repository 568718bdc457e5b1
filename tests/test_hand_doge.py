"""The hand-written Doge of benchmarks/ (the yardstick of `regola bench`): it keeps every piece
accounted for, ends by a rulebook condition, and asks the same decisions as rules/doge/ -
move for move beside the interpreter, and in the number and kinds of decisions per game."""

from __future__ import annotations

import random
import statistics
from collections import Counter
from pathlib import Path

import pytest

import regola
from regola.bench.baseline import load_baseline

HAND = load_baseline(Path(__file__).parent.parent / "benchmarks" / "hand_doge.py").module
END_CONDITIONS = {"every_district", "seven_in_five", "eight_in_four"}


def check_invariants(s) -> None:
    """notes: Components (every piece accounted for), Control of advisors (one ring per
    controlled advisor, at most 6), Palaces (at most 5 per district)."""
    for p in range(s.n):
        assert s.house_supply[p] + sum(s.houses[p]) == HAND.HOUSES
        assert s.palace_supply[p] + sum(s.palaces[p]) == HAND.PALACES
        controlled = sum(1 for c in s.adv_ctrl if c == p)
        assert s.ring_supply[p] + controlled == HAND.RINGS
        assert min(s.houses[p] + s.palaces[p] + [s.house_supply[p], s.ring_supply[p]]) >= 0
        assert sum(s.marker_supply[p]) + sum(s.stacks[p]) + s.staged[p][0] == HAND.MARKERS
    for d in HAND.DISTRICTS:
        assert s.palaces_in[d] == sum(s.palaces[p][d] for p in range(s.n)) <= 5
    for a, home in enumerate(HAND.ADVISOR_HOMES):
        assert (s.adv_ctrl[a] == -1) == (s.adv_at[a] == HAND.NEUTRAL)
        assert s.adv_at[a] != home


def play(players: int, seed: int, each=None):
    """A random hand-written game; the final state and the asks in order."""
    state = HAND.new_game(players, seed)
    rng = random.Random(seed)
    asks = []
    while not state.is_over:
        actions = state.legal_actions()
        assert len(actions) > 1, "a single option is taken without asking"
        asks.append(state.ask)
        state.apply(actions[rng.randrange(len(actions))])
        if each:
            each(state)
    return state, asks


@pytest.mark.parametrize("players", [3, 4])
def test_pieces_stay_accounted_for_and_games_end_by_a_condition(players):
    """notes: Components; End of the game (checked at year end; most palaces, then most
    houses; Reading 5: ties share)."""
    for seed in range(6):
        state, _ = play(players, seed, check_invariants)
        result = state.result
        assert result["winners"] and result["reason"] == "end_condition"
        candidates = [int(p) for p in result["conditions"]]
        for p in candidates:
            assert set(result["conditions"][str(p)]) <= END_CONDITIONS
        keys = {p: (sum(state.palaces[p]), sum(state.houses[p])) for p in candidates}
        best = max(keys.values())
        assert result["winners"] == [p for p in candidates if keys[p] == best]


def test_copies_and_saves_continue_exactly():
    state = HAND.new_game(4, 3)
    rng = random.Random(3)
    for _ in range(400):
        state.apply(state.legal_actions()[rng.randrange(len(state.legal_actions()))])
    copy, saved = state.clone(), HAND.from_json(state.to_json())
    assert saved.to_json() == state.to_json() == copy.to_json()
    for other in (copy, saved):
        twin = random.Random(9)
        mine = random.Random(9)
        original = state.clone()
        while not original.is_over:
            assert other.legal_actions() == original.legal_actions()
            original.apply(original.legal_actions()[mine.randrange(
                len(original.legal_actions()))])
            other.apply(other.legal_actions()[twin.randrange(len(other.legal_actions()))])
        assert other.result == original.result
    assert copy.to_json() != state.to_json()       # the copy moved on, the original did not


def _hand_value(value):
    return HAND.AREAS.index(value) if value in HAND.AREAS else value


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_same_decisions_as_the_interpreter_move_for_move(players, seed):
    """Both play the same random choices: at every decision the same seat is asked the same
    ask with the same options, and the games end with the same winners and conditions. The
    voting rows (shuffled by each with its own random stream) are copied from the
    interpreter's face-up row at the first decision of each year."""
    game = regola.load_game("doge")
    state, hand = game.new_state(players=players, seed=seed), HAND.new_game(players, seed)
    rng = random.Random(seed)
    year = None
    while not state.is_over:
        if hand.year != year:
            seen = state.observe(None)
            row = seen["vars"]["voting_row"]
            assert seen["vars"]["year"] == hand.year
            hand.voting_row = ["brown", "blue"].index(row)
            hand.rows[hand.voting_row] = [HAND.AREAS.index(a) for a in seen["decks"][row]]
            year = hand.year
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        assert (seat, actions[0]["ask"]) == (hand.to_move, hand.ask)
        assert [_hand_value(a["value"]) for a in actions] == hand.legal_actions()
        action = actions[rng.randrange(len(actions))]
        state.apply(seat, action)
        hand.apply(_hand_value(action["value"]))
    assert hand.is_over
    assert hand.result["winners"] == state.result["winners"]
    assert hand.result["conditions"] == state.result["conditions"]


def _regola_game(game, players: int, seed: int) -> list[str]:
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    asks = []
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        asks.append(actions[0]["ask"])
        state.apply(seat, actions[rng.randrange(len(actions))])
    return asks


@pytest.mark.parametrize("players", [3, 4])
def test_decisions_per_game_and_their_kinds_match_the_interpreter(players):
    """Independent random games (each with its own shuffles): the median number of decisions
    per game and the mean number of each ask per game are within a factor 1.5."""
    game = regola.load_game("doge")
    ours = [play(players, seed)[1] for seed in range(200)]
    theirs = [_regola_game(game, players, seed) for seed in range(24)]
    ratio = statistics.median(map(len, ours)) / statistics.median(map(len, theirs))
    assert 1 / 1.5 <= ratio <= 1.5
    our_kinds = Counter(a for asks in ours for a in asks)
    their_kinds = Counter(a for asks in theirs for a in asks)
    assert set(our_kinds) == set(their_kinds)
    for ask in their_kinds:
        mean_ratio = (our_kinds[ask] / len(ours)) / (their_kinds[ask] / len(theirs))
        assert 1 / 1.5 <= mean_ratio <= 1.5, ask
