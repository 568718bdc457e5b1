"""Written texts put on the page: translated from the game's catalog, placeholders filled
from the data, in the reader's language.

    page = Written(texts, outline)             # texts: rulebook.texts.Texts of the game
    page.paragraphs(block["text"])             # a section's written block, as Markdown
    page.sheet("buildings")                    # a reference sheet: each item and its effect
    page.effect("card", row)                   # one token's effect text (also for tables)
"""

from __future__ import annotations

from typing import Any

from ...i18n.data_values import DataValues
from ...present.effects import rows_of
from ...texts.templates import TemplateError, parse_template
from ..book.markdown import table
from .honesty import BOOK, EFFECTS, paragraphs

NAME_SECTIONS = ("areas", "colours", "choices", "values", "symbols", "locations", "decks",
                 "area_kinds", "seats")
"""Where a name of the data (a string value) is looked up, in this order."""


class Written:
    """The written texts of one game in one language."""

    def __init__(self, texts: Any, outline: Any):
        self.t = texts
        self.g = texts.g
        self.w = texts.w
        self.outline = outline
        self.values = DataValues(self.g)

    # -- one text ---------------------------------------------------------------------
    def text(self, english: str, names: dict[str, Any] | None = None,
             context: str = BOOK) -> str:
        """One English text translated and filled in (a fill that fails shows the text
        as written, so a book is never lost to it: `regola validate` reports why)."""
        translated = self.w.ctx(f"{self.g.id}.{context}", english)
        local = names or {}

        def lookup(path: str) -> Any:
            if path in local:
                return local[path]
            return self.values.lookup(path)
        try:
            return parse_template(translated).render(lookup, self.w, self.name)
        except TemplateError as error:
            self.t.missing.add(f"{context}: {english[:40]}… ({error})")
            return translated

    def paragraphs(self, text: str, names: dict[str, Any] | None = None) -> str:
        """A written block: each paragraph translated and filled in."""
        return "\n\n".join(self.text(p, names) for p in paragraphs(text))

    def title(self, sid: str) -> str | None:
        """The written title of a section (None if the book gives none)."""
        english = self.outline.titles.get(sid)
        return self.text(english) if english else None

    def name(self, value: Any) -> str:
        """A name of the data in words: an area, a colour, a choice, a piece..."""
        if isinstance(value, str):
            for section in NAME_SECTIONS:
                if self.t.has(section, value):
                    return self.t.name(section, value)
            if value in self.g.pieces or value in self.g.tokens:
                return self.t.thing(value)
        return str(value)

    # -- effects and reference sheets ---------------------------------------------------
    def effect(self, kind: str, row: dict[str, Any], by: str) -> str | None:
        """The effect text of one token (or area) of `kind`, picked by its property `by`,
        filled with its properties; None if the text file gives none."""
        texts = (self.g.text or {}).get(EFFECTS, {}).get(kind, {})
        english = texts.get(str(row.get(by)))
        if english is None:
            return None
        return self.text(english, {k: v for k, v in row.items() if v is not None},
                         context=EFFECTS)

    def rows(self, kind: str, where: dict[str, Any]) -> list[dict[str, Any]]:
        """The tokens (or areas) of `kind` as rows of their properties, those `where` picks."""
        return [r for r in rows_of(self.g, kind) if all(r.get(k) == v for k, v in where.items())]

    def sheet(self, sid: str) -> str:
        """A reference sheet: one row per different item (identical ones counted), its
        columns, then its effect."""
        spec = self.outline.sheets[sid]
        kind, by = spec["of"], spec["by"]
        columns = list(spec.get("columns", []))
        rows: dict[tuple, list] = {}
        runs: dict[tuple, dict[str, list[int]]] = {}    # a column's numbers, counted on
        last: tuple | None = None
        for row in self.rows(kind, spec.get("where", {})):
            key = tuple(repr(row.get(c)) for c in [*columns, by]) + \
                (self.effect(kind, row, by) or "",)
            if key not in rows and last is not None:
                counted_on = _counted_on(columns, rows[last][0], runs[last], row)
                if counted_on:       # the same item but for a number one higher: one row
                    runs[last][counted_on].append(row[counted_on])
                    rows[last][1] += 1
                    continue
            rows.setdefault(key, [row, 0])[1] += 1
            runs.setdefault(key, {})
            last = key
        head = [capitalised(self.t.one("properties", c) if self.t.has("properties", c) else
                            c.replace("_", " ")) for c in columns]
        head.append(self.w.ctx("rulebook", "Effect"))
        counted = any(n > 1 and not runs[key] for key, (_, n) in rows.items())  # "9–15" counts
        if counted:
            head.insert(0, self.w.ctx("rulebook", "In the box"))
        body = []
        for key, (row, n) in rows.items():
            cells = [self.cell(row.get(c)) if c not in runs[key] else
                     f"{self.cell(row.get(c))}–{self.cell(runs[key][c][-1])}" for c in columns]
            effect = self.effect(kind, row, by)
            if effect is None:
                self.t.missing.add(f"effects.{kind}.{row.get(by)}")
            cells.append(effect or "—")
            body.append(([str(n)] if counted else []) + cells)
        parts = []
        if "title" in spec:
            parts.append(f"**{self.text(spec['title'])}**")
        parts.append(table(head, body))
        return "\n\n".join(parts)

    def cell(self, value: Any) -> str:
        """A property's value in a sheet's cell."""
        if value is None or value == []:
            return "—"
        if isinstance(value, bool):
            return "✓" if value else "—"
        if isinstance(value, list):
            return self.w.join([self.cell(v) for v in value])
        if isinstance(value, int | float):
            from babel.numbers import format_decimal
            return format_decimal(value, locale=self.w.lang)
        return self.name(value)


def _counted_on(columns: list[str], first: dict, runs: dict[str, list[int]],
                row: dict) -> str | None:
    """The column in which `row` carries on a run of whole numbers from the group that
    `first` opened (every other column the same), so that a sheet shows one row "9–15";
    None if it does not."""
    differ = [c for c in columns if row.get(c) != first.get(c)]
    if len(differ) != 1:
        return None
    column = differ[0]
    numbers = runs.get(column) or [first.get(column)]
    if any(type(n) is not int for n in (*numbers, row.get(column))) or \
            (runs and column not in runs):
        return None
    if row[column] != numbers[-1] + 1:
        return None
    runs.setdefault(column, [first[column]])
    return column


def capitalised(text: str) -> str:
    """A heading's first letter as a capital."""
    return text[:1].upper() + text[1:]
