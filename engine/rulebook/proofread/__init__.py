"""Proofreading a generated rulebook: checks of its language that a translator would make.

    findings = proofread_book("some_game", lang="es")
    for finding in findings: print(finding)     # line 12: agreement: 'uno de las' in “...”

The checks (checks.py): English left untranslated, true/false and empty values shown as
words, snake_case ids and placeholders, a form of address other than the language's chosen
one, colour names capitalised inside a sentence, determiners that do not agree with the
game's terms (glossary.py), the Spanish indicative where the subjunctive is needed, Dutch
main clauses in subordinate order, and Spanish steps given as infinitives.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from ...i18n.catalog import Words, game_catalog
from ...i18n.check import po_path, read_catalog
from ..book.rulebook import Book
from . import checks
from .checks import Context, Finding
from .glossary import inconsistent_texts, terms
from .prose import pieces

__all__ = ["Finding", "proofread", "proofread_book", "glossary_problems"]


@cache
def _vocabularies(paths: tuple[str, ...], mtimes: tuple[int, ...]) -> frozenset[str]:
    """Words of the English sources that no translation in these catalogs uses."""
    english, translated = set(), set()
    for message in (m for path in paths for m in read_catalog(Path(path))):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, (list, tuple)) else (message.id,)
        strings = message.string if isinstance(message.string, (list, tuple)) else \
            (message.string,)
        for text in ids:
            english.update(w.lower() for w in re.findall(r"[^\W\d_]{3,}", text))
        for text in strings:
            translated.update(w.lower() for w in re.findall(r"[^\W\d_]{3,}", text or ""))
    return frozenset(english - translated)


def english_only(lang: str, folder: str = "") -> frozenset[str]:
    """Words that only English texts use (none for English itself), in the package's
    catalog and the catalog of the game in `folder`."""
    if lang == "en":
        return frozenset()
    paths = [po_path(lang)] + ([game_catalog(folder, lang)] if folder else [])
    paths = [p for p in paths if p.exists()]
    return _vocabularies(tuple(map(str, paths)), tuple(p.stat().st_mtime_ns for p in paths))


def proofread(markdown: str, context: Context) -> list[Finding]:
    """Every finding of every check on a rulebook's Markdown."""
    prose = pieces(markdown)
    numbered = {i for i, line in enumerate(markdown.splitlines(), 1)
                if re.match(r"\s*\d+\. ", line)}
    found: list[Finding] = []
    for check in (checks.untranslated, checks.truth_values, checks.identifiers,
                  checks.address, checks.colours, checks.agreement, checks.mood,
                  checks.word_order, checks.repeated):
        found.extend(check(prose, context))
    found.extend(checks.instructions(prose, context, numbered))
    return found


def proofread_book(game: str, variant: str | None = None, lang: str = "en") -> list[Finding]:
    """Build a game's rulebook in a language and proofread it."""
    words = Words(lang)
    book = Book(game, variant, words)
    context = Context(words.lang, terms(book.g, book.t),
                      english_only(words.lang, book.g.folder))
    return proofread(book.markdown(), context)


def glossary_problems(game: str, lang: str) -> list[str]:
    """Texts of a game that name a glossary concept without the language's term for it."""
    words = Words(lang)
    book = Book(game, None, words)
    return inconsistent_texts(book.g, book.t,
                              read_catalog(game_catalog(book.g.folder, words.lang)))
