"""Doge's notes (shared/rules-notes/doge.md) item by item where a scenario cannot say it: the
component and board data, what each seat may see, the player counts, and the readings as
options a variant can flip. Each test names the notes' item it checks (rules/doge/coverage.yaml
lists them)."""

from __future__ import annotations

import textwrap
from collections import Counter
from pathlib import Path

import pytest

import regola
from regola.scenarios.runner import run_file

ROOT = Path(__file__).resolve().parent.parent
DOGE = ROOT / "rules" / "doge"
DISTRICTS = ["cannaregio", "castello", "dorsoduro", "san_marco", "san_polo", "santa_croce"]
AREAS = DISTRICTS + ["quarantia"]


@pytest.fixture(scope="module")
def doge():
    return regola.load_game("doge").definition


def test_components_per_colour(doge):
    """notes: Components - per colour 15 houses, 8 palaces, 6 control rings, 7 player cards
    (one per area) and 7 ballot markers valued 0, 1, 1, 2, 2, 3, 3; four colours."""
    assert {k: p.per_player for k, p in doge.pieces.items()} == \
        {"house": 15, "palace": 8, "ring": 6}
    assert sorted(doge.tokens["marker"].props["value"]) == [0, 1, 1, 2, 2, 3, 3]
    assert doge.tokens["marker"].per_player and doge.tokens["card"].per_player
    assert sorted(doge.tokens["card"].props["area"]) == sorted(AREAS)
    assert doge.seats == ["red", "blue", "green", "yellow"]
    state = regola.load_game("doge").new_state(players=4, seed=3)
    for p in range(4):
        mine = Counter(t["kind"] for t in state.token_records().values() if t["owner"] == p)
        assert mine == {"marker": 7, "card": 7}
        values = sorted(t["value"] for t in state.token_records().values()
                        if t["owner"] == p and t["kind"] == "marker")
        assert values == [0, 1, 1, 2, 2, 3, 3]


def test_shared_advisors_and_voting_cards(doge):
    """notes: Components - 9 shared advisors (one per district, three for the Quarantia), and
    14 voting-order cards in two sets of 7 (brown, blue), one card per area in each set."""
    advisor = doge.tokens["advisor"]
    assert not advisor.per_player and advisor.control_piece == "ring"
    assert Counter(advisor.props["home"]) == {**{d: 1 for d in DISTRICTS}, "quarantia": 3}
    assert sorted(doge.decks) == ["blue", "brown"]
    for deck in doge.decks.values():
        assert sorted(deck.cards) == sorted(AREAS)


def test_three_or_four_players_the_fourth_colour_stays_in_the_box():
    """notes: Components - 3 or 4 players; with 3 the fourth colour (yellow) stays in the box:
    nothing in play belongs to it. Other counts are refused."""
    game = regola.load_game("doge")
    state = game.new_state(players=3, seed=1)
    assert state.data["n"] == 3
    assert {t["owner"] for t in state.token_records().values() if t["owner"] is not None} == \
        {0, 1, 2}
    for rows in state.piece_counts().values():
        assert all(len(row) == 3 for row in rows.values())
    assert state.observe(None)["players"] == 3
    for n in (2, 5):
        with pytest.raises(regola.UnsupportedPlayers):
            game.new_state(players=n)


def test_board_areas_symbols_and_palace_spaces(doge):
    """notes: Board - 7 areas: 6 districts and the Quarantia, each with its own symbol; each
    district has 5 palace spaces costing 3, 4, 5, 6 and 7 houses."""
    kinds = {a: props["kind"] for a, props in doge.areas.items()}
    assert sorted(a for a, k in kinds.items() if k == "district") == DISTRICTS
    assert [a for a, k in kinds.items() if k == "council"] == ["quarantia"]
    symbols = [props["symbol"] for props in doge.areas.values()]
    assert len(set(symbols)) == 7
    for d in DISTRICTS:
        assert doge.areas[d]["palace_costs"] == [3, 4, 5, 6, 7]


def test_advisor_homes_and_neutral_place(doge):
    """notes: Board - an advisor's home is the area whose symbol it bears; a neutral advisor
    stands on its symbol beside the board, in no area, controlled by nobody."""
    state = regola.load_game("doge").new_state(players=4, seed=2)
    advisors = [t for t in state.token_records().values() if t["kind"] == "advisor"]
    assert sorted(t["home"] for t in advisors) == sorted(DISTRICTS + ["quarantia"] * 3)
    assert all(t["home"] in doge.areas for t in advisors)
    assert all(t["at"] == "neutral" and t["controller"] is None for t in advisors)
    assert "neutral" not in doge.areas and "neutral" in doge.locations


def _play_round_one(state):
    """Red puts a 3 and a 2 on Castello; the others a 1 on San Polo."""
    for action in ("castello", 3, 2, "done"):
        state.apply(0, action)
    for seat in (1, 2, 3):
        for action in ("san_polo", 1, "done"):
            state.apply(seat, action)


def test_stack_sizes_are_public_marker_values_are_not():
    """notes: Phase 1 - once the cards are revealed the markers lie face down in their areas,
    one stack per player per area: every seat sees the stack's size, only the owner its
    values (notes: Components - values are secret to all but the owner)."""
    state = regola.load_game("doge").new_state(players=4, seed=1)
    _play_round_one(state)
    assert state.decision(0)["ask"] == "choose_area"     # round 2: the reveal is done

    def stack(seat, owner, area):
        return [t for t in state.observe(seat)["tokens"]
                if t["kind"] == "marker" and t["owner"] == owner and t["at"] == area]

    for viewer in (1, 2, 3, None):
        seen = stack(viewer, 0, "castello")
        assert len(seen) == 2
        assert all("value" not in t and "id" not in t for t in seen)
    assert sorted(t["value"] for t in stack(0, 0, "castello")) == [2, 3]
    # The card itself is revealed: everybody sees which area red chose.
    cards = [t for t in state.observe(1)["tokens"] if t["kind"] == "card" and t["owner"] == 0
             and t["at"] == "in_play"]
    assert [t["area"] for t in cards] == ["castello"]


def test_every_reading_is_an_option_a_variant_can_flip(doge):
    """notes: Readings - each of the 14 readings lives in the rule data as a named option
    with its number and a summary (so a variant can flip it); Reading 13 names its two
    values; Reading 14 says it is provisional."""
    readings = {o.reading: o for o in doge.options.values() if o.reading is not None}
    assert sorted(readings) == list(range(1, 15))
    assert readings[14].name == "stalemate_ends_game"
    assert readings[14].summary.startswith("PROVISIONAL")
    assert all(o.summary for o in readings.values())
    assert all(o.value is True for n, o in readings.items() if n != 13)
    assert readings[13].name == "quarantia_tied_runners_up"
    assert readings[13].value == "in_runner_up_place"


def test_reading_10_a_variant_may_let_players_decline_houses(tmp_path):
    """notes: Reading 10 - houses are placed automatically, and a variant may make them
    optional: with automatic_houses off, the winner is asked how many of 0-2 to place."""
    variant = tmp_path / "optional_houses.yaml"
    variant.write_text("extends: doge\nvariant: optional_houses\nname: Optional houses\n"
                       "options:\n  automatic_houses: {value: false}\n", encoding="utf-8")
    scenario = tmp_path / "optional.scenario.yaml"
    scenario.write_text(textwrap.dedent(f"""\
        game: doge
        variant: {variant}
        players: 4
        seed: 1
        steps:
          - set:
              deck: {{brown: [castello, cannaregio, santa_croce, san_polo, dorsoduro, san_marco,
                              quarantia]}}
          - act:
              - {{player: red, actions: [castello, 3], finish: done}}
              - {{players: [blue, green, yellow], actions: [san_polo, 1], finish: done}}
          - act:
              - {{players: all, actions: [cannaregio, 0], finish: done}}
          - act:
              - {{players: all, actions: [santa_croce, 1], finish: done}}
          - act: ["red: take", "red: dorsoduro"]
          - expect:
              - {{ask: how_many_houses, player: red}}
              - {{legal: {{player: red, is: [0, 1, 2]}}}}
          - act: ["red: 1"]
          - expect:
              - {{count: house, player: red, at: castello, is: 1}}
              - {{count: house, player: red, at: supply, is: 14}}
        """), encoding="utf-8")
    report = run_file(scenario)
    assert report.ok, report.lines()


def _optional_houses(tmp_path: Path) -> Path:
    """Doge with Reading 10's other value (automatic_houses false), as a variant file."""
    variant = tmp_path / "optional_houses.yaml"
    variant.write_text("extends: doge\nvariant: optional_houses\nname: Optional houses\n"
                       "options:\n  automatic_houses: {value: false}\n", encoding="utf-8")
    return variant


def test_reading_10_optional_houses_declined_give_no_build(tmp_path):
    """notes: Palaces (a palace only at once after houses arrive, at no other time) with
    Reading 10's other value: red, with 3 houses in Castello, wins it and chooses to place
    0 houses: nothing arrives, so red is not asked to build. Blue, the runner-up, has no
    house in supply: the only number left is 0, so blue is not asked how many either."""
    scenario = tmp_path / "declined.scenario.yaml"
    scenario.write_text(textwrap.dedent(f"""\
        game: doge
        variant: {_optional_houses(tmp_path)}
        players: 4
        seed: 1
        steps:
          - set:
              deck: {{brown: [cannaregio, santa_croce, dorsoduro, san_marco, san_polo,
                              quarantia, castello]}}
              place:
                - {{piece: house, player: red, at: castello, n: 3}}
                - {{piece: house, player: blue, at: castello, n: 4}}
                - {{piece: house, player: blue, at: san_polo, n: 11}}
          - act:
              - {{player: red, actions: [castello, 3, 2], finish: done}}
              - {{player: blue, actions: [castello, 3], finish: done}}
              - {{players: [green, yellow], actions: [san_polo, 1], finish: done}}
          - act:
              - {{players: all, actions: [cannaregio, 0], finish: done}}
          - act:
              - {{players: all, actions: [santa_croce, 1], finish: done}}
          - auto: {{until: {{ask: advisor_action, player: red}}, prefer: [0]}}
          - act: ["red: take", "red: dorsoduro"]
          - expect:
              - {{ask: how_many_houses, player: red}}
              - {{legal: {{player: red, is: [0, 1, 2]}}}}
          - act: ["red: 0"]
          - expect:
              - {{var: year, is: 2}}
              - {{count: house, player: red, at: castello, is: 3}}
              - {{count: house, player: blue, at: castello, is: 4}}
              - {{no_log: {{e: choice, ask: build_palace}}}}
              - {{no_log: {{e: choice, ask: how_many_houses, player: blue}}}}
        """), encoding="utf-8")
    report = run_file(scenario)
    assert report.ok, report.lines()


def test_reading_13_after_winner_tied_runners_up_move_after_both_steps(tmp_path):
    """notes: Reading 13's other value (quarantia_tied_runners_up: after_winner): with one
    Quarantia winner and a tie for second, the winner takes both steps first, then each
    tied runner-up in seat order may move 1 own house."""
    variant = tmp_path / "after_winner.yaml"
    variant.write_text("extends: doge\nvariant: after_winner\nname: Runners-up last\n"
                       "options:\n  quarantia_tied_runners_up: {value: after_winner}\n",
                       encoding="utf-8")
    scenario = tmp_path / "after_winner.scenario.yaml"
    scenario.write_text(textwrap.dedent(f"""\
        game: doge
        variant: {variant}
        players: 4
        seed: 1
        steps:
          - set:
              deck: {{brown: [cannaregio, santa_croce, quarantia, dorsoduro, castello,
                              san_marco, san_polo]}}
          - act:
              - {{player: red, actions: [quarantia, 3, 3], finish: done}}
              - {{players: [blue, green], actions: [quarantia, 2], finish: done}}
              - {{player: yellow, actions: [quarantia, 1], finish: done}}
          - act:
              - {{players: all, actions: [cannaregio, 0], finish: done}}
          - act:
              - {{players: all, actions: [santa_croce, 1], finish: done}}
          - expect:
              - {{log: {{msg: election_result, area: quarantia, winners: [red],
                        runners_up: [blue, green]}}}}
          - act: ["red: take", "red: cannaregio"]
          - expect:
              - {{ask: advisor_action, player: red}}
              - {{to_move: [red]}}
              - {{no_log: {{e: choice, ask: move_house_from}}}}
          - act: ["red: take", "red: santa_croce"]
          - expect:
              - {{ask: move_house_from, player: blue}}
          - act: ["blue: santa_croce", "blue: castello"]
          - expect:
              - {{ask: move_house_from, player: green}}
          - act: ["green: none"]
          - expect:
              - {{var: year, is: 2}}
              - {{count: advisor, home: quarantia, controller: red, is: 2}}
              - {{count: house, player: blue, at: castello, is: 1}}
        """), encoding="utf-8")
    report = run_file(scenario)
    assert report.ok, report.lines()
