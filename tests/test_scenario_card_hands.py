"""Scenarios on a card game with secret hands (a designer's game written from the manual
alone): a choice of a player answered by the seat's name, an empty `legal` list explained,
and a starting hand fixed after the deal with `set: piles:` (`only:`, `swap:`)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from regola.scenarios.runner import run_file

GAME = Path(__file__).resolve().parent / "data" / "smugglers_game"


def problems(tmp_path: Path, steps: str, players: int = 3, seed: int = 2) -> list[tuple[int, str]]:
    path = tmp_path / "case.scenario.yaml"
    path.write_text(f"game: {GAME}\nplayers: {players}\nseed: {seed}\nsteps:\n"
                    + textwrap.dedent(steps), encoding="utf-8")
    return run_file(path).problems


def test_the_games_own_scenarios_pass():
    for path in sorted((GAME / "scenarios").glob("*.scenario.yaml")):
        assert run_file(path).problems == [], path.name


def test_a_choice_of_a_player_is_answered_by_the_seats_name(tmp_path):
    assert problems(tmp_path, """\
      - act: ["red: thief"]
      - expect:
          - {legal: {player: red, is: [blue, green]}}
          - {legal: {player: red, includes: [green], excludes: [red]}}
      - act: ["red: blue"]
      - expect:
          - {log: {msg: stolen, player: red, target: blue}}
          - {count: cargo, player: blue, at: hand, is: 2}
    """) == []


def test_seat_numbers_still_answer_a_choice_of_a_player(tmp_path):
    assert problems(tmp_path, """\
      - act: ["red: thief"]
      - expect:
          - {legal: {player: red, is: [1, 2]}}
      - act: ["red: 2"]
      - expect:
          - {log: {msg: stolen, player: red, target: green}}
    """) == []


def test_a_wrong_seat_name_is_refused_with_the_legal_options(tmp_path):
    found = problems(tmp_path, """\
      - act: ["red: thief"]
      - expect:
          - {legal: {player: red, is: [blue]}}
    """)
    assert len(found) == 1
    assert "legal for red: expected [blue], found [1, 2]" in found[0][1]


def test_an_empty_legal_list_says_the_player_was_not_asked(tmp_path):
    found = problems(tmp_path, """\
      - act: ["red: thief", "red: blue"]
      - expect:
          - {legal: {player: red, is: [spice]}}
    """)
    assert len(found) == 1
    line, message = found[0]
    assert "found []" in message
    assert "red is not asked anything now; to move: blue" in message
    assert "a choice with only one option is taken without asking" in message
    assert "ask_single_option: true" in message


def test_a_hand_is_fixed_after_the_deal_by_swapping_with_other_players(tmp_path):
    # every gold card may be in a rival's hand after the deal: swap takes it from there and
    # gives that rival one of the cards red lets go, so every hand keeps three cards
    assert problems(tmp_path, """\
      - set:
          piles:
            cargo: {red: {hand: {cards: [gold, gold, gold], only: pile, swap: true}}}
      - expect:
          - {pile: hand, kind: cargo, player: red, cards: [gold, gold, gold], n: 3}
          - {count: cargo, player: blue, at: hand, is: 3}
          - {count: cargo, player: green, at: hand, is: 3}
          - {count: cargo, at: pile, is: 9}
    """) == []


def test_without_swap_a_card_in_a_rivals_hand_asks_for_its_owner(tmp_path):
    found = problems(tmp_path, """\
      - set:
          piles:
            cargo: {red: {hand: {cards: [gold, gold, gold], only: pile}}}
    """)
    assert len(found) == 1
    assert "name the owner to take one" in found[0][1]
    assert "swap: true" in found[0][1]


def test_an_ask_prefix_on_a_name_that_clashes_with_nothing_says_to_write_the_plain_name(
        tmp_path):
    import shutil

    from typer.testing import CliRunner

    from regola.cli.app import app
    game = tmp_path / "smugglers"
    shutil.copytree(GAME, game)
    book = game / "rulebook.yaml"
    book.write_text(book.read_text(encoding="utf-8").replace(
        "explains: [take_turn, play_cargo]", 'explains: [take_turn, "ask:play_cargo"]'),
        encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(game)])
    assert result.exit_code == 2
    assert ("'ask:play_cargo' is no procedure, ask, end condition or reading of the game; "
            "a prefix only tells apart two rules of one name: write 'play_cargo'") in result.output
    assert CliRunner().invoke(app, ["validate", str(GAME)]).exit_code == 0


def test_components_that_say_see_the_table_print_the_table():
    from typer.testing import CliRunner

    from regola.cli.app import app
    result = CliRunner().invoke(app, ["rulebook", str(GAME)])
    assert result.exit_code == 0, result.output
    book = result.output
    said = book.index("18 cargo cards, each showing its name and value (see the table)")
    table = book.index("| name | value | how many |")
    assert said < table < book.index("## A turn")
    assert "| gold | 3 | 3 |" in book and "| thief | 0 | 4 |" in book


def test_validate_warns_of_card_names_the_text_file_does_not_name(tmp_path):
    import re
    import shutil

    from typer.testing import CliRunner

    from regola.cli.app import app
    game = tmp_path / "smugglers"
    shutil.copytree(GAME, game)
    text = game / "text.yaml"
    text.write_text(re.sub(r"values:\n(  .*\n)+", "", text.read_text(encoding="utf-8")),
                    encoding="utf-8")
    shutil.rmtree(game / "locales")
    spec = game / "game.yaml"
    spec.write_text(spec.read_text(encoding="utf-8").replace("languages: [en, es]",
                                                             "languages: [en]"),
                    encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(game)])
    assert result.exit_code == 0, result.output
    assert ("tokens.cargo.name: no text for 'gold', 'silk', 'spice', 'thief' in the values "
            "section of the game's text file") in result.output
    assert "no text for" not in CliRunner().invoke(app, ["validate", str(GAME)]).output
