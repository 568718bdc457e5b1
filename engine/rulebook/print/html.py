"""A generated rulebook as one HTML document ready for print: the Markdown rendered
(Python-Markdown, as the site does), the pictures inlined, figures with their captions, and
a table of contents whose entries show the page they are on (filled in by the print CSS)."""

from __future__ import annotations

import base64
import html
import re
from importlib import resources

from ...i18n.catalog import Words
from ..pictures.svg import PRINT_WIDTH_PT

FIGURE = re.compile(r'<p><img alt="([^"]*)" src="([^"]+)"( style="[^"]*")? ?/?></p>\s*'
                    r'<p><em>(.*?)</em></p>', re.S)
IMAGE = re.compile(r'<img alt="([^"]*)" src="([^"]+)"( style="[^"]*")? ?/?>')

TEXT_WIDTH_PT = PRINT_WIDTH_PT
"""The width of the text on the page (A4 less the side margins of book.css), in points."""
SMALLEST_LABEL_PT = 7.0
"""The smallest a picture's lettering may be printed: a picture is widened to reach it."""


def printed_width(svg: str, style: str | None) -> float:
    """The width, in points, a picture is printed at: what its style asks (a percentage of
    the text's width) or its own size, widened so that its smallest lettering is printed
    at SMALLEST_LABEL_PT or more where the text's width allows."""
    found = re.search(r'<svg[^>]*\bwidth="([\d.]+)"', svg)
    width = float(found.group(1)) if found else 0
    if not width:
        return TEXT_WIDTH_PT
    asked = re.search(r"width:\s*([\d.]+)%", style or "")
    shown = TEXT_WIDTH_PT * float(asked.group(1)) / 100 if asked else \
        min(TEXT_WIDTH_PT, width * 0.75)           # an SVG pixel is 0.75 pt
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)]
    needed = SMALLEST_LABEL_PT * width / min(sizes) if sizes else 0
    return min(TEXT_WIDTH_PT, max(shown, needed))


def smallest_printed_label(svg: str, style: str | None = None) -> float:
    """The size, in points, of a picture's smallest lettering as printed (0 if none)."""
    found = re.search(r'<svg[^>]*\bwidth="([\d.]+)"', svg)
    sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)]
    if not found or not sizes:
        return 0.0
    return min(sizes) * printed_width(svg, style) / float(found.group(1))


def _sized(svg: str, style: str | None) -> str:
    """The style attribute that prints a picture at its printed_width."""
    share = printed_width(svg, style) / TEXT_WIDTH_PT * 100
    return f' style="width: {share:.1f}%"'


def _svg_uri(svg: str) -> str:
    return "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")


def _figures(body: str, pictures: dict[str, str]) -> str:
    """Each picture inlined as a data URI; a picture and its caption become a figure; a
    picture in an example box is as wide as the text unless its style asks otherwise."""
    def boxed(match: re.Match) -> str:
        return _pictures(match.group(0), pictures, full=True)
    return _pictures(re.sub(r"<blockquote>.*?</blockquote>", boxed, body, flags=re.S),
                     pictures)


def _pictures(body: str, pictures: dict[str, str], full: bool = False) -> str:
    def figure(match: re.Match) -> str:
        alt, src, style, caption = match.groups()
        style = style or (' style="width: 100%"' if full else None)
        if src not in pictures:
            return match.group(0)
        svg = pictures[src]
        return (f'<figure><img alt="{alt}" src="{_svg_uri(svg)}"{_sized(svg, style)}/>'
                f"<figcaption>{caption}</figcaption></figure>")

    def image(match: re.Match) -> str:
        alt, src, style = match.groups()
        style = style or (' style="width: 100%"' if full else None)
        if src not in pictures:
            return match.group(0)
        svg = pictures[src]
        return f'<img alt="{alt}" src="{_svg_uri(svg)}"{_sized(svg, style)}/>'
    return IMAGE.sub(image, FIGURE.sub(figure, body))


LEAD_IN = re.compile(r"<p>(<strong>[^<]*</strong>|[^<]*:)</p>(?=\s*<(?:table|ul|ol|figure|p><img))")


def _lead_ins(body: str) -> str:
    """A paragraph that is only a bold title, or a line ending in a colon, right before a
    table, list or picture is marked as a lead-in: the print style keeps it with what it
    introduces (no title alone at a page's foot)."""
    return LEAD_IN.sub(r'<p class="lead-in">\1</p>', body)


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
    body = _figures(_lead_ins(md.convert(markdown_text)), pictures)
    if contents:
        toc = _toc(md.toc_tokens, Words(lang).ctx("rulebook", "Contents"), collapse)
        body = re.sub(r"(</h1>)", r"\1" + toc.replace("\\", "\\\\"), body, count=1)
    css = resources.files(__package__).joinpath("book.css").read_text(encoding="utf-8")
    return (f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>{css}</style></head>"
            f'<body>{body}</body></html>')
