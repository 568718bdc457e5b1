"""The classic games written as regola data (tic-tac-toe, Goofspiel, Kuhn and Leduc poker): their
rules through regola's API, and, through the OpenSpiel adapter, the same figures as
OpenSpiel's own implementations (tools/classic_games.py prints them as a table): states,
information states, game value and the exploitability of CFR's average policy."""

from __future__ import annotations

import importlib.util
import itertools
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import regola

ROOT = Path(__file__).resolve().parent.parent


def classic_games():
    """tools/classic_games.py as a module."""
    spec = importlib.util.spec_from_file_location("classic_games",
                                                  ROOT / "tools" / "classic_games.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("classic_games", module)
    spec.loader.exec_module(sys.modules["classic_games"])
    return sys.modules["classic_games"]


def play(state, *moves):
    """Each move as (seat, value), checked legal first."""
    for seat, value in moves:
        assert value in [a["value"] for a in state.legal_actions(seat)], (seat, value)
        state.apply(seat, value)
    return state


# Tic-tac-toe -------------------------------------------------------------------------------

def test_tictactoe_asks_for_the_last_free_square():
    """ask_single_option: the ninth mark is a move of its own (OpenSpiel counts that state),
    not taken without asking."""
    state = regola.load_game("tictactoe").new_state(players=2, seed=0)
    squares = ["top_left", "centre", "bottom_right", "top", "bottom", "bottom_left",
               "top_right", "right"]
    play(state, *[(i % 2, sq) for i, sq in enumerate(squares)])
    assert not state.is_over and state.to_move == [0]
    assert [a["value"] for a in state.legal_actions(0)] == ["left"]
    play(state, (0, "left"))
    assert state.is_over and state.result["winners"] == [] and state.result["reason"] == "grid_full"


def test_tictactoe_every_line_wins():
    """Each of the 8 lines, filled by crosses while noughts play elsewhere, wins at once."""
    game = regola.load_game("tictactoe")
    rows = [["top_left", "top", "top_right"], ["left", "centre", "right"],
            ["bottom_left", "bottom", "bottom_right"]]
    lines = rows + [list(c) for c in zip(*rows)] + \
        [[rows[i][i] for i in range(3)], [rows[i][2 - i] for i in range(3)]]
    everything = [sq for row in rows for sq in row]
    for line in lines:
        state = game.new_state(players=2, seed=0)
        others = [sq for sq in everything if sq not in line]
        # noughts take squares that never make a line of theirs with two marks
        for mine, theirs in zip(line, others):
            play(state, (0, mine))
            if state.is_over:
                break
            play(state, (1, theirs))
        assert state.is_over and state.result["winners"] == [0], line
        assert state.result["conditions"] == {"0": ["three_in_a_row"]}


# Goofspiel ---------------------------------------------------------------------------------

def test_goofspiel_bids_in_secret_and_the_last_card_plays_itself():
    """Both seats answer the same secret step; the higher bid takes the point card (4, 3,
    2, 1 in that order); the fourth round asks nobody; points decide, ties share."""
    game = regola.load_game("goofspiel")
    for bids in itertools.product(itertools.permutations([1, 2, 3, 4], 3), repeat=2):
        state = game.new_state(players=2, seed=0)
        points = [0, 0]
        for rnd, (red, blue) in enumerate(zip(*bids)):
            assert sorted(state.to_move) == [0, 1]
            play(state, (0, red), (1, blue))
            if red != blue:
                points[0 if red > blue else 1] += 4 - rnd
        last = [sum([1, 2, 3, 4]) - sum(b) for b in bids]
        if last[0] != last[1]:
            points[0 if last[0] > last[1] else 1] += 1
        assert state.is_over
        assert state.result["scores"] == [[points[0]], [points[1]]]
        best = max(points)
        assert state.result["winners"] == [p for p in (0, 1) if points[p] == best]


# Kuhn poker --------------------------------------------------------------------------------

KUHN_SEQUENCES = {
    # betting sequence -> chips the first player wins: by the showdown (+/- stake) or a fold
    ("pass", "pass"): "showdown 1",
    ("pass", "bet", "fold"): -1,
    ("pass", "bet", "call"): "showdown 2",
    ("bet", "fold"): 1,
    ("bet", "call"): "showdown 2",
}


def kuhn_deals():
    """A seed for each of the 6 deals (the first seed that gives it)."""
    game = regola.load_game("kuhn")
    deals = {}
    for seed in range(200):
        state = game.new_state(players=2, seed=seed)
        cards = {t["owner"]: t["rank"] for t in state.token_records().values()
                 if t["owner"] is not None}
        deals.setdefault((cards[0], cards[1]), seed)
        if len(deals) == 6:
            return deals
    raise AssertionError(f"only {len(deals)} deals in 200 seeds")


def test_kuhn_betting_rules_and_payoffs():
    """Every betting sequence of every deal: who acts, what they may do, and the chips won
    (the payoffs the adapters return); the value of always passing is 0 by symmetry."""
    game = regola.load_game("kuhn")
    for (red, blue), seed in kuhn_deals().items():
        for sequence, outcome in KUHN_SEQUENCES.items():
            state = game.new_state(players=2, seed=seed)
            seat = 0
            for move in sequence:
                assert state.to_move == [seat]
                play(state, (seat, move))
                seat = 1 - seat
            assert state.is_over, sequence
            if isinstance(outcome, int):
                want = outcome
            else:
                stake = int(outcome.split()[1])
                want = stake if red > blue else -stake
            assert state.result["payoffs"] == [want, -want], (red, blue, sequence)
            assert state.result["winners"] == [0 if want > 0 else 1]


def test_kuhn_hides_the_other_card_until_the_showdown():
    """Each seat sees its own card, not the other's (nor which one it is) nor the deck's;
    a called bet shows both cards."""
    game = regola.load_game("kuhn")
    state = game.new_state(players=2, seed=kuhn_deals()[(3, 1)])
    for seat in (0, 1):
        cards = [t for t in state.observe(seat, False)["tokens"] if t["kind"] == "card"]
        assert len(cards) == 3
        for card in cards:
            if card["owner"] == seat:
                assert card["rank"] == (3 if seat == 0 else 1)
            else:
                assert "rank" not in card and "name" not in card and "id" not in card
    play(state, (0, "bet"), (1, "call"))
    cards = [t for t in state.observe(1, False)["tokens"] if t["at"] == "shown"]
    assert sorted(t["rank"] for t in cards) == [1, 3]


# Leduc poker -------------------------------------------------------------------------------

def leduc_strength(rank, public):
    """A hand at the showdown: a pair with the table card beats any single card."""
    return rank + (10 if rank == public else 0)


def leduc_walk(state, rank, rnd, moves, stakes, raises, seat, endings):
    """Walk every betting history below `state`, checking each step and ending; append each
    ending's reason to `endings`."""
    if state.is_over:
        endings.append(state.result["reason"])
        last = moves[-1]
        if last == "fold":
            folder = seat
            want = [-stakes[0], stakes[0]] if folder == 0 else [stakes[1], -stakes[1]]
        else:
            public = [t["rank"] for t in state.token_records().values()
                      if t["at"] == "board"][0]
            s0, s1 = (leduc_strength(rank[p], public) for p in (0, 1))
            pot = stakes[0]
            want = [0, 0] if s0 == s1 else [pot, -pot] if s0 > s1 else [-pot, pot]
        assert state.result["payoffs"] == want, (rank, moves)
        return
    to_move = state.to_move[0]
    size = 2 if rnd == 1 else 4
    facing = stakes[to_move] < max(stakes)
    want_legal = (["fold", "call"] + (["raise"] if raises < 2 else [])) if facing \
        else ["check", "bet"]
    assert [a["value"] for a in state.legal_actions(to_move)] == want_legal, moves
    for move in want_legal:
        child = state.clone()
        child.apply(to_move, move)
        st, r, nxt_rnd, nxt_raises = list(stakes), raises, rnd, raises
        if move in ("bet", "raise"):
            st[to_move] = max(stakes) + size
            nxt_raises = r + 1
        elif move == "call":
            st[to_move] = max(stakes)
        ends_round = move == "call" or (move == "check" and to_move == 1)
        if ends_round and rnd == 1:
            nxt_rnd, nxt_raises = 2, 0
        if not child.is_over:      # the first player opens the second round too
            assert child.to_move == [0 if ends_round else 1 - to_move], moves + [move]
        leduc_walk(child, rank, nxt_rnd, moves + [move], st, nxt_raises, to_move, endings)


def test_leduc_every_betting_sequence_and_its_payoff():
    """Every betting history of a few deals, walked through regola's API: who acts, what
    they may do (a check or a bet with nothing to call; fold, call or raise facing one; at
    most 2 bets and raises a round), bets of 2 then 4 chips, and the chips won (a fold loses
    the stake, else a pair with the table card, else the higher card; equal ranks split).
    A round ends in 9 ways (5 without a fold), so a deal has 4 + 5 * 9 = 49 endings."""
    game = regola.load_game("leduc")
    seen_reasons = set()
    for seed in range(12):
        root = game.new_state(players=2, seed=seed)
        rank = {t["owner"]: t["rank"] for t in root.token_records().values()
                if t["owner"] is not None}
        endings = []
        assert root.to_move == [0]
        leduc_walk(root, rank, 1, [], [1, 1], 0, 0, endings)
        assert len(endings) == 49, seed
        seen_reasons.update(endings)
    assert seen_reasons == {"fold", "pair", "high_card", "split"}


def test_leduc_shows_the_table_card_to_both_and_hides_the_other_hand():
    """After the first round the table card is face up for both seats and the public view;
    each seat still sees only its own card."""
    state = regola.load_game("leduc").new_state(players=2, seed=3)
    assert not [t for t in state.observe(None, False)["tokens"] if t["at"] == "board"]
    play(state, (0, "check"), (1, "check"))
    for seat in (None, 0, 1):
        cards = [t for t in state.observe(seat, False)["tokens"] if t["kind"] == "card"]
        board = [t for t in cards if t["at"] == "board"]
        assert len(board) == 1 and "rank" in board[0] and "suit" in board[0]
        for card in cards:
            if card["at"] == "hand":
                assert ("rank" in card) == (card["owner"] == seat), (seat, card)


# Against OpenSpiel -------------------------------------------------------------------------

@pytest.mark.parametrize("name", ["tictactoe", "goofspiel", "kuhn",
                                  pytest.param("leduc", marks=pytest.mark.slow)])
def test_regola_matches_openspiel(name):
    """States, information states, value and exploitability (CFR, a few iterations) agree
    with OpenSpiel's native game: the adapter's states, information states and returns are
    the ones exact methods need."""
    pytest.importorskip("pyspiel")
    module = classic_games()
    pair = module.PAIRS[name]
    if pair.chance and not module.has_explicit_chance():
        pytest.skip("the adapter has no explicit chance nodes yet (its one chance node "
                    "picks a seed, not a card), so a dealt game cannot match OpenSpiel's "
                    "deal; this turns on when regola_kuhn's first chance node deals")
    native = module.measure(pair, "native", iterations=10)
    ours = module.measure(pair, "regola", iterations=10)
    assert ours["states"] == native["states"]
    assert ours["infostates"] == native["infostates"]
    assert ours["value"] == pytest.approx(native["value"], abs=1e-9)
    if native["exploitability"] is not None:
        assert ours["exploitability"] == pytest.approx(native["exploitability"], abs=1e-9)
    if pair.exact:
        assert ours["value"] == pair.first_value


def test_known_figures_of_the_native_games():
    """The reference side: tic-tac-toe has 5,478 states and value 0; Kuhn poker's value is
    -1/18 (CFR converges to it); Leduc poker has 9,300 states and 936 information states."""
    pytest.importorskip("pyspiel")
    module = classic_games()
    tictactoe = module.measure(module.PAIRS["tictactoe"], "native")
    assert (tictactoe["states"], tictactoe["value"]) == (5478, 0.0)
    kuhn = module.measure(module.PAIRS["kuhn"], "native", iterations=300)
    assert kuhn["value"] == pytest.approx(float(Fraction(-1, 18)), abs=5e-3)
    leduc = module.native_game(module.PAIRS["leduc"])
    assert len(module.all_states(leduc)) == 9300
    assert module.information_states(leduc) == 936


def test_kuhn_deal_is_named_to_nobody_but_its_owner():
    """A masked move (a card dealt face down from the deck, owned by nobody yet) names the
    card in no log but its new owner's; a spectator's log names it nowhere."""
    state = regola.load_game("kuhn").new_state(players=2, seed=1)
    mine = {seat: {t for t, r in state.token_records().items() if r["owner"] == seat}
            for seat in (0, 1)}
    for seat in (None, 0, 1):
        named = {e["token"] for e in state.observe(seat)["log"]
                 if e.get("e") in ("move_token", "give") and "token" in e}
        assert named <= mine.get(seat, set()), seat


def test_a_payoff_range_must_hold_zero(tmp_path):
    """end: payoff's min and max bound values that add up to 0: a range without 0 is
    refused at load time, at the payoff."""
    import shutil
    folder = tmp_path / "kuhn"
    shutil.copytree(ROOT / "rules" / "kuhn", folder)
    game_file = folder / "game.yaml"
    game_file.write_text(game_file.read_text().replace("min: -2, max: 2", "min: 1, max: 2"))
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(str(folder))
    assert any("payoff: min must be at most 0" in str(p) for p in err.value.problems)


def test_kuhn_returns_are_its_payoffs_in_openspiel():
    """Through the adapter a called bet returns +2/-2 (chips), not +1/-1, and the game's
    utility range is the payoff's."""
    pyspiel = pytest.importorskip("pyspiel")
    import regola.adapters.openspiel  # noqa: F401
    game = pyspiel.load_game("regola_kuhn", {"seed": 1})
    assert (game.min_utility(), game.max_utility()) == (-2.0, 2.0)
    state = game.new_initial_state()
    state.apply_action(0)
    for move in ("bet", "call"):
        ids = {state.action_to_string(state.current_player(), a): a
               for a in state.legal_actions()}
        state.apply_action(ids[f'"{move}"'])
    assert state.is_terminal()
    assert sorted(state.returns()) == [-2.0, 2.0]


def test_a_save_with_payoffs_loads_and_tampered_payoffs_are_refused():
    """A finished Kuhn game's save keeps its payoffs; payoffs that are not a number per
    player make the save invalid."""
    import json
    state = play(regola.load_game("kuhn").new_state(players=2, seed=1), (0, "bet"), (1, "call"))
    text = regola.save_game(state)
    assert regola.load_saved(text).result["payoffs"] == state.result["payoffs"]
    data = json.loads(text)
    for bad in ("two", [1], [1, "x"]):
        doc = json.loads(json.dumps(data))
        holder = doc["state"] if "state" in doc else doc
        holder["result"]["payoffs"] = bad
        with pytest.raises(regola.InvalidSave):
            regola.load_saved(json.dumps(doc))
