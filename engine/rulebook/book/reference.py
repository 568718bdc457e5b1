"""The reference matter of a rulebook: clarification notes (the game's readings), the
reference tables of areas and numbers, the glossary, and tables of tokens.

An outline block `{table: card, columns: [name, number, price]}` lists the tokens of a
kind with the properties chosen, identical tokens counted in one row. Long token sets are
then only counted in the components list (`LISTED_AFTER` tokens or more).
"""

from __future__ import annotations

from typing import Any

from ..texts import Texts, sentence
from .markdown import table


class Notes:
    """Renders the end matter of a rulebook."""

    def __init__(self, texts: Texts, aids: set[str] | None = None, written: Any = None):
        self.written = written          # written.render.Written: fills the notes' placeholders
        self.t = texts
        self.w = texts.w
        self.g = texts.g
        self.aids = aids or set()       # engine aids: not in the box, not in the glossary

    def notes(self) -> str:
        """One paragraph per option, numbered by its reading."""
        options = sorted(self.g.options.values(),
                         key=lambda o: (o.reading is None, o.reading or 0, o.name))
        if self.written is not None and self.written.outline.written():
            # a written book's notes are a plain list: the reading's number is the project's
            return "\n".join(f"- {sentence(self.note(option))}" for option in options
                             if option.reading is not None)
        paragraphs = []
        for option in options:
            note = self.note(option)
            label = self.w("Reading {n}.", n=option.reading) if option.reading is not None \
                else self.w("Note.")
            paragraphs.append(f"**{label}** {sentence(note)}")
        return "\n\n".join(paragraphs)

    def note(self, option: Any) -> str:
        """The reading as this game or variant has it: the text of the option's value when a
        variant changed it (`option_values.<option>__<value>`), else the reading itself."""
        note = self.text("options", option.name) if self.t.has("options", option.name) \
            else option.summary
        changed = option.value != option.default or type(option.value) is not \
            type(option.default)
        key = f"{option.name}__{option_value_key(option.value)}"
        if (changed or option.value is False) and self.t.has("option_values", key):
            return self.text("option_values", key)
        if option.value is False:       # the note states the reading; false turns it off
            return self.w("{note} (This version does not follow this reading.)", note=note)
        if not changed:
            return note
        self.t.missing.add(f"option_values.{key}")
        return self.w("{note} (This version does not follow this reading: it uses “{value}”.)",
                      note=note, value=self.t.value(option.value))

    def text(self, section: str, key: str) -> str:
        """A note of the text file, its placeholders filled from the data."""
        if self.written is None:
            return self.t.name(section, key)
        return self.written.text(self.t.g.text[section][key], context=section)

    def reference(self) -> str:
        parts = []
        kinds: dict[str, list[str]] = {}
        for key, area in self.g.areas.items():
            kinds.setdefault(area["kind"], []).append(key)
        for kind, keys in kinds.items():
            props = []
            for key in keys:
                props += [p for p in self.g.areas[key] if p not in ("kind", *props)]
            head = [self.t.one("area_kinds", kind).capitalize()] + \
                [self.t.name("properties", p, 1).capitalize() for p in props]
            rows = [[self.t.area(key)] + [self.cell(p, self.g.areas[key].get(p)) for p in props]
                    for key in keys]
            parts.append(table(head, rows))
        numbers = []
        for key, value in self.g.constants.items():
            if isinstance(value, dict) and "by_players" in value:
                shown = self.t.by_players(value["by_players"], self.t.value)
            elif isinstance(value, int) and not isinstance(value, bool):
                shown = str(value)
            elif isinstance(value, list) and value and \
                    all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                shown = ", ".join(str(v) for v in value)      # a table of numbers
            else:
                continue
            numbers.append([self.t.name("constants", key), shown])
        if numbers:
            parts.append(table([self.w.ctx("rulebook", "Rule"), self.w.ctx("rulebook", "Number")],
                               numbers))
        return "\n\n".join(parts)

    def cell(self, prop: str, value: Any) -> str:
        if prop == "symbol" and isinstance(value, str):
            return self.t.name("symbols", value)
        if isinstance(value, list):
            return ", ".join(self.t.value(v) for v in value)
        return "" if value is None else self.t.value(value)

    def place_meaning(self, key: str) -> str:
        """A place off the board, and what is kept there at the start of the game (the
        game's own words from its text file's `location_meanings`, if it has them)."""
        if self.t.has("location_meanings", key):
            return self.t.name("location_meanings", key)
        own = [self.t.thing(k, 2) for k, piece in self.g.pieces.items()
               if piece.start == key and k not in self.aids]
        own += [self.t.thing(k, 2) for k, tok in self.g.tokens.items()
                if tok.per_player and tok.start == key and k not in self.aids]
        shared = [self.w.ctx("feminine", "the {things}", things=self.t.thing(k, 2))
                  if self.t.feminine(k) else self.w("the {things}", things=self.t.thing(k, 2))
                  for k, tok in self.g.tokens.items()
                  if not tok.per_player and tok.start == key and k not in self.aids]
        if not self.g.areas:                # a game without a board: no "off the board"
            return self.boardless_place(own, shared)
        if own:
            return self.w("a place off the board; at the start, each player keeps their "
                          "{things} there", things=self.w.join(own))
        if shared:
            return self.w("a place off the board; at the start, {things} are there",
                          things=self.w.join(shared))
        return self.w("a place off the board")

    def boardless_place(self, own: list[str], shared: list[str]) -> str:
        """A place of a game without a board, and what is kept there at the start."""
        if own:
            return self.w("a place; at the start, each player keeps their {things} there",
                          things=self.w.join(own))
        if shared:
            return self.w("a place; at the start, {things} are there",
                          things=self.w.join(shared))
        return self.w("a place of the game")

    def glossary(self) -> str:
        rows = []
        for kind in self.g.pieces.values():
            if kind.name in self.aids:
                continue
            rows.append([self.t.thing(kind.name, 1),
                         self.w.plural(None, "a playing piece; each player has {n}",
                                       "a playing piece; each player has {n}",
                                       kind.per_player)])
        for key, tok in self.g.tokens.items():
            if key in self.aids:
                continue
            n = len(next(iter(tok.props.values()), [None]))
            shown = [self.t.name("properties", p, 1) for p in tok.props
                     if self.t.has("properties", p)]
            if shown:
                props = self.w.join(shown)
                meaning = self.w("a piece with its own {properties}; each player has {n}",
                                 properties=props, n=n) if tok.per_player else \
                    self.w("a piece with its own {properties}; {n} in the game",
                           properties=props, n=n)
            else:
                meaning = self.w("an individual piece; each player has {n}", n=n) \
                    if tok.per_player else self.w("an individual piece; {n} in the game", n=n)
            rows.append([self.t.thing(key, 1), meaning])
        for key, deck in self.g.decks.items():
            if key in self.aids:
                continue
            rows.append([self.t.name("decks", key),
                         self.w.plural(None, "a set of {n} card", "a set of {n} cards",
                                       len(deck.cards))])
        kinds: dict[str, list[str]] = {}
        for key, area in self.g.areas.items():
            kinds.setdefault(area["kind"], []).append(self.t.area(key))
        for kind, names in kinds.items():
            rows.append([self.t.one("area_kinds", kind),
                         self.w("a kind of area: {list}", list=self.w.join(names))])
        for key in self.g.locations:
            if self.t.has("locations", key) and key not in self.aids:
                rows.append([self.t.name("locations", key), self.place_meaning(key)])
        rows.sort(key=lambda r: r[0].lower())
        return table([self.w.ctx("rulebook", "Term"), self.w.ctx("rulebook", "Meaning")],
                     [[r[0][:1].upper() + r[0][1:], r[1]] for r in rows])


def option_value_key(value: Any) -> str:
    """How an option's value is written in a text key: true, false, none, or the value."""
    if isinstance(value, bool) or value is None:
        return {True: "true", False: "false", None: "none"}[value]
    return str(value)


# -- tables of tokens ----------------------------------------------------------------
LISTED_AFTER = 13
"""A token kind with at least this many tokens is described by a table, not in a sentence."""


def token_table(texts: Texts, kind: str, columns: list[str]) -> str:
    """The tokens of `kind` as a table: the chosen properties and how many tokens share them."""
    tok = texts.g.tokens[kind]
    size = len(next(iter(tok.props.values()))) if tok.props else 0
    rows: dict[tuple, int] = {}
    for i in range(size):
        key = tuple(_frozen(tok.props[c][i]) for c in columns)
        rows[key] = rows.get(key, 0) + 1
    head = [texts.name("properties", c, 1) for c in columns] + [texts.w.ctx("table", "how many")]
    body = [[texts.cell(_thawed(v)) for v in key] + [str(n)] for key, n in rows.items()]
    return table(head, body)


def _frozen(value):
    """A list property (parts of a tile) as a tuple, so identical tokens can be counted."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def _thawed(value):
    return [_thawed(v) for v in value] if isinstance(value, tuple) else value


def counted_only(texts: Texts, kind: str) -> str | None:
    """"95 cards, each showing its name, number and price (see their table)" for a long
    token set; None for a short one (listed in full)."""
    tok = texts.g.tokens[kind]
    size = len(next(iter(tok.props.values()))) if tok.props else 1
    if size < LISTED_AFTER:
        return None
    props = texts.w.join([texts.name("properties", p, 1) for p in tok.props])
    return texts.w("{things}, each showing its {properties} (see the table)",
                   things=texts.counted(kind, size), properties=props)
