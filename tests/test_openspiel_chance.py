"""Explicit chance nodes in the OpenSpiel adapter: every random draw of the rules (a deck's
shuffle, a token drawn from a place, an item picked from a list) is a chance node with its
uniform outcomes, so the OpenSpiel game holds no seed. Skipped without the extra."""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

import regola

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from regola.adapters import openspiel as adapter  # noqa: E402

GAMES = [g for g in regola.builtin_games() if g not in ("tictactoe", "goofspiel", "kuhn", "leduc")]
"""The board games, which draw all through play; the classic games (no draw, or one deal
at the start, over in a few decisions) are checked against OpenSpiel's own in
test_classic_games.py."""
CONCEPT = Path(__file__).parent / "data" / "concept_game"
PERTURBED = 12
"""How many of the chance outcomes before a seat's first decision the check changes."""
HIDDEN_AT_START = ("copycat", "doge", "warsaw")
"""The games that draw something a seat cannot see before its first decision (Rialto's
setup draws are all laid face up)."""
PUBLIC = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                    private_info=pyspiel.PrivateInfoType.NONE)


def _keys(value, found: set) -> set:
    """Every key of every object in JSON data."""
    if isinstance(value, dict):
        for k, v in value.items():
            found.add(k)
            _keys(v, found)
    elif isinstance(value, list):
        for v in value:
            _keys(v, found)
    return found


def _json_keys(text: str) -> set:
    """The keys of the JSON in an adapter string (a compact information state is the view's
    JSON, `|`, then the choices seen)."""
    return _keys(json.loads(text.split("|")[0]), set()) if text else set()


def _to_first_decision(game, seat: int, outcomes: list[int]):
    """The state at `seat`'s first decision: chance draws `outcomes` in turn (each taken
    modulo its bound; 0 once they run out), every other seat takes its first legal action.
    Returns (state, the chance outcomes really drawn)."""
    state = game.new_initial_state()
    drawn = []
    while not state.is_terminal():
        if state.is_chance_node():
            bound = len(state.chance_outcomes())
            outcome = outcomes[len(drawn)] % bound if len(drawn) < len(outcomes) else 0
            drawn.append(outcome)
            state.apply_action(outcome)
        elif state.current_player() == seat:
            return state, drawn
        else:
            state.apply_action(state.legal_actions()[0])
    raise AssertionError("the game ended before the seat decided")


@pytest.mark.parametrize("name", GAMES)
def test_no_seed_to_find_in_a_seats_first_information_state(name):
    """The seed-identification check (issue 20, Done-when 1). Before, one chance node
    picked one of 1,024 seeds, and seat 0's first information state (or even the public
    observation) identified the seed, and with it every later draw. Now, for each seat's
    first decision: (1) nothing the adapter exposes has a seed: no `seed` field in the
    whole state's string, in the seat's information state and observation, in the public
    observation, nor in a chance action's text, and the game's `seed` parameter is unset;
    (2) the future is not in the state: playing on, chance still has draws to make, with
    several outcomes, that lead to different games; (3) in a game that draws something
    hidden before then, the information state does not identify the chance history:
    changing one chance outcome at a time, some other history gives the very same
    information state and public observation (what was drawn out of the seat's sight
    differs). (Rialto's draws before then are all public: they are part of the game as
    everyone sees it, not a secret.)"""
    game = pyspiel.load_game(f"regola_{name}")
    assert game.seed < 0 and game.max_chance_outcomes() > 1
    public = game.make_py_observer(PUBLIC)
    for seat in range(game.num_players()):
        base = [random.Random(seat).randrange(1000) for _ in range(400)]
        state, drawn = _to_first_decision(game, seat, base)
        key = state.information_state_string(seat)
        if not drawn:           # nothing drawn before then (tic-tac-toe): no chance, no seed
            assert "seed" not in _json_keys(str(state)) | _json_keys(key)
            continue
        seen = public.string_from(state, seat)
        for text in (str(state), key, state.observation_string(seat), seen):
            assert "seed" not in _json_keys(text)
        history = state.history()
        chance_texts = []
        replay = game.new_initial_state()
        for action in history:
            if replay.is_chance_node():
                chance_texts.append(replay.action_to_string(pyspiel.PlayerId.CHANCE, action))
            replay.apply_action(action)
        assert chance_texts and not any("seed" in t for t in chance_texts)
        same = 0
        for i in sorted(set(range(0, len(drawn), max(1, len(drawn) // PERTURBED)))):
            other = list(drawn)
            other[i] += 1
            world, drawn_there = _to_first_decision(game, seat, other)
            if world.information_state_string(seat) == key:
                assert public.string_from(world, seat) == seen, (name, seat, i)
                same += drawn_there != drawn
        assert same >= 1 or name not in HIDDEN_AT_START, (name, seat)
        _the_future_is_open(state)


def _the_future_is_open(state) -> None:
    """Playing on (first legal actions), a chance node comes whose first and last outcomes
    lead to different states: the next draws are not fixed yet."""
    state = state.clone()
    while not state.is_chance_node():
        assert not state.is_terminal(), "no draw left in the game"
        state.apply_action(state.legal_actions()[0])
    outcomes = [a for a, _ in state.chance_outcomes()]
    assert len(outcomes) >= 2
    after = set()
    for outcome in (outcomes[0], outcomes[-1]):
        world = state.clone()
        world.apply_action(outcome)
        while world.is_chance_node():
            world.apply_action(0)
        after.add(str(world))
    assert len(after) >= 2


def _chance_nodes_at_start(game) -> tuple[list[tuple[str, int]], object]:
    """(what, bound) of each chance node before the first decision, outcomes 0."""
    state = game.new_initial_state()
    nodes = []
    while state.is_chance_node():
        draw = state._held.state.chance_draw
        nodes.append((draw["what"], len(state.chance_outcomes())))
        assert draw["bound"] == nodes[-1][1]
        state.apply_action(0)
    return nodes, state


def test_a_setup_shuffle_is_a_sequence_of_chance_nodes_from_the_deck_size_to_two():
    """Doge shuffles its two decks of 7 cards at setup: 6 chance nodes each, with 7, 6, ...
    2 outcomes (a Fisher-Yates shuffle, one card at a time), named after the deck."""
    game = pyspiel.load_game("regola_doge")
    nodes, state = _chance_nodes_at_start(game)
    decks = game.table.game.definition.decks
    shuffles = [what for what, _ in nodes]
    assert shuffles == ["shuffle brown"] * 6 + ["shuffle blue"] * 6
    for name in ("brown", "blue"):
        n = len(decks[name].cards)
        assert [b for what, b in nodes if what == f"shuffle {name}"] == list(range(n, 1, -1))
    assert not state.is_chance_node() and state.current_player() >= 0
    text = game.new_initial_state().action_to_string(pyspiel.PlayerId.CHANCE, 3)
    assert text == "shuffle brown: 3 (draw 1 of 6, 7 outcomes)"


@pytest.mark.parametrize("name", GAMES)
def test_every_chance_node_has_uniform_outcomes_within_the_games_bound(name):
    """Chance nodes appear where the rules draw: each offers 0..bound-1, equally likely,
    within max_chance_outcomes; a whole game stays within max_chance_nodes_in_history."""
    game = pyspiel.load_game(f"regola_{name}")
    rng = random.Random(7)
    state = game.new_initial_state()
    chance = 0
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            bound = len(outcomes)
            assert 2 <= bound <= game.max_chance_outcomes()
            assert [a for a, _ in outcomes] == list(range(bound))
            assert all(p == pytest.approx(1 / bound) for _, p in outcomes)
            assert state.legal_actions() == list(range(bound))
            chance += 1
            state.apply_action(rng.randrange(bound))
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert 0 < chance <= game.max_chance_nodes_in_history()


def _play(game, seed: int) -> list[int]:
    """The history of a random game (chance and seats at random)."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state.history()


@pytest.mark.parametrize("name", GAMES)
def test_the_same_chance_outcomes_give_the_same_game(name):
    """Play is deterministic given chance's outcomes: a game's history applied again gives
    the same states (the whole state, every seat's information state) at every step, and
    different chance outcomes with the same seats' actions give another game."""
    game = pyspiel.load_game(f"regola_{name}")
    history = _play(game, 3)
    one, two = game.new_initial_state(), game.new_initial_state()
    for step, action in enumerate(history):
        one.apply_action(action)
        two.apply_action(action)
        if step % 5 == 0 or one.is_terminal():
            assert str(one) == str(two)
            seat = step % game.num_players()
            assert one.information_state_string(seat) == two.information_state_string(seat)
    assert one.is_terminal() and one.returns() == two.returns()
    first = game.new_initial_state()
    while first.is_chance_node():
        first.apply_action(1)
    assert str(first) != str(two) and "chance" in json.loads(str(first))


@pytest.mark.parametrize("name", GAMES)
def test_a_clone_or_a_save_while_chance_draws_goes_on_the_same(name):
    """A state in the middle of a random operation (a shuffle, a draw of several tokens,
    or a draw after a seat's action) clones, serializes through OpenSpiel and saves through
    regola's JSON, and each copy goes on exactly as the original."""
    game = pyspiel.load_game(f"regola_{name}")
    rng = random.Random(5)
    state = game.new_initial_state()
    stops = 0
    while not state.is_terminal() and stops < 6:
        if state.is_chance_node():
            draw = state._held.state.chance_draw
            if draw["index"] > 0 or draw["action"] is not None:
                stops += 1
                copies = [state.clone(), game.deserialize_state(state.serialize())]
                held = state._held.state
                loaded = held.game.state_from_json(held.to_json())
                assert loaded.to_json() == held.to_json()
                assert loaded.chance_draw == draw and loaded.to_move == []
                outcome = rng.randrange(len(state.chance_outcomes()))
                for copy in copies:
                    assert copy.is_chance_node() and str(copy) == str(state)
                    copy.apply_action(outcome)
                loaded.apply_chance(outcome)
                state.apply_action(outcome)
                for copy in copies:
                    assert str(copy) == str(state)
                    assert copy.legal_actions() == state.legal_actions()
                assert loaded.to_json() == state._held.state.to_json()
                continue
        state.apply_action(rng.choice(state.legal_actions()))
    assert stops >= 1


def _whole_game(name: str, seed: int) -> tuple[int, int]:
    """A whole random game through pyspiel, chance sampled from chance_outcomes(); its
    (decisions, chance nodes)."""
    game = pyspiel.load_game(f"regola_{name}")
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    decisions = chance = 0
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(actions, p=probs)))
            chance += 1
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
            decisions += 1
    returns = state.returns()
    assert abs(sum(returns)) < 1e-9 and max(returns) > 0
    return decisions, chance


@pytest.mark.parametrize("name", GAMES)
def test_a_whole_random_game_plays_to_the_end_with_sampled_chance(name):
    """Each game plays to the end through pyspiel, chance sampled from chance_outcomes()."""
    decisions, chance = _whole_game(name, 1)
    assert decisions > 10 and chance > 1


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_openspiel_random_simulations_with_explicit_chance(name):
    """OpenSpiel's random_sim_test (clones, serialization, strings and tensors at every
    node, chance nodes included) on several games of each."""
    game = pyspiel.load_game(f"regola_{name}")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def _path_game(tmp_path: Path, shuffled: bool):
    """The test game concept_game as an OpenSpiel game (no randomness before its first
    decision), or with a deck of three cards shuffled first (a Kuhn poker deal)."""
    folder = tmp_path / "concept_game"
    shutil.copytree(CONCEPT, folder)
    if shuffled:
        (folder / "game.yaml").write_text((folder / "game.yaml").read_text()
                                          + "decks:\n  cards: {cards: [jack, queen, king]}\n")
        script = folder / "concept_game.regola"
        script.write_text(script.read_text().replace(
            "def play():\n", "def play():\n    shuffle(cards)\n", 1))
    gid = str(folder)
    cls = type("RegolaGame_test", (adapter.RegolaGame,),
               {"GAME_ID": gid, "GAME_TYPE": adapter.game_type(gid)})
    return cls({})


def test_a_game_that_does_not_draw_has_no_chance_node(tmp_path):
    """A game whose rules draw nothing before the first decision starts at a player
    node, and one that shuffles three cards first (as a Kuhn poker deal) starts with
    exactly two chance nodes, of 3 then 2 outcomes."""
    plain = _path_game(tmp_path / "plain", False).new_initial_state()
    assert not plain.is_chance_node() and plain.current_player() == 0
    game = _path_game(tmp_path / "deal", True)
    state = game.new_initial_state()
    bounds = []
    while state.is_chance_node():
        bounds.append(len(state.chance_outcomes()))
        state.apply_action(0)
    assert bounds == [3, 2] and state.current_player() == 0


@pytest.mark.parametrize("name", GAMES)
def test_an_action_waiting_for_chance_is_in_the_information_state_of_who_sees_it(name):
    """When a seat's action needs draws, the chance nodes show the state before it, but
    the seat's information state (string and tensor) has its action already: it is not
    the same as at its decision (perfect recall)."""
    game = pyspiel.load_game(f"regola_{name}")
    rng = random.Random(11)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        seat = state.current_player()
        before = state.clone()
        state.apply_action(rng.choice(state.legal_actions()))
        if state.is_chance_node():
            assert state._held.state.chance_draw["action"][0] == seat
            assert state.information_state_string(seat) != \
                before.information_state_string(seat)
            assert state.information_state_tensor(seat) != \
                before.information_state_tensor(seat)
            assert state.observation_string(seat) == before.observation_string(seat)
            return
    pytest.skip(f"{name}: no draw after an action in this game")
