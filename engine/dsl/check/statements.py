"""Check a procedure's statements: assignments to known variables, calls of known
procedures with the right arguments, `break` inside a loop, texts for every ask."""

from __future__ import annotations

from lark import Tree

from .. import builtins
from ..program import Proc
from ..trees import part, procedure_call
from .expressions import ExpressionChecks, is_game
from .names import CompileProblem

LOOP_HEADS = {"for_stmt": "collection", "repeat_stmt": "count", "while_stmt": "condition"}
"""The part of each loop statement that is an expression read before its body."""


class StatementChecks(ExpressionChecks):
    """Checks the statements of procedures; a `simultaneous` block becomes a sub-procedure."""

    def block(self, block: Tree, scope: set[str], proc: Proc, loops: int) -> None:
        """Each statement of a block; a problem abandons only its statement."""
        for stmt in block.children:
            try:
                self.stmt(stmt, scope, proc, loops)
            except CompileProblem:
                continue

    def stmt(self, s: Tree, scope: set[str], proc: Proc, loops: int) -> None:
        """One statement; `loops` is how many loops enclose it."""
        kind = s.data
        if kind == "let_stmt" or kind == "assign_stmt":
            name = str(part(s, "name"))
            if kind == "assign_stmt" and name not in scope:
                self.fail(part(s, "name"), f"unknown variable {name!r}; introduce it with 'let'")
            if procedure_call(s, self.program.procs) is not None:
                self.returned_value(part(s, "value"), scope)
            else:
                self.expr(part(s, "value"), scope)
        elif kind == "attr_assign_stmt":
            self.attr_assign(s, scope)
        elif kind == "choose_stmt":
            self.choose(s, scope)
        elif kind == "call_stmt":
            self.call_stmt(s, scope)
        elif kind == "break_stmt":
            if not loops:
                self.fail(s, "'break' outside a loop")
        elif kind in ("return_stmt", "pass_stmt"):
            pass
        elif kind == "return_value_stmt":
            if self.sim_depth:
                self.fail(s, "'return' with a value inside a 'simultaneous' block")
            self.expr(part(s, "value"), scope)
        elif kind == "if_stmt":
            self.if_stmt(s, scope, proc, loops)
        elif kind in ("for_stmt", "repeat_stmt", "while_stmt"):
            self.expr(part(s, LOOP_HEADS[kind]), scope)
            self.block(part(s, "body"), scope, proc, loops + 1)
        elif kind == "simultaneous_stmt":
            self.simultaneous(s, scope, proc)
        else:  # pragma: no cover - the grammar has no other statements
            self.fail(s, f"unsupported statement {kind}")

    def attr_assign(self, s: Tree, scope: set[str]) -> None:
        """`game.VAR = E` or `p.VAR = E` (a player variable)."""
        base, attr = str(part(s, "base")), str(part(s, "attribute"))
        self.expr(part(s, "value"), scope)
        if is_game(Tree("name", [base]), scope):
            if attr not in self.g.game_vars:
                self.fail(part(s, "attribute"), f"unknown game variable {attr!r}"
                          + self._suggest(attr, self.g.game_vars))
            return
        if base not in scope:
            self.fail(part(s, "base"), f"unknown variable {base!r}")
        if attr not in self.g.player_vars:
            self.fail(part(s, "attribute"), f"unknown player variable {attr!r}"
                      + self._suggest(attr, self.g.player_vars))

    def choose(self, s: Tree, scope: set[str]) -> None:
        """`let x = choose from OPTIONS by PLAYER ask "id"`: the ask has its text."""
        self.expr(part(s, "options"), scope)
        self.expr(part(s, "by"), scope)
        ask = part(s, "ask")[1:-1] if part(s, "ask") is not None else "choose"
        self.check_text(part(s, "ask") or s, "asks", ask)
        self.check_ask_text(part(s, "ask") or s, ask)
        self.check_prompt_text(part(s, "ask") or s, ask, scope)

    def call_stmt(self, s: Tree, scope: set[str]) -> None:
        """A call of one of the script's procedures, a flow statement or a built-in."""
        name = str(part(s, "name"))
        args, kwargs = self.args(part(s, "args"), scope)
        if name in self.program.procs:
            self.check_script_arity(s, name, self.program.procs[name].params, args, kwargs)
        elif name in builtins.FLOW_STATEMENTS:
            self.check_flow_call(s, name, args, kwargs)
        else:
            builtin = self.statement_builtin(s, name)
            self.check_builtin_call(s, name, builtin, args, kwargs)
            if name == "log":
                self.check_log_id(s, kwargs)

    def returned_value(self, call: Tree, scope: set[str]) -> None:
        """`let x = P(ARGS)`: a procedure called for the value it returns (`return E`)."""
        name = str(part(call, "name"))
        args, kwargs = self.args(part(call, "args"), scope)
        self.check_script_arity(call, name, self.program.procs[name].params, args, kwargs)
        tree = self.program.procs[name].tree
        if tree is not None and not any(True for _ in tree.find_data("return_value_stmt")):
            self.fail(call, f"{name!r} returns no value: give it a 'return' with a value, "
                            "or call it as a statement")

    def if_stmt(self, s: Tree, scope: set[str], proc: Proc, loops: int) -> None:
        """`if/elif/else`: each condition, then its block."""
        for clause in [s, *part(s, "clauses")]:
            if clause is None:
                continue
            if clause.data == "else_clause":
                self.block(part(clause, "body"), scope, proc, loops)
            else:
                self.expr(part(clause, "condition"), scope)
                self.block(part(clause, "body"), scope, proc, loops)

    def simultaneous(self, s: Tree, scope: set[str], proc: Proc) -> None:
        """`simultaneous p in PLAYERS:`: its body becomes a sub-procedure run by one thread
        per player (named after the procedure, `·sim` and a number)."""
        if self.sim_depth:
            self.fail(s, "'simultaneous' cannot be nested")
        self.expr(part(s, "collection"), scope)
        self.sim_count += 1
        sub = Proc(f"{proc.name}·sim{self.sim_count}", [], tree=s, file=self.file)
        self.program.procs[sub.name] = sub
        self.sim_depth += 1
        self.block(part(s, "body"), scope, sub, loops=0)
        self.sim_depth -= 1
