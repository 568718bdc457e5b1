"""Statements that steer a procedure in words: branches ("if ..., otherwise ..."), loops
("for each player, one after another", "repeat the following 3 times"), secret
simultaneous choices, and the statements that stop (return, break) or do nothing (pass).
"""

from __future__ import annotations

from lark import Tree

from ...dsl.trees import part
from .env import Env, Step, call_parts, countdown, is_name, only_argument, range_guard, uses

_AT_ONCE = ("reveal", "hide", "move_token")    # statements on one token, in any order
_SHORT = 170            # characters: an if/otherwise pair this short reads as one sentence


class FlowSteps:
    """Mixed into Steps: stops, branches, loops and simultaneous choices."""

    # -- stops ---------------------------------------------------------------------------
    def _return(self, s: Tree, env: Env):
        return [Step(self.w("nothing further happens"))], True

    def _return_value(self, s: Tree, env: Env):
        return [Step(self.w("stop here: the result is {value}",
                            value=self.p.expr(part(s, "value"), env)))], True

    def _break(self, s: Tree, env: Env):
        return [Step(self.w("stop repeating"))], True

    def _pass(self, s: Tree, env: Env) -> Step:
        return Step(self.w("nothing happens"))

    # -- compound statements -------------------------------------------------------------
    def _if(self, s: Tree, env: Env):
        branches = [(part(s, "condition"), part(s, "body"))]
        for clause in part(s, "clauses"):
            if clause is not None:
                branches.append((part(clause, "condition"), part(clause, "body"))
                                if clause.data == "elif_clause" else (None, part(clause, "body")))
        cases = self._cases(branches, env)
        if cases is not None:
            return [cases], False
        folded = self._choice_if_any(branches, env)
        if folded is not None:
            return folded, False
        if range_guard(s) is not None:      # a choice of "0 to N" needs no "if N > 0"
            return self.block(part(s, "body"), env.child())
        paired = self._if_otherwise(branches, env)
        if paired is not None:
            return [paired], False
        steps: list[Step] = []
        first = True
        for k, (cond, body) in enumerate(branches):
            ok, value = (True, True) if cond is None else self.p.known(cond, env)
            if ok and not value:
                self.decided(body)
                continue
            branch = env.child()
            single = None if cond is None else self._one_in(cond, env)
            if single:                  # "the runner-up", not "the first runner-up"
                branch.singles.add(single)
            inner, stops = self.block(body, branch)
            if not inner and not stops:     # bookkeeping or a log line only
                later = [b for _, b in branches[k + 1:] if self.block(b, env.child())[0]]
                if not later:
                    continue            # only the engine's accounts: nothing to say
                inner = [Step(self.w("nothing happens"))]
            if ok:       # decided by the data: its steps happen (after earlier branches)
                for _, later_body in branches[k + 1:]:
                    self.decided(later_body)
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

    def _choice_if_any(self, branches: list, env: Env) -> list[Step] | None:
        """`if len(THINGS) > 0:` around a choice from THINGS the player may decline (and
        what it does): the choice's own steps, since a player may only choose among things
        there are; None for any other branching."""
        if len(branches) != 1:
            return None
        cond, body = branches[0]
        if cond.data != "compare" or str(part(cond, "op")) not in (">", ">=") or \
                self.p.known(part(cond, "right"), env) != \
                (True, 0 if str(part(cond, "op")) == ">" else 1):
            return None
        things = only_argument(part(cond, "left"), "len")
        if things is None:
            return None
        kept = [c for c in body.children if id(c) not in self.dropped]
        if len(kept) != 2 or kept[0].data != "choose_stmt" or \
                not any(node == things for node in part(kept[0], "options").iter_subtrees()):
            return None
        inner, stops = self.block(body, env.child())
        if stops or len(inner) != 1 or self.said.get(id(kept[1])) != "step":
            return None             # not a choice the player may decline said as one step
        return inner

    def _if_otherwise(self, branches: list, env: Env) -> Step | None:
        """`if A: X else: Y` where both X and Y are one short step: one sentence, "if A,
        X; otherwise, Y"; None for any other branching."""
        if len(branches) != 2 or branches[1][0] is not None or \
                self.p.known(branches[0][0], env)[0]:
            return None
        said = []
        for _, body in branches:
            if any(id(c) in self.dropped for c in body.children):
                return None
            inner, stops = self.block(body, env.child())
            if stops or len(inner) != 1 or inner[0].children:
                return None
            said.append(inner[0].text)
        condition = self.p.cond(branches[0][0], env)
        if len(condition) + len(said[0]) + len(said[1]) > _SHORT:
            return None
        return Step(self.w("if {condition}, {step}; otherwise, {other}", condition=condition,
                           step=said[0], other=said[1]))

    def _cases(self, branches: list, env: Env) -> Step | None:
        """An if/elif chain (three branches or more) that compares one value with a literal
        in each test: a list of cases, "according to the action: - gain coins: ..."."""
        tests = [cond for cond, _ in branches if cond is not None]
        if len(tests) < 3 or any(self.p.known(c, env)[0] for c in tests):
            return None
        subject, values = None, []
        for cond in tests:
            alternatives = cond.children if cond.data == "or_op" else [cond]
            found = []
            for test in alternatives:
                if test.data != "compare" or str(part(test, "op")) != "==" or \
                        part(test, "right").data not in ("string", "number"):
                    return None
                if subject is None:
                    subject = part(test, "left")
                elif part(test, "left") != subject:
                    return None
                found.append(self.p.known(part(test, "right"), env)[1])
            values.append(found)
        items = []
        for value, (cond, body) in zip(values + [None], branches):
            inner, _ = self.block(body, env.child())
            case = self.w.join([self.t.name("choices", v) if self.t.has("choices", v) else
                                self.t.value(v) for v in value], "or") if cond is not None \
                else self.w("in any other case")
            items.append(self._labelled(case, inner or [Step(self.w("nothing happens"))]))
        return Step(self.w("according to {x}", x=self.p.expr(subject, env)), items,
                    options=True)

    def _labelled(self, case: str, inner: list[Step]) -> Step:
        """One answer or value and what it does: "park: score ..." for one plain step, else
        the steps under it."""
        if len(inner) == 1 and not inner[0].children:
            return Step(self.w("{case}: {step}", case=case, step=inner[0].text))
        return Step(case, inner)

    def _nested(self, head: str, inner: list[Step]) -> Step:
        """A branch's head and its steps: one sentence for one step ("otherwise, repeat
        the following: ..." keeps that step's own sub-steps), else the steps under it."""
        if len(inner) == 1:
            return Step(self.w("{head}, {step}", head=head, step=inner[0].text),
                        inner[0].children, inner[0].options)
        return Step(head, inner)

    def _for(self, s: Tree, env: Env) -> Step | tuple[list[Step], bool]:
        var, items, body = str(part(s, "variable")), part(s, "collection"), part(s, "body")
        count = only_argument(items, "range")
        whole = None if count is None else only_argument(count, "len")
        if whole is not None:                   # for i in range(len(ROW)): by position
            whole = only_argument(whole, "deck_cards") or whole
            inner, _ = self.block(body, env.child(**{var: self.w("that position")}))
            return Step(self.w("go through the positions of {x} from first to last; at "
                               "each position", x=self.p.expr(whole, env)), inner)
        if self.dropped and not self.block(body, env.child(**{var: var}))[0]:
            return [], False            # only the engine's accounts
        dispatch = self._dispatch(var, items, body, env)
        if dispatch is not None:
            return dispatch
        wholes = [self._all_at_once(stmt, var, items) for stmt in body.children
                  if id(stmt) not in self.dropped]
        if len(wholes) > 1 and all(wholes):
            found = [step for whole in wholes for step in self.stmt(whole, env)[0]]
            return found, False
        single = self._single(body, var)
        if single is not None and id(single) not in self.dropped:
            whole = self._all_at_once(single, var, items)
            if whole is not None:
                steps, _ = self.stmt(whole, env)
                if len(steps) == 1:
                    return steps[0]
            if not self._loses_subject(single, var, env):
                steps, _ = self.stmt(single, env.child(**{var: self.p.each(items, env)}))
                if len(steps) == 1:
                    return steps[0]
        ok, known = self.p.known(items, env)
        if ok and isinstance(known, list) and len(known) > 2 and \
                all(isinstance(v, int) and not isinstance(v, bool) for v in known) and \
                known == list(range(known[0], known[0] + len(known))):
            counter = self._counter(body, var)
            if counter is not None:     # `game.epoch = e` first: "as the epoch goes ..."
                self.said[id(counter)] = "step"
                body = Tree(body.data, [c for c in body.children if c is not counter],
                            body.meta)
            inner, _ = self.block(body, env.child(**{var: self.w("that number")}))
            if not inner:
                return [], False
            if counter is not None:
                x = self.p.expr(Tree("attr", [Tree("name", [part(counter, "base")]),
                                              part(counter, "attribute")]), env)
                return Step(self.w("as {x} goes from {a} to {b}, one at a time", x=x,
                                   a=known[0], b=known[-1]), inner)
            return Step(self.w("for each number from {a} to {b}, in order", a=known[0],
                               b=known[-1]), inner)
        inner_env = env.child()
        self.declare(inner_env, [var])
        inner, _ = self.block(body, inner_env)
        if not inner:
            return [], False
        if not self._acts(body):        # no decision and no turn of its own: order is moot
            return self._nested(self.w("for {each}", each=self.p.each(items, env)), inner)
        return self._nested(self.w("for {each}, one after another",
                                   each=self.p.each(items, env)), inner)

    def _dispatch(self, var: str, items: Tree, body: Tree, env: Env) -> Step | None:
        """`for k in ["a", "b", ...]:` whose body is only `if k == "a": ...` tests, one per
        value: "in this order:" and one line per value with what it does ("park: score ..."),
        rather than a loop that asks of each value which it is."""
        ok, known = self.p.known(items, env)
        if not ok or not isinstance(known, list) or len(known) < 2 or \
                not all(isinstance(v, str) for v in known):
            return None
        kept = [c for c in body.children if id(c) not in self.dropped]
        branches: dict[str, Tree] = {}
        for stmt in kept:
            if stmt.data != "if_stmt" or any(c is not None for c in part(stmt, "clauses")):
                return None
            cond = part(stmt, "condition")
            if cond.data != "compare" or str(part(cond, "op")) != "==" or \
                    not is_name(part(cond, "left"), var):
                return None
            found, value = self.p.known(part(cond, "right"), env)
            if not found or value not in known or value in branches:
                return None
            branches[value] = stmt
        lines: list[Step] = []
        for value in known:
            if value not in branches:
                continue
            inner, _ = self.block(part(branches[value], "body"), env.child(**{var: var}))
            self.said[id(branches[value])] = "step"
            if inner:
                lines.append(self._labelled(self.t.value(value), inner))
        return Step(self.w("in this order"), lines) if lines else None

    def _counter(self, body: Tree, var: str) -> Tree | None:
        """The loop body's first statement, if it only sets a game variable to the loop's
        number (`game.epoch = e`) and the number is read nowhere else in the body."""
        kept = [c for c in body.children if id(c) not in self.dropped]
        if not kept or kept[0].data != "attr_assign_stmt" or \
                str(part(kept[0], "base")) != "game" or not is_name(part(kept[0], "value"), var):
            return None
        said = [c for c in kept if not (c.data == "call_stmt" and str(part(c, "name")) == "log")]
        if sum(uses(c, var) for c in said) != 1:    # a story line may name it too
            return None
        return kept[0]

    def _loses_subject(self, stmt: Tree, var: str, env: Env) -> bool:
        """The statement's words do not name `var` (a call of a procedure whose phrase
        leaves its parameter out): said alone, the loop would lose whom it is for."""
        mark = "\u2063"
        steps, _ = self.stmt(stmt, env.child(**{var: mark}))
        self.said.pop(id(stmt), None)
        return bool(steps) and mark not in steps[0].text

    def _acts(self, body: Tree) -> bool:
        """The block has a decision or calls a procedure (so the order of turns matters);
        a call the book leaves out as bookkeeping does not count."""
        return any(n.data == "choose_stmt" or (n.data == "call_stmt" and
                                               str(part(n, "name")) in self.g.program.procs
                                               and id(n) not in self.dropped)
                   for n in body.iter_subtrees())

    def _all_at_once(self, stmt: Tree, var: str, items: Tree) -> Tree | None:
        """`for t in tokens(...): reveal(t)` (or hide, move_token): order does not matter,
        so the statement applies to all the tokens at once ("turn the cubes face up")."""
        if stmt.data != "call_stmt" or str(part(stmt, "name")) not in _AT_ONCE or \
                items.data != "call" or str(part(items, "name")) != "tokens":
            return None
        _, args, kwargs = call_parts(stmt)
        if kwargs or not args or not is_name(args[0], var) or \
                any(uses(a, var) for a in args[1:]):
            return None
        first = part(part(stmt, "args"), "arguments")[0]
        rest = part(part(stmt, "args"), "arguments")[1:]
        new_args = Tree(part(stmt, "args").data, [Tree(first.data, [items]), *rest])
        return Tree(stmt.data, [part(stmt, "name"), new_args], stmt.meta)

    def _single(self, body: Tree, var: str) -> Tree | None:
        """The body's only statement (bookkeeping aside), if it is a simple one naming
        `var` once."""
        kept = [c for c in body.children if id(c) not in self.dropped]
        if len(kept) != 1:
            return None
        stmt = kept[0]
        if stmt.data not in ("call_stmt", "attr_assign_stmt") or uses(stmt, var) != 1:
            return None
        return stmt

    def _stop_choice(self, body: Tree, env: Env) -> tuple[Tree, str, str] | None:
        """A loop body that asks a choice and stops when the player picks one fixed answer
        (`let c = choose ...` then `if c == "done": break`): the body without that `if`
        (marked said) and the words "until the player chooses “done”"; None otherwise."""
        kids = body.children
        self.stop_once: tuple[str, Tree] | None = None  # who may stop, once what holds
        for k, stmt in enumerate(kids[:-1]):
            test = kids[k + 1]
            if stmt.data != "choose_stmt" or test.data != "if_stmt" or \
                    any(clause is not None for clause in part(test, "clauses")):
                continue
            cond, then = part(test, "condition"), part(test, "body")
            if cond.data != "compare" or str(part(cond, "op")) != "==" or \
                    not is_name(part(cond, "left"), str(part(stmt, "target"))) or \
                    part(cond, "right").data != "string" or len(then.children) != 1 or \
                    part(then, "statements")[0].data != "break_stmt":
                return None
            self.said[id(test)] = self.said[id(part(then, "statements")[0])] = "step"
            stop = self.p.known(part(cond, "right"), env)[1]
            player = self.p.expr(part(stmt, "by"), env)
            offered = self.fixed_answers(part(stmt, "options"), env) or []
            name = str(part(stmt, "target"))
            if len(offered) == 2 and stop in offered and \
                    not any(uses(later, name) for later in kids[k + 2:]):
                # "use an action" or "stop": no menu, "each time, the player may use an
                # action or stop"
                self.said[id(stmt)] = "step"
                action = next(v for v in offered if v != stop)
                until = self.w("each time, {player} may {action} or {stop}", player=player,
                               action=self.t.name("choices", action),
                               stop=self.t.name("choices", stop))
                return Tree(body.data, kids[:k] + kids[k + 2:], body.meta), until, ";"
            found = self._without_answer(part(stmt, "options"), stop, env)
            if found is not None:       # the choice without its way out, and "until ... stops"
                others, only_if = found
                self.said[id(stmt)] = "step"
                asked = Tree(stmt.data, [part(stmt, "target"), others, part(stmt, "by"),
                                         part(stmt, "ask")],
                             stmt.meta)
                self.stop_once = None if only_if is None else (player, only_if)
                until = self.w("until {player} decides to stop", player=player) \
                    if only_if is None else \
                    self.w("until {player} decides to stop (which they may once {condition})",
                           player=player, condition=self.p.cond(only_if, env))
                return Tree(body.data, kids[:k] + [asked] + kids[k + 2:], body.meta), until, ","
            until = self.w("until {player} chooses {choice}", player=player,
                           choice=self.t.value(stop))
            return Tree(body.data, kids[:k + 1] + kids[k + 2:], body.meta), until, ","
        return None

    def _without_answer(self, options: Tree, answer: str,
                        env: Env) -> tuple[Tree, Tree | None] | None:
        """Options written `OTHERS + [answer]` or `([answer] if C else []) + OTHERS`: OTHERS,
        and C (None if the answer is always offered); None for options written otherwise."""
        if options.data != "binop" or str(part(options, "op")) != "+":
            return None
        for side, other in ((part(options, "left"), part(options, "right")),
                            (part(options, "right"), part(options, "left"))):
            condition = None
            if side.data == "ternary":
                known_then, then = self.p.known(part(side, "value"), env)
                known_else, other_branch = self.p.known(part(side, "otherwise"), env)
                only = known_then and then == [answer] and known_else and other_branch == []
                known, holds = self.p.known(part(side, "condition"), env)
                if only and not known:
                    condition = part(side, "condition")
                only = only and (holds or not known)
            else:
                only = self.p.known(side, env) == (True, [answer])
            if only and answer not in (self.fixed_answers(other, env) or []):
                return other, condition
        return None

    def _until(self, head: str, until: str | None, mark: str = ",") -> str:
        if not until:
            return head
        if mark == ";":
            return self.w("{head}; {until}", head=head, until=until)
        return self.w("{head}, {until}", head=head, until=until)

    def _while(self, s: Tree, env: Env) -> Step:
        cond, body = s.children
        counted = countdown(s)
        if counted is not None and counted in env.countdowns:
            n = self.p.expr(part(cond, "left"), env)      # the count's value, said once
            self.said[id(part(body, "statements")[-1])] = "step"
            inner, _ = self.block(Tree(body.data, part(body, "statements")[:-1], body.meta),
                                  env.child())
            return Step(self.w("repeat the following as many times as {n}", n=n), inner) \
                if inner else ([], False)
        stop = self._stop_choice(body, env)
        until, mark = None, ","
        once = self.stop_once if stop is not None else None
        if stop is not None:
            body, until, mark = stop
        inner, _ = self.block(body, env.child())
        if not inner:
            return [], False
        ok, value = self.p.known(cond, env)
        if once is not None and not ok:
            # a player who must go at least so far, then may stop: who repeats, how long,
            # and when they may stop, not a loop "until they decide to stop (which ...)"
            player, only_if = once
            return Step(self.w("{player} repeats the following as long as {condition}; once "
                               "{stop}, they may stop at any time", player=player,
                               condition=self.w.subjunctive(self.p.cond(cond, env)),
                               stop=self.w.subjunctive(self.p.cond(only_if, env))), inner)
        if ok and value and _breaks(body):
            return Step(self.w("repeat the following until a step says to stop"), inner)
        if ok and value:
            if any(t.data in ("return_stmt", "break_stmt") for t in body.iter_subtrees()):
                return Step(self.w("repeat the following until a step below says to stop"),
                            inner)
            return Step(self.w("repeat the following until the game ends"), inner)
        once = self._at_most_once(cond, body, env)
        if once is not None:            # a counter in the bookkeeping stops it after one go
            return self._nested(self.w("if {condition}", condition=self.p.cond(once, env)),
                                inner)
        return Step(self._until(self.w("repeat the following as long as {condition}",
                                       condition=self.w.subjunctive(self.p.cond(cond, env))),
                                until, mark), inner)

    def _at_most_once(self, cond: Tree, body: Tree, env: Env) -> Tree | None:
        """`while A and n == 0:` whose body adds 1 to `n` in a step the book leaves out as
        bookkeeping: it runs at most once, so it reads as `if A` (the rest of the
        condition, returned; None if the loop is not such a loop). Parts the data decides
        (an option) are left out first."""
        sides = []
        for side in self.p.kept(cond, env) if cond.data == "and_op" else []:
            kept = self.p.kept(side, env) if side.data == "or_op" else [side]
            sides.append(kept[0] if len(kept) == 1 else side)
        for k, side in enumerate(sides):
            if side.data == "compare" and str(part(side, "op")) == "==" and \
                    is_name(part(side, "left")) and part(side, "right").data == "number" and \
                    str(part(part(side, "right"), "token")) == "0":
                name = str(part(part(side, "left"), "name"))
                counted = [n for n in body.iter_subtrees() if n.data == "assign_stmt" and
                           str(part(n, "name")) == name]
                if counted and all(id(n) in self.dropped for n in counted):
                    rest = sides[:k] + sides[k + 1:]
                    return rest[0] if len(rest) == 1 else Tree("and_op", rest)
        return None

    def _repeat(self, s: Tree, env: Env) -> Step:
        count, body = s.children
        stop = self._stop_choice(body, env)
        until, mark = None, ","
        if stop is not None:
            body, until, mark = stop
        inner, _ = self.block(body, env.child())
        if not inner:
            return [], False
        ok, n = self.p.known(count, env)
        if ok and isinstance(n, int) and not until and len(inner) == 1 and \
                not inner[0].children and n > 1:
            return Step(self.w("{step}, {n} times over", step=inner[0].text, n=n))
        if ok and isinstance(n, int):
            head = self.w.plural(None, "do the following once", "repeat the following {n} times",
                                 n)
            return Step(self._until(head, until, mark), inner)
        if is_name(count):
            const = self.g.constants.get(str(part(count, "name")))
            if isinstance(const, dict) and "by_players" in const:
                times = self.t.by_players(const["by_players"], self.t.times)
                return Step(self._until(self.w("repeat the following {times}", times=times),
                                        until, mark), inner)
        return Step(self._until(self.w("repeat the following as many times as {n}",
                                       n=self.p.expr(count, env)), until, mark), inner)

    def _simultaneous(self, s: Tree, env: Env) -> Step:
        var, items, body = str(part(s, "variable")), part(s, "collection"), part(s, "body")
        each = self.p.each(items, env)
        single = self._single(body, var)
        if single is not None and id(single) not in self.dropped:
            steps, _ = self.stmt(single, env.child(**{var: each}))
            if len(steps) == 1 and not steps[0].children:
                return Step(self.w("at the same time and in secret, {step}",
                                   step=steps[0].text))
        inner_env = env.child()
        self.declare(inner_env, [var])
        inner, _ = self.block(body, inner_env)
        if not inner:
            return [], False
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
