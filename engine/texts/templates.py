"""Written texts with placeholders that name the data (template.lark), parsed and filled.

    template = parse_template("Draw {hand_limit} cards.")
    template.names()                           # {"hand_limit"}
    template.render(values, words)             # "Draw 7 cards." / "Roba 7 cartas."
    template.hand_numbers()                    # numbers written by hand: [(2, column)]

A placeholder names a value of the data; nothing else is reachable from a text (no
attribute, index or width as in Python's format strings). Numbers are formatted with Babel
in the reader's language, lists joined as the language joins them, and a plural placeholder
picks its case by the language's plural rules.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from babel import Locale
from babel.numbers import format_decimal
from lark import Lark, Transformer, UnexpectedInput

from ..errors import RegolaError

FILTERS = ("count", "sum", "min", "max", "first", "last", "or")
"""What a placeholder may do to its value before it is shown: `{costs|first}`."""


class TemplateError(RegolaError):
    """A written text that cannot be read or filled (its message says where in the text)."""

    def __init__(self, message: str, column: int = 0):
        super().__init__(message)
        self.column = column


@dataclass(frozen=True)
class Text:
    text: str
    column: int


@dataclass(frozen=True)
class Field:
    path: str
    filters: tuple[str, ...]
    column: int


@dataclass(frozen=True)
class Plural:
    path: str
    filters: tuple[str, ...]
    cases: tuple[tuple[str, tuple], ...]        # (key, pieces): "one", "=0", "other"
    column: int


@dataclass(frozen=True)
class Literal:
    number: str
    column: int


class _Build(Transformer):
    """The parse tree as the small node classes above."""

    def start(self, children):
        return tuple(self._pieces(children))

    def _pieces(self, children):
        for child in children:
            if hasattr(child, "type") and child.type == "TEXT":
                yield Text(str(child), child.column)
            else:
                yield child

    def path(self, children):
        return ".".join(str(c) for c in children), children[0].column

    def filter(self, children):
        return str(children[0])

    def field(self, children):
        (path, column), *filters = children
        return Field(path, tuple(filters), column)

    def case(self, children):
        key, *body = children
        return str(key), tuple(self._pieces(body))

    def plural(self, children):
        (path, column), *rest = children
        filters = tuple(c for c in rest if isinstance(c, str))
        cases = tuple(c for c in rest if isinstance(c, tuple))
        return Plural(path, filters, cases, column)

    def literal(self, children):
        return Literal(str(children[0]), children[0].column)


@cache
def _parser() -> Lark:
    grammar = resources.files("regola.texts").joinpath("template.lark").read_text("utf-8")
    return Lark(grammar, parser="lalr")


HAND_NUMBER = re.compile(r"(?<![\w.,/#-])\d+(?:[.,]\d+)?(?![\w])")
LIST_MARKER = re.compile(r"(?m)^[ \t]*\d+\.[ \t]")


@dataclass(frozen=True)
class Template:
    """A parsed text: its pieces, in order."""

    source: str
    pieces: tuple

    def names(self) -> set[str]:
        """The paths every placeholder names (plural cases included)."""
        return {piece.path for piece in _walk(self.pieces) if isinstance(piece, Field | Plural)}

    def hand_numbers(self) -> list[tuple[str, int]]:
        """Numbers written by hand in the prose (not in a placeholder, not a list's number,
        not `{=n}`), with their column: what the check against the data looks at."""
        found = []
        for piece in _walk(self.pieces):
            if isinstance(piece, Text):
                text = LIST_MARKER.sub(lambda m: " " * len(m.group()), piece.text)
                found += [(m.group(), piece.column + m.start()) for m in
                          HAND_NUMBER.finditer(text)]
        return found

    def render(self, values: Mapping[str, Any] | Callable[[str], Any], words: Any,
               name: Callable[[Any], str] | None = None) -> str:
        """The text in `words`' language with every placeholder filled. `values` maps a
        path to its value (or is a function of the path that raises TemplateError);
        `name` shows a value that is a name (an area, a colour) in words."""
        lookup = values if callable(values) else _lookup(values)
        return "".join(_render(piece, lookup, words, name) for piece in self.pieces)


def parse_template(source: str) -> Template:
    """A text parsed as a template (TemplateError with the column of the first mistake)."""
    return _parse(source)


@cache
def _parse(source: str) -> Template:
    try:
        tree = _parser().parse(source)
    except UnexpectedInput as error:
        column = getattr(error, "column", 0) or 0
        near = source[max(0, column - 12):column + 12].replace("\n", " ")
        raise TemplateError(f"a brace that opens no placeholder (near “{near}”): "
                            "write a placeholder as {name}, {name|first}, {=3} or "
                            "{name, plural, one {...} other {...}}", column) from None
    return Template(source, _Build().transform(tree))


def _walk(pieces):
    for piece in pieces:
        yield piece
        if isinstance(piece, Plural):
            for _, body in piece.cases:
                yield from _walk(body)


def _lookup(values: Mapping[str, Any]) -> Callable[[str], Any]:
    def find(path: str) -> Any:
        if path in values:
            return values[path]
        raise TemplateError(f"unknown placeholder {{{path}}}")
    return find


def apply_filters(value: Any, filters: tuple[str, ...], path: str) -> Any:
    """A value through a placeholder's filters (`count`, `sum`, ... ; `or` is a style)."""
    for name in filters:
        if name == "or":
            continue
        if name not in FILTERS:
            raise TemplateError(f"{{{path}|{name}}}: unknown filter {name!r}; filters: "
                                + ", ".join(FILTERS))
        if not isinstance(value, list | tuple):
            raise TemplateError(f"{{{path}|{name}}}: {path} is not a list")
        if name == "count":
            value = len(value)
        elif not value:
            raise TemplateError(f"{{{path}|{name}}}: {path} is an empty list")
        elif name == "first":
            value = value[0]
        elif name == "last":
            value = value[-1]
        else:
            if not all(isinstance(v, int | float) and not isinstance(v, bool) for v in value):
                raise TemplateError(f"{{{path}|{name}}}: {path} is not a list of numbers")
            value = {"sum": sum, "min": min, "max": max}[name](value)
    return value


def show(value: Any, words: Any, name: Callable[[Any], str] | None, style: str = "and",
         path: str = "") -> str:
    """A value of the data in words: a number in the language's digits, a list joined, a
    name by `name`, a table by player count as "4 (3 players) or 3 (4 players)"."""
    if isinstance(value, bool):
        raise TemplateError(f"{{{path}}} is true or false, which a text cannot show; "
                            "a section explains what each value means")
    if isinstance(value, int | float):
        return format_decimal(value, locale=words.lang)
    if isinstance(value, list | tuple):
        return words.join([show(v, words, name, path=path) for v in value], style)
    if isinstance(value, ByPlayers):
        return words.join([words.plural("value by players", "{what} ({n} player)",
                                        "{what} ({n} players)", players,
                                        what=show(v, words, name, path=path))
                           for players, v in sorted(value.table.items())], "or")
    if isinstance(value, str):
        return name(value) if name is not None else value
    if value is None:
        raise TemplateError(f"{{{path}}} has no value here")
    return str(value)


def plural_case(number: Any, cases: tuple, lang: str, path: str) -> tuple:
    """The pieces of the case that fits `number`: "=n" first, then the language's plural
    category, then "other"."""
    if not isinstance(number, int) or isinstance(number, bool):
        raise TemplateError(f"{{{path}, plural, ...}}: {path} is not a whole number")
    keys = dict(cases)
    if f"={number}" in keys:
        return keys[f"={number}"]
    category = Locale.parse(lang).plural_form(number)
    if category in keys:
        return keys[category]
    if "other" in keys:
        return keys["other"]
    raise TemplateError(f"{{{path}, plural, ...}} has no case for {number} ({category}) "
                        "and no 'other' case")


def _render(piece, lookup, words, name) -> str:
    if isinstance(piece, Text):
        return piece.text
    if isinstance(piece, Literal):
        return format_decimal(int(piece.number), locale=words.lang)
    value = apply_filters(lookup(piece.path), piece.filters, piece.path)
    if isinstance(piece, Field):
        style = "or" if "or" in piece.filters else "and"
        return show(value, words, name, style, piece.path)
    shown = show(value, words, name, path=piece.path)
    body = plural_case(value, piece.cases, words.lang, piece.path)
    return "".join(p.text.replace("#", shown) if isinstance(p, Text)
                   else _render(p, lookup, words, name) for p in body)


@dataclass(frozen=True)
class ByPlayers:
    """A value given per player count ({3: 4, 4: 3})."""

    table: Mapping[int, Any]
