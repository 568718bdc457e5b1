"""The script language's constructs for card games, driven through a small test game
(tests/data/cards_game): `choose` as the value of `let`/`return`, procedures that return a
value after asking, `sort x in L by KEY`, and a game with no board."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import regola
from regola.cli.app import app

GAME = Path(__file__).parent / "data" / "cards_game"


@pytest.fixture
def cards_copy(tmp_path: Path) -> Path:
    """A copy of the test game to edit."""
    folder = tmp_path / "cards_game"
    shutil.copytree(GAME, folder)
    return folder


def edit_script(folder: Path, old: str, new: str) -> None:
    """Replace one text of the game's script (it must be there)."""
    path = folder / "cards.regola"
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))


def problems_of(folder: Path) -> list[str]:
    """The load problems of a game folder."""
    with pytest.raises(regola.RuleError) as err:
        regola.load_game(str(folder))
    return [str(p) for p in err.value.problems]


def play_to_the_end(state, rng: random.Random) -> list[tuple[int, str, list[str]]]:
    """Random decisions until the game ends; each (seat, ask, option ids)."""
    asked = []
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        asked.append((seat, actions[0]["ask"], [a["id"] for a in actions]))
        state.apply(seat, actions[rng.randrange(len(actions))]["id"])
    return asked


def test_the_five_cards_ask_their_target_through_one_procedure():
    script = (GAME / "cards.regola").read_text()
    assert script.count("choose from [o for o in players") == 1
    assert script.count("let q = choose_target(p)") == 5
    game = regola.load_game(str(GAME))
    state = game.new_state(3, seed=4)
    asked = play_to_the_end(state, random.Random(4))
    targets = [(seat, ids) for seat, ask, ids in asked if ask == "target"]
    assert targets, "a card aimed at somebody asks its player for the target"
    for seat, ids in targets:
        assert len(ids) == 2 and str(seat) not in ids   # the two others, never oneself


EFFECT = {"strike": -1, "bless": 1, "steal": -1, "curse": -2, "spy": 0}
"""What each card does to its target's points (cards.regola)."""


def last_played(state) -> str:
    """The face of the card played last (it is turned face up as it is played)."""
    return [e for e in state.observe(None)["log"] if e["e"] == "reveal"][-1]["face"]


def test_the_returned_target_is_the_player_the_card_hits():
    game = regola.load_game(str(GAME))
    hits = 0
    for seed in range(12):
        state = game.new_state(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            pick = actions[rng.randrange(len(actions))]
            if actions[0]["ask"] == "target":
                before = [dict(v) for v in state.observe(None)["player_vars"]]
                played = last_played(state)
                state.apply(seat, pick["id"])
                after = state.observe(None)["player_vars"]
                target = pick["value"]
                assert target != seat
                assert after[target]["points"] - before[target]["points"] == \
                    EFFECT[played]
                hits += 1
                continue
            state.apply(seat, pick["id"])
    assert hits > 10


def test_a_game_saved_while_the_target_is_asked_resumes_with_the_returned_value():
    game = regola.load_game(str(GAME))
    state = game.new_state(3, seed=1)
    rng = random.Random(1)
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        if actions[0]["ask"] == "target":
            again = game.state_from_json(state.to_json())
            state.apply(seat, actions[1]["id"])
            again.apply(seat, actions[1]["id"])
            seen, seen_again = state.observe(None), again.observe(None)
            del seen["log"], seen_again["log"]      # a loaded game's story starts at the load
            assert seen_again == seen
            play_to_the_end(again, random.Random(2))
            play_to_the_end(state, random.Random(2))
            assert again.result == state.result
            return
        state.apply(seat, actions[rng.randrange(len(actions))]["id"])
    raise AssertionError("no target asked")


def test_sort_offers_a_hand_from_the_lowest_power_up():
    game = regola.load_game(str(GAME))
    for seed in range(10):
        state = game.new_state(2, seed=seed)
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        assert actions[0]["ask"] == "play_card"
        mine = {t["id"]: t for t in state.observe(seat)["tokens"] if "id" in t}
        powers = [mine[a["value"]]["power"] for a in actions]
        assert powers == sorted(powers)


def test_sort_checks_its_keys_and_gives_a_list_of_its_items(cards_copy):
    edit_script(cards_copy, "by x.power by p", "by x.power + \"a\" by p")
    edit_script(cards_copy, "q.points = q.points - 2",
                "q.points = sort x in hand_of(p) by x.power")
    problems = problems_of(cards_copy)
    assert any("cards.regola:27:49: def take_turn: cannot add a number and a text" in p
               for p in problems), problems
    assert any("cards.regola:45:20: def take_turn: q.points is a number; it cannot be set to "
               "a list of tokens" in p for p in problems), problems


def test_choose_elsewhere_than_let_or_return_is_a_located_error(cards_copy):
    edit_script(cards_copy, "    if len(hand_of(p)) == 0:",
                "    if choose from [1, 2] by p == 1:")
    problems = problems_of(cards_copy)
    assert any("cards.regola:25:8" in p and "'choose' asks a player" in p
               for p in problems), problems


def test_a_procedure_returning_two_kinds_of_value_is_a_located_error(cards_copy):
    edit_script(cards_copy, "    return choose from [o for o in players where o != p] by p "
                "ask \"target\"",
                "    if game.turn > 1:\n        return \"nobody\"\n"
                "    return choose from [o for o in players where o != p] by p ask \"target\"")
    problems = problems_of(cards_copy)
    assert any("cards.regola:8:" in p and "choose_target returns a text elsewhere; it "
               "cannot also return a player" in p for p in problems), problems


def test_a_procedure_without_a_value_cannot_give_one(cards_copy):
    edit_script(cards_copy, "        let q = choose_target(p)\n        q.points = q.points - 1",
                "        let q = draw_one(p)\n        q.points = q.points - 1")
    problems = problems_of(cards_copy)
    assert any("'draw_one' returns no value" in p for p in problems), problems


def test_a_procedure_that_never_asks_returns_its_value(cards_copy):
    edit_script(cards_copy, "def play():",
                "def bonus(p):\n    if p.points > 0:\n        return 2\n    return 1\n\n"
                "def play():")
    edit_script(cards_copy, "        q.points = q.points + 1",
                "        let b = bonus(p)\n        q.points = q.points + b")
    game = regola.load_game(str(cards_copy))
    assert "def p_bonus(_c, _L, p):" in game.definition.program.module.source
    for seed in range(5):
        play_to_the_end(game.new_state(3, seed=seed), random.Random(seed))


def test_a_game_without_a_board_loads_plays_and_has_no_board_in_its_rulebook():
    game = regola.load_game(str(GAME))
    assert not game.definition.areas
    state = game.new_state(2, seed=0)
    play_to_the_end(state, random.Random(0))
    assert state.is_over
    result = CliRunner().invoke(app, ["rulebook", str(GAME)])
    assert result.exit_code == 0, result.output
    book = result.output
    assert "choose target" in book
    assert "the result of: choose target" in book.lower()
    assert "in order of the power" in book
    assert "The board shows" not in book and "areas" not in book.lower()
