"""Script expressions in words: every expression form of the grammar has a template.

`Phrases.expr(tree, env)` gives a noun phrase or a clause. Values known from the data are
written as values ("2", "North Quay"); options are already decided (known_values.py), so
only what happens in play is described. This module has the entry points and the forms of
names, values, properties and operators (arithmetic "{a} plus {b}", membership "is one of",
negation, `a if c else b`); the other forms are mixed in: collections and rankings
(collections.py), conditions (conditions.py), calls (calls.py) and the engine's concepts
(concepts.py, grids.py).
"""

from __future__ import annotations

from lark import Tree

from ...dsl.parse import RETURNED_CHOICE
from ...dsl.trees import part
from ...i18n.grammar import like
from ..texts import Texts
from .calls import CallPhrases
from .collections import CollectionPhrases
from .concepts import ConceptNames
from .conditions import ConditionPhrases
from .env import Env, is_name, unordered_tokens
from .grids import GridPhrases
from .known_values import Statics

_ARITH = {"+": "plus", "-": "minus", "*": "times", "//": "divided", "%": "remainder"}


class Phrases(CollectionPhrases, ConditionPhrases, CallPhrases, ConceptNames, GridPhrases):
    """Renders expressions of one game in one language."""

    def __init__(self, texts: Texts, statics: Statics):
        self.t = texts
        self.w = texts.w
        self.g = texts.g
        self.statics = statics
        self.forms = {
            "number": self._literal, "string": self._string, "true": self._literal,
            "false": self._literal, "none": self._literal, "name": self._name,
            "list": self._list, "list_comp": self._comprehension, "rank": self._rank,
            "sort": self._sort,
            "attr": self._attr, "index": self._index, "call": self.call,
            "ternary": self._ternary, "or_op": self.logic, "and_op": self.logic,
            "not_op": self._not, "compare": self.compare, "member": self._member,
            "not_member": self._member, "binop": self._binop, "neg": self._neg,
        }

    # -- entry points --------------------------------------------------------------------
    def known(self, tree, env: Env):
        """(True, value) if the data decides the expression; a choice that a decision
        cannot offer (its option list was decided by the data) is never made."""
        if tree.data == "compare" and is_name(part(tree, "left")) and \
                str(part(part(tree, "left"), "name")) in env.choices:
            offered = env.choices[str(part(part(tree, "left"), "name"))][1]
            ok, value = self.statics.known(part(tree, "right"), env.statics)
            op = str(part(tree, "op"))
            if ok and isinstance(value, str) and self.t.has("choices", value) and \
                    value not in offered and op in ("==", "!="):
                return True, op == "!="
        return self.statics.known(tree, env.statics)

    def expr(self, tree: Tree, env: Env) -> str:
        """A phrase for any expression."""
        if tree.data != "name":
            ok, value = self.known(tree, env)
            if ok and not isinstance(value, bool):
                return self.t.value(value)
        return self.forms[tree.data](tree, env)

    def flag(self, tree: Tree, env: Env, value: bool) -> str | None:
        """A true-or-false variable as a clause, from the text file's `flags` (when true)
        and `flags_not` (when false) sections: "the player has passed"; None if it has none."""
        if tree.data == "attr":
            base, key = part(tree, "base"), str(part(tree, "attribute"))
            owner = None if is_name(base, "game") and "game" not in env.phrases else base
        elif tree.data == "name" and str(part(tree, "name")) in env.phrases:
            key, owner = str(part(tree, "name")), None
        else:
            return None
        section = "flags" if value else "flags_not"
        if not self.t.has(section, key):
            return None
        if owner is None:
            return self.t.name(section, key)
        return self.t.name(section, key, p=self.expr(owner, env))

    # -- forms ---------------------------------------------------------------------------
    def _literal(self, t: Tree, env: Env) -> str:
        if t.data == "number":
            return str(part(t, "token"))
        if t.data == "none":
            return self.w("nothing")
        return self.w("true") if t.data == "true" else self.w("false")

    def _string(self, t: Tree, env: Env) -> str:
        return self.t.value(str(part(t, "token"))[1:-1])

    def _name(self, t: Tree, env: Env) -> str:
        name = str(part(t, "name"))
        if name in env.first_use:
            return env.first_use.pop(name)
        if name in env.phrases:
            return env.phrases[name]
        if name == "players":
            return self.w("the players")
        if name == "areas":
            return self.w("the areas")
        if name in self.g.program.const_trees and self.t.has("constants", name):
            return self.t.name("constants", name)
        const = self.g.constants.get(name)
        if isinstance(const, dict) and "by_players" in const:
            return self.t.by_players(const["by_players"], self.t.value)
        ok, value = self.known(t, env)
        if ok:
            return self.t.value(value)
        return self.var(name, env)

    def var(self, name: str, env: Env) -> str:
        """How a local variable reads (variables section of the text file): its text for
        this procedure (`<procedure>__<name>`) if there is one, else its text for all."""
        key = self.variable_key(name, env)
        entry = self.t.entry("variables", key)
        if name == RETURNED_CHOICE and entry is None:      # `return choose from ...`
            return self.w("the choice")
        if isinstance(entry, dict):
            things = self.t.name("variables", key, 2)
            return like(things, self.w("the {things}", things=things))
        return self.t.name("variables", key)

    def variable_key(self, name: str, env: Env) -> str:
        """The variables section's key for a local name in the procedure `env` renders:
        `<procedure>__<name>` when the text file has one (a name read one way in one
        procedure and another way elsewhere), else the name."""
        own = f"{env.proc}__{name}" if env.proc else ""
        return own if own and self.t.has("variables", own) else name

    def _attr(self, t: Tree, env: Env) -> str:
        base, prop = t.children
        prop = str(prop)
        if is_name(base, "game") and "game" not in env.phrases:
            return self.t.name("game_variables", prop)
        x = self.expr(base, env)
        if prop in self.g.player_vars:
            return self.t.owned(x, prop)
        special = {"controller": self.w("the player who controls {x}", x=x),
                   "owner": self.w("the owner of {x}", x=x),
                   "at": self.w("the place of {x}", x=x),
                   "kind": self.w("the kind of {x}", x=x),
                   "shown": self.w("whether {x} is face up", x=x),
                   "id": x}
        if prop in special:
            return special[prop]
        name = self.t.name("properties", prop, 1)
        return like(name, self.w("the {property} of {x}", property=name, x=x))

    # -- operators -----------------------------------------------------------------------
    def _ternary(self, t: Tree, env: Env) -> str:
        a, cond, b = t.children
        ok, value = self.known(cond, env)
        if ok:
            return self.expr(a if value else b, env)
        first, condition, other = self.expr(a, env), self.cond(cond, env), self.expr(b, env)
        if ", " in first:       # "x, but no less than 1 if ...": the condition goes first
            return self.w("if {condition}, {a}; otherwise, {b}", a=first,
                          condition=condition, b=other)
        return self.w("{a} if {condition}, otherwise {b}", a=first, condition=condition,
                      b=other)

    def _not(self, t: Tree, env: Env) -> str:
        negated = self.flag(part(t, "operand"), env, False)
        if negated is not None:
            return negated
        return self.w("it is not the case that {condition}",
                      condition=self.cond(part(t, "operand"), env))

    def _member(self, t: Tree, env: Env) -> str:
        ok, items = self.known(part(t, "collection"), env)
        kind = self.kind_of_all(items) if ok else None
        if kind is not None:                      # every area of a kind: "is an office"
            a = self.expr(part(t, "item"), env)
            things = self.t.name("area_kinds", kind, 2)
            return self.w("{a} is one of the {things}", a=a, things=things) \
                if t.data == "member" else \
                self.w("{a} is not one of the {things}", a=a, things=things)
        if t.data == "member" and ok and isinstance(items, list) and len(items) > 1 and \
                all(isinstance(v, (int, str)) and not isinstance(v, bool) for v in items):
            return self.w("{a} is {alternatives}", a=self.expr(part(t, "item"), env),
                          alternatives=self.w.join([self.t.value(v) for v in items], "or"))
        a, b = (self.expr(x, env) for x in t.children)
        if t.data == "member":
            return self.w("{a} is one of {b}", a=a, b=b)
        return self.w("{a} is not one of {b}", a=a, b=b)

    def unordered(self, tree: Tree, env: Env) -> bool:
        """The expression holds tokens in no particular order (env.unordered_tokens)."""
        return unordered_tokens(tree, env)

    def is_collection(self, tree: Tree) -> bool:
        """The expression is a list of things (a list, a comprehension, tokens(...))."""
        if tree.data in ("list", "list_comp", "rank"):
            return True
        return tree.data == "call" and str(part(tree, "name")) in ("tokens", "sorted",
                                                                 "reversed", "distinct")

    def kind_of_all(self, items) -> str | None:
        """The area kind whose areas are exactly these (two or more), else None."""
        if not isinstance(items, list) or len(items) < 2 or \
                not all(isinstance(v, str) and v in self.g.areas for v in items):
            return None
        kinds = {self.g.areas[v].get("kind") for v in items}
        if len(kinds) != 1:
            return None
        kind = kinds.pop()
        whole = {a for a, props in self.g.areas.items() if props.get("kind") == kind}
        return kind if whole == set(items) and self.t.has("area_kinds", kind) else None

    def _binop(self, t: Tree, env: Env) -> str:
        left, op, right = t.children
        for keep, drop in ((left, right), (right, left)):
            ok, value = self.known(drop, env)
            if ok and value == [] and str(op) == "+":
                return self.expr(keep, env)
        a, b = self.expr(left, env), self.expr(right, env)
        word = _ARITH[str(op)]
        if word == "plus" and (self.is_collection(left) or self.is_collection(right)):
            return self.w("{a} and {b}", a=a, b=b)      # two lists joined
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
        return self.w("minus {a}", a=self.expr(part(t, "operand"), env))
