"""Copycat rules that scenarios cannot pin to one seed: random set-up (Reading 3), the office
that opens each round (checklist 27), unspent money (checklist 19), and a reading flipped."""

from __future__ import annotations

import random

import pytest
import yaml

import regola
from regola.loading.sources import rules_root


@pytest.fixture(scope="module")
def copycat():
    return regola.load_game("copycat")


def play_rounds(game, players: int, seed: int, rounds: int):
    """Random play until round `rounds` + 1 begins (or the game ends)."""
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and state.data["vars"]["round"] <= rounds:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def test_reading_03_initial_order_and_office_cards_are_random_within_sections(copycat):
    # notes Readings 3: the initial order is drawn; office cards shuffled within each section.
    orders, firsts = set(), set()
    for seed in range(12):
        data = copycat.new_state(players=4, seed=seed).data
        orders.add(tuple(data["vars"]["order"]))
        queue = data["vars"]["office_queue"]
        sections = [copycat.definition.areas[o]["section"] for o in queue]
        assert sections == sorted(sections)
        firsts.add(data["vars"]["open_offices"][-1])
    assert len(orders) > 3
    assert len(firsts) > 1 and all(o.startswith("s1_") for o in firsts)


def test_reading_03_the_shuffled_office_piles_keep_their_order_secret(copycat):
    # notes Readings 3: the office cards are shuffled face down within each section, so no
    # seat (nor a spectator) may see which office opens next (a newcomer read the whole
    # coming order off the terminal's board: a public variable and revealed piles).
    for seed in range(3):
        state = play_rounds(copycat, 3, seed, 1)
        for seat in (None, 0, 1, 2):
            view = state.observe(seat, log=False)
            assert "office_queue" not in view["vars"]
            piles = {k: v for k, v in view["decks"].items() if k.startswith("office_cards")}
            assert piles and all(card is None for cards in piles.values() for card in cards)
        assert state.data["vars"]["office_queue"]    # the state itself keeps the order


def test_checklist_27_one_office_opens_each_round_section_one_first(copycat):
    """notes: board.department, phase4.next_office."""
    # checklist 27: one new office opens each round; section 1 fills 3 windows.
    state = play_rounds(copycat, 3, 5, 3)
    opened = [o for o in state.data["vars"]["open_offices"]
              if copycat.definition.areas[o]["section"] > 0]
    assert len(opened) == 4
    assert sorted(copycat.definition.areas[o]["section"] for o in opened) == [1, 1, 1, 2]


@pytest.mark.parametrize("players, offices", [(2, 10), (3, 12), (4, 14)])
def test_player_count_offices(copycat, players, offices):
    """notes: board.department, setup.player_count_offices."""
    # notes Setup: with 3-4 players add the player-count offices.
    data = copycat.new_state(players=players, seed=1).data
    printed = [o for o in data["vars"]["open_offices"]
               if copycat.definition.areas[o]["section"] == 0]
    assert len(printed) == offices


def test_checklist_19_unspent_money_is_lost(copycat):
    """notes: phase3.leftover_lost."""
    # notes Phase 3 (leftover money is lost), checklist 19: leftover money is lost at the end
    # of the player's phase 3.
    state = copycat.new_state(players=2, seed=3)
    rng = random.Random(3)
    while not state.is_over:
        seat = state.to_move[0]
        decision = state.decision(seat)
        state.apply(seat, rng.choice(state.legal_actions(seat)))
        if decision["ask"] == "use_action" and state.decision(seat) is None:
            assert state.data["pvars"][seat]["money"] == 0


def test_every_reading_option_decides_something(copycat):
    # An option either names its only supported value (`choices:`, refused otherwise at load)
    # or is read by the scripts, so that its other value changes the game.
    folder = rules_root() / "copycat"
    doc = yaml.safe_load((folder / "game.yaml").read_text())
    scripts = "\n".join((folder / s).read_text() for s in doc["scripts"])
    for name, option in doc["options"].items():
        if "choices" not in option:
            assert name in scripts + str(doc["end"]), f"option {name} changes nothing"


def test_reading_17_limited_markers_is_a_variant():
    # notes Reading 17: the other value (only the 25 markers of the box) is a variant.
    game = regola.load_game("copycat", "limited_markers")
    assert game.definition.options["vp_markers_unlimited"].value is False


def test_reading_09_other_value_phase_two_still_ends(tmp_path):
    # pass_is_final false: passing does not end a player's phase 2, yet the phase ends after a
    # go-around in which nobody places (it used to loop for ever).
    variant = tmp_path / "pass_not_final.yaml"
    variant.write_text("extends: copycat\nvariant: pass_not_final\nname: Pass not final\n"
                       "options:\n  pass_is_final: {value: false}\n")
    game = regola.load_game("copycat", str(variant))
    state = game.new_state(players=2, seed=3)
    rng = random.Random(3)
    for _ in range(20000):
        if state.is_over:
            break
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        passing = [a for a in actions if a["id"] in ("pass", "done")]
        state.apply(seat, passing[0] if passing and rng.random() < 0.7 else rng.choice(actions))
    assert state.is_over


def run_with_options(tmp_path, options: dict, steps: str):
    """A scenario of Copycat with some options flipped (through a variant file)."""
    from regola.scenarios.runner import run_file
    variant = tmp_path / "flipped.yaml"
    variant.write_text("extends: copycat\nvariant: flipped\nname: Flipped\noptions:\n" +
                       "".join(f"  {k}: {{value: {str(v).lower()}}}\n" for k, v in options.items()))
    scenario = tmp_path / "flipped.scenario.yaml"
    scenario.write_text(f"name: flipped\ngame: copycat\nvariant: {variant}\nplayers: 2\nseed: 1\n"
                        f"steps:\n{steps}")
    return run_file(scenario).problems


def test_reading_12_other_value_draws_only_up_to_five(tmp_path):
    """notes Reading 12 (keep_cards), other value: kept cards count towards the 5 drawn (red
    keeps all three unused cards and draws only 2)."""
    steps = """\
  - act: ["red: 18", "blue: 9", "red: pass", "blue: pass"]
  - set:
      tokens: [{select: {kind: card, name: archive}, to: play, owner: red, shown: true}]
  - act: ["red: use", "red: archive", "red: use", "red: local_radio", "red: done", "blue: done"]
  - act:
      - {player: red, actions: [fatherly_friend, fatherly_friend, local_newspaper], finish: done}
  - expect:
      - {count: card, owner: red, at: hand, name: local_newspaper, is: 1}
      - {ask: order_card}
      - {count: card, owner: red, at: hand, is: 5}
      - {count: card, owner: blue, at: hand, is: 5}
"""
    assert run_with_options(tmp_path, {"kept_cards_stay_in_hand": False}, steps) == []


def test_reading_14_other_value_red_cards_cannot_be_bought(tmp_path):
    """notes Reading 14 (red_free), other value: a red card only comes with a card to its
    right; it cannot be bought itself."""
    steps = """\
  - set:
      tokens:
        - {select: {kind: card, at: street_2}, to: box}
        - {select: {kind: card, name: school_diploma, section: 1}, n: 1, to: street_2,
           shown: true}
  - act: ["red: 18", "blue: 9", "red: place", "red: hall_buy_a", "red: end_turn",
          "blue: pass", "red: pass"]
  - set:
      player_vars: {red: {money: 3}}
  - act: ["red: use", "red: hall_buy_a"]
  - expect:
      - {legal: {player: red, excludes: [street_2]}}
  - act: ["red: street_3"]
  - expect:
      - {count: card, colour: red, owner: red, at: temp, is: 1}
"""
    assert run_with_options(tmp_path, {"red_cards_free": False}, steps) == []


@pytest.mark.parametrize("lang, line", [("en", "Turn order: "), ("es", "Orden de turno: "),
                                        ("nl", "Beurtvolgorde: ")])
def test_turn_order_log_line_names_the_players(lang, line, monkeypatch):
    """notes Phase 1 (the revealed cards set the turn order): the log's turn-order line names
    the players in order, in every language, with no placeholder left unfilled."""
    from typer.testing import CliRunner

    from regola.cli.app import app

    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)
    result = CliRunner().invoke(app, ["play", "copycat", "--seats", "random,random,random",
                                      "--seed", "1", "--lang", lang])
    assert result.exit_code == 0, result.output
    orders = [s for s in result.stdout.splitlines() if s.startswith(line)]
    assert orders and not [s for s in orders if "{" in s]
    seats = {"en": ["Red", "Blue", "Green"], "es": ["Rojo", "Azul", "Verde"],
             "nl": ["Rood", "Blauw", "Groen"]}[lang]
    for shown in orders:
        assert sorted(shown.count(name) for name in seats) == [1, 1, 1], shown
