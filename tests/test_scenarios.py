"""The scenario runner: located failures, malformed files, xfail, and the built-in scenarios."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest

from regola.scenarios.pytest_plugin import is_rule_scenario
from regola.scenarios.runner import main, run_file

ROOT = Path(__file__).resolve().parent.parent
DATA = Path(__file__).resolve().parent / "data"
DOGE = ROOT / "rules" / "doge" / "scenarios"

HEADER = """\
game: doge
players: 4
seed: 1
steps:
"""

# Phase 1 of year 1 in which red alone wins Castello, voting first.
RED_WINS_CASTELLO = """\
  - set:
      deck: {brown: [castello, cannaregio, santa_croce, san_polo, dorsoduro, san_marco, quarantia]}
  - act:
      - {player: red, actions: [castello, 3], finish: done}
      - {players: [blue, green, yellow], actions: [san_polo, 1], finish: done}
  - act:
      - {players: all, actions: [cannaregio, 0], finish: done}
  - act:
      - {players: all, actions: [santa_croce, 1], finish: done}
"""


def write(tmp_path: Path, text: str, name: str = "case.scenario.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def run_text(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    return run_file(write(tmp_path, text)).problems


def test_wrong_scenario_fails_with_file_and_line(capsys):
    path = DATA / "wrong_house_count.scenario.yaml"
    assert main([str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "0 passed, 1 failed"
    assert out[0].startswith(f"{path}:23: ")
    assert "expected 3, found 2" in out[0]


def test_built_in_scenarios_pass(capsys):
    files = sorted(DOGE.glob("*.scenario.yaml"))
    assert len(files) >= 30
    code = main([str(DOGE)])
    out = capsys.readouterr().out.splitlines()
    xfails = sum(1 for f in files if "\nxfail:" in f.read_text(encoding="utf-8"))
    assert out[-1] == f"{len(files)} passed, 0 failed", "\n".join(out)
    assert code == 0
    assert len(out) == 1 + xfails


def test_counts_and_exit_code_over_several_paths(capsys, tmp_path):
    good = write(tmp_path, HEADER + "  - expect: {to_move: [red, blue, green, yellow]}\n",
                 "good.scenario.yaml")
    assert main([str(good), str(DATA), str(tmp_path / "missing.scenario.yaml")]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any("missing.scenario.yaml: no such scenario file or folder" in line for line in out)
    assert out[-1] == "3 passed, 2 failed"      # the good one and smugglers_game's two


@pytest.mark.parametrize(("body", "line", "words"), [
    ("  - expect: {count: hous, is: 1}\n", 5, "unknown piece 'hous'"),
    ("  - act: ['purple: castello']\n", 5, "unknown seat 'purple'"),
    ("  - act:\n      - {player: red, action: castello, colour: 2}\n", 6, "unknown key 'colour'"),
    ("  - dance: [1]\n", 5, "a step is one of set, act, auto, expect"),
    ("  - expect:\n      - {count: house}\n", 6, "needs 'is', 'at_least' or 'at_most'"),
    ("  - expect:\n      - {weather: sunny}\n", 6, "a fact needs one of"),
    ("  - set:\n      place:\n        - {piece: house, player: red, at: moon}\n", 7,
     "unknown place 'moon'"),
    ("  - set:\n      tokens:\n        - {select: {kind: advisor, colour: red}, to: castello}\n",
     7, "advisor has no field 'colour'"),
    ("  - auto: {until: {over: true}, policy: clever}\n", 5, "unknown policy 'clever'"),
    ("  - expect: [{var: weather, is: 1}]\n", 5, "unknown variable 'weather'"),
])
def test_malformed_steps_are_located(tmp_path, body, line, words):
    problems = run_text(tmp_path, HEADER + body)
    assert len(problems) == 1
    assert problems[0][0] == line
    assert words in problems[0][1]


def test_malformed_files_are_located(tmp_path):
    assert run_text(tmp_path, "game: doge\nsteps: [\n")[0][1].startswith("YAML syntax")
    problems = run_text(tmp_path, "players: 4\nsteps:\n  - expect: {over: false}\n")
    assert problems == [(1, "a scenario needs the key 'game'")]
    problems = run_text(tmp_path, "game: doge\nplayers: 9\nsteps: [{expect: {over: false}}]\n")
    assert problems[0][0] == 2 and "not 9" in problems[0][1]
    problems = run_text(tmp_path, "game: chess\nsteps: [{expect: {over: false}}]\n")
    assert problems[0][0] == 1 and "unknown game 'chess'" in problems[0][1]
    assert run_text(tmp_path, "- just a list\n")[0][0] == 1


def test_main_prints_located_error_for_malformed_file(capsys, tmp_path):
    path = write(tmp_path, HEADER + "  - act:\n      - 42\n")
    assert main([str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith(f"{path}:6: ")
    assert out[-1] == "0 passed, 1 failed"


def test_every_failing_fact_of_a_step_is_reported(tmp_path):
    problems = run_text(tmp_path, HEADER + """\
  - expect:
      - {count: house, player: red, at: supply, is: 15}
      - {count: house, player: red, at: supply, is: 14}
      - {to_move: [red]}
      - {count: ring, player: blue, at_least: 7}
""")
    assert [line for line, _ in problems] == [7, 8, 9]
    assert "expected to move: [red], found [red, blue, green, yellow]" in problems[1][1]


def test_later_steps_do_not_run_after_a_failure(tmp_path):
    problems = run_text(tmp_path, HEADER + """\
  - expect: {over: true}
  - expect: {over: true}
""")
    assert [line for line, _ in problems] == [5]


def test_illegal_action_is_located(tmp_path):
    problems = run_text(tmp_path, HEADER + "  - act:\n      - red: castello\n"
                                           "      - red: castello\n")
    assert problems[0][0] == 7
    assert "not legal" in problems[0][1]


def test_action_of_a_player_who_has_no_decision(tmp_path):
    problems = run_text(tmp_path, HEADER + RED_WINS_CASTELLO + "  - act: ['blue: take']\n")
    assert problems[0][0] == 14
    assert "blue has no decision to make" in problems[0][1]


def test_error_fact_refused_and_accepted(tmp_path):
    ok = run_text(tmp_path, HEADER + """\
  - expect:
      - error: {act: "red: pass", message_contains: legal}
      - error: {act: {player: red, action: 7}}
""")
    assert ok == []
    bad = run_text(tmp_path, HEADER + """\
  - expect:
      - error: {act: "red: castello"}
""")
    assert bad[0][0] == 6 and "was accepted" in bad[0][1]
    wrong_words = run_text(tmp_path, HEADER + """\
  - expect:
      - error: {act: "red: pass", message_contains: sunshine}
""")
    assert "without 'sunshine'" in wrong_words[0][1]


def test_set_keeps_pieces_accounted_for(tmp_path):
    problems = run_text(tmp_path, HEADER + """\
  - set:
      place: [{piece: house, player: red, at: castello, n: 16}]
""")
    assert problems[0][0] == 6 and "only 15 there" in problems[0][1]
    problems = run_text(tmp_path, HEADER + """\
  - set:
      tokens:
        - {select: {kind: advisor, home: quarantia}, n: 1, controller: red}
        - {select: {kind: advisor, home: castello}, controller: red}
        - {select: {kind: advisor, home: dorsoduro}, controller: red}
        - {select: {kind: advisor, home: san_marco}, controller: red}
  - expect:
      - {count: ring, player: red, at: supply, is: 2}
      - {count: ring, player: red, at: in_play, is: 4}
  - set:
      tokens:
        - {select: {kind: advisor, home: castello}, controller: blue}
        - {select: {kind: advisor, home: dorsoduro}, controller: null}
  - expect:
      - {count: ring, player: red, at: supply, is: 4}
      - {count: ring, player: blue, at: in_play, is: 1}
      - {token: {kind: advisor, home: castello}, controller: blue}
      - {log: {e: release, player: red, piece: advisor}, times: 2}
  - set:
      tokens:
        - {select: {kind: advisor, controller: null}, controller: red}
""")
    assert len(problems) == 1 and problems[0][0] == 25
    assert "no ring left" in problems[0][1]


def test_set_deck_order(tmp_path):
    problems = run_text(tmp_path, HEADER + """\
  - set:
      deck:
        brown: [san_marco, castello]
        blue: {cards: [quarantia, san_marco, san_polo, dorsoduro, cannaregio, castello,
                       santa_croce], up: [true, false, false, false, false, false, false]}
  - expect:
      - {deck: blue, face_up: 1}
      - {deck: blue, up: [true, false, false, false, false, false, false]}
""")
    assert problems == []
    problems = run_text(tmp_path, HEADER + "  - set: {deck: {brown: [san_marco, san_marco]}}\n")
    assert problems[0][0] == 5 and "no (other) card 'san_marco'" in problems[0][1]


def test_auto_until_and_count(tmp_path):
    ok = run_text(tmp_path, HEADER + """\
  - auto: {until: {ask: advisor_action}, policy: random}
  - auto: 1
  - auto: {until: {over: true}, policy: random, prefer: [build]}
  - expect: {over: true}
""")
    assert ok == []
    never = run_text(tmp_path, HEADER + "  - auto: {until: {var: year, is: 99}, max: 40}\n")
    assert never[0][0] == 5 and "still not there after 40 actions" in never[0][1]


def test_xfail_failing_counts_as_passed_and_passing_as_failed(tmp_path, capsys):
    failing = write(tmp_path, "xfail: a known bug\n" + HEADER + "  - expect: {over: true}\n",
                    "a.scenario.yaml")
    report = run_file(failing)
    assert report.failed and report.ok
    passing = write(tmp_path, "xfail: a known bug\n" + HEADER + "  - expect: {over: false}\n",
                    "b.scenario.yaml")
    report = run_file(passing)
    assert not report.failed and not report.ok
    assert main([str(tmp_path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert any(line.startswith(f"{passing}:1: marked xfail") for line in out)
    assert out[-1] == "1 passed, 1 failed"


def test_seats_by_index_and_name_in_log_facts(tmp_path):
    problems = run_text(tmp_path, HEADER + RED_WINS_CASTELLO + """\
  - expect:
      - {log: {msg: election_result, area: castello, winners: [0], runners_up: []}}
      - {log: {msg: election_result, area: castello, winners: [red]}, times: 1}
      - {ask: advisor_action, player: 0}
      - {legal: {player: red, includes: [take], excludes: [castello]}}
  - act: [{player: 0, action: take}, "red: 5" ]
""")
    assert problems[0][0] == 19 and "not legal" in problems[0][1]


def test_rule_scenarios_are_the_ones_pytest_collects():
    assert is_rule_scenario(DOGE / "district_tie_for_first.scenario.yaml")
    assert not is_rule_scenario(DATA / "wrong_house_count.scenario.yaml")
    assert not is_rule_scenario(ROOT / "rules" / "doge" / "game.yaml")
