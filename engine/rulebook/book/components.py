"""The components, the setup and the numbers that depend on the player count, from the
game's pieces, tokens, decks, areas, variables and constants, and the component lines of
the engine's concepts (tracks, the bank, connections).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..texts import Texts, sentence
from .markdown import bullets, numbered, table
from .reference import counted_only, token_table


class Components:
    """Renders the parts of the rulebook that come from the game's components."""

    def __init__(self, texts: Texts, quiet: set[str] | None = None,
                 aids: set[str] | None = None, tabled: set[str] | None = None):
        self.t = texts
        self.w = texts.w
        self.g = texts.g
        self.quiet = quiet or set()     # variables whose starting value goes unsaid
        self.aids = aids or set()       # engine aids: not in the box, never listed
        self.tabled = tabled            # token kinds a section of the book shows as a table

    # -- components ----------------------------------------------------------------------
    def components(self) -> str:
        own = self.own_things()
        parts = [self.board()]
        if own:
            parts += [self.w("Each player has, in their colour:"), bullets(own)]
        shared = self.shared_things()
        if shared:
            parts += [self.w("Shared by all players:"), bullets(shared)]
        parts += self.tables()
        parts += concept_components(self)
        parts += [sentence(s) for s in self.secrets()]
        parts.append(self.colours())
        return "\n\n".join(p for p in parts if p)

    def tables(self) -> list[str]:
        """The table of each long token set the components only count ("see the table")
        when no section of the book shows it."""
        if self.tabled is None:
            return []
        return [token_table(self.t, kind, list(tok.props)) for kind, tok in self.g.tokens.items()
                if kind not in self.aids and kind not in self.tabled
                and counted_only(self.t, kind) is not None]

    def board(self) -> str:
        if not self.g.areas:        # a game without a board says nothing of one
            return ""
        by_kind: dict[str, list[str]] = {}
        for key, area in self.g.areas.items():
            by_kind.setdefault(area["kind"], []).append(self.t.area(key))
        kinds = [self.w("{n} {kind} ({names})", n=len(names),
                        kind=self.t.name("area_kinds", kind, len(names)),
                        names=self.w.join(names))
                 for kind, names in by_kind.items()]
        text = self.w.plural(None, "The board shows {n} area: {kinds}.",
                             "The board shows {n} areas: {kinds}.", len(self.g.areas),
                             kinds=self.w.join(kinds))
        symbols = [self.w("{area} ({symbol})", area=self.t.area(k),
                          symbol=self.t.name("symbols", a["symbol"]))
                   for k, a in self.g.areas.items() if "symbol" in a]
        if symbols:
            text += " " + self.w("Each area bears a symbol: {list}.", list=self.w.join(symbols))
        return text

    def own_things(self) -> list[str]:
        items = [self.t.counted(k, piece.per_player) for k, piece in self.g.pieces.items()
                 if piece.per_player and k not in self.aids]
        items += [self.token_set(k) for k, tok in self.g.tokens.items()
                  if tok.per_player and k not in self.aids]
        return items

    def shared_things(self) -> list[str]:
        items = [self.token_set(k) for k, tok in self.g.tokens.items()
                 if not tok.per_player and k not in self.aids]
        for key, deck in self.g.decks.items():
            if key in self.aids:
                continue
            items.append(self.w("{n} {things}{detail}", n=len(deck.cards),
                                things=self.t.name("decks", key, len(deck.cards)),
                                detail=self.detail_of(deck.cards)))
        return items

    def token_set(self, kind: str) -> str:
        short = counted_only(self.t, kind)
        if short is not None:
            return short
        tok = self.g.tokens[kind]
        sizes = [len(v) for v in tok.props.values()]
        n = sizes[0] if sizes else 1
        details = [self.values_of(prop, values) for prop, values in tok.props.items()]
        text = self.t.counted(kind, n)
        return text + "".join(details)

    def values_of(self, prop: str, values: list[Any]) -> str:
        if all(isinstance(v, list) and len(v) == 2 and all(isinstance(x, int) for x in v)
               for v in values):                    # pairs such as a tile's two ends
            values = ["/".join(str(x) for x in v) for v in values]
        if any(isinstance(v, (list, dict)) for v in values):
            return ""             # per-part values: the pictures show them
        if all(isinstance(v, int) for v in values) and len(values) <= 12:
            return self.w(", with the {property} {list}",
                          property=self.t.name("properties", prop, len(values)),
                          list=self.w.join([str(v) for v in values]))
        return self.detail_of(values, prop)

    def detail_of(self, values: list[Any], prop: str | None = None) -> str:
        """", one for each area" or ": one each for A and B, and 3 for C"."""
        counts = Counter(v for v in values if v is not None)
        if len(values) == 1 and prop is None:
            return self.w(": {list}", list=self.t.value(values[0]))
        if set(values) == set(self.g.areas) and all(c == 1 for c in counts.values()):
            return self.w(", one for each area")
        if prop and len(counts) == 1 and len(values) > 1 and None not in values:
            return self.w(" (each with the {property} {value})",
                          property=self.t.name("properties", prop, 1),
                          value=self.t.value(values[0]))
        singles = [self.t.value(v) for v, c in counts.items() if c == 1]
        parts = [self.w("one each for {list}", list=self.w.join(singles))] if singles else []
        parts += [self.w("{n} for {value}", n=c, value=self.t.value(v))
                  for v, c in counts.items() if c > 1]
        listed = "; ".join(parts)
        if prop:
            return self.w(" ({property}: {list})",
                          property=self.t.name("properties", prop, 1), list=listed)
        return self.w(": {list}", list=listed)

    def secrets(self) -> list[str]:
        """One sentence per kind of token with secret properties: a kind each player owns
        keeps them from the others; any other kind (lots on the table that nobody owns, a
        shared deck) hides them while face down."""
        out = []
        for k, tok in self.g.tokens.items():
            if not tok.secret:
                continue
            several = len(tok.secret) > 1
            names = self.w.join([self.t.name("properties", p, 1) for p in tok.secret])
            if tok.per_player and several:
                out.append(self.w("each player keeps the {properties} of their {things} secret "
                                  "until they are turned face up",
                                  properties=names, things=self.t.thing(k, 2)))
            elif tok.per_player:
                out.append(self.w("each player keeps the {property} of their {things} secret "
                                  "until they are turned face up",
                                  property=names, things=self.t.thing(k, 2)))
            elif several:
                out.append(self.w("face down, a {thing} hides its {properties} from the players "
                                  "it is not shown to", properties=names,
                                  thing=self.t.thing(k, 1)))
            else:
                out.append(self.w("face down, a {thing} hides its {property} from the players "
                                  "it is not shown to", property=names,
                                  thing=self.t.thing(k, 1)))
        return out

    def colours(self) -> str:
        colours = self.w.join([self.t.colour(s) for s in self.g.seats])
        if self.g.min_players == self.g.max_players:
            return self.w.plural(None, "For {n} player. Colours: {colours}.",
                                 "For {n} players. Colours: {colours}.", self.g.max_players,
                                 colours=colours)
        return self.w("For {low} to {high} players. Colours: {colours}. With fewer than {high} "
                      "players, the colours nobody plays stay in the box.",
                      low=self.g.min_players, high=self.g.max_players, colours=colours)

    # -- setup ---------------------------------------------------------------------------
    def setup(self) -> str:
        steps = [self.w("Each player chooses a colour and takes its pieces.")]
        own: dict[str, list[str]] = {}
        shared: dict[str, list[str]] = {}
        for key, piece in self.g.pieces.items():
            if key not in self.aids:
                own.setdefault(piece.start, []).append(self.t.thing(key, 2))
        for key, tok in self.g.tokens.items():
            if key in self.aids:
                continue
            if tok.per_player:
                own.setdefault(tok.start, []).append(self.t.thing(key, 2))
            elif self.t.feminine(key):
                shared.setdefault(tok.start, []).append(
                    self.w.ctx("feminine", "the {things}", things=self.t.thing(key, 2)))
            else:
                shared.setdefault(tok.start, []).append(
                    self.w("the {things}", things=self.t.thing(key, 2)))
        for place, things in own.items():
            steps.append(sentence(self.w("each player puts their {things} {place}",
                                         things=self.w.join(things),
                                         place=self.t.place(place, "in"))))
        for place, things in shared.items():
            steps.append(sentence(self.w("put {things} {place}",
                                         things=self.w.join(things),
                                         place=self.t.place(place, "in"))))
        # The starting values of variables are the engine's accounts (a reader's starting
        # money or points are pieces, tracks or resources): the setup does not list them.
        return numbered(steps)

    def player_counts(self) -> str:
        rows = []
        counts = list(range(self.g.min_players, self.g.max_players + 1))
        for key, value in self.g.constants.items():
            if isinstance(value, dict) and "by_players" in value:
                rows.append([self.t.name("constants", key)] +
                            [self.t.value(value["by_players"].get(n)) for n in counts])
        if not rows:
            return ""
        head = [""] + [self.w.plural(None, "{n} player", "{n} players", n) for n in counts]
        return table(head, rows)


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
