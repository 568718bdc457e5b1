"""The OpenSpiel adapter (regola[openspiel]): every built-in game registered as regola_<game>,
run by OpenSpiel's own tools. Skipped without the extra; .ci/run installs it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import regola

pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

from open_spiel.python.algorithms import mcts  # noqa: E402

from regola.adapters import openspiel as adapter  # noqa: E402
from regola.adapters.actions import action_key  # noqa: E402
from regola.errors import UnknownGame  # noqa: E402

GAMES = regola.builtin_games()
CARDS_GAME = Path(__file__).parent / "data" / "cards_game"   # a game in its own folder


def test_importing_registers_every_builtin_game():
    assert adapter.GAMES == [f"regola_{g}" for g in GAMES]
    assert set(adapter.GAMES) <= set(pyspiel.registered_names())
    game = pyspiel.load_game("regola_doge")
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert game.num_players() == 4 and kind.min_num_players == 3


def test_a_game_in_its_own_folder_is_registered_by_its_path(tmp_path):
    name = adapter.register_game(CARDS_GAME)
    assert name == "regola_cards_game" and adapter.register_game(str(CARDS_GAME)) == name
    game = pyspiel.load_game(name, {"players": 3, "max_decisions": 200})
    assert game.num_players() == 3
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)
    twin = tmp_path / "twin"                       # another folder, the same id: refused
    shutil.copytree(CARDS_GAME, twin)
    with pytest.raises(ValueError, match=r"regola_cards_game is already registered for "
                       r".*cards_game; .*twin has the same id \(cards_game\)"):
        adapter.register_game(twin)
    doge = tmp_path / "doge"                       # a copy of a built-in's folder
    shutil.copytree(Path(__file__).parent.parent / "rules" / "doge", doge)
    with pytest.raises(ValueError, match="regola_doge is already registered for doge;"):
        adapter.register_game(doge)
    with pytest.raises(UnknownGame):
        adapter.register_game(tmp_path / "missing")


@pytest.mark.parametrize("name", GAMES)
def test_random_simulation_test_of_openspiel_passes(name):
    """OpenSpiel's random_sim_test: legal actions sorted and only for the current player,
    unique action strings, clones, serialization, observation and information-state strings
    and tensors of every seat at every step, returns within bounds and zero-sum."""
    game = pyspiel.load_game(f"regola_{name}")
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_parameters_players_variant_and_options():
    game = pyspiel.load_game("regola_doge", {"players": 3, "variant": "year_limit",
                                             "options": "shared_victory:false", "seed": 7})
    assert game.num_players() == 3 and game.max_chance_outcomes() == 1
    loaded = game.table.game
    assert loaded.definition.variant == "year_limit"
    assert loaded.definition.options["shared_victory"].value is False
    again = pyspiel.load_game(str(game))                   # the game's string loads it again
    assert str(again) == str(game) and again.table is game.table
    with pytest.raises(regola.InvalidOption, match="options.shared_victry"):
        pyspiel.load_game("regola_doge", {"options": "shared_victry:false"})
    with pytest.raises(regola.UnsupportedPlayers):
        pyspiel.load_game("regola_doge", {"players": 2})


def test_the_seed_parameter_is_one_chance_node_then_the_seeded_regola_game():
    """The seeded fallback: with `seed`, one chance node (one outcome) and then regola's
    own seeded game, draw for draw."""
    game = pyspiel.load_game("regola_rialto", {"players": 3, "seed": 42})
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
    assert game.max_chance_outcomes() == 1 and game.max_chance_nodes_in_history() == 1
    state.apply_action(0)
    same = regola.load_game("rialto").new_state(players=3, seed=42, max_decisions=10_000)
    assert str(state) == same.to_json()
    seat = min(same.to_move)
    assert state.current_player() == seat
    shown = sorted(state.action_to_string(a) for a in state.legal_actions())
    assert shown == sorted(action_key(a["value"]) for a in same.legal_actions(seat))


def test_action_ids_mean_the_same_value_in_every_state():
    game = pyspiel.load_game("regola_doge", {"players": 4, "seed": 3})
    meaning: dict[int, str] = {}
    state = game.new_initial_state()
    state.apply_action(0)
    rng = np.random.RandomState(0)
    while not state.is_terminal():
        for action in state.legal_actions():
            text = state.action_to_string(action)
            assert meaning.setdefault(action, text) == text
        state.apply_action(rng.choice(state.legal_actions()))
    assert len(meaning) >= 15          # areas, markers, yes/no answers...


def test_simultaneous_secret_choices_are_asked_one_seat_after_the_other():
    """Doge's card choice is secret and simultaneous: the lowest seat decides first, the
    others have no legal action meanwhile, and seat 1's information state (string and
    tensor) is the same whichever card seat 0 chose."""
    game = pyspiel.load_game("regola_doge", {"players": 3, "seed": 4})
    state = game.new_initial_state()
    state.apply_action(0)
    assert state.current_player() == 0 and state.legal_actions(1) == []
    first, second = state.clone(), state.clone()
    a, b = state.legal_actions()[:2]
    first.apply_action(a)
    second.apply_action(b)
    assert first.information_state_string(1) == second.information_state_string(1)
    assert first.information_state_tensor(1) == second.information_state_tensor(1)
    assert first.information_state_string(0) != second.information_state_string(0)


def test_a_state_serializes_and_comes_back_equal():
    game = pyspiel.load_game("regola_warsaw", {"players": 2, "options": "max_stack_height:3"})
    state = game.new_initial_state()
    for _ in range(60):
        state.apply_action(state.legal_actions()[-1])
    back = game.deserialize_state(state.serialize())
    assert str(back) == str(state) and back.history() == state.history()
    text = pyspiel.serialize_game_and_state(game, state)
    game2, state2 = pyspiel.deserialize_game_and_state(text)
    assert str(game2) == str(game) and str(state2) == str(state)
    assert state2.legal_actions() == state.legal_actions()


def test_the_public_observer_sees_no_private_choice():
    game = pyspiel.load_game("regola_doge", {"players": 3, "seed": 4})
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(state.legal_actions()[0])
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    observer = game.make_py_observer(public)
    text = observer.string_from(state, 0)
    assert '"seat":null' in text and '"decision":null' in text


def _mcts_game(name: str, players: int) -> list[float]:
    game = pyspiel.load_game(f"regola_{name}", {"players": players, "seed": 5})
    rng = np.random.RandomState(5)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng, max_length=40)
    bot = mcts.MCTSBot(game, uct_c=2.0, max_simulations=3, evaluator=evaluator,
                       random_state=rng)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(state.chance_outcomes()[0][0])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    return state.returns()


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_openspiel_mcts_bot_plays_a_whole_game(name):
    """OpenSpiel's Python MCTS bot (3 simulations a move, rollouts of at most 40 decisions)
    decides for every seat until the game ends with a winner."""
    players = regola.load_game(name).player_counts[0]
    result = _mcts_game(name, players)
    # (a winner, or a split pot: Leduc poker's tied hands give every seat 0 chips)
    assert len(result) == players and abs(sum(result)) < 1e-9 and max(result) >= 0


def _decision_points(game_id: str, seed: int, every: int = 9, chance: bool = False):
    """OpenSpiel states of a seeded random game (or, with `chance`, one with explicit chance
    nodes drawn at random from `seed`): every `every`th decision and every point inside a
    secret step."""
    import random
    game = pyspiel.load_game(f"regola_{game_id}", {} if chance else {"seed": seed})
    state = game.new_initial_state()
    rng = random.Random(seed)
    count = 0
    while not state.is_terminal():
        if state.is_chance_node():
            state.apply_action(rng.choice(state.legal_actions()))
            continue
        count += 1
        if count % every == 0 or len(state._held.state.to_move) > 1:
            yield state
        state.apply_action(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("chance", [False, True], ids=["seeded", "explicit_chance"])
@pytest.mark.parametrize("name", GAMES)
def test_resampled_worlds_keep_the_information_state(name, chance):
    """resample_from_infostate draws worlds the deciding seat cannot tell from the real
    one (same information state, same seat to decide), and they can be played on (with
    explicit chance, chance nodes included)."""
    import random
    rng = random.Random(1)
    checked = 0
    for seed in range(2, 40):               # one game, or more of a short one, every decision
        for state in _decision_points(name, seed, 9 if seed == 2 else 1, chance=chance):
            player = state.current_player()
            key = state.information_state_string(player)
            for _ in range(3):
                world = state.resample_from_infostate(player, rng.random)
                assert world.current_player() == player
                assert world.information_state_string(player) == key
                world.apply_action(rng.choice(world.legal_actions()))
                while world.is_chance_node():
                    world.apply_action(rng.choice(world.legal_actions()))
            checked += 1
            if checked >= 25:
                break
        if checked >= 10:
            break
    assert checked >= 10


@pytest.mark.slow
@pytest.mark.parametrize("chance", [False, True], ids=["seeded", "explicit_chance"])
@pytest.mark.parametrize("name", GAMES)
def test_python_ismcts_plays_a_whole_game(name, chance):
    """OpenSpiel's Python IS-MCTS (which samples worlds with resample_from_infostate)
    plays seat 0 of a whole game against random seats, chance at random (of several whole
    games, for a game too short to give it more than 10 decisions)."""
    from open_spiel.python.algorithms import ismcts, mcts
    randomness = np.random.RandomState(1)
    searched = 0
    for seed in range(3, 30):
        game = pyspiel.load_game(f"regola_{name}", {} if chance else {"seed": seed})
        state = game.new_initial_state()
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=randomness)
        bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=3,
                               random_state=randomness)
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(randomness.choice(state.legal_actions()))
            elif state.current_player() == 0:
                state.apply_action(bot.step(state))
                searched += 1
            else:
                state.apply_action(randomness.choice(state.legal_actions()))
        assert sum(state.returns()) == pytest.approx(0)
        if searched > 10:
            break
    assert searched > 10


def test_observers_it_cannot_give_are_refused():
    game = pyspiel.load_game("regola_copycat", {"players": 3})
    every_secret = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True,
        private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)
    with pytest.raises(ValueError, match="ALL_PLAYERS"):
        game.make_py_observer(every_secret)
    no_public = pyspiel.IIGObservationType(
        perfect_recall=False, public_info=False,
        private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
    with pytest.raises(ValueError, match="public_info=False"):
        game.make_py_observer(no_public)


def test_the_current_player_is_each_copys_own_after_it_moves_on():
    game = pyspiel.load_game("regola_doge", {"seed": 3})
    state = game.new_initial_state()
    state.apply_action(0)
    rng = np.random.default_rng(3)
    for _ in range(60):
        before = state.current_player()
        copy = state.clone()
        copy.apply_action(int(rng.choice(copy.legal_actions())))
        assert state.current_player() == before == min(state._held.state.to_move)
        held = copy._held.state
        assert copy.current_player() == (pyspiel.PlayerId.TERMINAL if held.is_over
                                         else min(held.to_move))
        if copy.is_terminal():
            break
        state = copy


def test_a_serialized_pickled_or_copied_state_keeps_every_seats_information_state():
    """serialize()/deserialize_state, pickle and deepcopy keep the log, so the choices each
    seat saw (the compact string's tail, the tensor's history) come back whole."""
    import copy
    import pickle
    game = pyspiel.load_game("regola_doge", {"players": 3})
    state = game.new_initial_state()
    rng = np.random.default_rng(3)
    checked = 0
    while not state.is_terminal() and checked < 40:
        if state.is_chance_node():
            state.apply_action(int(rng.choice([a for a, _ in state.chance_outcomes()])))
            continue
        if checked % 4 == 0:
            for again in (game.deserialize_state(state.serialize()),
                          pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
                for seat in range(3):
                    assert again.information_state_string(seat) == \
                        state.information_state_string(seat)
                    assert again.information_state_tensor(seat) == \
                        state.information_state_tensor(seat)
        state.apply_action(int(rng.choice(state.legal_actions())))
        checked += 1
    assert "|" in state.information_state_string(0)        # choices were seen


@pytest.mark.parametrize(("text", "message"), [
    ("nonsense", "serialize\\(\\) writes three lines"),
    ("history=1:x\nmove_number=0\n__dict__=", "player:action pairs"),
    ("history=\nmove_number=0\n__dict__=!!", "__dict__= line cannot be read"),
])
def test_deserialize_state_refuses_a_text_that_is_not_a_state(text, message):
    with pytest.raises(ValueError, match=message):
        pyspiel.load_game("regola_kuhn").deserialize_state(text)


def test_deserialize_state_refuses_another_games_state_before_running_its_pickle():
    import base64
    import pickle
    kuhn = pyspiel.load_game("regola_kuhn")
    board = pyspiel.load_game("regola_tictactoe").new_initial_state()
    with pytest.raises(ValueError, match="another game: its game is 'tictactoe', this "
                                         "game's is 'kuhn'"):
        kuhn.deserialize_state(board.serialize())
    shorter = pyspiel.load_game("regola_kuhn", {"max_decisions": 50})
    with pytest.raises(ValueError, match="its max_decisions is 10000, this game's is 50"):
        shorter.deserialize_state(kuhn.new_initial_state().serialize())
    dealt = kuhn.new_initial_state()
    dealt.apply_action(0)
    dealt.apply_action(1)
    text = dealt.serialize()
    with pytest.raises(ValueError, match="move_number= says 99, its history holds 2"):
        kuhn.deserialize_state(text.replace("move_number=2", "move_number=99"))
    with pytest.raises(ValueError, match="history holds 1 players' actions, its state 0"):
        kuhn.deserialize_state(text.replace("history=-1:0,-1:1", "history=-1:0,-1:1,0:8")
                               .replace("move_number=2", "move_number=3"))
    ran = []
    hostile = base64.b64encode(pickle.dumps({"_table": ran.append})).decode()
    with pytest.raises(ValueError, match="which no regola state holds"):
        kuhn.deserialize_state(f"history=\nmove_number=0\n__dict__={hostile}")
    assert ran == []


def test_a_resampled_state_has_no_history_to_give_the_deal_away():
    """The real history holds the true deal; a sampled world's history() is empty, and its
    information state is the seat's."""
    game = pyspiel.load_game("regola_kuhn")
    state = game.new_initial_state()
    state.apply_action(0)
    state.apply_action(1)
    rng = np.random.default_rng(1)
    for _ in range(5):
        world = state.resample_from_infostate(0, lambda: float(rng.random()))
        assert world.history() == []
        assert world.information_state_string(0) == state.information_state_string(0)
        assert world.legal_actions() == state.legal_actions()
    for seat in (2, -1):
        with pytest.raises(ValueError, match=f"player {seat} is not a seat \\(0 to 1\\)"):
            state.resample_from_infostate(seat, lambda: 0.5)


def _robbed(third: str, full: bool) -> tuple[str, list[float]]:
    """Smugglers for 3 (a game in its own folder): seat 1 is dealt `third` among its cards,
    ships, is robbed of `third` by seat 0's thief, then decides again; its information
    state string and tensor at that second decision."""
    name = adapter.register_game(Path(__file__).parent / "data" / "smugglers_game")
    state = pyspiel.load_game(name, {"players": 3, "full_strings": full}).new_initial_state()
    pile = sorted((f"cargo-{i}" for i in range(1, 19)), key=lambda c: int(c[6:]))
    deal = ["cargo-15", "cargo-1", "cargo-2", "cargo-7", "cargo-12", third, "cargo-9",
            "cargo-10", "cargo-4"]
    hand = sorted(["cargo-12", third, "cargo-6"], key=lambda c: int(c[6:]))
    # Cards drawn (chance), labels of actions, and one index into seat 1's hand (the theft).
    for step in [*deal, '"spice"', "cargo-5", '"silk"', "cargo-6", '"spice"', "cargo-11",
                 '"thief"', "1", hand.index(third), "cargo-13"]:
        if isinstance(step, int):
            state.apply_action(step)
        elif step.startswith("cargo-"):
            state.apply_action(pile.index(step))
            pile.remove(step)
        else:
            state.apply_action(next(a for a in state.legal_actions()
                                    if state.action_to_string(a) == step))
    assert state.current_player() == 1
    return state.information_state_string(1), state.information_state_tensor(1)


def test_a_seat_remembers_a_card_it_saw_after_it_is_taken_away():
    """Perfect recall: seat 1 held a spice in one game and a silk in the other, and lost
    it to the thief; the information-state strings (compact and full) still differ. The
    tensor does not keep it (it summarizes, as the manual says)."""
    (compact_a, tensor_a), (compact_b, tensor_b) = _robbed("cargo-3", False), \
        _robbed("cargo-8", False)
    assert _robbed("cargo-3", True)[0] != _robbed("cargo-8", True)[0]
    assert compact_a != compact_b
    assert compact_a.rsplit("|", 2)[0] == compact_b.rsplit("|", 2)[0]   # the same view now
    assert tensor_a == tensor_b


@pytest.mark.parametrize("action", [5, 10**6, -3])
def test_an_illegal_action_id_is_named_with_the_legal_ids(action):
    from regola.errors import IllegalAction
    state = pyspiel.load_game("regola_kuhn").new_initial_state()
    state.apply_action(0)
    state.apply_action(1)
    with pytest.raises(IllegalAction, match=f"action {action} is not legal for player 0 now; "
                                            f"its legal actions: \\[8, 24\\]"):
        state.apply_action(action)
    assert state.history() == [0, 1] and state.legal_actions() == [8, 24]
