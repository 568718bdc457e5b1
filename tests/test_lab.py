"""The balance lab (issue 11, items 2-3): seats from the bot registry, studies identical on
any number of processes, summaries with 95% intervals, ties and unfinished games, the
statistics, and `regola simulate` / `regola compare` with --json, --csv and --plot."""

from __future__ import annotations

import csv
import io
import json
import re
import sys

import pytest
from rich.console import Console
from typer.testing import CliRunner

import regola
from regola.cli.app import app
from regola.cli.labreport import wins_tables
from regola.i18n.game_words import GameWords
from regola.lab import BadSeats, Study, parse_seat, parse_seats, run_study, summarize
from regola.lab.compare import compare
from regola.lab.stats import holm, mann_whitney, two_proportions, wilson
from regola.lab.study import without_timings

runner = CliRunner()


def run(*args: str):
    return runner.invoke(app, list(args))


def strip(records: list[dict]) -> list[dict]:
    return without_timings(records)


class PickBot:
    """A test-only bot kind with an argument: always the legal action at index ARG."""

    def __init__(self, seed, index: str = "0", *, game=None, seat: int = 0):
        if not index.isdigit():
            raise ValueError(f"expected a number, not {index!r}")
        self.index, self.game, self.seat = int(index), game, seat

    def choose(self, state, seat):
        actions = state.legal_actions(seat)
        return actions[min(self.index, len(actions) - 1)]


class PlainBot(PickBot):
    """A test-only bot kind that takes no argument."""

    def __init__(self, seed):
        super().__init__(seed)


class CheatBot(PickBot):
    """A test-only bot kind that plays an action nobody may take."""

    def choose(self, state, seat):
        return {"id": "no_such_action"}


BOTS = {"random": regola.bots.RandomBot, "pick": PickBot, "plain": PlainBot,
        "cheat": CheatBot}


# -- seats ----------------------------------------------------------------------------------
def test_a_seat_is_a_registry_name_with_an_optional_argument():
    game = regola.load_game("doge")
    specs = parse_seats("random,pick:2,PICK", None, [3, 4], BOTS, game)
    assert [s.label for s in specs] == ["random", "pick:2", "pick"]
    bot = specs[1].make("1/1", game, 1)
    assert (bot.index, bot.game, bot.seat) == (2, game, 1)      # game= and seat= when taken
    assert [s.label for s in parse_seats("pick:1", None, [3, 4], BOTS)] == ["pick:1"] * 4
    assert len(parse_seats("random", 3, [3, 4])) == 3


@pytest.mark.parametrize("seats, message", [
    ("random,wizard", "unknown bot 'wizard' in --seats; bots: random, pick, plain, cheat"),
    ("random,,random", "has an empty seat"),
    ("pick:", "nothing after the colon"),
    ("plain:3", "bot plain takes no argument (--seats plain:3)"),
    ("pick:x", "bad argument in --seats pick:x: expected a number, not 'x'"),
])
def test_bad_seats_are_named(seats, message):
    with pytest.raises(BadSeats) as error:
        parse_seats(seats, None, [3, 4], BOTS)
    assert message in str(error.value)


def test_an_explicit_table_must_match_players():
    with pytest.raises(BadSeats, match="names 2 seats but --players is 3"):
        parse_seats("random,random", 3, [3, 4])


def test_a_test_bot_plays_a_whole_study():
    specs = tuple(parse_seats("pick:0,random,random", None, [3, 4], BOTS))
    records = run_study(Study("doge", specs, 2, 5), jobs=1)
    assert [r["bots"] for r in records] == [["pick:0", "random", "random"]] * 2
    assert all(r["reason"] == "end_condition" for r in records)
    assert parse_seat("pick:3", BOTS).label == "pick:3"


# -- studies --------------------------------------------------------------------------------
def test_jobs_do_not_change_the_results():
    """Done when: simulate --jobs 2 and --jobs 1 give identical results for the same seed."""
    study = Study("doge", tuple(parse_seats("random", 3, [3, 4])), 4, 11)
    one = run_study(study, jobs=1)
    two = run_study(study, jobs=2)
    assert without_timings(one) == without_timings(two)
    assert [r["seed"] for r in one] == [11, 12, 13, 14]
    assert without_timings(run_study(Study("doge", study.seats, 4, 12), jobs=1)) != \
        without_timings(one)


def test_studies_run_together_give_each_studys_own_records():
    """compare plays the base game and its variants on one pool of workers."""
    from regola.lab import run_studies
    seats = tuple(parse_seats("random", 3, [3, 4]))
    base, variant = Study("doge", seats, 3, 8), Study("doge", seats, 3, 8, "year_limit")
    together = run_studies([base, variant], jobs=2)
    assert [without_timings(r) for r in together] == \
        [without_timings(run_study(s, jobs=1)) for s in (base, variant)]
    assert {r["length"] for r in together[1]} == {6}


def test_progress_is_reported_as_games_finish():
    study = Study("doge", tuple(parse_seats("random", 3, [3, 4])), 3, 1)
    seen = []
    run_study(study, jobs=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 3), (2, 3), (3, 3)]
    seen.clear()
    run_study(study, jobs=2, progress=lambda done, total: seen.append((done, total)))
    assert seen[-1] == (3, 3) and [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_error_in_a_game_names_the_game_wherever_it_was_played(jobs):
    specs = tuple(parse_seats("random,random,cheat", None, [3, 4], BOTS))
    with pytest.raises(regola.RegolaError) as error:
        run_study(Study("doge", specs, 2, 30), jobs=jobs)
    notes = getattr(error.value, "__notes__", [])
    assert any(note.startswith("in simulated game ") and "state seed 3" in note
               for note in notes), notes


def test_cli_jobs_give_identical_records():
    args = ["simulate", "doge", "--games", "3", "--seed", "4", "--players", "3", "--json", "-"]
    one = run(*args, "--jobs", "1")
    two = run(*args, "--jobs", "2")
    assert one.exit_code == 0 and two.exit_code == 0, one.output + two.output
    assert strip(json.loads(one.stdout)) == strip(json.loads(two.stdout))


def test_a_record_tells_length_scores_and_replay_seed():
    records = run_study(Study("doge", tuple(parse_seats("random", 3, [3, 4])), 1, 3), jobs=1)
    r = records[0]
    assert r["length"] == r["vars"]["year"] >= 1        # summary: length: year
    assert len(r["scores"]) == 3 and all(len(s) == 2 for s in r["scores"])
    assert r["scores"][r["winners"][0]][0] == max(s[0] for s in r["scores"])
    assert sum(r["decisions"]) == r["steps"]
    # Doge's tie-breakers (end: tiebreakers): palaces, then houses on the board.
    assert r["scores"] == [[r["on_board"]["palace"][p], r["on_board"]["house"][p]]
                           for p in range(3)]


def test_max_decisions_makes_unfinished_games_never_wins():
    specs = tuple(parse_seats("random", 3, [3, 4]))
    records = run_study(Study("doge", specs, 2, 1, max_decisions=20), jobs=1)
    assert [(r["reason"], r["winners"], r["steps"]) for r in records] == \
        [("unfinished", [], 20)] * 2
    summary = summarize(records, ["red", "blue", "green"])
    assert summary["finished"] == 0 and summary["reasons"] == {"unfinished": 2}
    assert all(row["wins"] == 0 and row["rate"] == 0 for row in summary["seats"])
    assert summary["seats"][0]["high"] > 0           # two games say little: a wide interval


def fake(winners, reason="end_condition", scores=((5,), (3,), (1,)), length=4, steps=100):
    return {"players": 3, "bots": ["a", "b", "a"], "winners": winners, "reason": reason,
            "conditions": {str(p): ["goal"] for p in winners}, "vars": {}, "on_board": {},
            "steps": steps, "length": length, "scores": [list(s) for s in scores],
            "seconds": 0.0}


def test_a_shared_win_counts_a_share_and_rates_pool_per_bot_kind():
    records = [fake([0]), fake([0, 1]), fake([2]), fake([], "unfinished")]
    summary = summarize(records, ["x", "y", "z"])
    seats = summary["seats"]
    assert [row["wins"] for row in seats] == [2, 1, 1]
    assert [row["rate"] for row in seats] == [1.5 / 4, 0.5 / 4, 1 / 4]
    assert sum(row["rate"] for row in seats) == 3 / 4    # the unfinished game: nobody's
    assert summary["bots"]["a"]["seats"] == 2
    assert summary["bots"]["a"]["rate"] == pytest.approx(2.5 / 8)
    assert summary["end_conditions"] == {"goal": 3}
    assert summary["scores"]["margin"]["mean"] == 2 and summary["scores"]["spread"]["mean"] == 4
    assert summary["decisions"]["n"] == 3                # lengths: finished games only


def test_shared_wins_are_counted_apart_so_the_wins_add_up_to_the_games():
    records = [fake([0]), fake([0, 1]), fake([2]), fake([1, 2]), fake([1])]
    summary = summarize(records, ["red", "blue", "green"])
    assert [row["shared"] for row in summary["seats"]] == [1, 2, 1]
    assert summary["shared_games"] == 2
    alone = [row["wins"] - row["shared"] for row in summary["seats"]]
    assert sum(alone) + summary["shared_games"] == len(records)
    assert sum(row["rate"] for row in summary["seats"]) == pytest.approx(1.0)
    console = Console(width=120, record=True)
    for t in wins_tables(GameWords(regola.load_game("doge").definition), summary):
        console.print(t)
    text = console.export_text()
    assert "wins alone" in text and "shared" in text
    assert re.search(r"Red \(a\)\s+│\s+1 │\s+1 │\s+30\.0%", text), text
    assert "shared: 2 games won by several players together" in text
    plain = summarize([fake([0]), fake([2])], ["red", "blue", "green"])
    console = Console(width=120, record=True)
    console.print(wins_tables(GameWords(regola.load_game("doge").definition), plain)[0])
    assert "shared" not in console.export_text()


# -- statistics (reference values from scipy 1.17 and the literature) ------------------------
def test_statistics_match_the_references():
    low, high = wilson(45, 100)
    assert (round(low, 4), round(high, 4)) == (0.3561, 0.5476)
    assert wilson(0, 10)[0] == 0 and round(wilson(0, 10)[1], 4) == 0.2775
    assert wilson(0, 0) == (0.0, 0.0)
    assert two_proportions(45, 100, 30, 100) == pytest.approx(0.0284597369, rel=1e-6)
    a = [3, 5, 5, 7, 9, 9, 9, 12, 14, 20]
    b = [8, 10, 11, 11, 13, 15, 16, 16, 18, 25, 30]
    assert mann_whitney(a, b) == pytest.approx(0.018060342738, rel=1e-9)
    assert holm([0.01, 0.04, 0.03, 0.5]) == [True, False, False, False]
    assert holm([0.001, 0.012, 0.02]) == [True, True, True]


def test_compare_marks_a_real_difference_and_not_noise():
    base = [fake([0], length=10 + i % 3) for i in range(40)]
    same = [fake([0], length=10 + i % 3) for i in range(40)]
    short = [fake([1], length=4 + i % 2) for i in range(40)]
    rows = {row.key: row for row in compare(base, [same, short])}
    assert not any(row.significant[0] for row in rows.values())
    assert rows[("length",)].significant[1] and rows[("length",)].test == "Mann-Whitney U"
    assert rows[("win", 0)].significant[1] and rows[("win", 0)].test == "two-proportion z-test"
    assert rows[("length",)].base == 11 and rows[("length",)].values == [11, 4.5]


# -- the commands ----------------------------------------------------------------------------
def test_simulate_prints_intervals_lengths_scores_and_writes_csv():
    result = run("simulate", "doge", "--games", "3", "--seed", "2", "--players", "3",
                 "--jobs", "1", "--csv", "-")
    assert result.exit_code == 0, result.output
    for text in ("interval (95%)", "Red (random)", "Length of the finished games",
                 "the year number", "Score at the end (Palaces)", "gap: first - second",
                 "reason: an end condition was met", "seed: 2"):
        assert text in result.stderr
    rows = list(csv.DictReader(io.StringIO(result.stdout)))
    assert [row["seed"] for row in rows] == ["2", "3", "4"]
    assert rows[0]["bot_red"] == "random" and rows[0]["score_green"].isdigit()


@pytest.mark.parametrize("args, message", [
    (["--seats", "random,wizard,random"], "unknown bot 'wizard' in --seats"),
    (["--seats", "random,random,random,random,random"], "3, 4 players, not 5"),
    (["--seats", "random,random", "--players", "3"], "names 2 seats but --players is 3"),
    (["--plot", "out.gif"], "must be a .png or .svg file"),
    (["--seats", "random,random,random:x"], "random:x"),           # no emoji for :x:
    (["--backend", "ray"], "'ray' is not one of"),
    (["--json", "-", "--csv", "-"], "cannot both write to stdout"),
])
def test_bad_input_is_a_message_and_exit_2(args, message):
    result = run("simulate", "doge", "--games", "1", *args)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_a_bad_variant_file_is_located(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: doge\nvariant: bad\nname: Bad\nconstants:\n  no_such_constant: 3\n",
                   encoding="utf-8")
    for command in (["simulate", "doge", "--variant", str(bad)],
                    ["compare", "doge", "--variant", str(bad)]):
        result = run(*command, "--games", "1")
        assert result.exit_code == 2, result.output
        assert "bad.yaml:5:" in result.output and "Traceback" not in result.output


def test_plot_without_matplotlib_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    result = run("simulate", "doge", "--games", "1", "--plot", "x.png")
    assert result.exit_code == 2
    assert "--plot needs matplotlib: pip install 'regola[lab]'" in result.output
    plain = run("simulate", "doge", "--games", "1", "--players", "3", "--seed", "1")
    assert plain.exit_code == 0, plain.output               # without --plot: no matplotlib


def test_backend_dask_without_dask_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)
    result = run("simulate", "doge", "--games", "1", "--backend", "dask")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "--backend dask needs Dask: pip install 'regola[dask]'" in result.output


def test_simulate_and_compare_draw_pictures(tmp_path):
    pytest.importorskip("matplotlib")
    png, svg = tmp_path / "s.png", tmp_path / "c.svg"
    result = run("simulate", "doge", "--games", "2", "--seed", "1", "--players", "3",
                 "--jobs", "1", "--plot", str(png))
    assert result.exit_code == 0, result.output
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and png.stat().st_size > 10_000
    out = tmp_path / "c.json"
    result = run("compare", "doge", "--variant", "year_limit", "--games", "3", "--seed", "1",
                 "--players", "3", "--jobs", "1", "--plot", str(svg), "--json", str(out))
    assert result.exit_code == 0, result.output
    assert "<svg" in svg.read_text(encoding="utf-8")
    assert "year_limit" in result.stdout and "Mann-Whitney U" in result.stdout
    data = json.loads(out.read_text(encoding="utf-8"))
    rows = {tuple(row["measure"]): row for row in data["rows"]}
    assert rows[("condition", "year_limit")]["variants"][0]["value"] == 1.0
    assert rows[("win", 0)]["test"] == "two-proportion z-test"


# -- the manual shows real commands and their pictures ---------------------------------------
def test_the_manual_lab_commands_run_and_their_pictures_are_there():
    """Done when: simulate --plot and compare output (table and picture) appear in the manual,
    made by the commands shown beside them (run here with one game each)."""
    import re
    import shlex
    from pathlib import Path
    manual = Path(__file__).parent.parent / "site" / "manual"
    section = (manual / "lab.md").read_text(encoding="utf-8")
    commands = re.findall(r"^(regola (?:simulate|compare) .*--plot (\S+))$", section, re.M)
    assert len(commands) == 2
    for command, picture in commands:
        shown = "images/" + picture.split("images/", 1)[1]
        assert f"]({shown})" in section and (manual / shown).stat().st_size > 10_000
        args = shlex.split(command)[1:]
        args = args[:args.index("--plot")]
        args[args.index("--games") + 1] = "1"
        result = run(*args, "--jobs", "1")
        assert result.exit_code == 0, result.output
        assert "seed 1" in result.stdout or "seed: 1" in result.stdout


def test_summary_length_must_name_a_game_variable(doge_copy):
    """`summary: length:` names the game variable simulate reports as the game's length."""
    from conftest import edit_rule_file
    edit_rule_file(doge_copy / "game.yaml", ("  length: year", "  length: years"))
    with pytest.raises(regola.RuleError) as error:
        regola.load_game(str(doge_copy))
    message = str(error.value)
    assert "game.yaml:" in message and "summary.length" in message
    assert "'years' is not a game variable; game variables: year" in message


def test_the_tables_speak_the_language():
    result = run("simulate", "doge", "--games", "2", "--seed", "1", "--players", "3",
                 "--jobs", "1", "--seats", "random,random,random", "--lang", "es")
    assert result.exit_code == 0, result.output
    for text in ("intervalo (95 %)", "Rojo (random)", "Duración de las partidas terminadas",
                 "diferencia: primero - segundo", "semilla: 1"):
        assert text in result.stdout
    bad = run("simulate", "doge", "--games", "1", "--seats", "random,wizard", "--lang", "nl")
    assert bad.exit_code == 2 and "onbekende bot 'wizard' in --seats" in bad.output


def test_each_bot_kind_has_its_time_per_decision():
    """Records keep each seat's CPU time choosing and its slowest choice (timings: left
    out when studies are compared); the summary gives each bot kind's decisions and mean
    time, and simulate prints them."""
    seats = tuple(parse_seats("mcts:8,random,random", None, [3, 4]))
    records = run_study(Study("doge", seats, 2, 5), jobs=1)
    for r in records:
        assert len(r["thinking"]) == len(r["slowest"]) == 3
        assert all(0 <= s <= t for s, t in zip(r["slowest"], r["thinking"]))
        assert "thinking" not in without_timings([r])[0]
    thinking = summarize(records, regola.load_game("doge").definition.seats)["thinking"]
    assert thinking["random"]["decisions"] == sum(r["decisions"][1] + r["decisions"][2]
                                                  for r in records)
    assert thinking["mcts:8"]["mean"] > thinking["random"]["mean"] > 0
    assert thinking["mcts:8"]["max"] >= thinking["mcts:8"]["mean"]
    out = run("simulate", "doge", "--seats", "greedy,random,random", "--games", "1",
              "--seed", "2").stdout
    assert re.search(r"Time per decision \(CPU, one core\)", out)
    assert re.search(r"│ greedy +│ +[\d,]+ │ +[\d.]+ (ms|µs) │", out)
