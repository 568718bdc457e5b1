"""Compile the game file's `evaluation` section: what bots think a position is worth."""

from __future__ import annotations

from ..dsl.compiler import Compiler
from ..errors import Problem
from ..interpreter.model import Evaluation, GameDef
from .goals import compile_expression
from .yaml_source import Positions

DEFAULT_SCALE = 10.0
"""The evaluation lead worth about a 73% chance of winning, unless the game says."""


def compile_evaluation(compiler: Compiler, section: dict, pos: Positions, file: str,
                       definition: GameDef, problems: list[Problem]) -> Evaluation:
    """The compiled evaluation (each term a number over p, type-checked with the scripts);
    every problem is recorded with its place in the game file."""
    terms = {}
    for tid, term in section["terms"].items():
        fn = compile_expression(compiler, term["value"], ["p"],
                                ("evaluation", "terms", tid, "value"), pos, file, problems)
        if fn:
            terms[tid] = (fn, float(term["weight"]))
    horizon = section.get("horizon")
    if horizon is not None and horizon not in definition.game_vars:
        problems.append(Problem(pos.find(("evaluation", "horizon"), file),
                                f"the horizon names no game variable: {horizon!r}"))
        horizon = None
    return Evaluation(terms, horizon, float(section.get("scale", DEFAULT_SCALE)))
