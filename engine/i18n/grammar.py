"""Grammar for translated templates: phrases that know their gender and number, and
placeholders that make the words around them agree.

A translated template may write an *agreement choice* in a placeholder's format spec:
`{things:f=una|uno}` prints "una" when `things` is feminine and "uno" otherwise. Options are
separated by `|`; each is `keys=word` or a bare `word` (the default). Keys are joined by dots
and name features of the placeholder's value: a gender (`m`, `f`, `n`, or `c` for "not
neuter") and a number (`sg`, `pl`). The first option whose keys all hold is printed, so a
template reads "cada {things:f=una|uno} de {things}" in Spanish and "{thing:n.sg=het|de}
{thing}" in Dutch. The English source never needs one; the placeholder's name stays the same,
so the catalog checks still see the same placeholders.

A value knows its features when it is a `Phrase` (a str with `gender` and `plural`); a count
is plural unless it is 1; any other text is read by its first word where that is an article
that shows gender and number (Spanish "las ..." is feminine plural, Dutch "het ..." neuter
singular), else it has no gender and is singular.

Word order: a translation may mark its finite verb with `^` ("{a} kleiner ^is dan {b}"). The
text reads as written (the mark removed): the order of a subordinate clause, which is how a
condition is used ("als ..."). Its *main clause* order, asked for where a condition stands on
its own (`Clause.main`), moves the marked verb to a lone `^` if the template has one, else
right after its first placeholder: "{a} ^is kleiner dan {b}".
"""

from __future__ import annotations

import re
from typing import Any

from ..texts.safe_format import SafeFormatter

GENDERS = ("m", "f", "n")
_CHOICE = re.compile(r"\{[^{}:]*:[^{}]*[|=][^{}]*\}")


class Phrase(str):
    """A piece of text with the grammatical gender ("m", "f", "n" or "") and number of its
    head noun, so that the words of a template around it can agree."""

    gender: str
    plural: bool

    def __new__(cls, text: str, gender: str = "", plural: bool = False) -> Phrase:
        self = super().__new__(cls, text)
        self.gender = gender if gender in GENDERS else ""
        self.plural = plural
        return self

    def like(self, text: str) -> Phrase:
        """Another text with this phrase's gender and number ("the {things}" keeps the
        features of {things})."""
        return Phrase(text, self.gender, self.plural)

    def __reduce__(self):
        return (Phrase, (str(self), self.gender, self.plural))


def like(head: Any, text: str) -> str:
    """`text` with the gender and number of `head` (a noun phrase built around it keeps
    its features: "the {things}"); the text itself when `head` has none."""
    return head.like(text) if isinstance(head, Phrase) else text


ARTICLES = {
    "es": {"el": ("m", False), "del": ("m", False), "al": ("m", False), "un": ("m", False),
           "este": ("m", False), "ese": ("m", False), "ningún": ("m", False),
           "la": ("f", False), "una": ("f", False), "esta": ("f", False), "esa": ("f", False),
           "ninguna": ("f", False), "los": ("m", True), "unos": ("m", True),
           "estos": ("m", True), "esos": ("m", True), "todos": ("m", True),
           "las": ("f", True), "unas": ("f", True), "estas": ("f", True), "esas": ("f", True),
           "todas": ("f", True)},
    "nl": {"het": ("n", False), "dit": ("n", False), "elk": ("n", False)},
}
"""Words that begin a noun phrase and show its gender and number, by language."""


def read_features(text: str, lang: str) -> Phrase | str:
    """A text as a `Phrase`, its gender and number read from its first word (an article)."""
    if isinstance(text, Phrase) or not isinstance(text, str) or lang not in ARTICLES:
        return text
    first = text.split(" ", 1)[0].lower()
    found = ARTICLES[lang].get(first)
    return Phrase(text, *found) if found else text


def features(value: Any, lang: str = "") -> set[str]:
    """The grammatical features of a template value: its gender (with "c" for any gender
    but neuter) and its number."""
    if lang and isinstance(value, str) and not isinstance(value, Phrase):
        value = read_features(value, lang)
    if isinstance(value, Phrase):
        found = {"pl" if value.plural else "sg"}
        if value.gender:
            found.add(value.gender)
            if value.gender != "n":
                found.add("c")
        return found
    if isinstance(value, int) and not isinstance(value, bool):
        return {"sg" if value == 1 else "pl"}
    return {"sg"}


def choose(value: Any, spec: str, lang: str = "") -> str:
    """The option of an agreement choice ("f=una|uno") that fits `value`."""
    have = features(value, lang)
    options = spec.split("|")
    for option in options:
        keys, sep, word = option.partition("=")
        if not sep:
            return option
        if set(keys.split(".")) <= have:
            return word
    last = options[-1]
    return last.partition("=")[2] if "=" in last else last


class _Agreeing(SafeFormatter):
    """SafeFormatter, where a format spec with `|` or `=` is an agreement choice."""

    def __init__(self, lang: str = ""):
        self.lang = lang

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec or "=" in format_spec:
            return choose(value, format_spec, self.lang)
        return super().format_field(value, format_spec)


_FORMATTERS = {lang: _Agreeing(lang) for lang in ("", "en", "es", "nl")}
_PLAIN = SafeFormatter()
_VERB = re.compile(r"\^(\w+|\{[^{}]*\})")
_SLOT = re.compile(r"(?<!\S)\^(?!\S)")
_FIELD = re.compile(r"\{[^{}]*\}")


class Clause(str):
    """A clause as a condition reads ("als de speler een huis heeft"), with its order as a
    main clause in `main` ("de speler heeft een huis")."""

    main: str

    def __new__(cls, text: str, main: str) -> Clause:
        self = super().__new__(cls, text)
        self.main = main
        return self

    def __reduce__(self):
        return (Clause, (str(self), self.main))


def main_order(text: str) -> str:
    """A clause in main-clause order (the text itself if it has no other order)."""
    return text.main if isinstance(text, Clause) else str(text)


def _squash(text: str) -> str:
    return " ".join(text.split()).replace(" ,", ",")


def _orders(text: str) -> tuple[str, str | None]:
    """A template with its verb mark removed, and its main-clause form (None: no mark)."""
    verb = _VERB.search(text)
    if verb is None:
        return text, None
    word = verb.group(1)
    plain = _squash(_SLOT.sub("", text[:verb.start()] + word + text[verb.end():]))
    without = text[:verb.start()] + text[verb.end():]
    if _SLOT.search(without):
        main = _SLOT.sub(word, without, count=1)
    else:
        field = _FIELD.search(without)
        main = (without[:field.end()] + " " + word + without[field.end():]) if field else \
            word + " " + without
    return plain, _squash(main)


def _format(text: str, values: dict[str, Any], lang: str) -> str:
    if _CHOICE.search(text):
        formatter = _FORMATTERS.get(lang) or _Agreeing(lang)
        return formatter.vformat(text, (), values)
    return _PLAIN.vformat(text, (), values)


def fill(text: str, values: dict[str, Any], lang: str = "") -> str:
    """`text` with its placeholders filled, agreement choices made (in `lang`) and verb
    marks placed (a `Clause` when the template marks a verb)."""
    plain, main = _orders(text) if "^" in text else (text, None)
    filled = _format(plain, values, lang)
    if main is None:
        return filled
    return Clause(filled, _format(main, values, lang))


def parse_gender(answer: str) -> tuple[str, bool]:
    """A catalog's answer for a gender ("f", "m pl", "n") as (gender, plural)."""
    parts = answer.replace(".", " ").split()
    gender = parts[0] if parts and parts[0] in GENDERS else ""
    return gender, "pl" in parts[1:]
