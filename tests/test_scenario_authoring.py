"""Authoring scenarios anywhere in a game: `run` to a point of the flow, exact counts in
`set`, what a seat sees (`observe`), what-if facts (`if`), and the static checks of a game's
scenarios that `regola validate` runs. Each failure is located at its scenario line."""

from __future__ import annotations

import textwrap
from pathlib import Path

import pytest
from typer.testing import CliRunner

from conftest import edit_rule_file
from regola.cli.app import app
from regola.loading.loader import load_game
from regola.scenarios.checking import scenario_problems
from regola.scenarios.runner import compile_file, play, run_file

HEADER = """\
game: doge
players: 4
seed: 1
steps:
"""
# Red bids 10 in San Polo in round 1; the bots play on until red alone won it.
TO_SAN_POLO = """\
  - run:
      actions: [{player: red, actions: [san_polo, 3, 3, 2, 2]}]
      until: {ask: advisor_action, area: san_polo, w: red}
"""


def write(tmp_path: Path, text: str, name: str = "case.scenario.yaml") -> Path:
    path = tmp_path / name
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def problems(tmp_path: Path, text: str) -> list[tuple[int, str]]:
    return run_file(write(tmp_path, HEADER + text)).problems


def final_state(tmp_path: Path, text: str):
    report, compiled, failures = compile_file(write(tmp_path, HEADER + text))
    assert not failures, [f.problems for f in failures]
    return play(compiled).state


def pending_frames(state) -> list[tuple[str, str, dict]]:
    return [(t["wait"]["ask"], f["p"], f["e"]) for t in state.data["threads"] if t["wait"]
            for f in t["stack"]]


# -- A. run: until a point of the flow ------------------------------------------------------
def test_run_stops_where_the_ask_is_pending_with_the_frame_variables(tmp_path):
    state = final_state(tmp_path, "  - run: {until: {ask: advisor_action, area: san_polo}}\n")
    frames = pending_frames(state)
    assert any(ask == "advisor_action" and proc == "district_election"
               and env["area"] == "san_polo" for ask, proc, env in frames)
    assert state.log[-1]["e"] != "game_over" and not state.is_over


def test_run_is_the_same_every_time_and_follows_the_seed(tmp_path):
    text = "  - run: {until: {ask: advisor_action, area: castello}}\n"
    assert final_state(tmp_path, text).to_json() == final_state(tmp_path, text).to_json()
    other = HEADER.replace("seed: 1", "seed: 2") + text
    report, compiled, _ = compile_file(write(tmp_path, other))
    assert play(compiled).state.to_json() != final_state(tmp_path, text).to_json()


def test_run_until_a_procedure_called_with_arguments(tmp_path):
    state = final_state(tmp_path, "  - run: {until: {proc: district_election, area: dorsoduro},"
                                  " bots: first}\n")
    assert any(proc == "district_election" and env["area"] == "dorsoduro"
               for _, proc, env in pending_frames(state))


def test_run_with_listed_actions_then_bots_then_set_and_act(tmp_path):
    assert problems(tmp_path, TO_SAN_POLO + """\
  - expect:
      - {ask: advisor_action, player: red}
      - {log: {msg: election_result, area: san_polo, winners: [red]}, recent: true}
  - set:
      counts: [{count: house, player: red, at: san_polo, is: 0}]
  - act: ["red: take", "red: castello"]
  - expect:
      - {count: house, player: red, at: san_polo, is: 2}
      - {token: {kind: advisor, home: san_polo}, at: castello, controller: red}
""") == []


def test_run_never_reached_is_located_and_says_what_is_pending(tmp_path):
    found = problems(tmp_path, "  - expect: {over: false}\n"
                               "  - run: {until: {ask: build_palace}, within: 12}\n")
    assert len(found) == 1 and found[0][0] == 6
    assert "not reached within 12 decisions; pending now: " in found[0][1]
    assert "choose_card_and_markers(p=" in found[0][1]
    none = problems(tmp_path, "  - run:\n      until: {ask: advisor_action}\n"
                              "      actions: ['red: castello']\n      bots: none\n")
    assert none[0][0] == 5 and "not reached after the listed actions (bots: none)" in none[0][1]


def test_run_reached_before_the_listed_actions_end_is_located(tmp_path):
    found = problems(tmp_path, """\
  - run:
      until: {ask: choose_marker, p: red}
      actions: ["red: castello", "red: 3"]
""")
    assert found[0][0] == 7
    assert "is pending before the listed action 'red: 3'" in found[0][1]


def test_run_illegal_listed_action_is_located(tmp_path):
    found = problems(tmp_path, """\
  - run:
      until: {ask: advisor_action}
      actions:
        - "red: castello"
        - "red: 9"
""")
    assert found[0][0] == 9 and "not legal" in found[0][1]


@pytest.mark.parametrize(("until", "line", "words"), [
    ("{ask: advisor_acton}", 5, "unknown ask 'advisor_acton' (asks: "),
    ("{proc: district_elections}", 5, "unknown procedure 'district_elections'"),
    ("{proc: district_election, colour: red}", 5,
     "'colour' is no variable of procedure district_election (variables: "),
    ("{ask: choose_area, winners: [red]}", 5,
     "'winners' is no variable of the procedures on the way to choose_area"),
    ("{area: castello}", 5, "a flow point needs 'ask' (a prompt) or 'proc'"),
    ("{ask: advisor_action, player: purple}", 5, "unknown seat 'purple'"),
])
def test_run_names_are_checked_before_playing(tmp_path, until, line, words):
    found = problems(tmp_path, f"  - expect: {{over: true}}\n  - run: {{until: {until}}}\n")
    assert len(found) == 1 and found[0][0] == line + 1, found
    assert words in found[0][1]


def test_run_bots_choice_is_checked(tmp_path):
    found = problems(tmp_path, "  - run: {until: {ask: build_palace}, bots: {red: clever}}\n")
    assert found[0][0] == 5 and "unknown bot 'clever'" in found[0][1]


# -- B. exact counts in set ------------------------------------------------------------------
def test_counts_put_exactly_so_many_taking_from_and_returning_to_supply(tmp_path):
    assert problems(tmp_path, """\
  - set:
      place: [{piece: house, player: red, at: san_marco, n: 6}]
      counts:
        - {count: house, player: red, at: san_marco, is: 4}
        - {count: house, player: red, at: castello, is: 3}
        - {count: marker, player: red, value: 3, at: castello, is: 2}
  - expect:
      - {count: house, player: red, at: san_marco, is: 4}
      - {count: house, player: red, at: castello, is: 3}
      - {count: house, player: red, at: supply, is: 8}
      - {count: marker, player: red, value: 3, at: castello, is: 2}
      - {count: marker, player: red, at: supply, is: 5}
      - {log: {e: move, player: red, piece: house, n: 2, from: san_marco, to: supply}}
  - set:
      counts:
        - {count: marker, player: red, at: castello, is: 0}
        - {count: house, at: [san_marco, castello], is: 0}
  - expect:
      - {count: marker, player: red, at: supply, is: 7}
      - {count: house, player: red, at: supply, is: 15}
""") == []


@pytest.mark.parametrize(("item", "line", "words"), [
    ("{count: house, player: red, at: castello, is: 16}", 7,
     "16 house of red at castello need 16 more from supply, which holds 15"),
    ("{count: marker, player: red, value: 3, at: castello, is: 3}", 7,
     "need 3 more from supply, which holds 2"),
    ("{count: ring, player: red, at: castello, is: 1}", 7, "ring pieces mark who controls"),
    ("{count: house, at: castello, is: 1}", 7, "above 0 needs 'player'"),
    ("{count: house, player: red, at: [castello, san_polo], is: 1}", 7,
     "several places take 'is: 0' only"),
    ("{count: house, player: red, at: supply, is: 1}", 7, "name another place in 'from'"),
    ("{count: house, player: red, at: castelo, is: 1}", 7,
     "unknown place 'castelo' (did you mean castello?)"),
])
def test_counts_that_cannot_hold_are_located(tmp_path, item, line, words):
    found = problems(tmp_path, f"  - set:\n      counts:\n        - {item}\n")
    assert found and found[0][0] == line, found
    assert words in found[0][1]


# -- C. what one seat sees -----------------------------------------------------------------------
SEES = """\
  - set:
      counts: [{count: marker, player: red, value: 3, at: castello, is: 2}]
  - expect:
      - observe:
          player: blue
"""


def test_observe_hides_values_and_shows_counts(tmp_path):
    assert problems(tmp_path, SEES + """\
          shows:
            - {tokens: {kind: marker, owner: red, at: castello}, n: 2}
            - {tokens: {kind: card, owner: blue}, field: area}
            - vars.year
            - {path: "decision.ask", is: choose_area}
            - {path: "players", is: 4}
          hides:
            - {tokens: {kind: marker, owner: red, at: castello}, field: value}
            - {tokens: {kind: marker, owner: red, at: castello}, field: id}
            - {tokens: {kind: card, owner: red, area: castello}}
            - "decks.blue[0]"
      - observe:
          player: red
          shows: [{tokens: {kind: marker, owner: red, at: castello}, field: value}]
      - observe:
          player: null
          hides: [{tokens: {kind: card, owner: red, at: hand}, field: area}]
""") == []


def test_observe_failures_are_located_at_their_items(tmp_path):
    found = problems(tmp_path, SEES + """\
          shows:
            - {tokens: {kind: marker, owner: red, at: castello}, n: 3}
            - {tokens: {kind: marker, owner: red, at: castello}, field: value}
          hides:
            - vars.year
""")
    assert [line for line, _ in found] == [11, 12, 14]
    assert "blue sees 2 marker tokens matching" in found[0][1] and "expected 3" in found[0][1]
    assert "without their value" in found[1][1]
    assert "blue sees vars.year = 1" in found[2][1]


@pytest.mark.parametrize(("item", "words"), [
    ("vars.weather", "no vars 'weather'"),
    ("wheather.year", "a view has no 'wheather'"),
    ("vars..year", "cannot read the view path"),
    ("{tokens: {kind: marker}, field: colour}", "marker tokens have no field 'colour'"),
    ("{log: {msg: elections_result}}", "no log message 'elections_result'"),
])
def test_observe_names_are_checked(tmp_path, item, words):
    found = problems(tmp_path, SEES + f"          shows: [{item}]\n")
    assert found[0][0] == 10 and words in found[0][1], found


# -- D. what if -------------------------------------------------------------------------------
def test_what_if_checks_after_a_hypothetical_action_and_changes_nothing(tmp_path):
    text = TO_SAN_POLO + """\
  - expect:
      - if: {act: "red: take"}
        legal: {player: red, is: [cannaregio, castello, dorsoduro, quarantia, san_marco,
                                  santa_croce]}
      - if: {act: ["red: take", "red: quarantia"]}
        expect:
          - {token: {kind: advisor, home: san_polo}, at: quarantia, controller: red}
          - {log: {e: control, player: red, piece: advisor}, recent: true}
      - {ask: advisor_action, player: red}
      - {legal: {player: red, is: [take, abstain]}}
"""
    report, compiled, _ = compile_file(write(tmp_path, HEADER + text))
    before = play(compile_file(write(tmp_path, HEADER + TO_SAN_POLO, "b.scenario.yaml"))[1])
    after = play(compiled)
    assert after.state.to_json() == before.state.to_json()


def test_what_if_failures_are_located(tmp_path):
    found = problems(tmp_path, TO_SAN_POLO + """\
  - expect:
      - {if: {act: "red: take"}, legal: {player: red, includes: [san_polo]}}
      - if: {act: "red: abstain"}
        expect:
          - {ask: advisor_destination}
      - {if: {act: "red: build"}, over: false}
""")
    assert [line for line, _ in found] == [9, 12, 13]
    assert found[0][1].startswith("if red: take: legal for red: [san_polo] not legal")
    assert found[1][1].startswith("if red: abstain: expected a pending 'advisor_destination'")
    assert "if red: build: red: 'build' is not legal" in found[2][1]


# -- E. vote totals in the election result -------------------------------------------------------
def test_election_result_carries_every_seats_votes():
    """notes: Phase 2 - the votes of an area are its markers plus advisors standing there;
    the event gives every seat's total, the winners have the most."""
    game = load_game("doge")
    state = game.new_state(players=4, seed=3)
    while not any(e.get("msg") == "election_result" for e in state.log):
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[-1])
    event = next(e for e in state.log if e.get("msg") == "election_result")
    assert len(event["votes"]) == 4 and event["winners"]
    assert {event["votes"][w] for w in event["winners"]} == {max(event["votes"])}
    markers = [sum(t["value"] for t in state.token_records().values()
                   if t["kind"] == "marker" and t["owner"] == p and t["at"] == event["area"])
               for p in range(4)]
    assert event["votes"] == markers


# -- F. validate checks the game's scenarios -------------------------------------------------
def test_validate_reports_scenarios_broken_by_a_renamed_area(doge_copy):
    for name in ("game.yaml", "text.yaml"):
        path = doge_copy / name
        path.write_text(path.read_text(encoding="utf-8").replace("castello", "castelo"),
                        encoding="utf-8")
    result = CliRunner().invoke(app, ["validate", str(doge_copy)])
    assert result.exit_code == 2, result.output
    lines = result.output.splitlines()
    scen = doge_copy / "scenarios"
    assert f"{scen}/district_abstain_house_out_of_home.scenario.yaml:46:41: " \
           "steps[10].expect[2].at: unknown place 'castello' (did you mean castelo?)" \
           in "\n".join(lines)
    assert any(line.startswith(f"{scen}/advisor_taken_from_another_player.scenario.yaml:11:")
               and "deck brown has no card 'castello'" in line for line in lines)
    assert "run: " not in result.output      # found when read, none was played


def test_validate_reports_a_renamed_ask_and_procedure(doge_copy):
    edit_rule_file(doge_copy / "elections.regola",
                   ('def district_election(area, winners, runners_up):',
                    'def district_vote(area, winners, runners_up):'),
                   ('        district_election(area, winners, runners_up)',
                    '        district_vote(area, winners, runners_up)'))
    (doge_copy / "scenarios" / "x.scenario.yaml").write_text(HEADER + """\
  - run: {until: {proc: district_election, area: san_polo}}
  - expect: [{ask: advisor_acton}]
""", encoding="utf-8")
    found = scenario_problems(str(doge_copy), load_game(str(doge_copy)))
    mine = [p for p in found if p.location.file.endswith("x.scenario.yaml")]
    assert [(p.location.line, p.location.path) for p in mine] == [
        (5, "steps[0].run.until.proc"), (6, "steps[1].expect[0].ask")]
    assert "unknown procedure 'district_election'" in mine[0].message
    assert "unknown ask 'advisor_acton'" in mine[1].message
    assert all(not p.location.file.endswith("mid_election_advisor_choice.scenario.yaml")
               for p in found)


def test_validate_of_the_built_in_games_checks_their_scenarios():
    folder = Path(__file__).resolve().parent.parent / "rules" / "doge"
    result = CliRunner().invoke(app, ["validate", str(folder)])
    assert result.exit_code == 0, result.output
    assert len(list((folder / "scenarios").glob("*.scenario.yaml"))) > 40


def test_the_manual_example_of_these_keys_runs_as_written(tmp_path):
    manual = Path(__file__).resolve().parent.parent / "site" / "manual" / "scenarios.md"
    section = manual.read_text(encoding="utf-8").split("## Anywhere in the flow", 1)[1]
    block = section.split("```yaml\n", 1)[1].split("```", 1)[0]
    for key in ("run:", "until:", "bots:", "within:", "counts:", "if:", "observe:", "shows:",
                "hides:", "votes:"):
        assert key in block
    path = write(tmp_path, "game: doge\nplayers: 4\nseed: 1\n" + block)
    assert run_file(path).problems == []
