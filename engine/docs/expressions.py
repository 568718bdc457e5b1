"""Script expressions in words: every expression form of the grammar has a template.

`Phrases.expr(tree, env)` gives a noun phrase or a clause. Values known from the data are
written as values ("2", "North Quay"); options are already decided (statics.py), so only
what happens in play is described. This module has the entry points and the forms of
names, values and properties; the other forms are mixed in: collections and rankings
(collection_phrases.py), operators (operator_phrases.py), conditions (conditions.py), calls
(calls.py) and the concepts (piles.py, concept_phrases.py, grid_phrases.py).
"""

from __future__ import annotations

from lark import Tree

from .calls import CallPhrases
from .collection_phrases import CollectionPhrases
from .concept_phrases import ConceptPhrases
from .conditions import ConditionPhrases
from .env import Env, is_name
from .grid_phrases import GridPhrases
from .operator_phrases import OperatorPhrases
from .piles import PilePhrases
from .statics import Statics
from .texts import Texts


class Phrases(CollectionPhrases, OperatorPhrases, ConditionPhrases, CallPhrases, PilePhrases,
              ConceptPhrases, GridPhrases):
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
            "attr": self._attr, "index": self._index, "call": self.call,
            "ternary": self._ternary, "or_op": self.logic, "and_op": self.logic,
            "not_op": self._not, "compare": self.compare, "member": self._member,
            "not_member": self._member, "binop": self._binop, "neg": self._neg,
        }

    # -- entry points --------------------------------------------------------------------
    def known(self, tree, env: Env):
        """(True, value) if the data decides the expression; a choice that a decision
        cannot offer (its option list was decided by the data) is never made."""
        if tree.data == "compare" and is_name(tree.children[0]) and \
                str(tree.children[0].children[0]) in env.choices:
            offered = env.choices[str(tree.children[0].children[0])][1]
            ok, value = self.statics.known(tree.children[2], env.statics)
            op = str(tree.children[1])
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
            base, key = tree.children[0], str(tree.children[1])
            owner = None if is_name(base, "game") and "game" not in env.phrases else base
        elif tree.data == "name" and str(tree.children[0]) in env.phrases:
            key, owner = str(tree.children[0]), None
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
            return str(t.children[0])
        if t.data == "none":
            return self.w("nothing")
        return self.w("true") if t.data == "true" else self.w("false")

    def _string(self, t: Tree, env: Env) -> str:
        return self.t.value(str(t.children[0])[1:-1])

    def _name(self, t: Tree, env: Env) -> str:
        name = str(t.children[0])
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
        """How a local variable reads (variables section of the text file)."""
        entry = self.t.entry("variables", name)
        if isinstance(entry, dict):
            things = self.t.name("variables", name, 2)
            if self.t.variable_gender(name) == "f":
                return self.w.ctx("feminine", "the {things}", things=things)
            return self.w("the {things}", things=things)
        return self.t.name("variables", name)


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
        gender = self.t.property_gender(prop)
        if gender == "f":
            return self.w.ctx("feminine", "the {property} of {x}",
                              property=self.t.name("properties", prop, 1), x=x)
        if gender == "n":
            return self.w.ctx("neuter", "the {property} of {x}",
                              property=self.t.name("properties", prop, 1), x=x)
        if gender == "m":
            return self.w.ctx("masculine", "the {property} of {x}",
                              property=self.t.name("properties", prop, 1), x=x)
        return self.w("the {property} of {x}", property=self.t.name("properties", prop, 1),
                      x=x)
