"""Write a game's whole program as one Python module: constants, functions, procedures
(plain or resumable) and the game file's expressions, each a function.

    def k_NAME(_c, _L)            a script constant
    def f_NAME(_c, _L, params)    a function (fn)
    def p_NAME(_c, _L, params)    a procedure that never pauses: called directly
    def r_NAME(_c, _L, _th, _f)   a procedure that can pause: runs (and resumes) a frame
    def s_NAME_N(_c, _L, _th, _f) the body of NAME's N-th `simultaneous` block
    def x_N(_c, _L, params)       an expression of the game file (end rule, goals)

`_c` is the Runtime, `_L` the step budget (limits.new_budget), `_th` the thread, `_f` the
frame. Comments name the script line each block of code comes from.
"""

from __future__ import annotations

from lark import Tree

from ...errors import Location
from ..check.names import DeclaredNames, declared_names
from ..program import Proc
from ..trees import part
from .expressions import Globals, Scope
from .flow import (
    MAX_NATIVE_LOOPS,
    call_graphs,
    live_before,
    loop_depth,
    pausing_procs,
    recursive,
)
from .resumable import Machine
from .statements import Ctx, StatementWriter
from .writer import Spot, Writer, comment, local_name

Expression = tuple[Tree, list[str], str, Location | None]
"""An expression of the game file: (tree, parameters, file, where its text starts)."""


class ModuleWriter(StatementWriter):
    """Writes the module of one game's program."""

    def __init__(self, names: DeclaredNames, sources: dict[str, list[str]]):
        super().__init__(names, Globals())
        program = names.program
        self.sources = sources
        self.deep = {p.name for p in program.procs.values() if p.tree is not None and
                     loop_depth(p.tree) > MAX_NATIVE_LOOPS}
        self.pausing = pausing_procs(program, {n.split("·")[0] for n in self.deep})
        procs, funcs = call_graphs(program)
        self.recursive_procs = recursive(procs)
        self.recursive_funcs = recursive(funcs)
        self.sub_procs = {id(p.tree): p for p in program.procs.values()
                          if p.tree is not None and p.tree.data == "simultaneous_stmt"}
        self.queued: list[tuple[Proc, Tree, dict[str, str], frozenset[str]]] = []
        self.keys = 0
        self.out = Writer()
        self.resumes: dict[str, dict[int, tuple[str, ...]]] = {}
        self.entries: dict[str, str] = {}

    def hidden_key(self) -> int:
        """A fresh number for the state a pausing loop keeps in its frame."""
        self.keys += 1
        return self.keys

    def queue_sub(self, sub: Proc, tree: Tree, ctx: Ctx, entry: frozenset[str]) -> None:
        """Write a `simultaneous` block's sub-procedure after its procedure."""
        self.queued.append((sub, tree, dict(ctx.names), entry))

    def write(self, title: str, expressions: list[Expression]) -> Writer:
        """The whole module."""
        out = self.out
        out.add(0, f'"""The scripts of {title}, compiled by regola (generated; do not edit)."""')
        program = self.n.program
        for name, (file, tree) in program.const_trees.items():
            self.definition(file, f"const {name}", tree)
            out.add(0, f"def k_{name}(_c, _L):")
            out.add(1, f"return {self.expr(part(tree, 'value'), Scope({}), True)}")
        for func in program.funcs.values():
            self.definition(func.file, f"fn {func.name}", func.tree)
            self.function(f"f_{func.name}", func.params, part(func.tree, "value"),
                          func.name in self.recursive_funcs)
        for proc in program.procs.values():
            if proc.tree is not None and proc.tree.data == "proc_def":
                self.procedure(proc)
        for i, (tree, params, file, origin) in enumerate(expressions):
            self.file, self.context = file, ""
            out.blank()
            out.add(0, comment(origin or Location(file)))
            self.function(f"x_{i}", params, tree, False)
        return out

    def definition(self, file: str, context: str, tree: Tree) -> None:
        """Start writing a definition: blank lines, and a comment with its first line."""
        self.file, self.context = file, context
        self.out.blank()
        self.out.blank()
        where = self.where(tree)
        self.out.add(0, comment(where, self.source_line(where)))

    def function(self, name: str, params: list[str], body: Tree, counted: bool) -> None:
        """A function returning one expression (`counted`: it can call itself, so each call
        spends a step)."""
        names = {p: local_name(p) for p in params}
        self.out.add(0, f"def {name}({', '.join(['_c', '_L', *names.values()])}):")
        if counted:
            self.out.add(1, "_L[0] -= 1")
            self.out.add(1, "if _L[0] < 0: _spent(_L)")
        self.out.add(1, f"return {self.expr(body, Scope(names), True)}")

    def procedure(self, proc: Proc) -> None:
        """A procedure: a plain function if it never pauses, else a resumable one."""
        self.definition(proc.file, f"def {proc.name}", proc.tree)
        block = part(proc.tree, "body")
        names = {n: local_name(n) for n in [*proc.params, *sorted(declared_names(block))]}
        where = self.where(proc.tree)
        if proc.name not in self.pausing:
            self.entries[proc.name] = f"p_{proc.name}"
            params = [names[p] for p in proc.params]
            self.out.add(0, f"def p_{proc.name}({', '.join(['_c', '_L', *params])}):",
                         Spot(where))
            lines: list = []
            self.block(lines, block, 0, Ctx(names), frozenset(proc.params))
            for depth, text, spot in lines:
                self.out.add(1 + depth, text, spot)
            self.resumes[proc.name] = {0: tuple(proc.params)}
            return
        self.resumable(proc, f"r_{proc.name}", block, names, frozenset(proc.params), where,
                       fresh=True)
        while self.queued:
            sub, tree, sub_names, entry = self.queued.pop(0)
            parent, number = sub.name.split("·sim")
            self.out.blank()
            self.out.add(0, comment(self.where(tree), f"the players' threads of "
                                                      f"{self.source_line(self.where(tree))}"))
            self.resumable(sub, f"s_{parent}_{number}", part(tree, "body"), sub_names, entry,
                           self.where(tree), fresh=False)

    def resumable(self, proc: Proc, name: str, block: Tree, names: dict[str, str],
                  entry: frozenset[str], where: Location, fresh: bool) -> None:
        """A procedure (or a simultaneous block) that runs as a resumable frame; `fresh`:
        its frames start with only its parameters (not a copy of another frame's `e`)."""
        live = live_before(block.children, frozenset())
        machine = Machine(self, Ctx(names, resumable=True), entry & live, live, fresh,
                          all_loops=proc.name in self.deep)
        machine.lower(block, entry & live, frozenset())
        machine.render(self.out, 0, f"def {name}(_c, _L, _th, _f):", where)
        self.resumes[proc.name] = machine.resume_points()
        self.entries[proc.name] = name
