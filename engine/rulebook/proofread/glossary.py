"""A game's terms in one language: every name of its text file whose grammatical gender the
file gives, with its singular and plural forms, so that a book can be checked against them.

The `glossary` section of a text file names the game's key concepts in English (`lot`, `area`,
`VP`); each is translated like any text, and `glossary_genders` gives its gender. Besides the
glossary, pieces (`genders`), properties (`property_genders`), variables (`variable_genders`)
and every other section with a `<singular>_genders` section add their names.
`inconsistent_texts` finds the texts of the game that name a glossary concept in English but
use another word for it in the translation ("lote" where the term is "ficha de sorteo").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from babel.messages.catalog import Catalog

from ...interpreter.model import GameDef
from ..texts import Texts, gender_section

ARTICLES = {"en": ("the",), "es": ("el", "la", "los", "las"), "nl": ("de", "het")}


@dataclass(frozen=True)
class Term:
    """One name of a game in one language: its forms, gender, and where it comes from."""

    section: str
    key: str
    english: tuple[str, ...]       # the English forms (one, other)
    forms: tuple[str, ...]         # the translated singular and plural (either may be "")
    singular: str
    plural: str
    gender: str                    # "m", "f", "n" or ""


def _bare(text: str, lang: str) -> str:
    """A name without a leading article ("el ganador" -> "ganador")."""
    words = text.split()
    if len(words) > 1 and words[0].lower() in ARTICLES.get(lang, ()):
        return " ".join(words[1:])
    return text


def _sections(g: GameDef) -> list[str]:
    """The sections of a text file whose names have genders."""
    return [s for s, v in g.text.items() if isinstance(v, dict) and
            isinstance(g.text.get(gender_section(s)), dict) and not s.endswith("genders")]


def terms(g: GameDef, t: Texts) -> list[Term]:
    """Every name of the game that has a gender, in the language of `t`."""
    lang = t.w.lang
    found = []
    for section in _sections(g):
        for key in g.text[gender_section(section)]:
            entry = g.text[section].get(key)
            if entry is None:
                continue
            gender, plural = t.features(section, key)
            if isinstance(entry, dict):
                one, other = str(t.name(section, key, 1)), str(t.name(section, key, 2))
                english = (entry["one"], entry["other"])
            else:
                text = _bare(str(t.name(section, key)), lang)
                one, other = ("", text) if plural else (text, "")
                english = (_bare(entry, "en"),)
            found.append(Term(section, key, english, tuple(f for f in (one, other) if f),
                              one, other, gender))
    return found


def _named(term: Term, english: str, longer: list[Term]) -> bool:
    """Whether an English text names the term: one of its forms as a word, in its own case
    (or capitalised at the start), not inside a placeholder or a longer term."""
    text = re.sub(r"\{[^{}]*\}", " ", english)
    for other in longer:
        for form in other.english:
            text = re.sub(rf"(?<![\w-]){re.escape(form)}(?![\w-])", " ", text)
    for form in term.english:
        capital = re.escape(form[:1].upper() + form[1:])
        pattern = rf"(?<![\w-])({re.escape(form)}|^{capital})(?![\w-])"
        if re.search(pattern, text):
            return True
    return False


def inconsistent_texts(g: GameDef, t: Texts, catalog: Catalog) -> list[str]:
    """The game's catalog entries whose English names a glossary concept while the
    translation lacks the concept's term (each as "msgctxt | English | translation")."""
    glossary = [term for term in terms(g, t) if term.section == "glossary"]
    problems = []
    for message in catalog:
        if not message.context or not message.context.startswith(g.id + ".") or \
                message.context.endswith(("genders", ".glossary")):
            continue
        english = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        translated = message.string if isinstance(message.string, (list, tuple)) else \
            (message.string,)
        text = " ".join(s or "" for s in translated).lower()
        for term in glossary:
            longer = [o for o in glossary if o is not term and
                      any(f in o_f and f != o_f for f in term.english for o_f in o.english)]
            named = any(_named(term, e, longer) for e in english)
            if named and not any(form.lower() in text for form in term.forms):
                problems.append(f"{message.context} | {english[0]} | {translated[0]} "
                                f"(term: {term.singular or term.plural})")
    return problems
