"""The printable rulebook: a generated book as an A4 PDF, with its pictures, a table of
contents with page numbers and numbered pages (WeasyPrint, the optional extra
`regola[pdf]`).

    from regola.rulebook.print import write_pdf
    write_pdf(build_rulebook("some_game", lang="es"), Path("book.pdf"), lang="es")
"""

from __future__ import annotations

from .html import book_html
from .pdf import Printed, PrintError, available, write_pdf

__all__ = ["PrintError", "Printed", "available", "book_html", "write_pdf"]
