"""Compile parse trees into closures, checking every name, arity and reference first.

Expressions become `f(env, runtime) -> value`; statements become ops
`op(frame, runtime, thread) -> next pc | PAUSE | STACK` in a flat list per procedure, so
where a procedure is paused is just a program counter in the (plain-data) state.

The work is split along its seams: `declarations` (the names scripts may use, the first
pass, located problems), `call_checks` (what a call names, its arity, keywords and
filters), `expressions` (closures) and `statements` (op lists with jumps). This module
joins them into the `Compiler` the loader uses.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Tree

from ..errors import Location
from .declarations import TOKEN_FIELDS, CompileProblem, declared_names
from .expressions import rank_groups
from .program import Expr, Program
from .statements import StatementCompiler
from .table_texts import table_text_problems

__all__ = ["TOKEN_FIELDS", "CompileProblem", "Compiler", "rank_groups"]


class Compiler(StatementCompiler):
    """Compiles the scripts of one game against its declared names."""

    def compile_all(self) -> Program:
        """Second pass: compile every declared definition, collecting all problems."""
        self.check_definition_texts()
        self.problems.extend(table_text_problems(self.g))
        for name, (file, d) in self.program.const_trees.items():
            self.file, self.context = file, f"const {name}"
            try:
                self.program.consts[name] = self.expr(d.children[1], set())
            except CompileProblem:
                pass
        for func in list(self.program.funcs.values()):
            self.file, self.context = func.file, f"fn {func.name}"
            try:
                body = self.expr(func.tree.children[2], set(func.params))
            except CompileProblem:
                continue
            params = func.params
            func.call = _make_func(body, params)
        for proc in list(self.program.procs.values()):
            self.file, self.context = proc.file, f"def {proc.name}"
            block = proc.tree.children[2]
            scope = set(proc.params) | declared_names(block)
            self.check_shadowing(proc.tree, scope)
            self.sim_depth = 0
            self.block(block, scope, proc, loops=[])
        return self.program

    def compile_expression(self, tree: Tree, params: list[str], file: str,
                           origin: Location | None = None) -> Expr:
        """Compile a standalone expression (e.g. an end condition in YAML, whose text starts
        at `origin`); it is kept for the type checker."""
        self.file, self.context = file, ""
        compiled = self.expr(tree, set(params))
        self.program.expressions.append((tree, list(params), file, origin))
        return compiled


def _make_func(body: Expr, params: list[str]) -> Callable[..., Any]:
    if len(params) == 1:
        p0 = params[0]
        return lambda c, a: body({p0: a}, c)
    return lambda c, *args: body(dict(zip(params, args)), c)
