"""The PettingZoo adapter (regola[pettingzoo]): an AEC environment per game, with action
masks and observation spaces from observe(). Skipped without the extra; .ci/run installs it."""

from __future__ import annotations

import pytest

import regola

pytest.importorskip("pettingzoo")
np = pytest.importorskip("numpy")

from pettingzoo.test import api_test  # noqa: E402

from regola.adapters.pettingzoo import env  # noqa: E402

GAMES = regola.builtin_games()


# api_test advises a Box observation; a Dict with "action_mask" is what PettingZoo's own
# classic games use, and it gives the same two warnings for them.
@pytest.mark.filterwarnings("ignore:Observation space for each agent probably")
@pytest.mark.filterwarnings("ignore:Observation is not a NumPy array")
@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_api_test_passes(name):
    api_test(env(name), num_cycles=200, verbose_progress=False)


def _play(e, seed: int) -> tuple[dict, list[tuple[str, int]]]:
    """A whole game of random legal actions; the rewards summed per agent and the moves."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(e.possible_agents, 0.0)
    moves = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        totals[agent] += reward
        if terminated or truncated:
            e.step(None)
            continue
        assert e.observation_space(agent).contains(obs)
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        moves.append((agent, action))
        e.step(action)
    return totals, moves


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_game_of_masked_random_actions_ends_as_the_regola_game(name):
    game = regola.load_game(name)
    players = game.player_counts[0]
    e = env(name, players=players)
    totals, moves = _play(e, seed=11)
    # The same actions, by value, on the regola state itself, reach the same result.
    table = e.unwrapped.table
    state = game.new_state(players=players, seed=11, max_decisions=table.max_decisions)
    for agent, action in moves:
        seat = int(agent.removeprefix("player_"))
        assert min(state.to_move) == seat
        state.apply(seat, table.actions.value_of(action))
    assert state.is_over and e.agents == []
    winners = {f"player_{p}" for p in state.result["winners"]}
    assert abs(sum(totals.values())) < 1e-9
    assert all((totals[a] > 0) == (a in winners) for a in e.possible_agents), totals


def test_game_options_as_keywords_and_a_wrong_one_named():
    e = env("doge", players=3, shared_victory=False)
    assert e.unwrapped.table.game.definition.options["shared_victory"].value is False
    assert len(e.possible_agents) == 3
    with pytest.raises(regola.InvalidOption, match="options.shared_victry"):
        env("doge", shared_victry=False)


def test_the_mask_is_empty_for_an_agent_that_is_not_asked():
    e = env("doge", players=3)
    e.reset(seed=4)
    assert e.agent_selection == "player_0"          # three secret choices: lowest seat first
    assert e.observe("player_1")["action_mask"].sum() == 0
    assert e.observe("player_0")["action_mask"].sum() == 7


def test_an_illegal_action_ends_the_game_with_a_penalty():
    e = env("doge", players=3)
    e.reset(seed=4)
    illegal = int(np.flatnonzero(e.observe("player_0")["action_mask"] == 0)[0])
    state = e.unwrapped.state_.to_json()
    e.step(illegal)
    assert all(e.terminations.values()) and e.rewards["player_0"] == -1
    assert e.unwrapped.state_.to_json() == state         # the regola state is unchanged


def test_a_render_mode_it_does_not_offer_is_refused():
    with pytest.raises(ValueError, match="'human' is not offered"):
        env("copycat", render_mode="human")


def test_the_order_enforcing_wrapper_answers_last_as_pettingzoos_does():
    from pettingzoo.utils.wrappers import OrderEnforcingWrapper

    e = env("tictactoe")
    assert isinstance(e, OrderEnforcingWrapper) and str(e) == str(e.unwrapped)
    for before_reset in (e.last, lambda: e.agents, lambda: e.agent_selection):
        with pytest.raises(AttributeError, match="before reset"):
            before_reset()
    plain = OrderEnforcingWrapper(env("tictactoe").unwrapped)
    e.reset(seed=3)
    plain.reset(seed=3)
    for _agent in e.agent_iter(12):
        mine, theirs = e.last(), plain.last()
        assert np.array_equal(mine[0]["observation"], theirs[0]["observation"])
        assert np.array_equal(mine[0]["action_mask"], theirs[0]["action_mask"])
        assert mine[1:] == theirs[1:] and e.last(False)[0] is None
        action = None if mine[2] or mine[3] else int(np.flatnonzero(mine[0]["action_mask"])[0])
        e.step(action)
        plain.step(action)
        assert (plain.agents, plain.agent_selection) == (e.agents, e.agent_selection)


def test_every_agents_mask_is_its_decision_now_at_every_step():
    e = env("doge", max_decisions=300)
    e.reset(seed=5)
    raw = e.unwrapped
    rng = np.random.default_rng(5)
    for agent in e.agent_iter():
        _, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            e.step(None)
            continue
        state = raw.state_
        deciding = min(state.to_move)
        for seat, other in enumerate(e.possible_agents):
            mask = raw.observe(other)["action_mask"]
            expected = np.zeros_like(mask)
            if seat == deciding:
                options = state.decision(seat)["options"]
                expected[[raw.table.actions.id_of(v) for v in options]] = 1
            assert np.array_equal(mask, expected), (seat, deciding)
        e.step(int(rng.choice(np.flatnonzero(raw.observe(agent)["action_mask"]))))


def _play_out(e, moves: list[int]) -> dict:
    """Play the given actions in turn (then None for the finished agents); the last
    (reward, terminated, truncated) of each agent."""
    e.reset(seed=1)
    moves = list(moves)
    last = {}
    for agent in e.agent_iter():
        _, reward, terminated, truncated, _ = e.last()
        last[agent] = (reward, terminated, truncated)
        e.step(None if terminated or truncated else moves.pop(0))
    return last


def test_a_drawn_game_terminates_and_a_game_cut_short_truncates():
    """A draw (tic-tac-toe's full grid: no winner, the rules ended it) terminates with 0
    for both; a game stopped by max_decisions truncates with 0."""
    e = env("tictactoe")
    cell = e.unwrapped.table.actions.id_of
    # x o x / x o o / o x x: nobody has three in a row.
    order = ["top_left", "top", "top_right", "centre", "left", "right", "bottom",
             "bottom_left", "bottom_right"]
    last = _play_out(e, [cell(c) for c in order])
    assert e.unwrapped.state_.result["reason"] != "unfinished"
    assert e.unwrapped.state_.result["winners"] == []
    assert all(v == (0.0, True, False) for v in last.values()), last
    short = env("tictactoe", max_decisions=3)
    last = _play_out(short, [cell(c) for c in order])
    assert all(v == (0.0, False, True) for v in last.values()), last


def test_mistakes_in_env_and_observe_are_said_plainly():
    from regola.errors import InvalidArgument, InvalidOption
    with pytest.raises(InvalidOption, match="no option 'player' in doge; .*did you mean "
                                            "env\\(\\)'s keyword 'players'\\?"):
        env("doge", player=3)
    with pytest.raises(InvalidArgument, match="takes a dict of option values"):
        env("doge", options="shared_victory:false")      # OpenSpiel's syntax
    e = env("doge")
    e.reset(seed=1)
    with pytest.raises(InvalidArgument, match="no agent 'player_7': the agents are "
                                              "player_0, player_1, player_2, player_3"):
        e.unwrapped.observe("player_7")
    with pytest.raises(InvalidArgument, match="no agent 'player_9'"):
        e.observation_space("player_9")
    with pytest.raises(InvalidArgument, match="no agent 'player_9'"):
        e.action_space("player_9")
