"""Statements that give names values in words: `let` ("the winners are ..."), assignments
("add 2 to the player's money", "the player has passed") and swaps.
"""

from __future__ import annotations

from lark import Tree

from .env import Env, Step, is_name, unordered_tokens, uses


class AssignmentSteps:
    """Mixed into Steps: `let`, assignments to variables and properties, swaps."""

    # -- swaps ---------------------------------------------------------------------------
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
            return Step(self.w("{a} and {b} swap roles", a=self.p.expr(a, env),
                               b=self.p.expr(b, env)))
        return None

    def _default_unless(self, first: Tree, rest: list[Tree], env: Env) -> Step | None:
        """`let x = a` then `if c: x = b` (no other branch): one step, "if c, <x is b>;
        otherwise, x is a", rather than a value set and then overwritten."""
        if not rest or first.data != "let_stmt" or rest[0].data != "if_stmt":
            return None
        guard = rest[0]
        name = str(first.children[0])
        body = guard.children[1]
        if any(clause is not None for clause in guard.children[2:]) or \
                len(body.children) != 1 or \
                body.children[0].data not in ("assign_stmt", "choose_stmt") or \
                str(body.children[0].children[0]) != name or uses(guard.children[0], name):
            return None
        default, _ = self.stmt(first, env)
        if len(default) != 1 or default[0].children:
            return None
        inner, stops = self.block(body, env.child())
        if stops or len(inner) != 1 or inner[0].children:
            return None
        self.said[id(guard)] = "step"
        return Step(self.w("if {condition}, {then}; otherwise, {default}",
                           condition=self.p.cond(guard.children[0], env), then=inner[0].text,
                           default=default[0].text))

    # -- let and assignments -------------------------------------------------------------
    def _let(self, s: Tree, env: Env, spoken: bool = True) -> Step | None:
        """`let`: its step, or None; `spoken` False for a `let` the book leaves unsaid."""
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
        if self.p.known(value, env) == (True, None):
            return Step(self.w("{x} is cleared", x=x))
        bounded = _bounded(value)
        if bounded is not None and same(bounded[2].children[0]) and \
                str(bounded[2].children[1]) in "+-":
            # x = max([0, x + n]): "add n to x (it never goes below 0)"
            which, limit, change = bounded
            step = self._becomes(x, change, same, env).text
            bound = self.p.expr(limit, env)
            return Step(self.w("{step} (never below {limit})", step=step, limit=bound)
                        if which == "max" else
                        self.w("{step} (never above {limit})", step=step, limit=bound))
        if value.data == "binop" and same(value.children[0]) and \
                str(value.children[1]) in "+-":
            amount = self.p.expr(value.children[2], env)
            if str(value.children[1]) == "+":
                # what changes and by how much, as a player does it: not a sum to work out
                return Step(self.w("raise {x} by {n}", n=amount, x=x))
            return Step(self.w("lower {x} by {n}", n=amount, x=x))
        if value.data == "binop" and same(value.children[0]) and \
                str(value.children[1]) == "*" and self.p.known(value.children[2], env) == \
                (True, 2):
            return Step(self.w("double {x}", x=x))
        if value.data == "list_comp" and value.children[3] is None and \
                not uses(value.children[0], str(value.children[1])):
            ok, each = self.p.known(value.children[0], env)
            if ok and not isinstance(each, list):
                return Step(self.w("{x} becomes {value} for each of {things}", x=x,
                                   value=self.t.value(each),
                                   things=self.p.expr(value.children[2], env)))
        return Step(self.w("{x} becomes {value}", x=x, value=self.p.expr(value, env)))


def _any_one(value: Tree, env: Env) -> bool:
    """`first(...)` of tokens in no order: any one of them, not a particular one."""
    return value.data == "call" and str(value.children[0]) == "first" and \
        value.children[1] is not None and len(value.children[1].children) == 1 and \
        value.children[1].children[0].data == "pos_arg" and \
        unordered_tokens(value.children[1].children[0].children[0], env)


def _bounded(value: Tree) -> tuple[str, Tree, Tree] | None:
    """`max([limit, change])` or `min([limit, change])` where change is a sum or difference:
    ("max" or "min", limit, change); None for any other value."""
    if value.data != "call" or str(value.children[0]) not in ("max", "min") or \
            value.children[1] is None or len(value.children[1].children) != 1:
        return None
    arg = value.children[1].children[0]
    if arg.data != "pos_arg" or arg.children[0].data != "list" or \
            len(arg.children[0].children) != 2:
        return None
    limit, change = arg.children[0].children
    if change is None or change.data != "binop":
        return None
    return str(value.children[0]), limit, change
