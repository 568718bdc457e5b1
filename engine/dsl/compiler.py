"""The compiler of a game's scripts, in three stages:

1. parse (parse.py): each script's text becomes a Lark tree; syntax errors are located;
2. check (check/): the names every definition introduces are declared, then every name,
   call, arity and message of every definition is checked (names.py, calls.py,
   expressions.py, statements.py), and then every type (typecheck.py, run by the loader);
3. generate (codegen/): the checked trees become the Python source of one module, compiled
   once and cached, whose functions the Program points to.

The loader drives it: `declare` each parsed script, `compile_all` (checks), the game file's
expressions with `compile_expression`, then, once no problem was found, `generate`.
"""

from __future__ import annotations

from lark import Tree

from ..errors import Location, Problem
from ..interpreter.model import GameDef
from .check.assigned import unset_uses
from .check.names import TOKEN_FIELDS, CompileProblem, declared_names
from .check.statements import StatementChecks
from .check.table_texts import table_text_problems
from .codegen.build import ScriptFunction, as_expression, frame_entry, load, with_budget
from .codegen.module import ModuleWriter
from .program import Program
from .trees import part

__all__ = ["TOKEN_FIELDS", "CompileProblem", "Compiler"]


class Compiler(StatementChecks):
    """Checks the scripts of one game against its declared names, then generates them."""

    def __init__(self, game: GameDef, problems: list[Problem]):
        super().__init__(game, problems)
        self.sources: dict[str, list[str]] = {}
        self.handles: list[ScriptFunction] = []

    def declare(self, file: str, tree: Tree, text: str | None = None) -> None:
        """First pass: record the names a script's definitions introduce (and its text, for
        the generated code's comments)."""
        if text is not None:
            self.sources[file] = text.splitlines()
        super().declare(file, tree)

    def compile_all(self) -> Program:
        """Second pass: check every declared definition, collecting all problems."""
        self.check_definition_texts()
        self.problems.extend(table_text_problems(self.g))
        for name, (file, d) in self.program.const_trees.items():
            self.file, self.context = file, f"const {name}"
            try:
                self.expr(part(d, "value"), set())
            except CompileProblem:
                pass
        for func in list(self.program.funcs.values()):
            self.file, self.context = func.file, f"fn {func.name}"
            try:
                self.expr(part(func.tree, "value"), set(func.params))
            except CompileProblem:
                continue
        for proc in list(self.program.procs.values()):
            self.file, self.context = proc.file, f"def {proc.name}"
            block = part(proc.tree, "body")
            scope = set(proc.params) | declared_names(block)
            self.check_shadowing(proc.tree, scope)
            self.sim_depth = 0
            self.block(block, scope, proc, loops=0)
            for token in unset_uses(block, proc.params, scope - set(proc.params)):
                self.problems.append(Problem(self.where(token), f"the variable {str(token)!r} "
                                             "may be used before it is set (on some path no "
                                             "'let' comes first)"))
        return self.program

    def compile_expression(self, tree: Tree, params: list[str], file: str,
                           origin: Location | None = None) -> ScriptFunction:
        """Check a standalone expression (e.g. an end condition in YAML, whose text starts
        at `origin`); it is kept for the type checker, and callable as fn(runtime, *params)
        once the program is generated."""
        self.file, self.context = file, ""
        self.expr(tree, set(params))
        self.program.expressions.append((tree, list(params), file, origin))
        handle = ScriptFunction()
        self.handles.append(handle)
        return handle

    def generate(self, title: str) -> Program:
        """Third pass: write the checked program as Python, compile it, and point the
        procedures, functions, constants and expressions at its functions."""
        program = self.program
        writer = ModuleWriter(self, self.sources)
        text = writer.write(title, program.expressions)
        module = load(text.source(), text.table(), title, writer.globals.values)
        names = module.namespace
        program.module = module
        for name, proc in program.procs.items():
            if name not in writer.entries:      # a block an option rules out: never run
                proc.run, proc.resume = None, {}
                continue
            entry = names[writer.entries[name]]
            proc.run = entry if not entry.__name__.startswith("p_") else \
                frame_entry(entry, proc.params)
            proc.resume = writer.resumes[name]
        for func in program.funcs.values():
            func.call = with_budget(names[f"f_{func.name}"])
        for name in program.const_trees:
            program.consts[name] = as_expression(names[f"k_{name}"])
        for i, handle in enumerate(self.handles):
            handle.fn = names[f"x_{i}"]
        return program
