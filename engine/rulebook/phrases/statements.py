"""Procedures in words: each statement of the grammar becomes a step, loops and branches
become steps with sub-steps, and calls read as the callee's phrase from the text file.

`Steps` holds what every statement needs (the names of a procedure, blocks of statements);
the forms are mixed in: `let`, assignments and swaps (assignments.py), branches, loops and stops
(control_flow.py), decisions, calls and built-in statements (actions.py, and concepts.py and
grids.py for the engine's concepts).
"""

from __future__ import annotations

from collections import Counter

from lark import Tree

from ...dsl.builtins import STATEMENTS
from ...dsl.trees import first, part
from .accounts import Accounts
from .actions import ActionSteps
from .assignments import AssignmentSteps
from .concepts import ConceptNames
from .control_flow import FlowSteps
from .env import Env, Step, countdown, range_guard
from .expressions import Phrases

__all__ = ["Step", "Steps"]


class Steps(AssignmentSteps, FlowSteps, ActionSteps, ConceptNames):
    """Renders procedures of one game in one language."""

    def __init__(self, phrases: Phrases, links: dict[str, tuple[str, str]] | None = None,
                 quiet: set[str] | None = None, accounts: Accounts | None = None):
        self.p = phrases
        self.quiet = quiet or set()     # names whose `let` is not spelled out
        self.accounts = accounts        # which statements keep the engine's accounts
        self.dropped: set[int] = set()  # the statements left out of the procedure now shown
        self.said: dict[int, str] = {}  # statement id -> "step" (said), "" (no step of its
        #                                 own), "decided" (a branch the data rules out)
        self.t = phrases.t
        self.w = phrases.w
        self.g = phrases.g
        self.links = links or {}        # procedure -> (title, anchor) where it is described
        self.forms = {
            "let_stmt": self._let, "assign_stmt": self._assign,
            "attr_assign_stmt": self._attr_assign, "choose_stmt": self.choose,
            "call_stmt": self.call, "return_stmt": self._return,
            "return_value_stmt": self._return_value, "break_stmt": self._break,
            "pass_stmt": self._pass, "if_stmt": self._if, "for_stmt": self._for,
            "while_stmt": self._while, "repeat_stmt": self._repeat,
            "simultaneous_stmt": self._simultaneous,
        }

    # -- procedures and blocks -----------------------------------------------------------
    def env_for(self, proc) -> Env:
        """The names of a procedure: its parameters read as the text file says."""
        env = Env(proc=proc.name)
        nodes = list(proc.tree.iter_subtrees())
        lets = {str(part(n, "name")) for n in nodes if n.data == "let_stmt"}
        reads = Counter(str(part(n, "name")) for n in nodes if n.data == "name")
        env.used_once = {name for name in lets if 1 <= reads[name] <= 2}
        logged = Counter(str(part(n, "name")) for node in nodes if _is_log(node)
                         for n in node.iter_subtrees() if n.data == "name")
        told = Counter(name for node in nodes for name in _told_by_builtin(node))
        guarded = Counter(name for node in nodes for name in [range_guard(node)] if name)
        env.read_once = {name for name in lets
                         if (reads[name] - logged[name] == 1 and told[name] == 1) or
                         (guarded[name] and reads[name] - logged[name] == 2 * guarded[name])}
        env.unread = {name for name in lets if reads[name] == logged[name]}
        assigned = Counter(str(part(n, "name")) for n in nodes if n.data == "assign_stmt")
        env.countdowns = {name for node in nodes if node.data == "while_stmt"
                          for name in [countdown(node)] if name in lets and
                          assigned[name] == 1}
        for node in nodes:
            if node.data == "assign_stmt" or (node.data == "choose_stmt" and
                                              str(part(node, "target")) in lets):
                env.changing.add(str(first(node)))
        self.declare(env, proc.params)
        return env

    def declare(self, env: Env, names: list[str]) -> None:
        """Name local variables as the text file's variables section reads them."""
        for name in names:
            key = self.p.variable_key(name, env)
            entry = self.t.entry("variables", key)
            env.phrases[name] = self.p.var(name, env)
            if isinstance(entry, dict):
                env.groups[name] = (self.t.name("variables", key, 1),
                                    self.t.name("variables", key, 2))

    def procedure(self, name: str, reader: bool = False,
                  bookkeeping: frozenset[str] = frozenset()) -> list[Step]:
        """The numbered steps of one of the game's procedures; for a reader, without the
        steps that only keep the engine's accounts (accounts.py); without the steps that
        only set a name the game lists as bookkeeping."""
        proc = self.g.program.procs[name]
        body = part(proc.tree, "body")
        saved = self.dropped
        self.dropped = self.accounts.dropped(body) if reader and self.accounts else set()
        self.dropped |= bookkeeping_steps(body, bookkeeping)
        try:
            steps, _ = self.block(body, self.env_for(proc))
        finally:
            self.dropped = saved
        return steps

    def block(self, block: Tree, env: Env) -> tuple[list[Step], bool]:
        """The steps of a block, and whether it always stops (return or break)."""
        steps: list[Step] = []
        skip = False
        for i, stmt in enumerate(block.children):
            if skip:
                skip = False
                continue
            if id(stmt) in self.dropped:
                if stmt.data == "let_stmt":
                    self._let(stmt, env, spoken=False)    # unsaid; its name still reads as before
                continue
            following = part(block, "statements")[i + 1:i + 2]
            pair = self._default_unless(stmt, following, env) or \
                self._swap(stmt, following, env) or \
                self._optional_action(stmt, following, part(block, "statements")[i + 2:], env) or \
                self._optional_pick(stmt, following, part(block, "statements")[i + 2:], env) or \
                self._one_of_two(stmt, following, part(block, "statements")[i + 2:], env)
            if pair:                # two statements said as one step
                steps.append(pair)
                self.said[id(stmt)] = self.said[id(following[0])] = "step"
                skip = True
                continue
            rest = part(block, "statements")[i + 1:]
            split = self._stop_or_go_on(stmt, rest, block, env)
            if split is not None:       # "if A: ...; stop" then the rest: "otherwise: ..."
                steps.extend(split)
                return steps, False
            found, stops = self.stmt(stmt, env)
            before = part(block, "statements")[:i]
            if stmt.data == "return_stmt" and _ends_game(before, self.dropped):
                found = []              # the game is over: no need to say the rest is skipped
            steps.extend(found)
            if stops:
                for later in part(block, "statements")[i + 1:]:     # never reached in this game
                    self.decided(Tree("block", [later]))
                return steps, True
        return steps, False

    def _stop_or_go_on(self, stmt: Tree, rest: list[Tree], block: Tree,
                       env: Env) -> list[Step] | None:
        """In a procedure's own steps, `if A: X; return` followed by more steps Y: "if A:
        X" and "otherwise: Y" (two steps), rather than a step that says to stop; None if
        the statement is not such an `if`."""
        proc = self.g.program.procs.get(env.proc or "")
        if proc is None or block is not part(proc.tree, "body") or stmt.data != "if_stmt" or \
                any(c is not None for c in part(stmt, "clauses")) or \
                self.p.known(part(stmt, "condition"), env)[0]:
            return None
        body = part(stmt, "body")
        kept = [c for c in body.children if id(c) not in self.dropped]
        later = [c for c in rest if id(c) not in self.dropped]
        if len(kept) < 2 or kept[-1].data != "return_stmt" or not later or \
                _ends_game(kept[:-1], self.dropped):
            return None
        inner, stops = self.block(Tree("block", kept[:-1], body.meta), env.child())
        following, _ = self.block(Tree("block", rest, body.meta), env)
        if not inner or stops or not following:
            return None
        self.said[id(stmt)] = self.said[id(kept[-1])] = "step"
        condition = self.p.cond(part(stmt, "condition"), env)
        return [self._nested(self.w("if {condition}", condition=condition), inner),
                self._nested(self.w("otherwise"), following)]

    def stmt(self, s: Tree, env: Env) -> tuple[list[Step], bool]:
        """The steps of one statement, and whether it always stops."""
        result = self.forms[s.data](s, env)
        if not isinstance(result, tuple):
            result = ([result] if result is not None else []), False
        if self.said.get(id(s)) != "step":
            self.said[id(s)] = "step" if result[0] else ""
        return result

    def decided(self, body: Tree) -> None:
        """Mark the statements of a branch the data rules out (an option's value decides
        it): not this game's rule, so not a lost one."""
        for node in body.iter_subtrees():
            if node.data.endswith("_stmt"):
                self.said.setdefault(id(node), "decided")


def _is_log(node: Tree) -> bool:
    """A `log(...)` statement: the game's record, which no book step reads."""
    return node.data == "call_stmt" and str(part(node, "name")) == "log"


def _told_by_builtin(node: Tree) -> list[str]:
    """The names a built-in statement (`pay(coin, p, cost)`) takes as plain arguments: its
    phrase says each where the name stands."""
    if node.data != "call_stmt" or str(part(node, "name")) not in STATEMENTS or \
            len(node.children) < 2 or not isinstance(part(node, "args"), Tree):
        return []
    return [str(part(part(arg, "value"), "name")) for arg in part(node, "args").children
            if isinstance(arg, Tree) and arg.children and isinstance(first(arg), Tree)
            and part(arg, "value").data == "name"]


def bookkeeping_steps(body: Tree, names: frozenset[str]) -> set[int]:
    """The ids of the statements that only set a name listed as bookkeeping or call a
    procedure listed there. A bare name is a local, a procedure or a variable; `game.NAME`
    and `player.NAME` name only the game's or the players' variable NAME."""
    return {id(node) for node in body.iter_subtrees() if is_bookkeeping(node, names)}


def is_bookkeeping(node: Tree, names: frozenset[str] | set[str]) -> bool:
    """The statement only sets a name the game lists as bookkeeping, or calls a procedure
    listed there (see bookkeeping_steps for how names are written)."""
    if not names or not node.children:
        return False
    kind = node.data
    if kind in ("let_stmt", "assign_stmt", "call_stmt"):
        return str(part(node, "name")) in names
    if kind == "attr_assign_stmt":
        name = str(part(node, "attribute"))
        scope = "game" if str(part(node, "base")) == "game" else "player"
        return name in names or f"{scope}.{name}" in names
    return False


def _ends_game(before: list[Tree], dropped: set[int]) -> bool:
    """The last statement said before this one ends the game."""
    kept = [stmt for stmt in before if id(stmt) not in dropped]
    return bool(kept) and kept[-1].data == "call_stmt" and str(part(kept[-1], "name")) == "end_game"
