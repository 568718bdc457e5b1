"""Operators in words: arithmetic ("{a} plus {b}", "divided by, rounded down"),
membership ("is one of"), negation and the choice between two values (`a if c else b`).
"""

from __future__ import annotations

from lark import Tree

from .env import Env

_ARITH = {"+": "plus", "-": "minus", "*": "times", "//": "divided", "%": "remainder"}


class OperatorPhrases:
    """Mixed into Phrases: arithmetic, membership, negation and conditional values."""

    def _ternary(self, t: Tree, env: Env) -> str:
        a, cond, b = t.children
        ok, value = self.known(cond, env)
        if ok:
            return self.expr(a if value else b, env)
        return self.w("{a} if {condition}, otherwise {b}", a=self.expr(a, env),
                      condition=self.cond(cond, env), b=self.expr(b, env))

    def _not(self, t: Tree, env: Env) -> str:
        negated = self.flag(t.children[0], env, False)
        if negated is not None:
            return negated
        return self.w("it is not the case that {condition}",
                      condition=self.cond(t.children[0], env))

    def _member(self, t: Tree, env: Env) -> str:
        ok, items = self.known(t.children[1], env)
        if t.data == "member" and ok and isinstance(items, list) and len(items) > 1 and \
                all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in items):
            return self.w("{a} is {alternatives}", a=self.expr(t.children[0], env),
                          alternatives=self.w.join([self.t.value(v) for v in items], "or"))
        a, b = (self.expr(x, env) for x in t.children)
        if t.data == "member":
            return self.w("{a} is one of {b}", a=a, b=b)
        return self.w("{a} is not one of {b}", a=a, b=b)

    def _binop(self, t: Tree, env: Env) -> str:
        left, op, right = t.children
        for keep, drop in ((left, right), (right, left)):
            ok, value = self.known(drop, env)
            if ok and value == [] and str(op) == "+":
                return self.expr(keep, env)
        a, b = self.expr(left, env), self.expr(right, env)
        word = _ARITH[str(op)]
        if word == "plus":
            return self.w("{a} plus {b}", a=a, b=b)
        if word == "minus":
            return self.w("{a} minus {b}", a=a, b=b)
        if word == "times":
            return self.w("{a} times {b}", a=a, b=b)
        if word == "divided":
            return self.w("{a} divided by {b}, rounded down", a=a, b=b)
        return self.w("the remainder of {a} divided by {b}", a=a, b=b)

    def _neg(self, t: Tree, env: Env) -> str:
        return self.w("minus {a}", a=self.expr(t.children[0], env))
