"""Writing the printable PDF with WeasyPrint (the optional extra `regola[pdf]`; WeasyPrint
needs the Pango library of the system, e.g. Debian's libpango-1.0-0)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ...errors import RegolaError, w
from .html import book_html


class PrintError(RegolaError):
    """The PDF could not be made (WeasyPrint or the system's Pango missing)."""


def available() -> bool:
    """Whether WeasyPrint (and the Pango it loads) can be used here."""
    try:
        import weasyprint  # noqa: F401
    except (ImportError, OSError):
        return False
    return True


@dataclass(frozen=True)
class Printed:
    """A PDF written: where, its pages, and the pages before the rules in full (the
    appendix), which is what a book's page budget counts (all of them if it has none)."""

    path: Path
    pages: int
    before_appendix: int


def write_pdf(book, path: Path, lang: str, part: str = "book") -> Printed:
    """Write a Rulebook (markdown, pictures, title) to `path` as an A4 PDF: the book, or
    with `part` "aid" only its turn summary (the player aid, without contents), or with
    "full" its rules in full (a document of their own)."""
    try:
        import weasyprint
    except (ImportError, OSError) as error:
        raise PrintError.text(w("cannot make a PDF: WeasyPrint is not usable ({reason}); "
                                "install the pdf extra: pip install 'regola[pdf]' (it needs "
                                "the system's Pango library)"),
                              reason=str(error).splitlines()[0]) from None
    text = book.part(part)
    anchor = getattr(book, "appendix_anchor", "") if part == "book" else ""
    found = re.search(rf'<a id="{re.escape(anchor)}"></a>\s*##\s+(.+)', text) \
        if anchor else None
    document = book_html(text, book.pictures, lang, book.title, contents=part != "aid",
                         collapse=frozenset({found.group(1).strip()} if found else ()))
    rendered = weasyprint.HTML(string=document, base_url=".").render()
    rendered.write_pdf(str(path), pdf_identifier=b"regola", uncompressed_pdf=False,
                       custom_metadata=False)
    before = next((i for i, page in enumerate(rendered.pages) if anchor and
                   anchor in page.anchors), len(rendered.pages))
    return Printed(Path(path), len(rendered.pages), before)
