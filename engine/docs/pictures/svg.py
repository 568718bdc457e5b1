"""The SVG pieces every picture is made of: the document and its text labels."""

from __future__ import annotations

from xml.sax.saxutils import escape

FONT = 'font-family="sans-serif"'


def svg(width: int, height: int, body: list[str], title: str) -> str:
    """An SVG document of the given size, with a title and the body's elements."""
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img">\n'
            f"<title>{escape(title)}</title>\n" + "\n".join(body) + "\n</svg>\n")


def label(x: float, y: float, text: str, size: int = 13, anchor: str = "start",
          weight: str = "normal") -> str:
    """A text element (dark grey, sans-serif), its text escaped."""
    return (f'<text x="{x:g}" y="{y:g}" {FONT} font-size="{size}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="#222">{escape(text)}</text>')
