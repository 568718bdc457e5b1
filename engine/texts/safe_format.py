"""Filling texts from rule files and catalogs safely.

A game's texts and their translations are untrusted input, and Python's `str.format` lets a
placeholder reach attributes and items (`{area.__class__.__mro__}`) or pad a value to any
width (`{area:>300000000}`). Every text regola fills with Python's format syntax goes through
`SafeFormatter`: a placeholder names a value, nothing more; a format spec is an agreement
choice (`{a:pl=son|es}`, see grammar.choose) or a short standard spec. `format_problem`
says why a text breaks these rules, for the load check.
"""

from __future__ import annotations

import re
import string
from typing import Any

from .templates import TemplateError, parse_template

NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
SPEC = re.compile(r"[<>=^]?[+\- ]?\d{0,2}[,_]?(\.\d{1,2})?[bdeEfFgGnosxX%]?")
"""A standard format spec regola allows: a width and a precision of at most two digits."""


class UnsafeText(ValueError):
    """A text whose placeholder reaches beyond a value (an attribute, an item, a
    conversion, a huge width)."""


def is_choice(spec: str) -> bool:
    """Whether a format spec is an agreement choice (`pl=son|es`), not a standard spec."""
    return "|" in spec or "=" in spec


class SafeFormatter(string.Formatter):
    """str.format for untrusted texts: plain names only, no conversion, small specs."""

    def get_field(self, field_name: str, args: Any, kwargs: Any) -> Any:
        """The value a placeholder names; UnsafeText for anything but a plain name."""
        if not NAME.fullmatch(field_name):
            raise UnsafeText(f"the placeholder {{{field_name}}} must be a plain name")
        return self.get_value(field_name, args, kwargs), field_name

    def convert_field(self, value: Any, conversion: str | None) -> Any:
        """No `!r`, `!s` or `!a` conversions."""
        if conversion:
            raise UnsafeText(f"a placeholder may not convert its value (!{conversion})")
        return value

    def format_field(self, value: Any, format_spec: str) -> str:
        """A standard spec of at most two-digit width and precision."""
        if format_spec and not SPEC.fullmatch(format_spec):
            raise UnsafeText(f"the format spec {format_spec!r} is not allowed")
        return super().format_field(value, format_spec)


def format_problem(text: str) -> str | None:
    """Why `text` cannot be filled safely (None: it can). A written template (templates.py:
    rulebook chapters, effects) is safe by its grammar if no part of a path starts with _;
    any other text is checked as a format string, field by field."""
    try:
        names = parse_template(text).names()
    except TemplateError:
        names = None
    if names is not None:
        for path in sorted(names):
            if any(part.startswith("_") for part in path.split(".")):
                return f"the placeholder {{{path}}} names a part that starts with _"
        return None
    try:
        fields = list(string.Formatter().parse(text))
    except ValueError as error:
        return f"its braces do not read as placeholders ({error})"
    for _, field, spec, conversion in fields:
        if field is None:
            continue
        if not NAME.fullmatch(field):
            return f"the placeholder {{{field}}} must be a plain name (letters, digits and _)"
        if conversion:
            return f"the placeholder {{{field}!{conversion}}} may not convert its value"
        if spec and not is_choice(spec) and not SPEC.fullmatch(spec):
            return f"the placeholder {{{field}:{spec}}} has a format spec that is not allowed"
    return None
