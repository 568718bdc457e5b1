"""The `regola` command line, run in-process with typer's CliRunner on the real engine."""

from __future__ import annotations

import json
import re
import sys
import types

import pytest
from play_helpers import keyed_game, random_pick
from typer.testing import CliRunner

from conftest import edit_rule_file
from regola.cli.app import app
from regola.lab import without_timings

runner = CliRunner()
FOUR_BOTS = ["--seats", "random,random,random,random"]


def run(*args: str, stdin: str | None = None):
    return runner.invoke(app, list(args), input=stdin)


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """These tests read English output: the locale of the machine must not change it."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


def test_games_lists_builtin_games_with_players_and_options():
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "doge" in result.stdout and "3-4" in result.stdout
    detailed = run("games", "--details")
    assert detailed.exit_code == 0
    assert "markers_mandatory" in detailed.stdout


def test_validate_builtin_game():
    result = run("validate", "doge")
    assert result.exit_code == 0, result.output
    assert re.match(r"ok: doge \(\d+ files\)", result.stdout)
    as_json = json.loads(run("validate", "doge", "--format", "json").stdout)
    assert as_json["valid"] is True and as_json["problems"] == []


@pytest.fixture
def broken_game(doge_copy):
    edit_rule_file(doge_copy / "game.yaml",
                   ("house:  {per_player: 15}", "house:  {per_player: lots}"))
    return doge_copy


def test_validate_broken_yaml_value_reports_file_line_column(broken_game):
    result = run("validate", str(broken_game))
    assert result.exit_code == 2
    assert re.search(r"game\.yaml:\d+:\d+: pieces\.house\.per_player: ", result.output)
    assert "Traceback" not in result.output
    as_json = run("validate", str(broken_game), "--format", "json")
    assert as_json.exit_code == 2
    report = json.loads(as_json.stdout)
    assert report["valid"] is False
    problem = report["problems"][0]
    assert problem["path"] == "pieces.house.per_player" and problem["line"] > 0


def test_unknown_game_and_variant_are_clear_messages():
    result = run("validate", "no_such_game")
    assert result.exit_code == 2
    assert "no_such_game" in result.output and "doge" in result.output
    assert "Traceback" not in result.output
    variant = run("validate", "doge", "--variant", "no_such_variant")
    assert variant.exit_code == 2 and "no_such_variant" in variant.output
    played = run("play", "no_such_game", *FOUR_BOTS)
    assert played.exit_code == 2 and "Traceback" not in played.output


def test_play_all_bots_prints_story_and_score_table_deterministically():
    result = run("play", "doge", *FOUR_BOTS, "--seed", "1")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Game over" in out and "Year 1 begins." in out
    assert "ballot marker" not in out                 # the story, not the raw moves
    header = re.search(r"^place +player +Palaces +Houses on the board", out, re.MULTILINE)
    assert header, out[-800:]
    rows = re.findall(r"^ +([1-4]) +(Red|Blue|Green|Yellow)( ★)? +(\d+) +(\d+)", out,
                      re.MULTILINE)
    assert len(rows) == 4 and rows[0][0] == "1" and rows[0][2] == " ★"
    assert re.search(r"^(Red|Blue|Green|Yellow) wins \((only \w+ met an end condition|"
                     r"decided by (Palaces|Houses on the board))\)$", out, re.MULTILINE)
    assert "Traceback" not in result.output
    again = run("play", "doge", *FOUR_BOTS, "--seed", "1")
    assert again.stdout == out
    full = run("play", "doge", *FOUR_BOTS, "--seed", "1", "--log")
    assert "ballot marker" in full.stdout and len(full.stdout) > len(out)
    # One sentence per act: the story is a fraction of the raw log, not a fixed length.
    assert 3 * len(out.splitlines()) < len(full.stdout.splitlines())


def test_play_checks_players_and_seats():
    too_many = run("play", "doge", "--players", "5", "--seed", "1")
    assert too_many.exit_code == 2
    assert "3, 4" in too_many.output and "Traceback" not in too_many.output
    unknown = run("play", "doge", "--seats", "human,robot,random")
    assert unknown.exit_code == 2 and "robot" in unknown.output
    mismatch = run("play", "doge", "--players", "3", *FOUR_BOTS)
    assert mismatch.exit_code == 2 and "--players" in mismatch.output


def test_human_seat_is_reprompted_and_advances_until_input_ends():
    # An invalid entry, a number that is no key here, then 30 keys that are; then EOF.
    keys, _ = keyed_game("doge", 4, 3, random_pick(1), stop_after=30)
    result = run("play", "doge", "--seed", "3", stdin="nonsense\n0\n" + "\n".join(keys))
    assert result.exit_code in (0, 1), result.output
    out = result.stdout
    assert "not a key here: 'nonsense'" in out and "not a key here: '0'" in out
    assert out.count("Red (1): ") >= 30
    assert "[0] ballot marker 0" in out    # a marker's value is its own key
    assert "Red chooses" in out            # its own secret choices are shown back to it
    assert "Traceback" not in result.output
    if result.exit_code == 1:
        assert "game abandoned" in result.output


def test_human_may_answer_with_an_action_id():
    result = run("play", "doge", "--seed", "3", "--players", "3", stdin="castello\n")
    assert "Choose a ballot marker to put on your Castello card" in result.stdout


def test_human_never_sees_other_seats_secrets():
    result = run("play", "doge", "--seed", "5", stdin="board\n" + "1\n" * 12)
    out = result.stdout
    # Other seats' cards and markers are only counted, and no secret token id is shown.
    for seat in ("Blue", "Green", "Yellow"):
        assert re.search(rf"{seat} +. hand +. 7 face down", out), seat
    assert not re.search(r"\b(marker|card)-\d+", out)
    # blue's secret choices (area cards and markers) are never shown; public ones may be.
    assert not re.search(r"Blue chooses (Cannaregio|Castello|Dorsoduro|San Marco|San Polo|"
                         r"Santa Croce|Quarantia|\d)", out)


def test_simulate_json_to_stdout_is_reproducible():
    args = ["simulate", "doge", "--games", "5", "--seed", "7", "--players", "4", "--json", "-"]
    first = run(*args)
    assert first.exit_code == 0, first.output
    records = json.loads(first.stdout)
    assert len(records) == 5
    for rec in records:
        assert rec["winners"] and rec["reason"] != "step_limit"
        assert rec["conditions"] and rec["steps"] > 0 and "year" in rec["vars"]
    assert "games/second" in first.stderr     # the summary goes to stderr with --json -
    second = json.loads(run(*args).stdout)

    def strip(recs):
        return without_timings(recs)
    assert strip(second) == strip(records)


def test_simulate_writes_json_file_and_rejects_bad_player_count(tmp_path):
    target = tmp_path / "out.json"
    result = run("simulate", "doge", "--games", "2", "--players", "3", "--json", str(target))
    assert result.exit_code == 0, result.output
    assert "games/second" in result.stdout and "Wins" in result.stdout
    assert len(json.loads(target.read_text(encoding="utf-8"))) == 2
    bad = run("simulate", "doge", "--games", "2", "--players", "5")
    assert bad.exit_code == 2
    assert "3, 4" in bad.output and "Traceback" not in bad.output


def test_simulate_reports_games_stopped_at_the_step_limit():
    result = run("simulate", "doge", "--games", "2", "--step-limit", "10", "--json", "-")
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert [r["reason"] for r in records] == ["step_limit", "step_limit"]
    assert "step limit" in result.stderr


def test_scenario_run_delegates_to_the_runner(monkeypatch):
    calls = []
    fake = types.ModuleType("regola.scenarios.runner")
    fake.main = lambda paths: calls.append(paths) or 3
    monkeypatch.setitem(sys.modules, "regola.scenarios.runner", fake)
    result = run("scenario", "run", "a.yaml", "b")
    assert result.exit_code == 3
    assert calls == [["a.yaml", "b"]]


def test_unknown_game_variant_and_language_are_reported_in_the_chosen_language(monkeypatch):
    game = run("play", "nope", "--lang", "es")
    assert game.exit_code == 2 and "juego desconocido 'nope'" in game.output
    variant = run("rulebook", "doge", "--variant", "zzz", "--lang", "nl")
    assert variant.exit_code == 2
    assert "onbekende variant 'zzz' van doge" in variant.output and "year_limit" in variant.output
    monkeypatch.setenv("LANG", "es_ES.UTF-8")        # the language itself is unknown: the locale
    language = run("rulebook", "doge", "--lang", "fr")
    assert language.exit_code == 2 and "idioma desconocido 'fr'" in language.output
    assert "Traceback" not in game.output + variant.output + language.output


def test_players_zero_is_refused_like_any_bad_count():
    for command in (["play", "doge", "--seed", "1"], ["simulate", "doge", "--games", "1"]):
        for count in ("0", "-1", "5"):
            result = run(*command, "--players", count)
            assert result.exit_code == 2, result.output
            assert "3, 4" in result.output and f"not {count}" in result.output
            assert "Traceback" not in result.output
    seats = run("play", "doge", *FOUR_BOTS, "--players", "0")
    assert seats.exit_code == 2 and "--players is 0" in seats.output


def test_the_seed_is_shown_only_once_the_game_is_over():
    """The seed tells every hidden order: no seat sees it during the game; at the end it is
    printed with the command that replays the game."""
    result = run("play", "doge", *FOUR_BOTS)
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "seed" not in out.split("Game over")[0].lower()
    seeds = re.findall(r"^seed: (\d+)$", out, re.MULTILINE)
    assert len(seeds) == 1 and int(seeds[0]) >= 10 ** 6         # a default seed: unguessable
    assert out.index("seed: ") > out.index(" wins")
    command = re.search(r"^to replay this game:\n(regola play .*)$", out, re.MULTILINE)[1]
    assert command == f"regola play doge --seed {seeds[0]} --seats random,random,random,random"
    again = run(*command.split()[1:])
    assert again.stdout == out
    # A human seat that stops before the end never sees it, whether given or not.
    for seed in ([], ["--seed", "4242"]):
        human = run("play", "doge", *seed, stdin="1\n0\n" * 5)
        assert human.exit_code == 1 and "game abandoned" in human.output
        assert "seed" not in human.output.lower() and "4242" not in human.output
        assert "replay" not in human.output


def test_a_human_sees_the_seed_and_the_replay_command_after_the_game():
    keys, _ = keyed_game("doge", 3, 9, random_pick(1), variant="year_limit")
    result = run("play", "doge", "--seats", "human,random,random", "--seed", "9",
                 "--variant", "year_limit", stdin="\n".join(keys) + "\n")
    assert result.exit_code == 0, result.output
    before, after = result.stdout.split("result", 1)
    assert "seed" not in before.lower()
    assert "seed: 9" in after and "regola play doge --seed 9 --seats human,random,random " \
                                   "--variant year_limit" in after


def test_simulate_max_decisions_reports_runaway_games_as_unfinished():
    result = run("simulate", "doge", "--games", "2", "--seed", "1", "--max-decisions", "30",
                 "--json", "-")
    assert result.exit_code == 0, result.output
    records = json.loads(result.stdout)
    assert [(r["reason"], r["winners"], r["steps"]) for r in records] == \
        [("unfinished", [], 30)] * 2
    assert "reason: unfinished" in result.stderr and "seed: 1" in result.stderr
    bad = run("simulate", "doge", "--games", "1", "--max-decisions", "0")
    assert bad.exit_code == 2


def test_simulate_checks_its_output_path_before_playing(tmp_path):
    missing = run("simulate", "doge", "--games", "100000", "--json", "/nonexistent/x.json")
    assert missing.exit_code == 2
    assert "cannot write /nonexistent/x.json" in missing.output
    assert "games/second" not in missing.output and "Traceback" not in missing.output
    folder = run("simulate", "doge", "--games", "100000", "--json", str(tmp_path))
    assert folder.exit_code == 2 and "it is a folder" in folder.output


def test_rulebook_out_checked_first_and_relative_paths_work(tmp_path, monkeypatch):
    blocker = tmp_path / "file"
    blocker.write_text("x", encoding="utf-8")
    bad = run("rulebook", "doge", "--lang", "en", "--out", str(blocker / "book"))
    assert bad.exit_code == 2 and "is a file" in bad.output
    monkeypatch.chdir(tmp_path)
    good = run("rulebook", "doge", "--lang", "en", "--out", "book")
    assert good.exit_code == 0, good.output
    assert (tmp_path / "book" / "doge.en.md").exists()
    assert good.stdout.startswith("book/doge.en.md")


def test_version():
    from importlib.metadata import version

    import regola
    result = run("--version")
    assert result.exit_code == 0
    assert result.stdout == f"regola {regola.__version__}\n"
    assert regola.__version__ == version("regola")


def test_an_unknown_game_id_suggests_the_nearest_built_in():
    """A mistyped game id names the built-in game it is closest to; a far one lists them all,
    and neither shows a traceback."""
    runner = CliRunner()
    near = runner.invoke(app, ["validate", "dgoe"])
    assert near.exit_code != 0 and "(did you mean doge?)" in near.output
    far = runner.invoke(app, ["validate", "chess"])
    assert "did you mean" not in far.output
    assert "copycat, doge, goofspiel, kuhn, leduc, rialto, tictactoe, warsaw" in far.output
    assert "Traceback" not in near.output + far.output


def test_games_with_one_game_shows_its_details():
    """`regola games warsaw` lists Warsaw alone with its provisional data and options; a
    mistyped id gets the nearest built-in game."""
    runner = CliRunner()
    result = runner.invoke(app, ["games", "warsaw"])
    assert result.exit_code == 0
    assert "warsaw: provisional data" in result.output and "doge" not in result.output
    assert "warsaw: options (rule readings)" in result.output
    typo = runner.invoke(app, ["games", "warsw"])
    assert typo.exit_code != 0 and "(did you mean warsaw?)" in typo.output


def test_the_hot_seat_blank_erases_the_scrollback():
    """Two people at one terminal: between them the screen is cleared and the scrollback
    erased too, so the next person cannot scroll up to the last one's hand; they are asked
    to press Enter only when alone."""
    import io

    from rich.console import Console

    import regola
    from regola.cli.session import ERASE_SCROLLBACK, HUMAN, Session
    from regola.i18n.catalog import Words
    from regola.i18n.game_words import GameWords

    game = regola.load_game("doge")
    out = io.StringIO()
    console = Console(file=out, force_terminal=True, width=80)
    asked = []
    session = Session(console, game, [HUMAN, HUMAN, "random"], 1,
                      GameWords(game.definition, Words("en")), asked.append,
                      game.new_state(players=3, seed=1))
    session.hand_over(0)
    assert ERASE_SCROLLBACK not in out.getvalue() and not asked     # the first person
    session.hand_over(1)
    assert "\x1b[2J" in out.getvalue() and ERASE_SCROLLBACK in out.getvalue()
    assert asked and "press Enter when only" in asked[0]


def test_a_choice_of_a_player_shows_the_players_seat_name():
    """A decision whose options are players (the duel test game's "strike at whom?") says
    so in its context (option_kind "player"), and the terminal labels each option with the
    seat's name, not a bare number."""
    import random
    from pathlib import Path

    import regola
    from regola.i18n.catalog import Words
    from regola.i18n.game_words import GameWords
    from regola.present.labels import Namer

    game = regola.load_game(str(Path(__file__).parent / "data" / "duel_game"))
    gw = GameWords(game.definition, Words("en"))
    state, rng = game.new_state(players=3, seed=4), random.Random(4)
    for _ in range(200):
        seat = state.to_move[0]
        context = state.decision_context(seat)
        if context["option_kind"] == "player":
            actions = state.legal_actions(seat)
            namer = Namer(game, gw, state.observe(seat))
            labels = [namer.option(a["value"], context["named"], "player") for a in actions]
            assert labels == [gw.seat(a["value"]) for a in actions]
            assert not any(label.isdigit() for label in labels)
            return
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    raise AssertionError("no decision chose a player")


def test_a_location_at_line_100_prints_as_digits_not_an_emoji(doge_copy):
    """Rich turns ':100:' into an emoji unless told not to: a problem on line 100 of a
    rule file must print as file:100:column."""
    text_file = doge_copy / "text.yaml"
    lines = text_file.read_text().splitlines()
    assert lines[99].startswith("  # ")            # a comment inside the notes section
    lines[99] = '  unsafe_note: "{area.__class__}"'
    text_file.write_text("\n".join(lines) + "\n")
    result = run("validate", str(doge_copy))
    assert result.exit_code == 2
    assert "text.yaml:100:" in result.output and "💯" not in result.output


def test_games_details_fill_the_placeholders_of_option_summaries():
    """`regola games copycat --details` printed "phase {=2}" and "{most_workers}" in its
    options table (newcomer nc14): the summaries are filled from the data."""
    from typer.testing import CliRunner

    from regola.cli.app import app
    result = CliRunner().invoke(app, ["games", "copycat", "--details"],
                                env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    assert "{" not in result.output and "phase 2" in result.output
