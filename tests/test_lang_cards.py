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
    assert any("cards.regola:47:20: def take_turn: q.points is a number; it cannot be set to "
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


def test_a_game_without_a_board_validates_plays_and_has_no_board_in_its_rulebook():
    checked = CliRunner().invoke(app, ["validate", str(GAME)])
    assert checked.exit_code == 0 and checked.output.startswith("ok: cards_game"), \
        checked.output
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
    assert "| Deck | a place; at the start, the cards are there |" in book
    assert "off the board" not in book


def test_a_game_without_a_board_shows_no_board_at_the_table():
    from regola.present.table_layout import load_layout
    game = regola.load_game(str(GAME))
    kinds = [panel["kind"] for panel in load_layout(game.definition).panels]
    assert kinds == ["locations"]                 # the web table: no areas, no map
    result = CliRunner().invoke(app, ["play", str(GAME), "--players", "2", "--seats",
                                      "human,random", "--seed", "3"], input="quit\n")
    screen = result.output
    assert "Which card do you play?" in screen and "[1] blessing 1   [2] strike 3" in screen
    assert "area" not in screen.lower() and "board" not in screen.lower()


def spied_game(players: int = 3) -> tuple[object, int, int, str]:
    """A game played until a spy card has shown a card: (state, the spy's seat, the
    target's seat, the token shown)."""
    game = regola.load_game(str(GAME))
    for seed in range(60):
        state = game.new_state(players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            pick = actions[rng.randrange(len(actions))]
            spying = actions[0]["ask"] == "target" and last_played(state) == "spy"
            state.apply(seat, pick["id"])
            shown = [e for e in state.observe(seat)["log"] if e["e"] == "reveal_to"]
            if spying and shown and "token" in shown[-1]:
                return state, seat, pick["value"], shown[-1]["token"]
    raise AssertionError("no game of 60 played a spy card on a card in hand")


def test_a_private_reveal_is_seen_by_its_seat_only():
    state, spy, target, token = spied_game()
    other = ({0, 1, 2} - {spy, target}).pop()
    def seen_by(seat):
        return {t["id"]: t for t in state.observe(seat)["tokens"] if "id" in t}
    assert token in seen_by(spy) and "face" in seen_by(spy)[token]
    assert token in seen_by(target)                    # its owner sees it anyway
    assert token not in seen_by(other) and token not in seen_by(None)
    for seat in (other, None):                          # they read that it happened only
        told = [e for e in state.observe(seat)["log"] if e["e"] == "reveal_to"][-1]
        assert told == {"e": "reveal_to", "piece": "card", "player": spy, "at": "hand"}
        assert token not in str(state.observe(seat))


def test_the_sampler_keeps_a_privately_shown_card_for_its_seat_only():
    state, spy, target, token = spied_game()
    other = ({0, 1, 2} - {spy, target}).pop()
    face = next(t["face"] for t in state.observe(spy)["tokens"] if t.get("id") == token)
    for seed in range(20):
        sample = state.sample(spy, seed)
        mine = {t["id"]: t for t in sample.observe(spy)["tokens"] if "id" in t}
        assert mine[token]["face"] == face and mine[token]["owner"] == target
    moved = 0
    for seed in range(40):     # the third seat never saw it: the card may be another
        sample = state.sample(other, seed)
        held = sorted(t["id"] for t in sample.observe(target)["tokens"]
                      if t.get("owner") == target and t.get("at") == "hand")
        real = sorted(t["id"] for t in state.observe(target)["tokens"]
                      if t.get("owner") == target and t.get("at") == "hand")
        moved += held != real
    assert moved


def test_a_save_keeps_a_private_reveal():
    state, spy, target, token = spied_game()
    again = regola.load_game(str(GAME)).state_from_json(state.to_json())
    assert again.data["known"] == {token: [spy]}
    assert token in {t.get("id") for t in again.observe(spy)["tokens"]}
    other = ({0, 1, 2} - {spy, target}).pop()
    assert token not in {t.get("id") for t in again.observe(other)["tokens"]}


def test_a_privately_shown_card_is_forgotten_once_it_moves(cards_copy):
    edit_script(cards_copy, "            reveal_to(seen, p)\n",
                "            reveal_to(seen, p)\n            move_token(seen, deck)\n")
    game = regola.load_game(str(cards_copy))
    for seed in range(60):
        state = game.new_state(3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            state.apply(seat, actions[rng.randrange(len(actions))]["id"])
            assert "known" not in state.data
            told = [e for e in state.observe(seat)["log"] if e["e"] == "reveal_to"]
            if told and "token" in told[-1]:       # the spy saw it, then it went back
                deck = [t for t in state.observe(seat)["tokens"] if t["at"] == "deck"]
                assert deck and all("id" not in t for t in deck)
                return
    raise AssertionError("no spy card played")


def test_reveal_to_is_typed_and_phrased(cards_copy):
    book = CliRunner().invoke(app, ["rulebook", str(GAME)]).output
    assert "If seen exists, show seen to p alone." in book
    edit_script(cards_copy, "reveal_to(seen, p)", "reveal_to(p, seen)")
    assert any("cards.regola:44:26: def take_turn: reveal_to: argument 2 must be a player, "
               "not a token" in p for p in problems_of(cards_copy))


def test_the_story_tells_the_spy_what_it_saw_and_the_others_that_it_happened():
    from regola.i18n.game_words import GameWords
    from regola.present.events import event_text
    state, spy, target, token = spied_game()
    other = ({0, 1, 2} - {spy, target}).pop()
    gw = GameWords(state.game.definition)
    mine = [e for e in state.observe(spy)["log"] if e["e"] == "reveal_to"][-1]
    theirs = [e for e in state.observe(other)["log"] if e["e"] == "reveal_to"][-1]
    seat_name = gw.seat(spy)
    assert f"shown to {seat_name}:" in event_text(mine, gw)
    assert event_text(theirs, gw) == f"{seat_name} is shown one card (hand)"


@pytest.mark.parametrize(("line", "place", "hint"), [
    ("    if len(hand_of(p)) = 0:", "25:24: unexpected '='; expected ')', '*'",
     "(to compare two values, write '==')"),
    ("    if len([x for x in hand_of(p) if x.power > 2]) == 0:",
     "25:49: unexpected ']'; expected else, or",
     "(to keep only some items of a list, write 'where': [x for x in L where C])"),
])
def test_parse_errors_say_what_was_expected_in_words_with_a_hint(cards_copy, line, place,
                                                                 hint):
    edit_script(cards_copy, "    if len(hand_of(p)) == 0:", line)
    problems = problems_of(cards_copy)
    assert problems[0].startswith(f"{cards_copy / 'cards.regola'}:{place}"), problems
    assert hint in problems[0].splitlines()[0], problems


def test_an_unclosed_call_at_the_end_is_located_at_its_last_line(cards_copy):
    path = cards_copy / "cards.regola"
    path.write_text(path.read_text().rstrip() + "\n    draw_one(p\n")
    last = len(path.read_text().splitlines())
    problems = problems_of(cards_copy)
    assert problems[0].startswith(f"{path}:{last}:15: unexpected end of block; expected "
                                  "'(', ')'"), problems
