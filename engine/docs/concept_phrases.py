"""Rulebook templates of the tracks, money and connection built-ins, and the component
lines that describe a game's tracks, bank and connections.

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


def concept_components(c) -> list[str]:
    """Component sentences for the game's tracks, bank and connections (c: Components)."""
    w, t, g = c.w, c.t, c.g
    parts = []
    if g.tracks:
        items = []
        for name, track in g.tracks.items():
            if track.floor is None:
                items.append(w("{track}: every disc starts on space {start}",
                               track=t.name("tracks", name), start=track.start))
            else:
                items.append(w("{track}: every disc starts on space {start} and never goes "
                               "below space {floor}", track=t.name("tracks", name),
                               start=track.start, floor=track.floor))
        parts.append(w("Each player has one disc on each track: {list}.", list=w.join(items)))
        parts.append(w("Discs on the same space of a track form a stack: a disc that arrives "
                       "goes on top, and higher in a stack is ahead."))
    for name, res in g.resources.items():
        if res.bank is None:
            parts.append(w("The bank holds as many {things} as needed.",
                           things=t.name("resources", name, 2)))
        else:
            parts.append(w.plural(None, "The bank holds {n} {things}; when it is empty, nobody "
                                  "receives more.", "The bank holds {n} {things}; when it is "
                                  "empty, nobody receives more.", res.bank,
                                  things=t.name("resources", name, res.bank)))
    if g.connections:
        pairs = [w("{a} – {b}", a=t.area(a), b=t.area(b)) for a, b in g.connections.values()]
        parts.append(w.plural(None, "The board has {n} connection between two areas, each with "
                              "room for one tile: {list}.", "The board has {n} connections "
                              "between two areas, each with room for one tile: {list}.",
                              len(pairs), list=w.join(pairs)))
        touching = {len([1 for pair in g.connections.values() if area in pair])
                    for area in g.areas}
        if len(touching) == 1:
            parts.append(w.plural(None, "Every area has {n} connection.",
                                  "Every area has {n} connections.", touching.pop()))
    return parts
