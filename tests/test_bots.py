"""Bots see only their seat's observation (issue 11, "Done when"): states that differ only in
what a seat cannot see give the same observation and the same choice; sampled states keep
everything the seat sees and vary what it cannot. Seat specs and the registry."""

from __future__ import annotations

import json
import random

import pytest

import regola
from regola.bots import BOTS, GreedyBot, MctsBot, RandomBot, make_bot, parse_seat

GAMES = ["doge", "rialto", "warsaw", "copycat"]
KINDS = ["random", "greedy", "mcts:12"]


def hidden_part(state: regola.GameState) -> str:
    """Where every token is and what the decks hold: the parts a sample may redraw."""
    records = {tid: {k: v for k, v in r.items() if k in ("at", "owner", "shown")}
               for tid, r in state.token_records().items()}
    return json.dumps([records, state.data["decks"]], sort_keys=True)


def position_with_secrets(name: str, seed: int = 5) -> tuple[regola.GameState, int]:
    """A position where the deciding seat has a choice and cannot see everything: a sample
    for it differs from the state in where tokens are or what the decks hold."""
    state = regola.load_game(name).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(600):
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        if len(actions) > 1 and hidden_part(state.sample(seat, 1)) != hidden_part(state):
            return state, seat
        state.apply(seat, rng.choice(actions))
    raise AssertionError(f"no position with hidden information in {name}")


@pytest.mark.parametrize("name", GAMES)
def test_sampled_states_keep_what_the_seat_sees_and_vary_what_it_cannot(name):
    """The determinization service: every sample observes the same for the seat, the seed
    of future chance is new, and hidden tokens or cards differ between samples."""
    state, seat = position_with_secrets(name)
    seen = state.observe(seat)
    before = state.to_json()
    hidden = set()
    for k in range(6):
        sample = state.sample(seat, k)
        assert sample.observe(seat) == seen
        assert sample.legal_actions(seat) == state.legal_actions(seat)
        assert sample.data["seed"] != state.data["seed"]
        hidden.add(hidden_part(sample))
    assert len(hidden) > 1
    assert state.to_json() == before            # sampling changes nothing in the state


@pytest.mark.parametrize("name", GAMES)
def test_a_sample_depends_only_on_what_the_seat_sees(name):
    """Two states that differ only in what the seat cannot see give the same sample for
    the same random stream."""
    state, seat = position_with_secrets(name)
    other = state.sample(seat, 99)
    assert hidden_part(other) != hidden_part(state)
    assert state.sample(seat, 3).to_json() == other.sample(seat, 3).to_json()


@pytest.mark.parametrize("name", GAMES)
def test_a_sampler_draws_the_position_it_was_made_at(name):
    """GameState.sampler(seat), the plan a search reuses for many samples, keeps its own
    copy: play that goes on in the state afterwards does not reach its draws, and its draws
    share nothing with one another."""
    state, seat = position_with_secrets(name)
    expected = [state.sample(seat, k).to_json() for k in range(3)]
    draw = state.sampler(seat)
    rng = random.Random(1)
    for _ in range(40):
        if state.is_over:
            break
        mover = state.to_move[0]
        state.apply(mover, rng.choice(state.legal_actions(mover)))
    first = draw(0)
    assert [first.to_json()] + [draw(k).to_json() for k in (1, 2)] == expected
    mover = first.to_move[0]
    first.apply(mover, first.legal_actions(mover)[0])
    assert draw(0).to_json() == expected[0]


@pytest.mark.parametrize("name", GAMES)
def test_sampled_states_play_on_to_the_end(name):
    state, seat = position_with_secrets(name)
    sample = state.sample(seat, 8)
    rng = random.Random(2)
    failed = 0
    while not sample.is_over:
        mover = sample.to_move[0]
        actions = sample.legal_actions(mover)
        rng.shuffle(actions)
        for action in actions:      # an option asked before the redraw may not fit it
            try:
                sample.apply(mover, action)
                break
            except regola.ScriptRuntimeError:
                failed += 1
        else:
            raise AssertionError("no option fits the sample")
    assert sample.result["reason"] and failed < 10


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("name", GAMES)
def test_bots_never_read_hidden_information(name, kind):
    """Issue 11: two states that differ only in what the bot's seat cannot see give the
    same observation and, with the same seed, the same choice."""
    state, seat = position_with_secrets(name)
    other = state.sample(seat, 99)
    assert hidden_part(other) != hidden_part(state)
    assert other.observe(seat) == state.observe(seat)
    one = make_bot(kind, state.game, seat, seed=7).choose(state, seat)
    two = make_bot(kind, state.game, seat, seed=7).choose(other, seat)
    assert one["id"] == two["id"]


def swappable_markers(state: regola.GameState, seat: int) -> list[tuple[str, str]]:
    """Pairs of another seat's face-down markers of different values in different places."""
    records = state.token_records()
    hidden = [tid for tid, r in records.items() if r["kind"] == "marker"
              and r["owner"] not in (seat, None) and not r["shown"]]
    return [(a, b) for a in hidden for b in hidden if records[a]["at"] != records[b]["at"]
            and records[a]["value"] != records[b]["value"]
            and records[a]["owner"] == records[b]["owner"]]


def test_bots_never_read_a_hand_swapped_hidden_token():
    """The same, with the second state made by hand: two of another seat's face-down
    ballot markers of different values trade places (Doge, reading: markers are secret
    until the election)."""
    state = regola.load_game("doge").new_state(players=4, seed=11)
    rng = random.Random(11)
    while True:
        seat = state.to_move[0]
        if len(state.legal_actions(seat)) > 1 and swappable_markers(state, seat):
            break
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    a, b = swappable_markers(state, seat)[0]
    other = state.clone()
    index = {tid: i for i, tid in enumerate(state.token_records())}
    columns = other.data["tokens"]
    for column in columns.values():
        column[index[a]], column[index[b]] = column[index[b]], column[index[a]]
    assert other.token_records()[a]["at"] == state.token_records()[b]["at"]
    assert other.observe(seat) == state.observe(seat)
    for kind in KINDS:
        one = make_bot(kind, state.game, seat, seed=3).choose(state, seat)
        two = make_bot(kind, state.game, seat, seed=3).choose(other, seat)
        assert one["id"] == two["id"]


def test_the_registry_and_seat_specs():
    assert set(BOTS) == {"random", "greedy", "mcts"}
    assert parse_seat("mcts:200") == ("mcts", "200")
    assert parse_seat("greedy") == ("greedy", None)
    assert isinstance(make_bot("random", seed=1), RandomBot)
    assert isinstance(make_bot("greedy:2"), GreedyBot)
    bot = make_bot("mcts:200", seed=1)
    assert isinstance(bot, MctsBot) and (bot.iterations, bot.seconds) == (200, None)
    assert (make_bot("mcts:1s").iterations, make_bot("mcts:0.5s").seconds) == (None, 0.5)
    assert make_bot("mcts").iterations == 200
    for kind in BOTS:                     # the web table builds them with no arguments
        assert BOTS[kind]().name == kind


@pytest.mark.parametrize("spec, words", [
    ("monkey", "unknown bot 'monkey'"), ("mcts:lots", "mcts takes a number of iterations"),
    ("mcts:0", "mcts takes"), ("mcts:-1s", "mcts takes"), ("greedy:x", "greedy takes"),
    ("mcts:", "nothing after ':'"), ("random:x", "takes no argument")])
def test_bad_seat_specs_are_refused_with_a_message(spec, words):
    with pytest.raises(regola.InvalidArgument, match=words):
        make_bot(spec)


def test_mcts_with_a_time_budget_stops_in_time():
    state, seat = position_with_secrets("doge")
    bot = make_bot("mcts:0.2s", seed=1)
    action = bot.choose(state, seat)
    assert action in state.legal_actions(seat) and bot.last_iterations >= 1


@pytest.mark.parametrize("name", GAMES)
def test_a_bot_game_reaches_its_end(name):
    """Greedy and mcts bots play a whole game of every built-in game to a result."""
    game = regola.load_game(name)
    players = game.definition.min_players
    state = game.new_state(players=players, seed=2, max_decisions=3000)
    bots = [make_bot(spec, game, p, seed=p) for p, spec in
            enumerate((["greedy", "mcts:3"] + ["random"] * players)[:players])]
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, bots[seat].choose(state, seat))
    assert state.result["reason"]
