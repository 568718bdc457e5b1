"""Load the catalogs and translate: plain, with context, with plurals, and lists.

English is the source language (msgids are English text). The package's catalogs
(locales/<lang>/LC_MESSAGES/regola.po) hold the engine's own words; each game's folder holds
its own (`<folder>/locales/<lang>.po`), whose texts use the message context `<game>.<role>`
(for example `<game>.areas`), so one English word can have two roles. `Words.for_game` reads
a game's catalog in front of the package's.
"""

from __future__ import annotations

import copy
import io
import os
import re
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import NullTranslations, Translations

from ..errors import RegolaError, w
from .grammar import Clause, fill, main_order
from .spanish import subjunctive

DOMAIN = "regola"
LANGUAGES = ("en", "es", "nl")
DEFAULT = "en"


class UnknownLanguage(RegolaError):
    """A language with no catalog."""


def locales_dir() -> Path:
    """The folder of the catalogs (locales/ in the source tree and in the package)."""
    return Path(str(resources.files("regola.locales")))


def resolve_language(lang: str | None) -> str:
    """`lang` if supported; None: the environment's locale if supported, else English."""
    if lang:
        code = lang.lower().replace("-", "_").split("_")[0]
        if code not in LANGUAGES:
            raise UnknownLanguage.text(w("unknown language {lang}; available: {languages}"),
                                       lang=repr(lang), languages=", ".join(LANGUAGES))
        return code
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = os.environ.get(var, "")
        for part in value.split(":"):
            code = part.lower().split("_")[0].split(".")[0]
            if code in LANGUAGES:
                return code
    return DEFAULT


@cache
def translations(lang: str) -> NullTranslations:
    """The compiled catalog of a language (English: the identity)."""
    lang = resolve_language(lang)
    if lang == "en":
        return NullTranslations()
    folder = locales_dir() / lang / "LC_MESSAGES"
    mo = folder / f"{DOMAIN}.mo"
    if not mo.exists():  # not compiled yet: compile the .po in memory
        return _from_po(folder / f"{DOMAIN}.po")
    with open(mo, "rb") as fp:
        return Translations(fp, domain=DOMAIN)


def game_catalog(folder: str | Path, lang: str) -> Path:
    """Where a game keeps its catalog of a language: <folder>/locales/<lang>.po."""
    return Path(folder) / "locales" / f"{lang}.po"


def game_translations(folder: str | Path, lang: str) -> NullTranslations:
    """A game's catalog (compiled in memory, read again when the file changes) with the
    package's catalog behind it; the package's alone if the game has none."""
    lang = resolve_language(lang)
    path = game_catalog(folder, lang)
    if lang == "en" or not path.exists():
        return translations(lang)
    stat = path.stat()
    return _game_translations(str(path), stat.st_mtime_ns, stat.st_size, lang)


@cache
def _game_translations(path: str, mtime: int, size: int, lang: str) -> NullTranslations:
    mo = Path(path).with_suffix(".mo")
    if mo.exists() and mo.stat().st_mtime_ns >= mtime:   # `regola catalogs compile`, current
        with open(mo, "rb") as fp:
            chain: NullTranslations = Translations(fp, domain=DOMAIN)
    else:
        chain = _from_po(Path(path))
    chain.add_fallback(translations(lang))
    return chain


def _from_po(po: Path) -> NullTranslations:
    """Translations read from a .po catalog (no catalog at all: the identity)."""
    if not po.exists():
        return NullTranslations()
    buffer = io.BytesIO()
    with open(po, "rb") as fp:
        write_mo(buffer, read_po(fp), use_fuzzy=False)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


def _spanish_conjunctions(text: str, items: list[str]) -> str:
    """Spanish writes "e" for "y" before an /i/ sound and "u" for "o" before an /o/ sound."""
    if len(items) < 2:
        return text
    last = items[-1]
    word = last.lower()
    for plain, changed, starts, but_not in ((" y ", " e ", ("i", "hi"), ("hia", "hie", "hio",
                                                                        "hiu")),
                                            (" o ", " u ", ("o", "ho"), ())):
        tail = plain + last
        if text.endswith(tail) and word.startswith(starts) and not word.startswith(but_not):
            return text[: -len(tail)] + changed + last
    return text


_CONTRACTIONS = re.compile(r"\b([Dd]e|[Aa]) el\b")


STRESSED_A = re.compile(r"\b([Ll]a|[Uu]na|[Aa]lguna|[Nn]inguna) (?=(?:[áÁ]|h?[aA](?:gua|la|lma|"
                        r"ncla|rma|ula|rte|mbre)\b|hacha\b|hada\b|hambre\b|habla\b))")
"""A feminine article before a feminine noun that starts with a stressed a ("área", "agua",
"hacha"), in the singular: Spanish writes "el área", "un área" (still "las áreas")."""
STRESSED_A_ARTICLES = {"la": "el", "una": "un", "alguna": "algún", "ninguna": "ningún"}


def _spanish_contractions(text: str) -> str:
    """Spanish contracts "de el" to "del" and "a el" to "al" (placeholders filled with "el
    ..."), and writes "el área" for "la área" (a stressed a: STRESSED_A)."""
    def article(m: re.Match) -> str:
        word = m.group(1)
        new = STRESSED_A_ARTICLES[word.lower()]
        return (new.capitalize() if word[0].isupper() else new) + " "
    text = STRESSED_A.sub(article, text)
    return _CONTRACTIONS.sub(lambda m: ("D" if m.group(1)[0] == "D" else "d") + "el"
                             if m.group(1).lower() == "de" else
                             ("A" if m.group(1)[0] == "A" else "a") + "l", text)


DUTCH_SUBJECT = re.compile(r"^\{(\w+)\} (?=[a-zà-ÿ])")   # a subject, then its verb
DUTCH_RELATIVE = re.compile(
    r"\b(die|dat)\b .* (heeft|hebben|is|zijn|ligt|liggen|staat|staan|kan|kunnen|mag|mogen|"
    r"moet|moeten|wordt|worden|telt|tellen|krijgt|krijgen|komt|komen|gaat|gaan|houdt|houden|"
    r"speelt|spelen|toont|tonen|geeft|geven|levert|leveren|kost|kosten|heeft gebruikt|"
    r"hebben gebruikt)$")
"""A value that ends in a relative clause: "die"/"dat", then the clause's verb last."""


def _dutch_subject_comma(template: str, values: dict) -> str:
    """Dutch closes a subject that ends in a relative clause with a comma before the verb
    ("elke speler die een stemschijf heeft, kiest ..."): a template that opens with its
    subject's placeholder gets the comma when the value holds such a clause."""
    found = DUTCH_SUBJECT.match(template)
    if found is None or not DUTCH_RELATIVE.search(str(values.get(found.group(1), ""))):
        return template
    return template.replace(found.group(0), found.group(0)[:-1] + ", ", 1)


class Words:
    """Translation in one language: what every renderer and the CLI use."""

    def __init__(self, lang: str | None = None):
        self.lang = resolve_language(lang)
        self._t = translations(self.lang)

    def for_game(self, definition: Any) -> Words:
        """The same translator reading the catalog of a loaded game (its GameDef) first."""
        folder = getattr(definition, "folder", "")
        if not folder or self.lang == "en":
            return self
        chained = copy.copy(self)
        chained._t = game_translations(folder, self.lang)
        return chained

    def __call__(self, message: str, /, **values) -> str:
        """Translate a source message, then fill its {placeholders}."""
        text = self._t.gettext(message)
        return self._filled(text, values)

    def _filled(self, text: str, values: dict) -> str:
        if not values and "^" not in text:
            return text
        if self.lang == "nl":
            text = _dutch_subject_comma(text, values)
        text = fill(text, values, self.lang)
        if self.lang != "es":
            return text
        if isinstance(text, Clause):
            return Clause(_spanish_contractions(text), _spanish_contractions(text.main))
        return _spanish_contractions(text)

    def ctx(self, context: str, message: str, /, **values) -> str:
        """Translate a message in a context (msgctxt)."""
        text = self._t.pgettext(context, message)
        return self._filled(text, values)

    def plural(self, context: str | None, one: str, other: str, n: int, /,
               **values) -> str:
        """The singular or plural form for n (n is available as {n})."""
        if context:
            text = self._t.npgettext(context, one, other, n)
        else:
            text = self._t.ngettext(one, other, n)
        return self._filled(text, {"n": n, **values})

    def join(self, items: list[str], style: str = "and") -> str:
        """A list in words: "a, b and c" ("or" with style='or'); Spanish y/e and o/u. A list
        of clauses is a clause, with its main-clause order (see `main`)."""
        if any(isinstance(i, Clause) for i in items):
            return Clause(self._join([str(i) for i in items], style),
                          self._join([main_order(i) for i in items], style))
        return self._join([str(i) for i in items], style)

    def _join(self, items: list[str], style: str) -> str:
        if not items:
            return ""
        text = format_list(items, style="standard" if style == "and" else "or",
                           locale=self.lang)
        return _spanish_conjunctions(text, items) if self.lang == "es" else text

    def main(self, clause: str) -> str:
        """A condition as a clause of its own ("the player has a house"): the order of a
        main clause where the language's templates mark one (Dutch: the verb second)."""
        return main_order(clause)

    def subjunctive(self, clause: str) -> str:
        """A condition as it reads after "as long as" or "until" (Spanish: subjunctive)."""
        return subjunctive(clause) if self.lang == "es" else clause
