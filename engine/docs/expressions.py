"""Script expressions in words: every expression form of the grammar has a template here.

`Phrases.expr(tree, env)` gives a noun phrase or a clause. Values known from the data are
written as values ("2", "North Quay"); options are already decided (statics.py), so only
what happens in play is described.
"""

from __future__ import annotations

from lark import Tree

from .calls import CallPhrases
from .concept_phrases import ConceptPhrases
from .conditions import ConditionPhrases
from .env import Env, call_parts, is_name
from .grid_phrases import GridPhrases
from .piles import PilePhrases
from .statics import Statics
from .texts import Texts

_ARITH = {"+": "plus", "-": "minus", "*": "times", "//": "divided", "%": "remainder"}


class Phrases(ConditionPhrases, CallPhrases, PilePhrases, ConceptPhrases, GridPhrases):
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

    def each(self, tree: Tree, env: Env) -> str:
        """"each player", "each of the winners": one item of a collection at a time."""
        if is_name(tree, "players"):
            return self.w("each player")
        if tree.data == "attr" and is_name(tree.children[0], "game") and \
                "game" not in env.phrases and self.t.has("each_of", str(tree.children[1])):
            return self.t.name("each_of", str(tree.children[1]))
        if tree.data == "list_comp" and is_name(tree.children[2], "players") and \
                is_name(tree.children[0], str(tree.children[1])) and tree.children[3] is not None:
            which = self.relative(str(tree.children[1]), tree.children[3], env, one=True)
            if which is not None:
                return self.w("each player {which}", which=which)
        kind = self.listed_kind(tree)
        if kind and kind not in self.g.decks:
            return self.each_token(kind, call_parts(tree)[2], env)
        if kind and self.t.feminine(kind):
            return self.w.ctx("feminine", "each of {things}", things=self.expr(tree, env))
        return self.w("each of {things}", things=self.expr(tree, env))

    def each_token(self, kind: str, filters: dict[str, Tree], env: Env) -> str:
        """"each cube the player has in the bag", "each card face up": one piece at a time."""
        thing = self.t.thing(kind, 1)
        gender = self.t.gender(kind)
        if "owner" in filters:
            owner = self.expr(filters["owner"], env)
            if gender == "f":
                head = self.w.ctx("feminine", "each {thing} {owner} has", thing=thing,
                                  owner=owner)
            elif gender == "n":
                head = self.w.ctx("neuter", "each {thing} {owner} has", thing=thing, owner=owner)
            else:
                head = self.w("each {thing} {owner} has", thing=thing, owner=owner)
        elif gender == "f":
            head = self.w.ctx("feminine", "each {thing}", thing=thing)
        elif gender == "n":
            head = self.w.ctx("neuter", "each {thing}", thing=thing)
        else:
            head = self.w("each {thing}", thing=thing)
        return self.narrowed(head, kind, filters, env)

    def listed_kind(self, tree: Tree) -> str | None:
        """The piece kind a `tokens(KIND, ...)` call lists, so words can agree with it."""
        if tree.data != "call" or str(tree.children[0]) != "tokens" or \
                tree.children[1] is None:
            return None
        first = tree.children[1].children[0]
        if first.data == "pos_arg" and first.children[0].data == "name":
            return str(first.children[0].children[0])
        return None

    def noun(self, tree: Tree, env: Env, n: int = 2) -> str | None:
        """The bare noun of a group-valued name ("winner"/"winners"), if it has one."""
        if is_name(tree) and str(tree.children[0]) in env.groups:
            one, other = env.groups[str(tree.children[0])]
            return one if n == 1 else other
        if is_name(tree, "players") and "players" not in env.phrases:
            return self.w.plural(None, "player", "players", n)
        return None

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

    def _list(self, t: Tree, env: Env) -> str:
        items = [self.expr(x, env) for x in t.children if x is not None]
        if not items:
            return self.w("none")
        if len(items) > 1 and len(set(items)) == 1:
            if len(items) == 2:
                return self.w("{x} twice", x=items[0])
            return self.w("{x}, {n} times", x=items[0], n=len(items))
        seen: set[str] = set()
        shown = []
        for item in items:     # "the winner, the runner-up, and the winner again"
            shown.append(self.w("{x} again", x=item) if item in seen else item)
            seen.add(item)
        return self.w.join(shown)

    def _comprehension(self, t: Tree, env: Env) -> str:
        item, var, items, cond = t.children
        var = str(var)
        things = self.expr(items, env)
        if cond is not None:
            things = self.filtered(things, var, cond, env)
        if is_name(item, var):
            return things
        if items.data == "rank" and cond is None and item.data == "index" and \
                is_name(item.children[0], var) and self.known(item.children[1], env) == (True, 0):
            ranked, keys = self._ranked(items, env)     # [g[0] for g in rank ...]
            return self.w("{things} in order of {keys}, from highest to lowest (where some "
                          "are tied on all of these, only the first of them is kept)",
                          things=ranked, keys=keys)
        if item.data == "attr" and is_name(item.children[0], var):
            prop = str(item.children[1])
            if self.t.has("properties", prop):
                return self.w("the {property} of {things}",
                              property=self.t.name("properties", prop, 2), things=things)
        inner = env.child(**{var: self.var(var, env)})
        return self.w("{item} for each of {things}", item=self.expr(item, inner),
                      things=things)

    def filtered(self, things: str, var: str, cond: Tree, env: Env) -> str:
        """`things` narrowed by a where-condition on `var`."""
        relative = self.relative(var, cond, env)
        if relative is not None:
            return self.w("{things} {which}", things=things, which=relative)
        inner = env.child(**{var: self.var(var, env)})
        return self.w("{things} for which {condition}", things=things,
                      condition=self.cond(cond, inner))

    def _ranked(self, t: Tree, env: Env) -> tuple[str, str]:
        """What a ranking ranks ("the players whose ...") and by what ("vote count")."""
        var = str(t.children[0])
        things = self.expr(t.children[1], env)
        keys, cond = t.children[2:-1], t.children[-1]
        if cond is not None:
            things = self.filtered(things, var, cond, env)
        inner = env.child(**{var: self.var(var, env)})
        return things, self.w.join([self.short(k, var, inner) for k in keys])

    def _rank(self, t: Tree, env: Env) -> str:
        things, keys = self._ranked(t, env)
        return self.w("{things}, ranked by {keys} from highest to lowest, where equal "
                      "values share a place", things=things, keys=keys)

    def ranking(self, t: Tree, env: Env, name: str) -> str:
        """A ranking made as a step: "rank the players ... by ...; this is the ranking"."""
        things, keys = self._ranked(t, env)
        return self.w("rank {things} by {keys}, from highest to lowest (equal values share a "
                      "place): this is {name}", things=things, keys=keys, name=name)

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

    def _index(self, t: Tree, env: Env) -> str:
        base, index = t.children
        ok, i = self.known(index, env)
        x = self.expr(base, env)
        if ok and isinstance(i, int) and is_name(base):
            name = str(base.children[0])
            if name in env.rankings:
                return self.w("the players in {ordinal} place in {x}",
                              ordinal=self.t.ordinal_before_noun(i), x=x)
            if name in env.singles and i == 0:
                return self.w("the {thing}", thing=env.groups[name][0])
            if name in env.groups:
                return self.w("the {ordinal} {thing}", ordinal=self.t.ordinal_before_noun(i),
                              thing=env.groups[name][0])
        if ok and isinstance(i, int):
            return self.w("the {ordinal} of {x}", ordinal=self.t.ordinal(i), x=x)
        return self.w("the entry of {x} at position {i}, counting from 0", x=x,
                      i=self.expr(index, env))

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
