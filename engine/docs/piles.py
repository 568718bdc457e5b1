"""Rulebook templates of the built-ins for card piles, rows and usage counts
(interpreter/piles.py): one phrase each, in every language through the catalogs."""

from __future__ import annotations


class PilePhrases:
    """Mixed into Phrases: the built-in functions of piles, rows and usage counts."""

    def builtin_empty_places(self, args, kwargs, env) -> str:
        return self.w("those of {places} without {things}", places=self.expr(args[1], env),
                      things=self.t.thing(self.kind_of(args), 2))

    def builtin_count_of(self, args, kwargs, env) -> str:
        return self.w("how many times {item} appears in {items}",
                      item=self.expr(args[1], env), items=self.expr(args[0], env))

    def builtin_set_at(self, args, kwargs, env) -> str:
        return self.w("{items} with the entry at position {position} replaced by {value}",
                      items=self.expr(args[0], env), position=self.expr(args[1], env),
                      value=self.expr(args[2], env))

    def builtin_index_of(self, args, kwargs, env) -> str:
        return self.w("the position of {item} in {items}", item=self.expr(args[1], env),
                      items=self.expr(args[0], env))


class PileSteps:
    """Mixed into Steps: the built-in statements of piles and rows."""

    def statement_draw_refill(self, args, kwargs, env) -> str:
        kind = str(args[0].children[0])
        ok, n = self.p.known(args[4], env)
        if ok and isinstance(n, int):
            amount = self.w("{n} {things}", n=n, things=self.t.thing(kind, n))
        else:
            amount = self.w("as many {things} as {amount}", things=self.t.thing(kind, 2),
                            amount=self.p.expr(args[4], env))
        return self.w("{player} draws {amount} {source} and puts them {destination}; "
                      "whenever that pile is empty, their cards {refill} are first turned "
                      "face down to form it again",
                      player=self.p.expr(args[1], env), amount=amount,
                      source=self.p.where(args[2], "from", env),
                      destination=self.p.where(args[3], "to", env),
                      refill=self.p.where(args[5], "in", env))

    def statement_slide_row(self, args, kwargs, env) -> str:
        return self.w("the {things} of {row} slide towards its start to close every gap, "
                      "keeping their order", things=self.t.thing(str(args[0].children[0]), 2),
                      row=self.p.expr(args[1], env))
