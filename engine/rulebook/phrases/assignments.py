"""Statements that give names values in words: `let` ("the winners are ..."), assignments
("add 2 to the player's money", "the player has passed") and swaps.
"""

from __future__ import annotations

from lark import Tree

from ...dsl.trees import part
from .env import Env, Step, is_name, only_argument, unordered_tokens, uses


class AssignmentSteps:
    """Mixed into Steps: `let`, assignments to variables and properties, swaps."""

    # -- swaps ---------------------------------------------------------------------------
    def _swap(self, first: Tree, rest: list[Tree], env: Env) -> Step | None:
        """`a = y` then `b = x` where x held a and y held b: the two exchange values."""
        if not rest or first.data not in ("assign_stmt", "attr_assign_stmt") or \
                rest[0].data != first.data:
            return None
        second = rest[0]
        target = (lambda s: Tree("name", [part(s, "name")])) if first.data == "assign_stmt" \
            else (lambda s: Tree("attr", [Tree("name", [part(s, "base")]), part(s, "attribute")]))
        a, b = target(first), target(second)
        y, x = part(first, "value"), part(second, "value")
        if not (is_name(x) and is_name(y)):
            return None
        held = env.aliases
        if held.get(str(part(x, "name"))) == a and held.get(str(part(y, "name"))) == b:
            return Step(self.w("{a} and {b} swap roles", a=self.p.expr(a, env),
                               b=self.p.expr(b, env)))
        return None

    def _default_unless(self, first: Tree, rest: list[Tree], env: Env) -> Step | None:
        """`let x = a` then `if c: x = b` (no other branch): one step, "if c, <x is b>;
        otherwise, x is a", rather than a value set and then overwritten."""
        if not rest or first.data != "let_stmt" or rest[0].data != "if_stmt":
            return None
        guard = rest[0]
        name = str(part(first, "name"))
        body = part(guard, "body")
        if any(clause is not None for clause in part(guard, "clauses")) or \
                len(body.children) != 1 or \
                part(body, "statements")[0].data not in ("assign_stmt", "choose_stmt") or \
                str(part(part(body, "statements")[0], "target" if
                         part(body, "statements")[0].data == "choose_stmt" else "name")) != name \
                or uses(part(guard, "condition"), name):
            return None
        default, _ = self.stmt(first, env)
        if len(default) != 1 or default[0].children:
            return None
        inner, stops = self.block(body, env.child())
        if stops or len(inner) != 1 or inner[0].children:
            return None
        self.said[id(guard)] = "step"
        return Step(self.w("if {condition}, {then}; otherwise, {default}",
                           condition=self.p.cond(part(guard, "condition"), env), then=inner[0].text,
                           default=default[0].text))

    # -- let and assignments -------------------------------------------------------------
    def _let(self, s: Tree, env: Env, spoken: bool = True) -> Step | None:
        """`let`: its step, or None; `spoken` False for a `let` the book leaves unsaid."""
        name, value = str(part(s, "name")), part(s, "value")
        self.declare(env, [name])
        ok, known = self.p.known(value, env)
        x = env.phrases[name]
        if ok and name not in env.changing:
            env.statics[name] = known
        if value.data in ("name", "attr"):
            env.aliases[name] = value
        if value.data == "rank":
            env.rankings.add(name)
        if unordered_tokens(value, env):
            env.unordered.add(name)
        if name in self.quiet or name in env.unread:
            return None                 # unsaid, or a name no later step reads
        if name in env.countdowns and spoken:
            # `let n = V` then `while n > 0: ...; n = n - 1`: the loop says "as many times
            # as V", and no step gives the count a name or lowers it
            env.phrases[name] = self.p.expr(value, env)
            return None
        if value.data == "rank":
            return Step(self.p.ranking(value, env, x))
        if value.data == "ternary" and not self.p.known(part(value, "condition"), env)[0] and \
                not self.p.is_condition(value):
            return Step(self._either(name, x, value, env))
        if ok and isinstance(known, int) and not isinstance(known, bool):
            return Step(self.w("{x} starts at {n}", x=x, n=known))
        if ok and isinstance(known, bool):
            clause = self.p.flag(Tree("name", [part(s, "name")]), env, known)
            if clause is not None:
                return Step(self.w("at first, {clause}", clause=clause))
            return Step(self.w("{x}: yes, at first", x=x) if known
                        else self.w("{x}: no, at first", x=x))
        if ok and known == [] and name in env.groups:
            return Step(self.w("there are no {things} yet", things=env.groups[name][1]))
        if ok and isinstance(known, str) and name not in env.changing:
            # `let area = <a fixed area>`: a name for one fixed thing is no step of play; the
            # steps that use it name the thing itself
            env.phrases[name] = self.p.expr(value, env)
            return None
        if self.p.is_condition(value) and name in env.used_once and \
                name not in env.changing:
            env.inlined[name] = value       # read once: the condition is said where it is used
            return None
        if self.p.is_condition(value):
            return Step(self.w("{clause} only if {condition}", clause=x,
                               condition=self.p.cond(value, env)))
        said = self.p.expr(value, env)
        if name in env.groups:
            return Step(self.w("{x} are {value}", x=x, value=said))
        if said.startswith(f"{x} ") and name not in env.changing:
            # "the card is the card in the target space": the value names itself, so the
            # name reads as the value from here on, and no step repeats it
            env.phrases[name] = said
            return None
        if spoken and _any_one(value, env) and name not in env.changing:
            # `let piece = first(<tokens in no order>)`: no step that says the piece "is
            # one of" them; the step that first uses it says "one of the pieces ...", and
            # the later ones "the piece"
            env.first_use[name] = said
            return None
        if name in env.read_once and name not in env.changing and spoken:
            # `let cost = <what building costs>` read by one step: that step says what it
            # is ("pays what building costs"), with no step that only gives it a name
            env.phrases[name] = said
            return None
        return Step(self.w("{x} is {value}", x=x, value=said))

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
        if cond.data != "compare" or str(part(cond, "op")) != "==" or \
                self.p.known(part(cond, "right"), env) != (True, 1):
            return None
        group = only_argument(part(cond, "left"), "len")
        return str(part(group, "name")) if group is not None and is_name(group) else None

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
        name, value = str(part(s, "name")), part(s, "value")
        flagged = self._set_flag(Tree("name", [part(s, "name")]), value, env)
        if flagged is not None:
            return flagged
        x = self.p.expr(Tree("name", [part(s, "name")]), env)
        return self._becomes(x, value, lambda t: is_name(t, name), env)

    def _set_flag(self, target: Tree, value: Tree, env: Env) -> Step | None:
        """A true-or-false variable set to a known value: "the player has
        passed" (the text file's flags); None if the variable has no such clause."""
        ok, known = self.p.known(value, env)
        if not ok or not isinstance(known, bool):
            return None
        clause = self.p.flag(target, env, known)
        if clause is None:
            return None
        return Step(self.w.main(clause))    # a state the rules now hold: no "from now on"

    def _attr_assign(self, s: Tree, env: Env) -> Step:
        base, attr, value = str(part(s, "base")), str(part(s, "attribute")), part(s, "value")
        target = Tree("attr", [Tree("name", [part(s, "base")]), part(s, "attribute")])
        flagged = self._set_flag(target, value, env)
        if flagged is not None:
            return flagged
        if base == "game" and "game" not in env.phrases:
            x = self.t.name("game_variables", attr)
        else:
            x = self.t.owned(self.p.expr(Tree("name", [part(s, "base")]), env), attr)

        def same(t: Tree) -> bool:
            return t.data == "attr" and is_name(part(t, "base"), base) and \
                str(part(t, "attribute")) == attr
        return self._becomes(x, value, same, env)

    def _becomes(self, x: str, value: Tree, same, env: Env) -> Step:
        if self.p.known(value, env) == (True, []):
            return Step(self.w("clear {x}", x=x))
        if self.p.known(value, env) == (True, None):
            return Step(self.w("{x} is cleared", x=x))
        bounded = _bounded(value)
        if bounded is not None and same(part(bounded[2], "left")) and \
                str(part(bounded[2], "op")) in "+-":
            # x = max([0, x + n]): "add n to x (it never goes below 0)"
            which, limit, change = bounded
            step = self._becomes(x, change, same, env).text
            bound = self.p.expr(limit, env)
            return Step(self.w("{step} (never below {limit})", step=step, limit=bound)
                        if which == "max" else
                        self.w("{step} (never above {limit})", step=step, limit=bound))
        if value.data == "binop" and same(part(value, "left")) and \
                str(part(value, "op")) in "+-":
            amount = self.p.expr(part(value, "right"), env)
            if str(part(value, "op")) == "+":
                # what changes and by how much, as a player does it: not a sum to work out
                return Step(self.w("raise {x} by {n}", n=amount, x=x))
            return Step(self.w("lower {x} by {n}", n=amount, x=x))
        if value.data == "binop" and same(part(value, "left")) and \
                str(part(value, "op")) == "*" and self.p.known(part(value, "right"), env) == \
                (True, 2):
            return Step(self.w("double {x}", x=x))
        if value.data == "list_comp" and part(value, "condition") is None and \
                not uses(part(value, "item"), str(part(value, "variable"))):
            ok, each = self.p.known(part(value, "item"), env)
            if ok and not isinstance(each, list):
                return Step(self.w("{x} becomes {value} for each of {things}", x=x,
                                   value=self.t.value(each),
                                   things=self.p.expr(part(value, "collection"), env)))
        return Step(self.w("{x} becomes {value}", x=x, value=self.p.expr(value, env)))


def _any_one(value: Tree, env: Env) -> bool:
    """`first(...)` of tokens in no order: any one of them, not a particular one."""
    return value.data == "call" and str(part(value, "name")) == "first" and \
        part(value, "args") is not None and len(part(value, "args").children) == 1 and \
        part(part(value, "args"), "arguments")[0].data == "pos_arg" and \
        unordered_tokens(part(part(part(value, "args"), "arguments")[0], "value"), env)


def _bounded(value: Tree) -> tuple[str, Tree, Tree] | None:
    """`max([limit, change])` or `min([limit, change])` where change is a sum or difference:
    ("max" or "min", limit, change); None for any other value."""
    if value.data != "call" or str(part(value, "name")) not in ("max", "min") or \
            part(value, "args") is None or len(part(value, "args").children) != 1:
        return None
    arg = part(part(value, "args"), "arguments")[0]
    if arg.data != "pos_arg" or part(arg, "value").data != "list" or \
            len(part(arg, "value").children) != 2:
        return None
    limit, change = part(arg, "value").children
    if change is None or change.data != "binop":
        return None
    return str(part(value, "name")), limit, change
