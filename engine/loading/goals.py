"""Compile the game file's `goals` section (measures, who qualifies, tie-breakers)."""

from __future__ import annotations

from ..dsl.compiler import CompileProblem, Compiler
from ..dsl.parse import SyntaxProblem, parse
from ..dsl.trees import part
from ..errors import Problem
from ..interpreter.goals import GoalRule
from .yaml_source import Positions


def compile_expression(compiler: Compiler, text: str, params: list[str], path: tuple,
                       pos: Positions, file: str, problems: list[Problem]):
    """An expression of the rule file as fn(c, *params), or None after recording problems."""
    loc = pos.find(path, file)
    try:
        tree = parse(text, file, start="expression", line_offset=loc.line - 1,
                     column_offset=loc.column - 1)
    except SyntaxProblem as err:
        problems.append(err.problem)
        return None
    try:
        return compiler.compile_expression(part(tree, "value"), params, file, loc)
    except CompileProblem:
        last = problems.pop()
        problems.append(Problem(loc, last.message))
        return None


def compile_goals(compiler: Compiler, goals: dict, pos: Positions, file: str,
                  problems: list[Problem]) -> GoalRule:
    """The compiled goals; every problem is recorded with its place in the game file."""
    rule = GoalRule({}, sources=dict(goals["measures"]))
    for gid, text in goals["measures"].items():
        fn = compile_expression(compiler, text, ["p"], ("goals", "measures", gid), pos, file,
                                problems)
        if fn:
            rule.measures[gid] = fn
    if "qualifies" in goals:
        rule.qualifies = compile_expression(compiler, goals["qualifies"], ["p", "v"],
                                            ("goals", "qualifies"), pos, file, problems)
        rule.qualifies_source = goals["qualifies"]
    for i, text in enumerate(goals.get("tiebreakers", [])):
        fn = compile_expression(compiler, text, ["p"], ("goals", "tiebreakers", i), pos, file,
                                problems)
        if fn:
            rule.tiebreakers.append(fn)
            rule.tiebreaker_sources.append(text)
    return rule
