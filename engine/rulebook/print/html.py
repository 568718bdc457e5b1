"""A generated rulebook as one HTML document ready for print: the Markdown rendered
(Python-Markdown, as the site does), the pictures inlined, figures with their captions, and
a table of contents whose entries show the page they are on (filled in by the print CSS)."""

from __future__ import annotations

import base64
import html
import re
from importlib import resources

from ...i18n.catalog import Words

FIGURE = re.compile(r'<p><img alt="([^"]*)" src="([^"]+)"( style="[^"]*")? ?/?></p>\s*'
                    r'<p><em>(.*?)</em></p>', re.S)
IMAGE = re.compile(r'<img alt="([^"]*)" src="([^"]+)"( style="[^"]*")? ?/?>')


def _svg_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _figures(body: str, pictures: dict[str, str]) -> str:
    """Each picture inlined as a data URI; a picture and its caption become a figure."""
    def figure(match: re.Match) -> str:
        alt, src, style, caption = match.groups()
        if src not in pictures:
            return match.group(0)
        return (f'<figure><img alt="{alt}" src="{_svg_uri(pictures[src])}"{style or ""}/>'
                f"<figcaption>{caption}</figcaption></figure>")

    def image(match: re.Match) -> str:
        alt, src, style = match.groups()
        return f'<img alt="{alt}" src="{_svg_uri(pictures[src])}"{style or ""}/>' \
            if src in pictures else match.group(0)
    return IMAGE.sub(image, FIGURE.sub(figure, body))


def _toc(tokens: list[dict], title: str, collapse: frozenset[str] = frozenset()) -> str:
    """The contents: the sections (and their rules one level down, except in the sections
    whose titles `collapse` names, such as the rules in full), each with its page."""
    def items(entries: list[dict], depth: int) -> str:
        rows = []
        for entry in entries:
            sub = items(entry["children"], depth + 1) if depth < 3 and entry["children"] \
                and html.unescape(entry["name"]) not in collapse else ""
            rows.append(f'<li class="toc{depth}"><a href="#{entry["id"]}">'
                        f'{entry["name"]}</a>{sub}</li>')
        return "<ul>" + "".join(rows) + "</ul>" if rows else ""
    top = tokens[0]["children"] if len(tokens) == 1 and tokens[0]["level"] == 1 else tokens
    return f'<nav class="toc"><h2 class="toc-title">{html.escape(title)}</h2>' \
           f"{items(top, 2)}</nav>"


def book_html(markdown_text: str, pictures: dict[str, str], lang: str, title: str,
              contents: bool = True, collapse: frozenset[str] = frozenset()) -> str:
    """The whole printable document: title, contents (unless not wanted; the sections
    whose titles `collapse` names without their sub-headings), the book, the print
    style."""
    import markdown
    md = markdown.Markdown(extensions=["tables", "attr_list", "toc"],
                           extension_configs={"toc": {"toc_depth": "1-3"}})
    body = _figures(md.convert(markdown_text), pictures)
    if contents:
        toc = _toc(md.toc_tokens, Words(lang).ctx("rulebook", "Contents"), collapse)
        body = re.sub(r"(</h1>)", r"\1" + toc.replace("\\", "\\\\"), body, count=1)
    css = resources.files(__package__).joinpath("book.css").read_text(encoding="utf-8")
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{css}</style></head>"
            f'<body>{body}</body></html>')
