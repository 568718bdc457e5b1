"""The words of one game in one language: names, prompts, option labels, values and notes.

A game's English texts come from its text file (GameDef.text). Each is translated in the
message context "<game id>.<section>" (plain texts with Words.ctx, {one, other} texts with
Words.plural), exactly as the extractor (extract.py) puts them in the catalogs. A text that
the game does not define falls back to its raw id, so a game without a text file still
plays, in its ids.
"""

from __future__ import annotations

import json
from typing import Any

from babel.numbers import format_decimal, format_percent

from ..texts.note_fields import EACH_PLAYER_KEYS, PLAYER_KEYS, PLAYERS_KEYS
from ..texts.safe_format import SafeFormatter
from .catalog import Words

VALUE_SECTIONS = ("colours", "choices", "areas", "locations", "decks", "symbols", "values")
"""Where a string value of an action, a note or a variable is looked up, in this order."""

MANY = 2
"""The count whose plural form names a kind in a table heading or row ("cubes")."""


def words(name: Any) -> str:
    """An identifier as words: choose_area -> choose area."""
    return str(name).replace("_", " ")


_FORMATTER = SafeFormatter()


class _Missing(dict):
    """format_map values: a placeholder with no value is left as it is written."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def fill(template: str, values: dict[str, Any]) -> str:
    """`template` with its {placeholders} filled; unknown ones and bad braces left as text."""
    try:
        return _FORMATTER.vformat(template, (), _Missing(values))
    except (ValueError, IndexError, AttributeError, KeyError):
        return template


class GameWords:
    """Everything one game says in one language, built on a Words translator."""

    def __init__(self, definition: Any, w: Words | str | None = None):
        self.definition = definition
        self.w = (w if isinstance(w, Words) else Words(w)).for_game(definition)
        self.game = definition.id
        self.texts = definition.text or {}

    @property
    def lang(self) -> str:
        """The language code (en, es, nl)."""
        return self.w.lang

    # -- the game's own texts ----------------------------------------------------------
    def text(self, section: str, key: Any, n: int | None = None,
             values: dict[str, Any] | None = None) -> str | None:
        """The translated text of `key` in a section of the game's text file, or None; a
        {one, other} text is filled with n and `values`."""
        entries = self.texts.get(section)
        if not isinstance(entries, dict) or not isinstance(key, str):
            return None
        entry = entries.get(key)
        context = f"{self.game}.{section}"
        if isinstance(entry, str):
            return self.w.ctx(context, entry)
        if isinstance(entry, dict) and "one" in entry and "other" in entry:
            one, other = entry["one"], entry["other"]   # (names, not literals: not extracted)
            try:
                return self.w.plural(context, one, other, 1 if n is None else n, **{
                    k: v for k, v in (values or {}).items() if k != "n"})
            except (KeyError, ValueError, IndexError):   # braces other than {n} in a name
                return None
        return None

    def label(self, section: str, key: Any, n: int | None = None,
              fallback: str | None = None) -> str:
        """The text of `key` in `section`; the fallback (default: the raw id) if it has none."""
        found = self.text(section, key, n)
        if found is not None:
            return found
        return str(key) if fallback is None else fallback

    def game_name(self) -> str:
        """The game's name, with the variant's name after a colon (as loaded)."""
        english = self.texts.get("game")
        name = self.definition.name
        if not isinstance(english, str):
            return name
        translated = self.w.ctx(f"{self.game}.game", english)
        variant = self.definition.variant
        if variant and self.text("variants", variant) is not None:
            return f"{translated}: {self.text('variants', variant)}"
        return translated + name[len(english):] if name.startswith(english) else name

    # -- names ------------------------------------------------------------------------
    def seat(self, player: Any) -> str:
        """A player number as its seat's name (None: nobody)."""
        seats = self.definition.seats
        if isinstance(player, int) and not isinstance(player, bool) and \
                0 <= player < len(seats):
            return self.label("seats", seats[player])
        if player is None:
            return self.w("nobody")
        return self.value(player)

    def seats(self, players: Any) -> str:
        """A list of player numbers as seat names: "North and South" (empty: nobody)."""
        if not isinstance(players, list):
            return self.seat(players)
        if not players:
            return self.w("nobody")
        return self.w.join([self.seat(p) for p in players])

    def place(self, where: Any) -> str:
        """An area or a location by name."""
        if where is None:
            return self.w("nowhere")
        return self.text("areas", where) or self.label("locations", where)

    def piece(self, kind: str, n: int = 1) -> str:
        """The name of a piece or token kind, singular or plural for n."""
        return self.label("pieces", kind, n)

    def pieces(self, kind: str, n: int) -> str:
        """A number of pieces: "2 cubes"."""
        return self.w("{count} {pieces}", count=n, pieces=self.piece(kind, n))

    def deck(self, deck: Any) -> str:
        """A deck by name."""
        return self.label("decks", deck)

    def ask(self, key: Any) -> str:
        """The prompt of a decision."""
        return self.label("asks", key, fallback=words(key))

    def variable(self, name: str, scope: str = "game") -> str:
        """A game variable (scope "game") or player variable (scope "player") by name."""
        return self.label(f"{scope}_variables", name, fallback=words(name))

    def prop(self, name: str) -> str:
        """A token property by name."""
        return self.label("properties", name, fallback=words(name))

    def condition(self, cid: str) -> str:
        """An end condition by name."""
        return self.label("conditions", cid, fallback=words(cid))

    def option(self, name: str, english: str) -> str:
        """An option's summary (the game's text of it if there is one, else `english`)."""
        return self.label("options", name, fallback=english)

    def end_reason(self, reason: Any) -> str | None:
        """Why a game ended, as `reason` says, or None for a game without end conditions
        that reached its end with no words of its own for it (nothing to name)."""
        end = getattr(self.definition, "end", None)
        if reason == "end_condition" and end is not None and not end.conditions and \
                self.text("reasons", reason) is None:
            return None
        return self.reason(reason)

    def reason(self, reason: Any) -> str:
        """Why a game ended."""
        w = self.w
        known = {"end_condition": w.ctx("reason", "end condition"),
                 "step_limit": w.ctx("reason", "step limit"),
                 "unfinished": w.ctx("reason", "unfinished")}
        told = self.text("reasons", reason) if reason else None
        if told is not None:       # the game's own words first
            return told
        if reason in known:
            return known[reason]
        if not reason:
            return w.ctx("reason", "the rules ended the game")
        return self.label("reasons", reason, fallback=words(reason))

    # -- values -----------------------------------------------------------------------
    def number(self, x: float, digits: int = 2) -> str:
        """A number with the language's decimal mark."""
        pattern = "#,##0." + "0" * digits if digits else "#,##0"
        return format_decimal(x, format=pattern, locale=self.lang)

    def percent(self, x: float) -> str:
        """A share as a percentage with one decimal."""
        return format_percent(x, format="#,##0.0%", locale=self.lang)

    def value(self, value: Any) -> str:
        """An action's or a field's value as words: names of areas, locations and choices,
        numbers as they are, lists as lists."""
        w = self.w
        if value is None:
            return w("none")
        if isinstance(value, bool):
            return w("yes") if value else w("no")
        if isinstance(value, int | float):
            return str(value)
        if isinstance(value, str):
            for section in VALUE_SECTIONS:
                found = self.text(section, value)
                if found is not None:
                    return found
            return value
        if isinstance(value, list):
            return w.join([self.value(v) for v in value]) if value else w("none")
        return json.dumps(value, ensure_ascii=False)

    def field(self, key: str, value: Any) -> str:
        """A note's field as words: players by seat name, everything else as a value."""
        if key in PLAYER_KEYS:
            return self.seat(value)
        if key in PLAYERS_KEYS:
            return self.seats(value)
        if key in EACH_PLAYER_KEYS and isinstance(value, list):
            return self.each_player(value)
        return self.value(value)

    def each_player(self, values: list) -> str:
        """One value per player, in seat order, as "Blue 3, Red 2" (numbers highest first)."""
        seats = list(range(len(values)))
        if all(isinstance(v, int | float) and not isinstance(v, bool) for v in values):
            seats.sort(key=lambda p: -values[p])
        return ", ".join(f"{self.seat(p)} {self.value(values[p])}" for p in seats)

    def fields(self, values: dict[str, Any]) -> str:
        """Fields with no text to hold them: "area Harbour, winners North"."""
        return ", ".join(f"{words(k)} {self.field(k, v)}" for k, v in values.items())

    def note(self, msg: str, values: dict[str, Any]) -> str:
        """A note of the log: its text from the notes section with its fields filled in
        (a text with plural forms picks one by the field `n`, and its `none` form, if it
        has one, when `n` is 0); a note with no text shows its id and fields."""
        shown = {k: self.field(k, v) for k, v in values.items()}
        entry = (self.texts.get("notes") or {}).get(msg)
        n = values.get("n")
        if isinstance(entry, dict) and isinstance(entry.get("none"), str) and n == 0:
            return fill(self.w.ctx(f"{self.game}.notes", entry["none"]), shown)
        if isinstance(entry, dict) and "one" in entry and "other" in entry:
            count = n if isinstance(n, int) and not isinstance(n, bool) else 1
            one, other = entry["one"], entry["other"]   # (names, not literals: not extracted)
            return self.w.plural(f"{self.game}.notes", one, other, count,
                                 **{k: v for k, v in shown.items() if k != "n"})
        template = self.text("notes", msg)
        if template is None:
            rest = self.fields(values)
            return f"{words(msg)}: {rest}" if rest else words(msg)
        return fill(template, shown)
