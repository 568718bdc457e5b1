"""The prose of a rulebook's Markdown, line by line: what a reader reads, without anchors,
link targets, picture files or table rules, and with each table cell a piece of its own."""

from __future__ import annotations

import re
from dataclasses import dataclass

_ANCHOR = re.compile(r"<a id=\"[^\"]*\"></a>|<div[^>]*></div>")
_IMAGE = re.compile(r"!\[([^\]]*)\]\([^)]*\)(\{:[^}]*\})?")
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_RULE = re.compile(r"^\|?\s*:?-{3,}")
_MARKUP = re.compile(r"^\s*(#+\s+|>\s*|[-*]\s+|\d+\.\s+)+")


@dataclass(frozen=True)
class Piece:
    """A piece of prose: a line, or a table cell, with its line number (1-based)."""

    line: int
    text: str
    cell: bool = False


def pieces(markdown: str) -> list[Piece]:
    """The prose of a rulebook: headings, paragraphs, list items and table cells."""
    found = []
    for number, line in enumerate(markdown.splitlines(), 1):
        line = _ANCHOR.sub("", line)
        line = _IMAGE.sub(r"\1", line)
        line = _LINK.sub(r"\1", line).replace("**", "").replace("*", "")
        if not line.strip() or _RULE.match(line.strip()):
            continue
        if line.lstrip().startswith("|"):
            for cell in line.strip().strip("|").split("|"):
                if cell.strip():
                    found.append(Piece(number, cell.strip(), cell=True))
            continue
        found.append(Piece(number, _MARKUP.sub("", line).strip()))
    return found


def sentences(text: str) -> list[str]:
    """A piece of prose cut into sentences (at ". ", "; ", ": " and "? ")."""
    return [s for s in re.split(r"(?<=[.;:?!])\s+", text) if s]
