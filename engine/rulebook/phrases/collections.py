"""Collections in words: "each of the winners", lists ("the winner, the runner-up, and the
winner again"), comprehensions ("the players whose ..."), rankings ("ranked by vote count
from highest to lowest") and positions in them ("the player in second place").
"""

from __future__ import annotations

from lark import Tree

from ...dsl.trees import part
from ...i18n.grammar import like
from .env import Env, call_parts, is_name


class CollectionPhrases:
    """Mixed into Phrases: collections, their items, rankings and indexing."""

    # -- one item at a time --------------------------------------------------------------
    def each(self, tree: Tree, env: Env) -> str:
        """"each player", "each of the winners": one item of a collection at a time."""
        if is_name(tree, "players"):
            return self.w("each player")
        if is_name(tree) and str(part(tree, "name")) in env.rankings:
            return self.w("each place of {ranking}", ranking=self.expr(tree, env))
        if tree.data == "attr" and is_name(part(tree, "base"), "game") and \
                "game" not in env.phrases and self.t.has("each_of", str(part(tree, "attribute"))):
            return self.t.name("each_of", str(part(tree, "attribute")))
        if tree.data == "list_comp" and is_name(part(tree, "collection"), "players") and \
                is_name(part(tree, "item"), str(part(tree, "variable"))) and \
                part(tree, "condition") is not None:
            which = self.relative(str(part(tree, "variable")), part(tree, "condition"), env,
                                  one=True)
            if which is not None:
                return self.w("each player {which}", which=which)
        kind = self.listed_kind(tree)
        if kind and kind not in self.g.decks:
            return self.each_token(kind, call_parts(tree)[2], env)
        return self.w("each of {things}", things=self.expr(tree, env))

    def each_token(self, kind: str, filters: dict[str, Tree], env: Env) -> str:
        """"each cube the player has in the bag", "each card face up": one piece at a time."""
        thing = self.t.thing(kind, 1)
        if "owner" in filters:
            head = self.w("each {thing} {owner} has", thing=thing,
                          owner=self.expr(filters["owner"], env))
        else:
            head = self.w("each {thing}", thing=thing)
        return self.narrowed(like(thing, head), kind, filters, env)

    def listed_kind(self, tree: Tree) -> str | None:
        """The piece kind a `tokens(KIND, ...)` call lists, so words can agree with it."""
        if tree.data != "call" or str(part(tree, "name")) != "tokens" or \
                part(tree, "args") is None:
            return None
        first = part(part(tree, "args"), "arguments")[0]
        if first.data == "pos_arg" and part(first, "value").data == "name":
            return str(part(part(first, "value"), "name"))
        return None

    def noun(self, tree: Tree, env: Env, n: int = 2) -> str | None:
        """The bare noun of a group-valued name ("winner"/"winners"), if it has one."""
        if is_name(tree) and str(part(tree, "name")) in env.groups:
            one, other = env.groups[str(part(tree, "name"))]
            return one if n == 1 else other
        if is_name(tree, "players") and "players" not in env.phrases:
            return self.w.plural(None, "player", "players", n)
        return None

    # -- collections and rankings --------------------------------------------------------
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
                is_name(part(item, "base"), var) and \
                self.known(part(item, "key"), env) == (True, 0):
            ranked, keys = self._ranked(items, env)     # [g[0] for g in rank ...]
            return self.w("{things} in order of {keys}, from highest to lowest (where some "
                          "are tied on all of these, only the first of them is kept)",
                          things=ranked, keys=keys)
        if item.data == "attr" and is_name(part(item, "base"), var):
            prop = str(part(item, "attribute"))
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
        var = str(part(t, "variable"))
        things = self.expr(part(t, "collection"), env)
        keys, cond = part(t, "keys"), part(t, "condition")
        if cond is not None:
            things = self.filtered(things, var, cond, env)
        inner = env.child(**{var: self.var(var, env)})
        return things, self.w.join([self.short(k, var, inner) for k in keys])

    def _rank(self, t: Tree, env: Env) -> str:
        things, keys = self._ranked(t, env)
        return self.w("{things}, ranked by {keys} from highest to lowest, where equal "
                      "values share a place", things=things, keys=keys)

    def _sort(self, t: Tree, env: Env) -> str:
        things, keys = self._ranked(t, env)
        return self.w("{things}, in order of {keys} from lowest to highest", things=things,
                      keys=keys)

    def ranking(self, t: Tree, env: Env, name: str) -> str:
        """A ranking made as a step: "rank the players ... by ...; this is the ranking"."""
        things, keys = self._ranked(t, env)
        return self.w("rank {things} by {keys}, from highest to lowest (equal values share a "
                      "place): this is {name}", things=things, keys=keys, name=name)

    def _index(self, t: Tree, env: Env) -> str:
        base, index = t.children
        ok, i = self.known(index, env)
        x = self.expr(base, env)
        name = str(part(base, "name")) if is_name(base) else \
            str(part(base, "attribute")) if base.data == "attr" else ""
        key = f"{name}__{i + 1}" if ok and isinstance(i, int) and name else ""
        if key and self.t.has("entries", key):      # the text file names this entry
            return self.t.name("entries", key, x=x)
        if ok and isinstance(i, int) and is_name(base):
            name = str(part(base, "name"))
            if name in env.rankings:
                return self.w("the players in {ordinal} place in {x}",
                              ordinal=self.t.ordinal_before_noun(i), x=x)
            if name in env.singles and i == 0 and name in env.groups:
                return self.w("the {thing}", thing=env.groups[name][0])
            if name in env.groups:
                thing = env.groups[name][0]
                return self.w("the {ordinal} {thing}", ordinal=self.t.ordinal_before_noun(i, thing),
                              thing=thing)
        if ok and isinstance(i, int):
            return self.w("the {ordinal} of {x}", ordinal=self.t.ordinal(i, x), x=x)
        position = self.expr(index, env)
        if position == self.w("that position"):      # a loop over the positions of a list
            return self.w("the entry of {x} at that position", x=x)
        return self.w("the entry of {x} at position {i}, counting from 0", x=x, i=position)
