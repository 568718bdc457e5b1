"""The SVG pieces every picture is made of: the document, text labels (with a width
estimate, so labels can be fitted or wrapped instead of clipped), boxes and the colours of
seats and of a picture's legend."""

from __future__ import annotations

import re
from xml.sax.saxutils import escape

FONT = 'font-family="DejaVu Sans, Verdana, sans-serif"'
INK, PAPER, BORDER = "#222222", "#f4ead5", "#8a6d3b"

# Seat ids that are colour words are drawn in that colour; other seats take the palette.
SEAT_COLOURS = {"red": "#d84c4c", "blue": "#3f6fc4", "green": "#3f9b4f", "yellow": "#e9c31c",
                "white": "#f7f7f7", "black": "#333333", "purple": "#8e5bb5",
                "orange": "#ec8a2b", "brown": "#8d5a3b", "pink": "#e67aa8", "grey": "#9e9e9e",
                "gray": "#9e9e9e"}
PALETTE = ["#d84c4c", "#3f6fc4", "#3f9b4f", "#e9c31c", "#8e5bb5", "#ec8a2b"]


PRINT_WIDTH_PT = (210 - 18 - 18) / 25.4 * 72
"""The width of the printed book's text (A4 less its side margins), in points: the widest a
picture is printed."""


def least_size(width: float, points: float = 7.0) -> float:
    """The font size a picture `width` units wide needs to print at `points` or more when
    it is printed across the book's text."""
    return points * width / PRINT_WIDTH_PT


def lift_small_labels(body: list[str], width: float, most: float = 1.1) -> list[str]:
    """The elements with every font size below least_size(width) raised to it, but by at
    most the factor `most` (a label fitted to its box stays about its size)."""
    least = least_size(width)

    def lift(found: re.Match) -> str:
        size = float(found.group(1))
        return f'font-size="{min(max(size, least), size * most):g}"' if size < least \
            else found.group(0)
    return [re.sub(r'font-size="([\d.]+)"', lift, element) for element in body]


def svg(width: float, height: float, body: list[str], title: str) -> str:
    """An SVG document of the given size, with a title and the body's elements (labels too
    small to print at 7 pt across the book's text lifted a little: lift_small_labels)."""
    width, height = int(round(width)), int(round(height))
    body = lift_small_labels(body, width)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
            f'viewBox="0 0 {width} {height}" role="img">\n'
            f"<title>{escape(title)}</title>\n" + "\n".join(body) + "\n</svg>\n")


def label(x: float, y: float, text: str, size: float = 13, anchor: str = "start",
          weight: str = "normal", fill: str = INK, italic: bool = False) -> str:
    """A text element (sans-serif), its text escaped."""
    style = ' font-style="italic"' if italic else ""
    return (f'<text x="{x:g}" y="{y:g}" {FONT} font-size="{size:g}" text-anchor="{anchor}" '
            f'font-weight="{weight}" fill="{fill}"{style}>{escape(str(text))}</text>')


def text_width(text: str, size: float, weight: str = "normal") -> float:
    """An estimate of the width of a label (DejaVu Sans is wide: about 0.6 em a letter)."""
    return len(str(text)) * size * (0.66 if weight == "bold" else 0.6)


def fitted(text: str, width: float, size: float, weight: str = "normal",
           smallest: float = 7) -> float:
    """The largest font size up to `size` at which `text` fits in `width`."""
    while size > smallest and text_width(text, size, weight) > width:
        size -= 0.5
    return size


def wrapped(text: str, width: float, size: float, weight: str = "normal") -> list[str]:
    """The text broken into lines that fit `width` at `size` (words kept whole)."""
    lines: list[str] = []
    for word in str(text).split():
        if lines and text_width(lines[-1] + " " + word, size, weight) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def block_label(x: float, y: float, text: str, width: float, size: float = 12,
                anchor: str = "middle", weight: str = "normal", max_lines: int = 2,
                smallest: float = 7) -> list[str]:
    """A label centred on (x, y) wrapped to `width` (at most `max_lines`, shrunk to fit,
    but not below `smallest`)."""
    while True:
        lines = wrapped(text, width, size, weight)
        if (len(lines) <= max_lines and all(text_width(t, size, weight) <= width
                                            for t in lines)) or size <= smallest:
            break
        size -= 0.5
    step = size * 1.15
    top = y - step * (len(lines) - 1) / 2 + size * 0.35
    return [label(x, top + i * step, line, size, anchor, weight) for i, line in enumerate(lines)]


MARK = "#e8590c"
HIDDEN = "#6b6b6b"                       # a piece lying face down ("?")
"""The colour of the ring around what a picture is about (a marked area or space)."""


def rect(x: float, y: float, w: float, h: float, fill: str = PAPER, stroke: str = BORDER,
         width: float = 2, rx: float = 6, extra: str = "") -> str:
    """A rounded rectangle."""
    return (f'<rect x="{x:g}" y="{y:g}" width="{w:g}" height="{h:g}" rx="{rx:g}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{extra}/>')


def circle(x: float, y: float, r: float, fill: str, stroke: str = INK,
           width: float = 1.5) -> str:
    """A circle."""
    return (f'<circle cx="{x:g}" cy="{y:g}" r="{r:g}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width:g}"/>')


def seat_colour(seats: list[str], seat: int) -> str:
    """The colour a seat is drawn in: its own name if that is a colour, else the palette."""
    name = seats[seat] if 0 <= seat < len(seats) else ""
    return SEAT_COLOURS.get(str(name).lower(), PALETTE[seat % len(PALETTE)])


def legend(entries: list[tuple[str, str]], x: float, y: float, width: float,
           size: float = 12) -> tuple[list[str], float]:
    """Swatches and their names in rows that fit `width`; the elements and the height used.
    Each entry is (fill, "line:<colour>", "frame:<colour>", "chip:<colour>:<number>",
    "token:<colour>:<label>" or "hidden", text)."""
    body: list[str] = []
    cx, cy = x, y
    for fill, text in entries:
        item = 22 + text_width(text, size) + 18
        if cx > x and cx + item > x + width:
            cx, cy = x, cy + size + 10
        if fill.startswith("line:"):
            body.append(f'<line x1="{cx:g}" y1="{cy + 7:g}" x2="{cx + 16:g}" y2="{cy + 7:g}" '
                        f'stroke="{fill[5:]}" stroke-width="5"/>')
        elif fill.startswith("frame:"):     # the dashed frame round what a picture is about
            body.append(rect(cx, cy, 16, 14, "none", fill[6:], 2.5, 3,
                             ' stroke-dasharray="4 2"'))
        elif fill.startswith("token:"):     # a piece in a box outlined in its owner's colour
            colour, text_in = fill[6:].split(":", 1)
            body.append(rect(cx, cy, 16, 14, "#ffffff", colour, 2, 3))
            body.append(label(cx + 8, cy + 11, text_in, 10, "middle", "bold", fill="#333333"))
        elif fill == "hidden":              # a piece drawn face down
            body.append(rect(cx, cy, 16, 14, HIDDEN, HIDDEN, 2, 3))
            body.append(label(cx + 8, cy + 11, "?", 11, "middle", "bold", fill="#ffffff"))
        elif fill.startswith("chip:"):      # a counted piece: a number on a player's colour
            colour, number = fill[5:].rsplit(":", 1)
            body.append(rect(cx, cy, 16, 14, colour, "#333333", 1, 3))
            body.append(label(cx + 8, cy + 11, number, 11, "middle", "bold", fill="#ffffff"))
        else:
            body.append(rect(cx, cy, 16, 14, fill, "#333333", 1, 2))
        body.append(label(cx + 22, cy + 12, text, size))
        cx += item
    return body, (cy - y) + size + 8
