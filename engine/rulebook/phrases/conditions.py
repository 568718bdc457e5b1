"""Conditions in words: comparisons, counts of pieces ("has at least 3 cubes in ..."),
groups ("there is exactly one winner"), choices made earlier, and where-clauses.
"""

from __future__ import annotations

from lark import Tree

from ...dsl.trees import part
from ...i18n.grammar import Clause
from .env import Env, call_parts, is_name

_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "==": "==", "!=": "!="}


class ConditionPhrases:
    """Mixed into Phrases: everything that reads as a clause."""

    def cond(self, tree: Tree, env: Env) -> str:
        """A clause for a condition (options already decided)."""
        if tree.data == "name" and str(part(tree, "name")) in env.inlined:
            return self.cond(env.inlined[str(part(tree, "name"))], env)
        ok, value = self.known(tree, env)
        if ok and isinstance(value, bool):
            return self.w("always") if value else self.w("never")
        clause = self.flag(tree, env, True)
        if clause is not None:
            return clause
        return self.forms[tree.data](tree, env)

    def is_condition(self, tree: Tree) -> bool:
        """The expression is true or false (for how a `let` of it reads)."""
        if tree.data in ("compare", "and_op", "or_op", "not_op", "member", "not_member",
                         "true", "false"):
            return True
        if tree.data == "call":
            name = str(part(tree, "name"))
            func = self.g.program.funcs.get(name)
            return name in ("any", "all") or (func is not None and
                                              self.is_condition(part(func.tree, "value")))
        return False

    def kept(self, t: Tree, env: Env) -> list[Tree]:
        """The sides of an and/or that the data does not decide (nested alike flattened)."""
        t = self.unfolded(t)
        if t.data not in ("and_op", "or_op"):
            return [t]
        decisive = t.data == "or_op"
        sides = []
        for side in t.children:
            ok, value = self.known(side, env)
            if ok and bool(value) != decisive:
                continue          # true in an "and", false in an "or": says nothing
            side = self.unfolded(side)
            sides.extend(self.kept(side, env) if side.data == t.data else [side])
        return sides

    def logic(self, t: Tree, env: Env) -> str:
        sides = self.kept(t, env)
        if len(sides) == 1:
            return self.cond(sides[0], env)
        parts = []
        for side in sides:
            inner = self.kept(side, env) if side.data in ("and_op", "or_op") else [side]
            if len(inner) > 1:
                joined = self.w.join([self.cond(x, env) for x in inner],
                                     style="or" if side.data == "or_op" else "and")
                parts.append(self.w("either {a}", a=joined) if side.data == "or_op"
                             else joined)
            else:
                parts.append(self.cond(inner[0], env))
        if t.data == "and_op":
            parts = _subject_once(parts, env)
        return self.w.join(parts, style="or" if t.data == "or_op" else "and")

    def compare(self, t: Tree, env: Env) -> str:
        left, op, right = t.children
        left, right, op = self.unfolded(left), self.unfolded(right), str(op)
        special = self._special_compare(left, op, right, env) or \
            self._special_compare(right, _FLIP[op], left, env)
        if special:
            return special
        return self.relation(self.expr(left, env), op, self.expr(right, env))

    def relation(self, a: str, op: str, b: str) -> str:
        forms = {"==": self.w("{a} is {b}", a=a, b=b),
                 "!=": self.w("{a} is not {b}", a=a, b=b),
                 ">": self.w("{a} is more than {b}", a=a, b=b),
                 ">=": self.w("{a} is at least {b}", a=a, b=b),
                 "<": self.w("{a} is less than {b}", a=a, b=b),
                 "<=": self.w("{a} is at most {b}", a=a, b=b)}
        return forms[op]

    def _special_compare(self, left: Tree, op: str, right: Tree, env: Env) -> str | None:
        known, value = self.known(right, env)
        if is_name(left) and str(part(left, "name")) in env.choices and known and \
                isinstance(value, str) and op in ("==", "!="):
            who, _ = env.choices[str(part(left, "name"))]
            choice = self.t.value(value)
            if op == "==":
                return self.w("{player} chose {choice}", player=who, choice=choice)
            return self.w("{player} did not choose {choice}", player=who, choice=choice)
        if left.data == "attr" and not (is_name(part(left, "base"), "game") and
                                        "game" not in env.phrases):
            found = self._attr_compare(left, op, right, env, known, value)
            if found:
                return found
        if known and value is None and op in ("==", "!="):
            x = self.expr(left, env)
            return self.w("{x} exists", x=x) if op == "!=" else \
                self.w("{x} does not exist", x=x)
        if left.data == "call" and known and isinstance(value, int):
            name, args, kwargs = call_parts(left)
            counted = self._counted(name, args, op, value, env)
            if counted:
                return counted
            if name == "count" and "owner" in kwargs and args and is_name(args[0]):
                kind = str(part(args[0], "name"))
                rest = {k: v for k, v in kwargs.items() if k != "owner"}
                quantity = self.quantity(kind, op, value)
                if quantity:
                    return self.w("{owner} has {things}", owner=self.expr(kwargs["owner"], env),
                                  things=self.narrowed(quantity, kind, rest, env))
            if name == "len" and args:
                return self._group_size(args[0], op, value, env)
        return None

    def _attr_compare(self, left, op, right, env, known, value) -> str | None:
        base, prop = part(left, "base"), str(part(left, "attribute"))
        x = self.expr(base, env)
        if prop == "controller" and op in ("==", "!="):
            if known and value is None:
                return self.w("nobody controls {x}", x=x) if op == "==" else \
                    self.w("somebody controls {x}", x=x)
            who = self.expr(right, env)
            return self.w("{player} controls {x}", player=who, x=x) if op == "==" else \
                self.w("{player} does not control {x}", player=who, x=x)
        if prop == "at" and known and isinstance(value, str) and op in ("==", "!="):
            place = self.t.place(value, "in")
            return self.w("{x} is {place}", x=x, place=place) if op == "==" else \
                self.w("{x} is not {place}", x=x, place=place)
        if prop == "kind" and known and op in ("==", "!="):
            kind = self.t.one("area_kinds", value)
            return self.w("{x} is a {kind}", x=x, kind=kind) if op == "==" else \
                self.w("{x} is not a {kind}", x=x, kind=kind)
        return None

    def _counted(self, name: str, args: list[Tree], op: str, n: int, env: Env) -> str | None:
        """A game function that counts, compared with a number, as the text file's
        `functions_counted` phrase: "the player has a tower in at least 5 regions"."""
        func = self.g.program.funcs.get(name)
        if func is None or not self.t.has("functions_counted", name):
            return None
        forms = {"==": "{n}", ">=": self.w("at least {n}", n=n),
                 ">": self.w("more than {n}", n=n), "<": self.w("fewer than {n}", n=n),
                 "<=": self.w("at most {n}", n=n)}
        if op not in forms:
            return None
        values = {p: self.expr(a, env) for p, a in zip(func.params, args)}
        return self.t.name("functions_counted", name, n,
                           n=forms[op].format(n=n), **values)

    def quantity(self, kind: str, op: str, n: int) -> str | None:
        """"at least one cube", "no tiles", "more than 3 discs"."""
        if (op == ">" and n == 0) or (op == ">=" and n == 1) or (op == "!=" and n == 0):
            return self.w("at least one {thing}", thing=self.t.thing(kind, 1))
        if (op == "==" and n == 0) or (op == "<" and n == 1) or (op == "<=" and n == 0):
            return self.w("no {things}", things=self.t.thing(kind, 2))
        things = self.t.thing(kind, n)
        forms = {">=": self.w("at least {n} {things}", n=n, things=things),
                 ">": self.w("more than {n} {things}", n=n, things=things),
                 "<": self.w("fewer than {n} {things}", n=n, things=things),
                 "<=": self.w("at most {n} {things}", n=n, things=things),
                 "==": self.w("exactly {n} {things}", n=n, things=things)}
        return forms.get(op)

    def _group_size(self, group: Tree, op: str, n: int, env: Env) -> str | None:
        one, other = self.noun(group, env, 1), self.noun(group, env, 2)
        if is_name(group) and str(part(group, "name")) in env.rankings and (op, n) == (">", 1):
            return self.w("{x} has more than one place", x=self.expr(group, env))
        if one is None:
            x = self.expr(group, env)
            some = self.w("{x} is not empty", x=x) if is_name(group) else \
                self.w("there is at least one of {x}", x=x)
            forms = {("==", 0): self.w("{x} is empty", x=x) if is_name(group) else
                     self.w("there are none of {x}", x=x),
                     (">", 0): some, ("!=", 0): some,
                     ("==", 1): self.w("{x} has exactly one entry", x=x),
                     ("!=", 1): self.w("{x} does not have exactly one entry", x=x),
                     (">", 1): self.w("{x} has more than one entry", x=x)}
            return forms.get((op, n))
        forms = {("==", 0): self.w("there are no {things}", things=other),
                 ("==", 1): self.w("there is exactly one {thing}", thing=one),
                 ("!=", 1): self.w("there is not exactly one {thing}", thing=one),
                 (">", 0): self.w("there is at least one {thing}", thing=one),
                 (">", 1): self.w("there is more than one {thing}", thing=one)}
        return forms.get((op, n))

    def relative(self, var: str, cond: Tree, env: Env, one: bool = False) -> str | None:
        """A where-condition on `var` as a relative clause: "other than ...", "where ..."
        (`one`: the clause follows a singular noun, "each player who has ...")."""
        if cond.data == "and_op":
            parts = [self.relative(var, c, env, one) for c in cond.children]
            if all(parts):
                return self.w("{a} and {b}", a=parts[0], b=parts[1])
            return None
        if cond.data != "compare":
            return None
        left, op, right = cond.children
        op = str(op)
        if is_name(left, var) and op == "!=":
            return self.w("other than {x}", x=self.expr(right, env))
        if left.data == "attr" and is_name(part(left, "base"), var):
            prop = str(part(left, "attribute"))
            ok, value = self.known(right, env)
            if one and prop in ("kind", "at"):
                return None           # only plural forms ("that are ...") exist
            if prop == "kind" and ok and op == "==":
                return self.w("that are {kinds}", kinds=self.t.many("area_kinds", value))
            if prop == "controller" and ok and value is None:
                return self.w("that nobody controls") if op == "==" else \
                    self.w("that somebody controls")
            if prop == "at" and ok and op in ("==", "!="):
                place = self.t.place(value, "in")
                return self.w("that are {place}", place=place) if op == "==" else \
                    self.w("that are not {place}", place=place)
        ok, value = self.known(right, env)
        left = self.unfolded(left)
        if left.data == "call" and ok and isinstance(value, int):
            name, args, kwargs = call_parts(left)
            if name == "count" and args and is_name(args[0]):
                kind = str(part(args[0], "name"))
                quantity = self.quantity(kind, op, value)
                rest = {k: v for k, v in kwargs.items() if not is_name(v, var)}
                if quantity and is_name(kwargs.get("at"), var) and "owner" in rest:
                    owner = self.expr(rest.pop("owner"), env)
                    return self.w("where {owner} has {things}", owner=owner,
                                  things=self.narrowed(quantity, kind, rest, env))
                if quantity and is_name(kwargs.get("owner"), var):
                    things = self.narrowed(quantity, kind, rest, env)
                    return self.w("who has {things}", things=things) if one else \
                        self.w("who have {things}", things=things)
            func = part(left, "name")
            if args and is_name(args[0], var) and self.t.has("functions_short", str(func)):
                inner = env.child(**{var: self.var(var, env)})
                return self.w("whose {value}", value=self.relation(
                    self.short(left, var, inner), op, str(value)))
        return None

    def short(self, tree: Tree, var: str, env: Env) -> str:
        """A value of `var` named without `var` ("vote count in the area"), for ranking."""
        if tree.data == "call":
            name, args, _ = call_parts(tree)
            func = self.g.program.funcs.get(name)
            if func and args and is_name(args[0], var) and self.t.has("functions_short", name):
                values = {p: self.expr(a, env) for p, a in zip(func.params, args)}
                return self.t.name("functions_short", name, **values)
        return self.expr(tree, env)


def _subject_once(parts: list[str], env: Env) -> list[str]:
    """Clauses joined by "and" that open with the same subject ("the player has A and the
    player has B"): the subject said once ("the player has A and has B")."""
    subjects = sorted({str(v) for v in env.phrases.values() if len(str(v).split()) >= 2},
                      key=len, reverse=True)
    first = parts[0]
    subject = next((s for s in subjects if str(first).startswith(s + " ")), None)
    if subject is None:
        return parts
    return [first] + [_without_subject(part, subject) for part in parts[1:]]


def _without_subject(part: str, subject: str) -> str:
    """A clause without its opening subject (both orders of a Dutch clause), or as it was
    when it opens otherwise."""
    def cut(text: str) -> str | None:
        return text[len(subject) + 1:] if text.startswith(subject + " ") else None
    plain = cut(str(part))
    if plain is None:
        return part
    if isinstance(part, Clause):
        main = cut(part.main)
        return part if main is None else Clause(plain, main)
    return plain
