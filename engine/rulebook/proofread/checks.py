"""The checks of a rulebook's language, one function each: every one takes the book's prose
pieces and what is known of the game and language (`Context`), and yields findings."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from ...i18n.spanish import SUBJUNCTIVE
from . import languages as L
from .glossary import Term
from .prose import Piece, sentences


@dataclass(frozen=True)
class Finding:
    """One problem: which check, the line, the words at fault and the text around them."""

    check: str
    line: int
    words: str
    text: str

    def __str__(self) -> str:
        excerpt = self.text if len(self.text) <= 160 else self.text[:157] + "..."
        return f"line {self.line}: {self.check}: {self.words!r} in “{excerpt}”"


@dataclass
class Context:
    """What the checks know: the language, the game's terms, and its vocabularies."""

    lang: str
    terms: list[Term] = field(default_factory=list)
    english_only: frozenset[str] = frozenset()     # words of English texts, not translations


_WORD = re.compile(r"[^\W\d_]{3,}")


def untranslated(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """English words in a Spanish or Dutch book."""
    if c.lang == "en":
        return
    common = L.ENGLISH - L.HOMOGRAPHS.get(c.lang, frozenset())
    for piece in pieces:
        for word in _WORD.findall(piece.text):
            lower = word.lower()
            if lower in common or lower in c.english_only:
                yield Finding("untranslated", piece.line, word, piece.text)


def truth_values(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """True/false/None shown as words, and table cells that only say "nothing"."""
    for piece in pieces:
        for match in L.TRUTH[c.lang].finditer(piece.text):
            yield Finding("true/false", piece.line, match.group(0), piece.text)
        if piece.cell and piece.text.lower() in L.EMPTY_CELLS[c.lang]:
            yield Finding("empty value", piece.line, piece.text, piece.text)


def identifiers(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """snake_case ids of the data, and placeholders or marks left in the text."""
    for piece in pieces:
        for match in re.finditer(r"\b[A-Za-z0-9]+(?:_[A-Za-z0-9]+)+\b", piece.text):
            yield Finding("snake_case", piece.line, match.group(0), piece.text)
        for match in re.finditer(r"\{[^}]*\}?|[{}^]", piece.text):
            yield Finding("placeholder", piece.line, match.group(0), piece.text)


def address(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """Forms of address other than the language's chosen one."""
    _, wrong = L.ADDRESS[c.lang]
    if wrong is None:
        return
    for piece in pieces:
        for match in wrong.finditer(piece.text):
            yield Finding("address", piece.line, match.group(0), piece.text)
        if c.lang == "es":
            for word in re.findall(r"\b\w{3,}(?:ad|ed|id)\b", piece.text):
                if not word.lower().endswith(("dad", "tad")) and \
                        word.lower() not in L.NOT_IMPERATIVE:
                    yield Finding("address", piece.line, word, piece.text)


def colours(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """A colour name with a capital inside a sentence ("Colores: Rojo")."""
    names = "|".join(word.capitalize() for word in L.COLOURS[c.lang])
    if not names:
        return
    pattern = re.compile(rf"(?<=[\w,;:»”)] )({names})\b")
    for piece in pieces:
        for match in pattern.finditer(piece.text):
            yield Finding("capitalised colour", piece.line, match.group(1), piece.text)


def _after(determiners, form: str) -> re.Pattern:
    words = "|".join(re.escape(d) for d in sorted(determiners, key=len, reverse=True))
    return re.compile(rf"(?<![\w-])({words}) {re.escape(form)}(?![\w-])", re.IGNORECASE)


def _spanish_wrong(term: Term) -> list[tuple[tuple[str, ...], str]]:
    """(determiners that do not fit, form) for a Spanish term."""
    m_sg, f_sg, m_pl, f_pl = L.DETERMINERS["es"]
    found = []
    feminine = term.gender == "f"
    if term.singular:
        wrong = m_sg if feminine else f_sg
        if feminine and term.singular.split()[0].lower() in L.STRESSED_A:
            wrong = tuple(d for d in m_sg if d not in ("el", "un", "del", "al"))
        if term.plural != term.singular:
            wrong += m_pl + f_pl
        found.append((wrong, term.singular))
    if term.plural and term.plural != term.singular:
        wrong = (m_pl if feminine else f_pl) + ("cada", "un", "una", "el", "la")
        found.append((wrong, term.plural))
    return found


def _dutch_wrong(term: Term) -> list[tuple[tuple[str, ...], str]]:
    """(determiners that do not fit, form) for a Dutch term."""
    if not term.singular or term.singular == term.plural:
        return []
    if term.gender == "n":
        return [(("de",) + L.NL_COMMON_ONLY, term.singular)]
    return [(L.NL_NEUTER_ONLY, term.singular)]


def agreement(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """Determiners that do not agree in gender or number with the noun they go with."""
    rules = []
    for term in c.terms:
        if not term.gender or (term.singular or term.plural).isupper():
            continue          # no gender given, or an abbreviation ("VP") that does not change
        if c.lang == "es":
            rules += [_after(d, form) for d, form in _spanish_wrong(term)]
        elif c.lang == "nl":
            rules += [_after(d, form) for d, form in _dutch_wrong(term)]
    if c.lang == "es":
        rules.append(re.compile(r"\b(uno|ninguno|alguno|primero) de (las|unas|estas|esas)\b",
                                re.IGNORECASE))
        rules.append(re.compile(r"\b(una|ninguna|alguna|primera) de (los|unos|estos|esos)\b",
                                re.IGNORECASE))
    for piece in pieces:
        for rule in rules:
            for match in rule.finditer(piece.text):
                yield Finding("agreement", piece.line, match.group(0), piece.text)
    yield from _number(pieces, c)


_ES_SINGULAR_VERBS = {"es", "pasa", "empieza", "queda", "vuelve", "tiene", "está", "aumenta"}
_ES_CLAUSE = {"que", "cuyo", "cuya", "cuyos", "cuyas", "donde", "quien", "y", "o", "si"}
_NL_SINGULAR_VERBS = {"wordt", "is", "heeft", "begint", "blijft", "gaat", "bedraagt"}


def _number(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """A plural subject with a singular verb ("Los puntos ... es")."""
    plurals = {t.plural.lower() for t in c.terms if t.plural and t.plural != t.singular}
    if c.lang not in ("es", "nl"):
        return
    starts, verbs, stops = (("los", "las"), _ES_SINGULAR_VERBS, _ES_CLAUSE) if \
        c.lang == "es" else (("de",), _NL_SINGULAR_VERBS, L.NL_SUBORDINATORS)
    for piece in pieces:
        for sentence in sentences(piece.text):
            words = re.findall(r"[\w-]+|,", sentence.lower().split("(")[0])
            if len(words) < 3 or words[0] not in starts:
                continue
            head = " ".join(words[1:4])
            if c.lang == "nl" and not any(head.startswith(p) for p in plurals):
                continue
            for word in words[1:]:
                if word in stops or word == ",":
                    break
                if word in verbs:
                    yield Finding("agreement", piece.line, f"{words[0]} … {word}", sentence)
                    break


def mood(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """Spanish: the indicative after "mientras", "hasta que" (the subjunctive is needed)."""
    if c.lang != "es":
        return
    for piece in pieces:
        for match in L.SUBJUNCTIVE_AFTER.finditer(piece.text):
            for word in re.findall(r"\w+", match.group(2)):
                if word.lower() in SUBJUNCTIVE:
                    yield Finding("mood", piece.line, f"{match.group(1)} … {word}",
                                  piece.text)
                    break


def word_order(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """Dutch: a main clause with its verb at the end ("De speler een paleis heeft.")."""
    if c.lang != "nl":
        return
    for piece in pieces:
        for sentence in sentences(piece.text):
            words = re.findall(r"[\w-]+|,", sentence)
            if len(words) < 4 or "," in words or words[0].lower() not in L.NL_DETERMINERS:
                continue
            lower = [w.lower() for w in words]
            if lower[-1] in L.NL_FINITE and not (set(lower) & L.NL_SUBORDINATORS) \
                    and not (set(lower[1:-1]) & L.NL_FINITE):
                yield Finding("word order", piece.line, words[-1], sentence)


def instructions(pieces: list[Piece], c: Context, numbered: set[int]) -> Iterator[Finding]:
    """Spanish: a numbered step given as an infinitive ("Preparar la partida") where the
    book speaks in imperatives ("Prepara la partida")."""
    if c.lang != "es":
        return
    for piece in pieces:
        if piece.line not in numbered or piece.cell:
            continue
        first = re.match(r"[^\W\d_]+", piece.text)
        if first and re.fullmatch(r"[A-ZÁÉÍÓÚ]\w+(ar|er|ir)", first.group(0)) and \
                first.group(0).lower() not in {"lugar", "poder", "mujer", "placer", "hogar"}:
            yield Finding("infinitive step", piece.line, first.group(0), piece.text)


def repeated(pieces: list[Piece], c: Context) -> Iterator[Finding]:
    """A word written twice ("de de")."""
    for piece in pieces:
        for match in re.finditer(r"\b(\w+) (?=(\w+)\b)", piece.text):
            first, second = match.group(1), match.group(2)
            if first.lower() == second.lower() and not first.isdigit() and \
                    not (first.isupper() and len(first) > 1) and \
                    first.lower() not in L.DOUBLES.get(c.lang, ()):
                yield Finding("repeated word", piece.line, f"{first} {second}", piece.text)
