"""The scripts compiled to Python (issue 10, item 2): one readable module per game and variant,
procedures that never pause as plain functions, pausing ones resumable from plain data, errors
named at their script line, limits kept, the compiled code cached."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest
from typer.testing import CliRunner

import regola
from conftest import edit_rule_file
from regola.cli.app import app
from regola.dsl.codegen import build
from regola.errors import ScriptRuntimeError
from regola.interpreter import limits
from regola.loading.sources import rules_root

runner = CliRunner()
COMMENT = re.compile(r"^\s*# (rules/\w+/[\w.]+):(\d+)  (.*)$")


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """The summary line is read in English."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


def line_of(path: Path, needle: str) -> int:
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if needle in line)


def play(state, seed: int, decisions: int = 10 ** 6) -> list[list[str]]:
    """Random decisions (seeded); the action ids offered at each."""
    rng = random.Random(seed)
    offered = []
    while not state.is_over and decisions:
        seat = state.to_move[0]
        ids = [a["id"] for a in state.legal_actions(seat)]
        offered.append(ids)
        state.apply(seat, ids[rng.randrange(len(ids))])
        decisions -= 1
    return offered


@pytest.mark.parametrize("game", ["doge", "rialto", "warsaw", "copycat"])
def test_emit_prints_the_module_with_the_script_line_of_each_block(game):
    """`regola compile GAME --emit` prints Python that compiles, and every statement's code
    follows a comment naming its script file and line, with that line's text."""
    result = runner.invoke(app, ["compile", game, "--emit"])
    assert result.exit_code == 0, result.output
    source = result.stdout
    compile(source, "emitted", "exec")
    comments = [COMMENT.match(line) for line in source.splitlines()]
    comments = [m for m in comments if m]
    assert len(comments) > 100
    root = rules_root().parent
    for found in comments:
        path, line, text = found.groups()
        lines = (root / path).read_text(encoding="utf-8").splitlines()
        if not text.startswith("the players' threads of"):
            assert " ".join(lines[int(line) - 1].split()) == text, (path, line)


def test_compile_summary_and_variant():
    """Without --emit, compile checks the rules and says what it made; a variant is a module
    of its own, with its options written in."""
    result = runner.invoke(app, ["compile", "doge"])
    assert result.exit_code == 0, result.output
    assert re.match(r"compiled doge: \d+ procedures \(\d+ can pause\), \d+ functions, "
                    r"\d+ lines of Python", result.stdout)
    variant = runner.invoke(app, ["compile", "doge", "--variant", "year_limit"])
    assert "compiled doge+year_limit" in variant.stdout


def test_plain_and_resumable_procedures():
    """A procedure that can never pause is a plain function called directly; one that can is
    a resumable frame; each `simultaneous` block is the players' threads' own function."""
    source = regola.load_game("doge").definition.program.module.source
    assert "def p_setup(_c, _L):" in source and "    p_setup(_c, _L)" in source
    assert "def r_play(_c, _L, _th, _f):" in source
    assert "def r_choose_card_and_markers(_c, _L, _th, _f):" in source
    assert "def s_place_markers_1(_c, _L, _th, _f):" in source
    assert "_c.s['vars']['year'] = _add(_L, _c.s['vars']['year'], 1)" in source


def test_options_are_written_into_the_code(doge_copy):
    """An option is a constant of the module: the branches it rules out are not written.
    (Reading 1: markers are mandatory, so 'pass' is offered only when they are not.)"""
    mandatory = regola.load_game(str(doge_copy)).definition.program.module.source
    edit_rule_file(doge_copy / "game.yaml", ("  markers_mandatory:\n    value: true",
                                             "  markers_mandatory:\n    value: false"))
    optional = regola.load_game(str(doge_copy)).definition.program.module.source
    assert "_o = _add(_L, areas_left, [])" in mandatory and "markers_mandatory" not in \
        mandatory.replace("# rules", "").split("def r_choose_card_and_markers")[1].split("#")[0]
    assert "_o = _add(_L, areas_left, ['pass'])" in optional


def test_a_paused_frame_is_plain_data_that_resumes_where_it_stood():
    """At a decision inside a loop that pauses, the frame holds its procedure, its resume
    point and its variables (the loop's own state too); a copy made from its JSON continues
    with the same decisions."""
    game = regola.load_game("doge")
    state = game.new_state(players=3, seed=5)
    play(state, 5, decisions=4)
    frames = [f for t in state.data["threads"] for f in t["stack"]]
    proc = game.definition.program.procs
    for frame in frames:
        assert frame["pc"] in proc[frame["p"]].resume
        assert json.loads(json.dumps(frame)) == frame
    top = state.data["threads"][1]["stack"][-1]
    # Paused at a marker inside the while loop: `values` is set in this turn of the loop,
    # `pick` in the turn before.
    assert top["p"] == "choose_card_and_markers" and \
        {"p", "area", "values", "pick"} <= set(top["e"])
    copy = game.state_from_json(state.to_json())
    assert play(copy, 9) == play(state, 9)
    assert copy.result == state.result


def test_python_words_as_script_names_across_a_pause(doge_copy):
    """Script variables named like Python keywords, built-ins or the generated code's own
    names are renamed in the module; the game plays exactly as before."""
    original = regola.load_game("doge")
    flow = doge_copy / "flow.regola"
    first = "    let areas_left = [c.area for c in tokens(card, owner=p, at=hand)]\n"
    edit_rule_file(flow, (first, "    let lambda = [p]\n    let len = 0\n    let _pc = p\n"
                                 "    let r_play = lambda\n" + first),
                   ("    move_token(first(tokens(card, owner=p, at=hand, area=area)), played)\n",
                    "    move_token(first(tokens(card, owner=r_play[len], at=hand, area=area)), "
                    "played)\n    len = _pc - p\n"))
    edited = regola.load_game(str(doge_copy))
    source = edited.definition.program.module.source
    assert "_v_lambda = [p]" in source and "_v_r_play = _v_lambda" in source
    for seed in range(3):
        assert play(edited.new_state(players=4, seed=seed), seed) == \
            play(original.new_state(players=4, seed=seed), seed)


def _fails(folder: Path, *replacements: tuple[str, str]) -> str:
    edit_rule_file(folder / "flow.regola", *replacements)
    game = regola.load_game(str(folder))
    with pytest.raises(ScriptRuntimeError) as err:
        play(game.new_state(players=3, seed=1), 1)
    return str(err.value)


def test_an_error_after_a_decision_names_its_script_line(doge_copy):
    """A mistake met when a frame resumes after a decision is named at its own line."""
    flow = doge_copy / "flow.regola"
    # The statement after the choice of a marker (the loop resumes there) reads values[99].
    message = _fails(doge_copy, ("value=pick)), staged)\n", "value=pick + values[99])), staged)\n"))
    where = f"{flow}:{line_of(flow, 'values[99]')}:9: def choose_card_and_markers:"
    assert message.startswith(where), message
    assert "IndexError" in message


def test_an_error_in_a_function_names_the_statement_calling_it(doge_copy):
    """Functions are expressions: their mistakes are named where a procedure uses them."""
    flow = doge_copy / "flow.regola"
    message = _fails(doge_copy,
                     ("fn in_turn(group) =", "fn broken(x) = x[5]\nfn in_turn(group) ="),
                     ("        check_end()\n", "        let b = broken([])\n        check_end()\n"))
    assert message.startswith(f"{flow}:{line_of(flow, 'let b = broken([])')}:9: def play:")
    assert "IndexError" in message


def test_a_variable_used_before_it_is_set(doge_copy):
    """In a resumable procedure too, a variable read before it is set is named: at load
    time now (issue 22), where it is read."""
    flow = doge_copy / "flow.regola"
    edit_rule_file(flow, ("    if area == \"pass\":\n",
                          "    if area == \"pass\":\n        let never = 1\n"),
                   ("at=staged) < most_markers_per_area and", "at=staged) < never and"))
    with pytest.raises(regola.RuleError) as refused:
        regola.load_game(str(doge_copy))
    message = str(refused.value.problems[0])
    assert message.startswith(f"{flow}:{line_of(flow, '< never and')}:")
    assert "variable 'never' may be used before it is set" in message


def test_an_endless_loop_that_could_pause_ends_at_the_step_budget(doge_copy):
    """A loop of a resumable procedure charges its turns too: an endless one ends, named."""
    flow = doge_copy / "flow.regola"
    message = _fails(doge_copy, ("def setup():\n",
                                 "def setup():\n    while true:\n"
                                 "        let x = choose from [1] by 0 ask \"choose_area\"\n"))
    assert message.startswith(f"{flow}:{line_of(flow, 'def setup():') + 1}:5: def setup:")
    assert f"more than {limits.STEP_BUDGET:,} steps" in message


def test_endless_recursion_of_a_resumable_procedure(doge_copy):
    """A procedure that can pause and calls itself without end is stopped, named."""
    flow = doge_copy / "flow.regola"
    message = _fails(doge_copy, ("def setup():\n",
                                 "def again():\n"
                                 "    let x = choose from [1] by 0 ask \"choose_area\"\n"
                                 "    again()\n\n"
                                 "def setup():\n    again()\n"))
    assert f"procedures call each other more than {limits.MAX_FRAMES} deep" in message
    assert message.startswith(f"{flow}:{line_of(flow, 'let x = choose') + 1}:5: def again:")


def test_loops_nested_deeper_than_python_allows_still_run(doge_copy):
    """Python allows 20 nested blocks in a function; deeper loops become jumps."""
    body = "".join("    " * (i + 1) + "repeat 1:\n" for i in range(30)) + "    " * 31 + "pass\n"
    edit_rule_file(doge_copy / "flow.regola", ("def setup():\n", "def setup():\n" + body))
    game = regola.load_game(str(doge_copy))
    assert "def r_setup(" in game.definition.program.module.source
    assert play(game.new_state(players=3, seed=2), 2)[:20] == \
        play(regola.load_game("doge").new_state(players=3, seed=2), 2)[:20]


def test_compiled_code_is_cached_by_its_source(tmp_path, monkeypatch):
    """The same source compiles once: kept in memory, and on disk in the folder named by
    REGOLA_CACHE, where a later process finds it."""
    source = "def f(x):\n    return x + 1\n"
    first = build.compile_source(source, "<test>")
    assert build.compile_source(source, "<test>") is first
    monkeypatch.setenv("REGOLA_CACHE", str(tmp_path))
    other = "def g(x):\n    return x * 2\n"
    compiled = build.compile_source(other, "<test>")
    files = list(tmp_path.glob("*.code"))
    assert len(files) == 1
    build._compiled.clear()
    again = build.compile_source(other, "<test>")
    assert again is not compiled and again.co_consts == compiled.co_consts


def test_fast_forms_of_count_and_tokens_when_the_runtime_has_them(monkeypatch, doge_copy):
    """`count` and `tokens` of a kind at a place (known as the code is written, or only in
    play) call the Runtime's fast forms, if it has them; the game plays exactly the same."""
    from regola.interpreter.runtime import Runtime
    used: Counter = Counter()

    def fast(general, name):
        def method(self, kind, *rest):
            used[name] += 1
            if len(rest) == 1:
                return general(self, kind, at=rest[0])
            return general(self, kind, owner=rest[0], at=rest[1])
        return method
    for name, general in (("count_at", Runtime.count), ("count_owned", Runtime.count),
                          ("tokens_at", Runtime.tokens), ("tokens_owned", Runtime.tokens)):
        monkeypatch.setattr(Runtime, name, fast(general, name), raising=False)
    fast_game = regola.load_game(str(doge_copy))
    source = fast_game.definition.program.module.source
    assert "_c.count_owned('marker', q, 'supply')" in source
    assert "_c.tokens_at('card', 'played')" in source
    assert "_c.tokens_owned('marker', _c.attr(c, 'owner'), 'staged')" in source
    assert "_c.owned_values('marker', p, area, 'value')" in source  # a place known only in play
    for seed in range(2):
        assert play(fast_game.new_state(players=4, seed=seed), seed) == \
            play(regola.load_game("doge").new_state(players=4, seed=seed), seed)
    assert used["count_owned"] > 0 and used["tokens_owned"] > 0 and used["tokens_at"] > 0


def test_parse_trees_are_kept_by_the_scripts_text(tmp_path, monkeypatch):
    """An unchanged script is parsed once: its tree is kept by its text, in memory and in
    the cache folder, which keeps at most TREES_KEPT trees; `off` writes nothing."""
    from regola.dsl import cache, parse
    parsed = []
    real = parse._parse

    def counting(*args):
        parsed.append(args[0])
        return real(*args)
    monkeypatch.setattr(parse, "_parse", counting)
    monkeypatch.setenv("REGOLA_CACHE", str(tmp_path))
    monkeypatch.setattr(cache, "_trees", {})
    text = "def play():\n    let x = 1\n"
    first = parse.parse(text, "a.regola")
    again = parse.parse(text, "b.regola")
    assert parsed == [text] and again == first and again is not first
    assert len(list((tmp_path / "trees").glob("*.pickle"))) == 1
    monkeypatch.setattr(cache, "_trees", {})
    assert parse.parse(text, "c.regola") == first and parsed == [text]    # from the disk
    monkeypatch.setattr(cache, "TREES_KEPT", 2)
    for n in range(4):
        parse.parse(f"def play():\n    let x = {n}\n", "d.regola")
    assert len(list((tmp_path / "trees").glob("*.pickle"))) == 2
    monkeypatch.setenv("REGOLA_CACHE", "off")
    off = tmp_path / "elsewhere"
    monkeypatch.setenv("XDG_CACHE_HOME", str(off))
    parse.parse("def play():\n    pass\n", "e.regola")
    assert not off.exists()


def test_fast_forms_take_a_list_of_places_as_the_general_forms_do():
    """The fast forms the generated code calls answer like count and tokens for any place
    value: one place, a list of places, a place that holds nothing."""
    state = regola.load_game("doge").new_state(players=4, seed=3)
    c = state._runtime()
    for at in ("supply", ["supply", "hand"], [], "nowhere"):
        for kind in ("marker", "card", "ring"):
            assert c.count_at(kind, at) == c.count(kind, at=at)
            assert c.count_owned(kind, 1, at) == c.count(kind, owner=1, at=at)
            if kind == "ring":
                for owner in (1, 7, None, "1"):
                    try:
                        expected = c.count(kind, owner=owner, at=at)
                    except regola.errors.ScriptRuntimeError as err:
                        expected = str(err)
                    try:
                        assert c.piece_owned(kind, owner, at) == expected
                    except regola.errors.ScriptRuntimeError as err:
                        assert str(err) == expected
            else:
                assert c.tokens_at(kind, at) == c.tokens(kind, at=at)
                assert c.tokens_owned(kind, 1, at) == c.tokens(kind, owner=1, at=at)


def test_fast_forms_with_one_filter_answer_as_the_general_forms():
    """tokens/count of a token kind at a place with one filter (a property, or a field such
    as the controller) answer like the general forms, also for a list of places."""
    game = regola.load_game("doge")
    state = game.new_state(players=4, seed=5)
    chooser = random.Random(5)
    for _ in range(120):                   # a game under way: markers and advisors placed
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[chooser.randrange(len(actions))])
    c = state._runtime()
    places = sorted({c.attr(t, "at") for t in c.tokens("marker")} |
                    {c.attr(t, "at") for t in c.tokens("advisor")})
    for at in [*places, places[:2], "nowhere"]:
        for owner in range(4):
            for value in (1, 2, 3, None):
                assert c.tokens_owned_where("marker", owner, at, "value", value) == \
                    c.tokens("marker", owner=owner, at=at, value=value)
                assert c.count_owned_where("marker", owner, at, "value", value) == \
                    c.count("marker", owner=owner, at=at, value=value)
            assert c.count_at_where("advisor", at, "controller", owner) == \
                c.count("advisor", at=at, controller=owner)
            assert c.tokens_at_where("advisor", at, "controller", owner) == \
                c.tokens("advisor", at=at, controller=owner)
    source = game.definition.program.module.source
    assert "_c.tokens_owned_where('marker', p, 'supply', 'value', pick)" in source
    assert "_c.count_at_where('advisor', area, 'controller', p)" in source
