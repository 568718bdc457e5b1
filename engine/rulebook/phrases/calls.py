"""Calls in expressions: the game's functions (their phrase, or their body inlined) and
every built-in function of the script language, each with its template.
"""

from __future__ import annotations

from lark import Tree

from ...dsl.builtins import EXPRESSIONS
from ...dsl.trees import part
from ...i18n.grammar import like
from .env import Env, call_parts, is_name


class CallPhrases:
    """Mixed into Phrases: function calls."""

    def call(self, t: Tree, env: Env) -> str:
        name, args, kwargs = call_parts(t)
        func = self.g.program.funcs.get(name)
        if func is not None:
            return self.function(func, args, env)
        if name in self.g.program.procs:
            return self.returned_by(name, args, env)
        return EXPRESSIONS[name].phrase(self, args, kwargs, env)

    def returned_by(self, name: str, args: list[Tree], env: Env) -> str:
        """`let x = P(...)`: what the game's procedure P gives back once done."""
        proc = self.g.program.procs[name]
        values = {p: self.expr(a, env) for p, a in zip(proc.params, args)}
        return self.w("the result of: {step}", step=self.t.name("procedures", name, None,
                                                                 **values))

    def function(self, func, args: list[Tree], env: Env) -> str:
        """A game function: its phrase from the text file, else its body in words."""
        if self.t.has("functions", func.name):
            values = {p: self.expr(a, env) for p, a in zip(func.params, args)}
            return self.t.name("functions", func.name, **values)
        return self.expr(self.inline(func, args), env)

    def inline(self, func, args: list[Tree]) -> Tree:
        """The function's body with its parameters replaced by the argument trees."""
        table = dict(zip(func.params, args))

        def copy(node):
            if not isinstance(node, Tree):
                return node
            if node.data == "name" and str(part(node, "name")) in table:
                return table[str(part(node, "name"))]
            return Tree(node.data, [copy(c) for c in node.children], node.meta)
        return copy(part(func.tree, "value"))

    def unfolded(self, tree: Tree) -> Tree:
        """A call of a function without a phrase, replaced by its body (others as they are)."""
        for _ in range(20):
            if tree.data != "call":
                return tree
            name, args, kwargs = call_parts(tree)
            func = self.g.program.funcs.get(name)
            if func is None or kwargs or self.t.has("functions", name):
                return tree
            tree = self.inline(func, args)
        return tree

    # -- pieces and tokens ---------------------------------------------------------------
    def narrowed(self, head: str, kind: str, filters: dict[str, Tree], env: Env) -> str:
        """`head` (a noun phrase for pieces of `kind`) narrowed by filters."""
        text = head
        for key, value in filters.items():
            if key in ("owner",):
                continue
            if key == "at":
                text = self.w("{things} {place}", things=text, place=self.where(value, "in", env))
            elif key == "controller":
                ok, who = self.known(value, env)
                text = self.w("neutral {things}", things=text) if ok and who is None else \
                    self.w("{things} controlled by {player}", things=text,
                           player=self.expr(value, env))
            elif key == "shown":
                ok, shown = self.known(value, env)
                text = self.w("{things} face up", things=text) if ok and shown else \
                    self.w("{things} face down", things=text)
            elif is_name(value) and str(part(value, "name")) in env.choices:
                text = self.w("{things} with the chosen {property}", things=text,
                              property=self.t.name("properties", key, 1))
            else:
                text = self.w("{things} whose {property} is {value}", things=text,
                              property=self.t.name("properties", key, 1),
                              value=self.expr(value, env))
        return like(head, text)

    def pieces(self, kind: str, filters: dict[str, Tree], env: Env, counted: bool = False) -> str:
        """"the player's cubes in the area", "the tiles whose colour is red" (`counted`:
        after "the number of": "cubes the player has in the area", "tiles whose ...")."""
        things = self.t.thing(kind, 2)
        if counted:
            head = self.w("{things} {owner} has", things=things,
                          owner=self.expr(filters["owner"], env)) if "owner" in filters \
                else things
            return self.narrowed(like(things, head), kind, filters, env)
        if "owner" in filters:
            head = self.w("{owner}'s {things}", owner=self.expr(filters["owner"], env),
                          things=things)
        else:
            head = self.w("the {things}", things=things)
        return self.narrowed(like(things, head), kind, filters, env)

    def where(self, tree: Tree, how: str, env: Env) -> str:
        """A place in words: "in the supply", "to the north", "in the regions"."""
        ok, value = self.known(tree, env)
        if ok and isinstance(value, str) and not self.t.has("constants", value):
            return self.t.place(value, how)
        if ok and isinstance(value, list) and value and \
                all(isinstance(v, str) and v in self.g.locations for v in value):
            return self.w.join([self.t.place(v, how) for v in value])   # "in A and on B"
        x = self.expr(tree, env)
        return {"in": self.w("in {place}", place=x), "to": self.w("to {place}", place=x),
                "from": self.w("from {place}", place=x)}[how]

    def kind_of(self, args: list[Tree]) -> str:
        return str(part(args[0], "name"))

    # -- built-in functions (one template each) -------------------------------------------
    def cards_are_areas(self) -> bool:
        """Every card of every deck names an area (a card stands for its area)."""
        cards = [c for deck in self.g.decks.values() for c in deck.cards]
        return bool(cards) and all(c in self.g.areas for c in cards)

