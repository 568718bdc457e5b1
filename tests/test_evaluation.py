"""The game file's `evaluation:` (what bots think a position is worth): loaded, compiled and
type-checked like the end conditions; a bad one is a located load error; the greedy bot
follows it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import regola
from conftest import edit_rule_file
from regola.bots import make_bot
from regola.bots.scoring import greedy_value, rewards

DISTRICTS = ["cannaregio", "castello", "dorsoduro", "san_marco", "san_polo", "santa_croce"]


def problems_of(folder: Path) -> list[str]:
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(str(folder))
    return [str(p) for p in err.value.problems]


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


@pytest.mark.parametrize("name", regola.builtin_games())
def test_every_built_in_game_declares_an_evaluation_with_a_horizon(name):
    rule = regola.load_game(name).definition.evaluation
    assert rule is not None and rule.terms and rule.scale > 0
    assert rule.horizon in regola.load_game(name).definition.game_vars


def test_the_evaluation_is_the_weighted_sum_of_its_terms():
    """Doge's weights (rules/doge/game.yaml) over counts read from the state itself."""
    state = regola.load_game("doge").new_state(players=4, seed=6)
    rng = random.Random(6)
    for _ in range(400):
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    counts = state.piece_counts()
    records = state.token_records().values()
    for p in range(4):
        palaces = sum(counts["palace"][d][p] for d in DISTRICTS)
        spread = sum(counts["palace"][d][p] > 0 for d in DISTRICTS)
        houses = sum(counts["house"][d][p] for d in DISTRICTS)
        advisors = sum(r["kind"] == "advisor" and r["controller"] == p for r in records)
        assert state.evaluate(p) == 10 * palaces + 6 * spread + 1.5 * houses + 3 * advisors
    assert max(state.evaluate(p) for p in range(4)) > 0


def test_search_rewards_are_win_shares_at_the_end_and_leads_before():
    state = regola.load_game("doge").new_state(players=4, seed=6)
    assert rewards(state, 10.0) == [0.5] * 4                 # all level at the start
    assert greedy_value(state, 0) == 0.0
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    winners = state.result["winners"]
    assert rewards(state, 10.0) == [1 / len(winners) if p in winners else 0.0
                                    for p in range(4)]


def test_a_term_that_is_not_a_number_is_a_located_load_error(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("palaces: {value: palaces(p), weight: 10}",
                          "palaces: {value: palaces(p) > 2, weight: 10}"))
    (problem,) = problems_of(doge_copy)
    assert problem.startswith(f"{game}:{line_of(game, 'palaces(p) > 2')}:")
    assert "evaluation.terms.palaces.value: an evaluation term must be a number, not true/false" \
        in problem


def test_an_unknown_name_in_a_term_is_a_located_load_error(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("value: houses_on_board(p)", "value: houses_in_canal(p)"))
    (problem,) = problems_of(doge_copy)
    assert problem.startswith(f"{game}:{line_of(game, 'houses_in_canal')}:")
    assert "houses_in_canal" in problem


def test_a_horizon_that_names_no_variable_is_a_located_load_error(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("  horizon: year", "  horizon: century"))
    (problem,) = problems_of(doge_copy)
    assert problem.startswith(f"{game}:{line_of(game, 'horizon: century')}:")
    assert "evaluation.horizon" in problem and "'century'" in problem


def test_a_weight_that_is_not_a_number_is_a_schema_error(doge_copy):
    game = doge_copy / "game.yaml"
    edit_rule_file(game, ("advisor, controller=p)\", weight: 3}",
                          "advisor, controller=p)\", weight: lots}"))
    problems = problems_of(doge_copy)
    assert any(p.startswith(f"{game}:{line_of(game, 'weight: lots')}:")
               and "evaluation.terms.advisors.weight" in p for p in problems)


def test_without_an_evaluation_the_greedy_bot_still_plays(doge_copy):
    """The section is optional: every position is worth 0, so greedy picks at random
    among moves that do not end the game lost."""
    game = doge_copy / "game.yaml"
    text = game.read_text()
    game.write_text(text[:text.index("\n# How bots value")] + "\n")
    loaded = regola.load_game(str(doge_copy))
    assert loaded.definition.evaluation is None
    state = loaded.new_state(players=3, seed=1)
    seat = state.to_move[0]
    assert state.evaluate(seat) == 0.0
    assert make_bot("greedy", seed=1).choose(state, seat) in state.legal_actions(seat)
    assert make_bot("mcts:5", seed=1).choose(state, seat) in state.legal_actions(seat)


def test_greedy_takes_the_move_its_evaluation_prefers():
    """In a Doge position where one legal move builds a palace (+10 by the weights) and
    the others do not, greedy builds."""
    state = regola.load_game("doge").new_state(players=4, seed=3)
    rng = random.Random(3)
    for _ in range(5000):
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        if actions[0]["ask"] == "build_palace" and len(actions) > 1:
            break
        state.apply(seat, rng.choice(actions))
    else:
        pytest.skip("no palace to build in this game")
    values = {}
    for action in actions:
        after = state.clone()
        after.apply(seat, action)
        values[action["id"]] = greedy_value(after, seat)
    choice = make_bot("greedy:1", seed=0).choose(state, seat)
    assert values[choice["id"]] == max(values.values())
    assert len(set(values.values())) > 1
