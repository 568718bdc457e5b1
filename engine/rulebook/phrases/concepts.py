"""Rulebook templates of the built-ins of the engine's concepts: tracks, money (the bank),
connections between areas, and card piles, rows and usage counts (interpreter/piles.py).

Track and resource names read from the text file's `tracks` and `resources` sections.
"""

from __future__ import annotations

from lark import Tree

from .env import Env


def _named(tree: Tree) -> str | None:
    return str(tree.children[0]) if isinstance(tree, Tree) and tree.data == "name" else None


class ConceptNames:
    """How a track or a resource named in a call reads."""

    def track_words(self, tree: Tree, env: Env) -> str:
        name = _named(tree)
        if name in self.g.tracks:
            return self.t.name("tracks", name)
        return self.p.expr(tree, env) if hasattr(self, "p") else self.expr(tree, env)

    def resource_words(self, tree: Tree, n: int = 2) -> str:
        name = _named(tree) or ""
        return self.t.name("resources", name, n)


class ConceptPhrases(ConceptNames):
    """Mixed into Phrases: expressions of tracks, money and connections."""

    def builtin_track_pos(self, args, kwargs, env) -> str:
        return self.w("the space of {player}'s disc on {track}",
                      player=self.expr(args[1], env), track=self.track_words(args[0], env))

    def builtin_track_order(self, args, kwargs, env) -> str:
        track = self.track_words(args[0], env)
        if len(args) > 1:
            return self.w("{players}, from the one furthest ahead on {track} to the one "
                          "furthest behind", players=self.expr(args[1], env), track=track)
        return self.w("the players, from the one furthest ahead on {track} to the one "
                      "furthest behind", track=track)

    def builtin_track_standing(self, args, kwargs, env) -> str:
        return self.w("how far {player} is ahead on {track}",
                      player=self.expr(args[1], env), track=self.track_words(args[0], env))

    def builtin_funds(self, args, kwargs, env) -> str:
        return self.w("the number of {things} {player} has",
                      things=self.resource_words(args[0]), player=self.expr(args[1], env))

    def builtin_in_bank(self, args, kwargs, env) -> str:
        return self.w("the number of {things} left in the bank",
                      things=self.resource_words(args[0]))

    def builtin_bank_gives(self, args, kwargs, env) -> str:
        amount = self.expr(args[1], env)
        kind = self.g.resources.get(_named(args[0]) or "")
        if kind is not None and kind.bank is None:
            return amount
        return self.w("{amount}, or the number of {things} left in the bank if that is fewer",
                      amount=amount, things=self.resource_words(args[0]))

    def builtin_markers_on(self, args, kwargs, env) -> str:
        return self.w("the number of {things} on {token}",
                      things=self.resource_words(args[0]), token=self.expr(args[1], env))

    def builtin_connections(self, args, kwargs, env) -> str:
        if args:
            return self.w("the connections of {area}", area=self.expr(args[0], env))
        return self.w("the connections between the areas")

    def builtin_connection_ends(self, args, kwargs, env) -> str:
        return self.w("the two areas joined by {connection}",
                      connection=self.expr(args[0], env))

    def builtin_other_end(self, args, kwargs, env) -> str:
        return self.w("the area at the other end of {connection} from {area}",
                      connection=self.expr(args[0], env), area=self.expr(args[1], env))

    def builtin_tile_on(self, args, kwargs, env) -> str:
        return self.w("the tile on {connection}", connection=self.expr(args[0], env))

    def builtin_end_value(self, args, kwargs, env) -> str:
        return self.w("the value of the end of the tile on {connection} that touches {area}",
                      connection=self.expr(args[0], env), area=self.expr(args[1], env))


class ConceptSteps(ConceptNames):
    """Mixed into Steps: statements of tracks, money and connections."""

    def statement_advance(self, args, kwargs, env) -> str:
        track = self.track_words(args[0], env)
        player = self.p.expr(args[1], env)
        ok, n = self.p.known(args[2], env)
        if ok and isinstance(n, int) and n < 0:
            return self.w.plural(None, "{player} moves their disc {n} space back on {track}",
                                 "{player} moves their disc {n} spaces back on {track}", -n,
                                 player=player, track=track)
        if ok and isinstance(n, int):
            return self.w.plural(None, "{player} moves their disc {n} space forward on {track}",
                                 "{player} moves their disc {n} spaces forward on {track}", n,
                                 player=player, track=track)
        return self.w("{player} moves their disc forward on {track} by {amount}",
                      player=player, track=track, amount=self.p.expr(args[2], env))

    def statement_place_disc(self, args, kwargs, env) -> str:
        return self.w("{player} puts their disc on space {space} of {track}, on top of any "
                      "discs already there", player=self.p.expr(args[1], env),
                      space=self.p.expr(args[2], env), track=self.track_words(args[0], env))

    def statement_gain(self, args, kwargs, env) -> str:
        player = self.p.expr(args[1], env)
        ok, n = self.p.known(args[2], env)
        if ok and isinstance(n, int):
            text = self.w.plural(None, "{player} takes {n} {things} from the bank",
                                 "{player} takes {n} {things} from the bank", n, player=player,
                                 things=self.resource_words(args[0], n))
        else:
            text = self.w("{player} takes {things} from the bank, as many as {amount}",
                          player=player, amount=self.p.expr(args[2], env),
                          things=self.resource_words(args[0]))
        kind = self.g.resources.get(_named(args[0]) or "")
        if kind is not None and kind.bank is None:
            return text
        return self.w("{step} (while the bank lasts)", step=text)

    def statement_pay(self, args, kwargs, env) -> str:
        player = self.p.expr(args[1], env)
        ok, n = self.p.known(args[2], env)
        if ok and isinstance(n, int):
            return self.w.plural(None, "{player} pays {n} {things} to the bank",
                                 "{player} pays {n} {things} to the bank", n, player=player,
                                 things=self.resource_words(args[0], n))
        return self.w("{player} pays {things} to the bank, as many as {amount}",
                      player=player, amount=self.p.expr(args[2], env),
                      things=self.resource_words(args[0]))

    def statement_activate(self, args, kwargs, env) -> str:
        return self.w("{player} puts one of their {things} on {token} to use it",
                      player=self.p.expr(args[1], env), token=self.p.expr(args[2], env),
                      things=self.resource_words(args[0]))

    def statement_clear_markers(self, args, kwargs, env) -> str:
        return self.w("every {thing} lying on a piece goes back to the bank",
                      thing=self.resource_words(args[0], 1))

    def statement_lay_tile(self, args, kwargs, env) -> str:
        return self.w("lay {tile} on {connection}, its first end toward {area}",
                      tile=self.p.expr(args[1], env), connection=self.p.expr(args[0], env),
                      area=self.p.expr(args[2], env))


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
