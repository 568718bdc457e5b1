"""Words for the rulebook: the translator `w` plus the game's own texts (its text file).

Every English phrase of the generator goes through `w` (extracted with pybabel); every
game-specific word comes from the game's text file, translated in the context
`<game>.<section>`. A text the generator needs but the game lacks is recorded in `missing`
(a test keeps that empty) and shown as the bare name, never as a crash.
"""

from __future__ import annotations

from collections.abc import Callable
from string import Formatter
from typing import Any

from ..i18n.catalog import Words
from ..i18n.grammar import Clause, Phrase, features, like, parse_gender
from ..interpreter.model import GameDef


def gender_section(section: str) -> str:
    """The section of a text file that gives the genders of a section's names: `genders`
    for pieces, else the section's singular with `_genders` (properties: property_genders)."""
    if section == "pieces":
        return "genders"
    if section.endswith("ies"):
        return section[:-3] + "y_genders"
    return (section[:-1] if section.endswith("s") else section) + "_genders"


class Count(int):
    """A count that chooses the plural form but prints as a phrase ("the number of ...")."""

    def __new__(cls, value: int, shown: str | None = None):
        self = super().__new__(cls, value)
        self.shown = shown
        return self

    def __format__(self, spec: str) -> str:
        return self.shown if self.shown is not None else format(int(self), spec)


def _complete(values: dict, text: str, exclude: str = "") -> dict:
    """`values` plus every other {placeholder} of `text`, left visible (never a KeyError)."""
    names = {field for _, field, _, _ in Formatter().parse(text) if field}
    out = {k: "{" + k + "}" for k in names if k != exclude}
    out.update({k: v for k, v in values.items() if k != exclude})
    return out


class Texts:
    """One game's words in one language."""

    def __init__(self, game: GameDef, w: Words):
        self.g = game
        self.w = w.for_game(game)
        self.missing: set[str] = set()
        # set by a written book: the effect text of a token or area (kind, its row of
        # properties, the property that picks the text), for pictures that show effects
        self.effect: Callable[[str, dict, str], str | None] | None = None

    # -- the game's text file ------------------------------------------------------------
    def has(self, section: str, key: str) -> bool:
        entry = self.g.text.get(section)
        return isinstance(entry, dict) and key in entry

    def entry(self, section: str, key: str) -> Any:
        entry = self.g.text.get(section)
        if isinstance(entry, dict) and key in entry:
            return entry[key]
        self.missing.add(f"{section}.{key}")
        return None

    def name(self, section: str, key: str, count: int | None = None, /, **values: str) -> str:
        """The translated text of `section.key` (the {one, other} form chosen by count; a
        {n} placeholder shows values["n"] if given, else the count), as a `Phrase` that
        knows its gender and number where the game's text file gives the gender."""
        entry = self.entry(section, key)
        context = f"{self.g.id}.{section}"
        if entry is None:
            return str(key).replace("_", " ")
        gender, plural = self.features(section, key)
        if isinstance(entry, dict):
            one, other = entry["one"], entry["other"]
            shown = values.pop("n", None)
            n = 2 if count is None else count
            values = _complete(values, one + other, exclude="n")
            text = self.w.plural(context, one, other, Count(n, shown), **values)
            return Phrase(text, gender, n != 1) if gender else text
        if not values:
            text = self.w.ctx(context, entry)
        else:
            text = self.w.ctx(context, entry, **_complete(values, entry))
        return Phrase(text, gender, plural) if gender and isinstance(text, str) and \
            not isinstance(text, Clause) else text

    def features(self, section: str, key: str) -> tuple[str, bool]:
        """The gender ("f", "m", "n" or "") of the translated text `section.key` and whether
        it is plural: the catalogs' answer ("f", "m pl", ...) for the text of `key` in the
        section's gender section (`genders` for pieces, else `<singular>_genders`:
        `property_genders`, `variable_genders`, `location_genders`, `glossary_genders`...)."""
        entry = self.g.text.get(gender_section(section), {})
        entry = entry.get(key) if isinstance(entry, dict) else None
        if not entry:
            return "", False
        answer = self.w.ctx(f"{self.g.id}.{gender_section(section)}", entry)
        return parse_gender(answer)

    def one(self, section: str, key: str) -> str:
        return self.name(section, key, 1)

    def many(self, section: str, key: str) -> str:
        return self.name(section, key, 2)

    def game_name(self) -> str:
        return self.w.ctx(f"{self.g.id}.game", self.g.text.get("game", self.g.name))

    # -- components by kind --------------------------------------------------------------
    def thing(self, kind: str, n: int | None = None) -> str:
        """A piece, token or deck name (plural unless n is 1)."""
        if kind in self.g.decks:
            return self.name("decks", kind)
        return self.name("pieces", kind, n)

    def feminine(self, kind: str) -> bool:
        """Whether the translated name of a piece kind is grammatically feminine."""
        return self.gender(kind) == "f"

    def gender(self, kind: str) -> str:
        """The grammatical gender of a piece kind's translated name: "f", "m", "n" or ""."""
        return self.features("pieces", kind)[0]

    def owned(self, owner: str, prop: str) -> str:
        """A player variable of a player, "the player's money" (the article agreeing with
        the variable's gender and number where the language has them)."""
        variable = self.name("player_variables", prop)
        text = self.w("{owner}'s {variable}", owner=owner, variable=variable)
        return variable.like(text) if isinstance(variable, Phrase) else text

    def counted(self, kind: str, n: int) -> str:
        """"15 cubes": a number and the piece's name in the right form."""
        things = self.thing(kind, n)
        return like(things, self.w("{n} {things}", n=n, things=things))

    def area(self, key: str) -> str:
        return self.name("areas", key)

    def place(self, key: str, how: str) -> str:
        """A location as "in ...", "to ..." or "from ..." (areas: the area's name)."""
        if key in self.g.areas:
            name = self.area(key)
            if how == "in":
                return self.w("in {place}", place=name)
            if how == "to":
                return self.w("to {place}", place=name)
            return self.w("from {place}", place=name)
        return self.name(f"places_{how}", key)

    def colour(self, key: str) -> str:
        """A colour by its id, as a word in a sentence ("red"; the text file's `colours`
        section), else the seat's name."""
        if self.has("colours", key):
            return self.name("colours", key)
        return self.name("seats", key)

    def cell(self, value: Any) -> str:
        """A value in a table: a dash where there is none."""
        if value is None or value == []:
            return "—"
        return self.value(value)

    def value(self, value: Any) -> str:
        """A plain value from the data: names of areas, pieces and decks become words."""
        if isinstance(value, bool):
            return self.w("yes") if value else self.w("no")
        if isinstance(value, int):
            return str(value)
        if value is None:
            return self.w("nothing")
        if value == []:
            return self.w("empty")
        if isinstance(value, list):
            return self.w.join([self.value(v) for v in value])
        if isinstance(value, str):
            if value in self.g.areas:
                return self.area(value)
            if value in self.g.decks:
                return self.w("the {deck}", deck=self.name("decks", value))
            if value in self.g.pieces or value in self.g.tokens:
                return self.thing(value)
            if self.has("colours", value):
                return self.name("colours", value)
            if value in self.g.seats:
                return self.name("seats", value)
            if self.has("choices", value):
                return self.w("“{choice}”", choice=self.name("choices", value))
            if value in self.g.locations:
                return self.name("places_in", value)
            if self.has("area_kinds", value):
                return self.one("area_kinds", value)
            if self.has("values", value):
                return self.name("values", value)
        return str(value)

    # -- grammar helpers -----------------------------------------------------------------
    def ordinal(self, i: int, of: str = "") -> str:
        """"first", "second", ... for a 0-based position (agreeing with `of`, the noun it
        stands for: Spanish "la primera" of a feminine one)."""
        return self._ordinal(i, "ordinal", of)

    def ordinal_before_noun(self, i: int, of: str = "") -> str:
        """"first" in "the first place" (Spanish: "primer", not "primero"; "primera" before
        a feminine noun `of`)."""
        return self._ordinal(i, "ordinal before a noun", of)

    def _ordinal(self, i: int, context: str, of: str) -> str:
        if not 0 <= i < 6:
            return self.w("number {n}", n=i + 1)
        if "f" in features(of, self.w.lang):
            words = [self.w.ctx("feminine ordinal", "first"),
                     self.w.ctx("feminine ordinal", "second"),
                     self.w.ctx("feminine ordinal", "third"),
                     self.w.ctx("feminine ordinal", "fourth"),
                     self.w.ctx("feminine ordinal", "fifth"),
                     self.w.ctx("feminine ordinal", "sixth")]
            return words[i]
        words = [self.w.ctx("ordinal", "first"), self.w.ctx("ordinal", "second"),
                 self.w.ctx("ordinal", "third"), self.w.ctx("ordinal", "fourth"),
                 self.w.ctx("ordinal", "fifth"), self.w.ctx("ordinal", "sixth")]
        if context == "ordinal before a noun":
            words = [self.w.ctx("ordinal before a noun", "first"),
                     self.w.ctx("ordinal before a noun", "second"),
                     self.w.ctx("ordinal before a noun", "third"),
                     self.w.ctx("ordinal before a noun", "fourth"),
                     self.w.ctx("ordinal before a noun", "fifth"),
                     self.w.ctx("ordinal before a noun", "sixth")]
        return words[i]

    def times(self, n: int) -> str:
        return self.w.plural(None, "once", "{n} times", n)

    def by_players(self, values: dict, phrase) -> str:
        """One phrase per player count: "4 times with 3 players and 3 times with 4 players"."""
        parts = [self.w.plural(None, "{what} with {n} player", "{what} with {n} players",
                               players, what=phrase(v))
                 for players, v in sorted(values.items())]
        return self.w.join(parts)


def sentence(text: str) -> str:
    """A sentence: capital first letter and a full stop (unless it ends with : . ? or !)."""
    text = text.strip()
    if not text:
        return text
    text = text[0].upper() + text[1:]
    return text if text[-1] in ".:?!" or text.endswith(".)") else text + "."


def lead(text: str) -> str:
    """The lead-in of a list of steps: capital first letter, ending with a colon."""
    text = text.strip().rstrip(".:")
    return text[0].upper() + text[1:] + ":" if text else text
