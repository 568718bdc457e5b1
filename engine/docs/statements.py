"""Procedures in words: each statement of the grammar becomes a step, loops and branches
become steps with sub-steps, and calls read as the callee's phrase from the text file.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Tree

from .actions import ActionSteps
from .concept_phrases import ConceptSteps
from .env import Env, call_parts, is_name, uses
from .expressions import Phrases
from .grid_phrases import GridSteps
from .piles import PileSteps

_AT_ONCE = ("reveal", "hide", "move_token")    # statements on one token, in any order


@dataclass
class Step:
    """One numbered step: a clause, perhaps with sub-steps."""

    text: str
    children: list[Step] = field(default_factory=list)


class Steps(ActionSteps, PileSteps, ConceptSteps, GridSteps):
    """Renders procedures of one game in one language."""

    def __init__(self, phrases: Phrases, links: dict[str, tuple[str, str]] | None = None,
                 quiet: set[str] | None = None):
        self.p = phrases
        self.quiet = quiet or set()     # names whose `let` is not spelled out
        self.t = phrases.t
        self.w = phrases.w
        self.g = phrases.g
        self.links = links or {}        # procedure -> (title, anchor) where it is described
        self.forms = {
            "let_stmt": self._let, "assign_stmt": self._assign,
            "attr_assign_stmt": self._attr_assign, "choose_stmt": self.choose,
            "call_stmt": self.call, "return_stmt": self._return, "break_stmt": self._break,
            "pass_stmt": self._pass, "if_stmt": self._if, "for_stmt": self._for,
            "while_stmt": self._while, "repeat_stmt": self._repeat,
            "simultaneous_stmt": self._simultaneous,
        }

    # -- procedures and blocks -----------------------------------------------------------
    def env_for(self, proc) -> Env:
        """The names of a procedure: its parameters read as the text file says."""
        env = Env(proc=proc.name)
        nodes = list(proc.tree.iter_subtrees())
        lets = {str(n.children[0]) for n in nodes if n.data == "let_stmt"}
        for node in nodes:
            if node.data == "assign_stmt" or (node.data == "choose_stmt" and
                                              str(node.children[0]) in lets):
                env.changing.add(str(node.children[0]))
        self.declare(env, proc.params)
        return env

    def declare(self, env: Env, names: list[str]) -> None:
        for name in names:
            entry = self.t.entry("variables", name)
            env.phrases[name] = self.p.var(name, env)
            if isinstance(entry, dict):
                env.groups[name] = (self.t.name("variables", name, 1),
                                    self.t.name("variables", name, 2))

    def procedure(self, name: str) -> list[Step]:
        proc = self.g.program.procs[name]
        steps, _ = self.block(proc.tree.children[2], self.env_for(proc))
        return steps

    def block(self, block: Tree, env: Env) -> tuple[list[Step], bool]:
        """The steps of a block, and whether it always stops (return or break)."""
        steps: list[Step] = []
        skip = False
        for i, stmt in enumerate(block.children):
            if skip:
                skip = False
                continue
            swap = self._swap(stmt, block.children[i + 1:i + 2], env)
            if swap:
                steps.append(swap)
                skip = True
                continue
            found, stops = self.stmt(stmt, env)
            steps.extend(found)
            if stops:
                return steps, True
        return steps, False

    def stmt(self, s: Tree, env: Env) -> tuple[list[Step], bool]:
        result = self.forms[s.data](s, env)
        if isinstance(result, tuple):
            return result
        return ([result] if result is not None else []), False

    def _swap(self, first: Tree, rest: list[Tree], env: Env) -> Step | None:
        """`a = y` then `b = x` where x held a and y held b: the two exchange values."""
        if not rest or first.data not in ("assign_stmt", "attr_assign_stmt") or \
                rest[0].data != first.data:
            return None
        second = rest[0]
        target = (lambda s: Tree("name", [s.children[0]])) if first.data == "assign_stmt" \
            else (lambda s: Tree("attr", [Tree("name", [s.children[0]]), s.children[1]]))
        a, b = target(first), target(second)
        y, x = first.children[-1], second.children[-1]
        if not (is_name(x) and is_name(y)):
            return None
        held = env.aliases
        if held.get(str(x.children[0])) == a and held.get(str(y.children[0])) == b:
            return Step(self.w("{a} and {b} change places", a=self.p.expr(a, env),
                               b=self.p.expr(b, env)))
        return None

    # -- simple statements ---------------------------------------------------------------
    def _let(self, s: Tree, env: Env) -> Step | None:
        name, value = str(s.children[0]), s.children[1]
        self.declare(env, [name])
        ok, known = self.p.known(value, env)
        x = env.phrases[name]
        if ok and name not in env.changing:
            env.statics[name] = known
        if value.data in ("name", "attr"):
            env.aliases[name] = value
        if value.data == "rank":
            env.rankings.add(name)
        if name in self.quiet:
            return None
        if value.data == "rank":
            return Step(self.p.ranking(value, env, x))
        if value.data == "ternary" and not self.p.known(value.children[1], env)[0] and \
                not self.p.is_condition(value):
            return Step(self._either(name, x, value, env))
        if ok and isinstance(known, int) and not isinstance(known, bool):
            return Step(self.w("{x} starts at {n}", x=x, n=known))
        if ok and isinstance(known, bool):
            clause = self.p.flag(Tree("name", [s.children[0]]), env, known)
            if clause is not None:
                return Step(self.w("at first, {clause}", clause=clause))
            return Step(self.w("{x}: yes, at first", x=x) if known
                        else self.w("{x}: no, at first", x=x))
        if ok and known == [] and name in env.groups:
            return Step(self.w("there are no {things} yet", things=env.groups[name][1]))
        if self.p.is_condition(value):
            return Step(self.w("{clause} only if {condition}", clause=x,
                               condition=self.p.cond(value, env)))
        if name in env.groups:
            return Step(self.w("{x} are {value}", x=x, value=self.p.expr(value, env)))
        return Step(self.w("{x} is {value}", x=x, value=self.p.expr(value, env)))

    def _either(self, name: str, x: str, value: Tree, env: Env) -> str:
        """`let x = a if c else b`: "if c, x is a; otherwise, it is b"."""
        a, cond, b = value.children
        branch = env.child()
        single = self._one_in(cond, env)
        if single:                      # "the runner-up", not "the first runner-up"
            branch.singles.add(single)
        return self._either_text(name, x, self.p.cond(cond, env), self.p.expr(a, branch), b,
                                 env)

    def _one_in(self, cond: Tree, env: Env) -> str | None:
        """The group a condition `len(group) == 1` says holds exactly one player or thing."""
        if cond.data != "compare" or str(cond.children[1]) != "==" or \
                self.p.known(cond.children[2], env) != (True, 1):
            return None
        counted = cond.children[0]
        if counted.data != "call" or str(counted.children[0]) != "len" or \
                counted.children[1] is None:
            return None
        group = counted.children[1].children[0].children[0]
        return str(group.children[0]) if is_name(group) else None

    def _either_text(self, name: str, x: str, condition: str, a: str, b: Tree,
                     env: Env) -> str:
        ok, empty = self.p.known(b, env)
        if name in env.groups:
            if ok and empty == []:
                return self.w("if {condition}, {x} are {a}; otherwise there are no {things}",
                              condition=condition, x=x, a=a, things=env.groups[name][1])
            return self.w("if {condition}, {x} are {a}; otherwise, they are {b}",
                          condition=condition, x=x, a=a, b=self.p.expr(b, env))
        return self.w("if {condition}, {x} is {a}; otherwise, it is {b}", condition=condition,
                      x=x, a=a, b=self.p.expr(b, env))

    def _assign(self, s: Tree, env: Env) -> Step:
        name, value = str(s.children[0]), s.children[1]
        flagged = self._set_flag(Tree("name", [s.children[0]]), value, env)
        if flagged is not None:
            return flagged
        x = self.p.expr(Tree("name", [s.children[0]]), env)
        return self._becomes(x, value, lambda t: is_name(t, name), env)

    def _set_flag(self, target: Tree, value: Tree, env: Env) -> Step | None:
        """A true-or-false variable set to a known value: "from now on, the player has
        passed" (the text file's flags); None if the variable has no such clause."""
        ok, known = self.p.known(value, env)
        if not ok or not isinstance(known, bool):
            return None
        clause = self.p.flag(target, env, known)
        if clause is None:
            return None
        return Step(self.w("from now on, {clause}", clause=clause))

    def _attr_assign(self, s: Tree, env: Env) -> Step:
        base, attr, value = str(s.children[0]), str(s.children[1]), s.children[2]
        flagged = self._set_flag(Tree("attr", [Tree("name", [s.children[0]]), s.children[1]]),
                                 value, env)
        if flagged is not None:
            return flagged
        if base == "game" and "game" not in env.phrases:
            x = self.t.name("game_variables", attr)
        else:
            x = self.t.owned(self.p.expr(Tree("name", [s.children[0]]), env), attr)

        def same(t: Tree) -> bool:
            return t.data == "attr" and is_name(t.children[0], base) and \
                str(t.children[1]) == attr
        return self._becomes(x, value, same, env)

    def _becomes(self, x: str, value: Tree, same, env: Env) -> Step:
        if self.p.known(value, env) == (True, []):
            return Step(self.w("clear {x}", x=x))
        if value.data == "binop" and same(value.children[0]) and \
                str(value.children[1]) in "+-":
            amount = self.p.expr(value.children[2], env)
            if str(value.children[1]) == "+":
                return Step(self.w("add {n} to {x}", n=amount, x=x))
            return Step(self.w("subtract {n} from {x}", n=amount, x=x))
        if value.data == "list_comp" and value.children[3] is None and \
                not uses(value.children[0], str(value.children[1])):
            ok, each = self.p.known(value.children[0], env)
            if ok and not isinstance(each, list):
                return Step(self.w("{x} becomes {value} for each of {things}", x=x,
                                   value=self.t.value(each),
                                   things=self.p.expr(value.children[2], env)))
        return Step(self.w("{x} becomes {value}", x=x, value=self.p.expr(value, env)))

    def _return(self, s: Tree, env: Env):
        return [Step(self.w("stop here"))], True

    def _break(self, s: Tree, env: Env):
        return [Step(self.w("stop repeating"))], True

    def _pass(self, s: Tree, env: Env) -> Step:
        return Step(self.w("nothing happens"))

    # -- compound statements -------------------------------------------------------------
    def _if(self, s: Tree, env: Env):
        branches = [(s.children[0], s.children[1])]
        for clause in s.children[2:]:
            if clause is not None:
                branches.append((clause.children[0], clause.children[1])
                                if clause.data == "elif_clause" else (None, clause.children[0]))
        steps: list[Step] = []
        first = True
        for cond, body in branches:
            ok, value = (True, True) if cond is None else self.p.known(cond, env)
            if ok and not value:
                continue
            inner, stops = self.block(body, env.child())
            if ok:       # decided by the data: its steps happen (after earlier branches)
                if first:
                    return steps + inner, stops
                steps.append(self._nested(self.w("otherwise"), inner))
                return steps, False
            condition = self.p.cond(cond, env)
            head = self.w("if {condition}", condition=condition) if first else \
                self.w("otherwise, if {condition}", condition=condition)
            steps.append(self._nested(head, inner))
            first = False
        return steps, False

    def _nested(self, head: str, inner: list[Step]) -> Step:
        if len(inner) == 1 and not inner[0].children:
            return Step(self.w("{head}, {step}", head=head, step=inner[0].text))
        return Step(head, inner)

    def _for(self, s: Tree, env: Env) -> Step | tuple[list[Step], bool]:
        var, items, body = str(s.children[0]), s.children[1], s.children[2]
        if items.data == "call" and str(items.children[0]) == "range" and \
                items.children[1] is not None and len(items.children[1].children) == 1:
            count = items.children[1].children[0].children[0]
            if count.data == "call" and str(count.children[0]) == "len":
                whole = count.children[1].children[0].children[0]
                if whole.data == "call" and str(whole.children[0]) == "deck_cards":
                    whole = whole.children[1].children[0].children[0]
                inner, _ = self.block(body, env.child(**{var: self.w("that position")}))
                return Step(self.w("go through the positions of {x} from first to last; at "
                                   "each position", x=self.p.expr(whole, env)), inner)
        wholes = [self._all_at_once(stmt, var, items) for stmt in body.children]
        if len(wholes) > 1 and all(wholes):
            found = [step for whole in wholes for step in self.stmt(whole, env)[0]]
            return found, False
        single = self._single(body, var)
        if single is not None:
            whole = self._all_at_once(single, var, items)
            if whole is not None:
                steps, _ = self.stmt(whole, env)
                if len(steps) == 1:
                    return steps[0]
            steps, _ = self.stmt(single, env.child(**{var: self.p.each(items, env)}))
            if len(steps) == 1:
                return steps[0]
        inner_env = env.child()
        self.declare(inner_env, [var])
        inner, _ = self.block(body, inner_env)
        if self.p.listed_kind(items) and not self._acts(body):
            return Step(self.w("for {each}", each=self.p.each(items, env)), inner)
        return Step(self.w("for {each}, one after another", each=self.p.each(items, env)),
                    inner)

    def _acts(self, body: Tree) -> bool:
        """The block has a decision or calls a procedure (so the order of turns matters)."""
        return any(n.data == "choose_stmt" or (n.data == "call_stmt" and
                                               str(n.children[0]) in self.g.program.procs)
                   for n in body.iter_subtrees())

    def _all_at_once(self, stmt: Tree, var: str, items: Tree) -> Tree | None:
        """`for t in tokens(...): reveal(t)` (or hide, move_token): order does not matter,
        so the statement applies to all the tokens at once ("turn the cubes face up")."""
        if stmt.data != "call_stmt" or str(stmt.children[0]) not in _AT_ONCE or \
                items.data != "call" or str(items.children[0]) != "tokens":
            return None
        _, args, kwargs = call_parts(stmt)
        if kwargs or not args or not is_name(args[0], var) or \
                any(uses(a, var) for a in args[1:]):
            return None
        first = stmt.children[1].children[0]
        rest = stmt.children[1].children[1:]
        new_args = Tree(stmt.children[1].data, [Tree(first.data, [items]), *rest])
        return Tree(stmt.data, [stmt.children[0], new_args], stmt.meta)

    def _single(self, body: Tree, var: str) -> Tree | None:
        """The body's only statement, if it is a simple one naming `var` once."""
        if len(body.children) != 1:
            return None
        stmt = body.children[0]
        if stmt.data not in ("call_stmt", "attr_assign_stmt") or uses(stmt, var) != 1:
            return None
        return stmt

    def _while(self, s: Tree, env: Env) -> Step:
        cond, body = s.children
        inner, _ = self.block(body, env.child())
        ok, value = self.p.known(cond, env)
        if ok and value and _breaks(body):
            return Step(self.w("repeat the following until a step says to stop"), inner)
        if ok and value:
            if any(t.data in ("return_stmt", "break_stmt") for t in body.iter_subtrees()):
                return Step(self.w("repeat the following until a step below says to stop"),
                            inner)
            return Step(self.w("repeat the following until the game ends"), inner)
        return Step(self.w("repeat the following as long as {condition}",
                           condition=self.p.cond(cond, env)), inner)

    def _repeat(self, s: Tree, env: Env) -> Step:
        count, body = s.children
        inner, _ = self.block(body, env.child())
        ok, n = self.p.known(count, env)
        if ok and isinstance(n, int):
            return Step(self.w.plural(None, "do the following once",
                                      "repeat the following {n} times", n), inner)
        if is_name(count):
            const = self.g.constants.get(str(count.children[0]))
            if isinstance(const, dict) and "by_players" in const:
                times = self.t.by_players(const["by_players"], self.t.times)
                return Step(self.w("repeat the following {times}", times=times), inner)
        return Step(self.w("repeat the following as many times as {n}",
                           n=self.p.expr(count, env)), inner)

    def _simultaneous(self, s: Tree, env: Env) -> Step:
        var, items, body = str(s.children[0]), s.children[1], s.children[2]
        each = self.p.each(items, env)
        single = self._single(body, var)
        if single is not None:
            steps, _ = self.stmt(single, env.child(**{var: each}))
            if len(steps) == 1 and not steps[0].children:
                return Step(self.w("at the same time and in secret, {step}",
                                   step=steps[0].text))
        inner_env = env.child()
        self.declare(inner_env, [var])
        inner, _ = self.block(body, inner_env)
        return Step(self.w("at the same time and in secret, {each} does the following",
                           each=each), inner)


def _breaks(body: Tree) -> bool:
    """The loop body has a `break` of its own (not one of an inner loop)."""
    for child in body.children:
        if not isinstance(child, Tree) or child.data in ("for_stmt", "while_stmt", "repeat_stmt"):
            continue
        if child.data == "break_stmt" or _breaks(child):
            return True
    return False
