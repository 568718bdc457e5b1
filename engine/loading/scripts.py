"""Compile a game's scripts, end rule and goals: every problem located, all at once."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import partial
from pathlib import Path

from lark import Tree

from ..dsl.asks import read_asks, read_tile_questions
from ..dsl.builtins import EXPRESSIONS
from ..dsl.check.typecheck import check_types, setting_uses
from ..dsl.compiler import Compiler
from ..dsl.parse import SyntaxProblem, parse
from ..dsl.trees import part
from ..dsl.value_types import kinds_of
from ..errors import Problem, RuleError
from ..interpreter.model import EndRule, GameDef, ScorePart
from .evaluation import compile_evaluation
from .files import SourceProblem, read_source
from .goals import compile_expression, compile_goals
from .sources import display_name
from .yaml_source import Positions


def compile_scripts(definition: GameDef, doc: dict, pos: Positions, file: str,
                    script_dirs: dict[str, Path],
                    read: Callable[[Path, str], str] = read_source) -> None:
    """Parse and compile every script and end rule; RuleError with all problems if any.
    `read` reads a script's text (OSError, SourceProblem if it cannot)."""
    problems: list[Problem] = []
    compiler = Compiler(definition, problems)
    trees: list[Tree] = []
    for i, script in enumerate(doc["scripts"]):
        spath = script_dirs[script] / script
        sname = display_name(spath)
        try:
            text = read(spath, sname)
        except OSError as err:
            problems.append(Problem(pos.find(("scripts", i), file),
                                    f"cannot read script {script!r}: {err.strerror}"))
            continue
        except SourceProblem as err:
            problems.append(err.problem)
            continue
        try:
            tree = parse(text, sname)
        except SyntaxProblem as err:
            problems.append(err.problem)
            continue
        compiler.declare(sname, tree, text)
        trees.append(tree)
    if problems:  # names in scripts that failed to parse would only echo those problems
        raise RuleError(problems)
    end = doc.get("end")
    if end is not None:
        definition.end = EndRule({}, [], True, {})
    program = compiler.compile_all()
    definition.program = program
    definition.value_kinds = partial(kinds_of, definition)
    definition.asks = read_asks(program)
    definition.tile_questions = read_tile_questions(program)
    if "goals" in doc:
        definition.goals = compile_goals(compiler, doc["goals"], pos, file, problems)
    if definition.start not in program.procs:
        problems.append(Problem(pos.find(("start",), file),
                                f"no procedure named {definition.start!r} in the scripts"))
    if end is not None:
        definition.end = _compile_end(compiler, end, pos, file, definition, problems)
        definition.end.parts = score_parts(end.get("parts") or [], logged_notes(trees), pos,
                                           file, problems)
    if "evaluation" in doc:
        definition.evaluation = compile_evaluation(compiler, doc["evaluation"], pos, file,
                                                   definition, problems)
    check_types(definition, program, problems, setting_uses(doc))
    if problems:
        raise RuleError(sorted(problems, key=lambda p: (p.location.file, p.location.line,
                                                        p.location.column)))
    compiler.generate(definition.id if definition.variant is None else
                      f"{definition.id}+{definition.variant}")


def is_standing(source: str) -> bool:
    """Whether a tie-breaker is a standing (a built-in that never ties, such as the order
    on a track): the table shows it as a place, #1 ahead, not as its raw count."""
    call = re.match(r"\s*([a-z_][a-z0-9_]*)\(", str(source))
    builtin = EXPRESSIONS.get(call.group(1)) if call else None
    return bool(builtin is not None and builtin.never_ties)


def _compile_end(compiler: Compiler, end: dict, pos: Positions, file: str,
                 definition: GameDef, problems: list[Problem]) -> EndRule:
    def compile_one(path: tuple, text: str):
        return compile_expression(compiler, text, ["p"], path, pos, file, problems)

    conditions = {}
    for cid, text in end.get("conditions", {}).items():
        fn = compile_one(("end", "conditions", cid), text)
        if fn:
            conditions[cid] = fn
    tiebreakers = []
    for i, text in enumerate(end.get("tiebreakers", [])):
        fn = compile_one(("end", "tiebreakers", i), text)
        if fn:
            tiebreakers.append(fn)
    share = end.get("share_ties", True)
    if isinstance(share, str):
        if share not in definition.options:
            problems.append(Problem(pos.find(("end", "share_ties"), file),
                                    f"share_ties names no option: {share!r}"))
            share = True
        else:
            share = bool(definition.options[share].value)
    rule = EndRule(conditions, tiebreakers, share, dict(end.get("conditions", {})),
                   [str(x) for x in end.get("tiebreakers", [])])
    rule.standings = [is_standing(source) for source in rule.tiebreaker_sources]
    payoff = end.get("payoff")
    if payoff is not None:
        rule.payoff = compile_one(("end", "payoff", "value"), payoff["value"])
        rule.payoff_range = (float(payoff["min"]), float(payoff["max"]))
        if rule.payoff_range[0] > 0 or rule.payoff_range[1] < 0:
            problems.append(Problem(pos.find(("end", "payoff"), file),
                                    "payoff: min must be at most 0 and max at least 0 "
                                    "(the payoffs of a game add up to 0)"))
    return rule


def logged_notes(trees: Iterable[Tree]) -> dict[str, set[str]]:
    """Every note the scripts `log`, with the fields its calls give."""
    notes: dict[str, set[str]] = {}
    for tree in trees:
        for node in tree.iter_subtrees():
            if node.data != "call_stmt" or str(part(node, "name")) != "log":
                continue
            args = part(part(node, "args"), "arguments") if part(node, "args") is not None else []
            if not args or args[0].data != "pos_arg" or part(args[0], "value").data != "string":
                continue
            key = str(part(part(args[0], "value"), "token"))[1:-1]
            fields = notes.setdefault(key, set())
            fields.update(str(part(a, "name")) for a in args[1:] if a.data == "kw_arg")
    return notes


def score_parts(entries: list[dict], notes: dict[str, set[str]], pos: Positions, file: str,
                problems: list[Problem]) -> list[ScorePart]:
    """The end's score parts; a problem for each note no script logs and each field its
    log calls do not give."""
    parts = []
    for i, entry in enumerate(entries):
        where = pos.find(("end", "parts", i), file)
        note = entry.get("note")
        if note not in notes:
            problems.append(Problem(where, f"end.parts[{i}]: no script logs a note {note!r}"
                                           f"; logged: {', '.join(sorted(notes)) or 'none'}"))
            continue
        part = ScorePart(note, entry.get("points"), entry.get("total"), entry.get("part"),
                         entry.get("id"), entry.get("player", "player"))
        for key in ("points", "total", "part", "player"):
            name = getattr(part, key)
            if name is not None and name not in notes[note]:
                problems.append(Problem(pos.find(("end", "parts", i, key), file),
                                        f"end.parts[{i}].{key}: the note {note!r} has no field "
                                        f"{name!r}; its fields: {', '.join(sorted(notes[note]))}"))
        if (part.points is None) == (part.total is None) or (part.part is None) == (
                part.id is None):
            problems.append(Problem(where, f"end.parts[{i}]: give one of points and total, "
                                           "and one of part and id"))
        parts.append(part)
    return parts
