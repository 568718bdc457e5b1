"""SVG primitives: escaped text, boxes, chips; and a Drawing that panels fill and stack."""

from __future__ import annotations

from dataclasses import dataclass, field
from xml.sax.saxutils import escape as _escape
from xml.sax.saxutils import quoteattr

FONT = "font-family:sans-serif"
INK = "#222222"
PAPER = "#fbf7ee"
EDGE = "#8a6d3b"
MIN_FONT = 11
"""The smallest text drawn, in SVG units (the page shows the board at about 1:1 or larger)."""


def esc(text: object) -> str:
    """Text escaped for SVG content."""
    return _escape(str(text))


def attr(text: object) -> str:
    """A value as a quoted, escaped attribute."""
    return quoteattr(str(text))


def text(x: float, y: float, content: object, size: float = 12, anchor: str = "start",
         weight: str = "normal", fill: str = INK, extra: str = "") -> str:
    """A line of text (escaped), never smaller than MIN_FONT."""
    size = max(size, MIN_FONT)
    return (f'<text x="{x:.1f}" y="{y:.1f}" style="{FONT}" font-size="{size:g}" '
            f'text-anchor="{anchor}" font-weight="{weight}" fill="{fill}"{extra}>'
            f"{esc(content)}</text>")


def rect(x: float, y: float, w: float, h: float, fill: str = PAPER, stroke: str = EDGE,
         width: float = 1.5, rx: float = 6, extra: str = "") -> str:
    """A rounded rectangle."""
    return (f'<rect x="{x:.1f}" y="{y:.1f}" width="{w:.1f}" height="{h:.1f}" rx="{rx:g}" '
            f'fill="{fill}" stroke="{stroke}" stroke-width="{width:g}"{extra}/>')


def circle(x: float, y: float, r: float, fill: str, stroke: str = INK, width: float = 1,
           extra: str = "") -> str:
    """A circle."""
    return (f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:g}" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{width:g}"{extra}/>')


def line(x1: float, y1: float, x2: float, y2: float, stroke: str = EDGE,
         width: float = 3, dash: str = "") -> str:
    """A straight line."""
    dashes = f' stroke-dasharray="{dash}"' if dash else ""
    return (f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" stroke="{stroke}" '
            f'stroke-width="{width:g}"{dashes}/>')


def ink_on(colour: str) -> str:
    """Black or white, whichever reads better on `colour` (#rrggbb)."""
    try:
        r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    except ValueError:
        return INK
    return INK if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#ffffff"


def chip(x: float, y: float, colour: str, label: object, r: float = 10,
         ring: str | None = None) -> list[str]:
    """A round counter in a colour with a short label (a count, a value, "?")."""
    out = [circle(x, y, r, colour, ring or "#333333", 3 if ring else 1)]
    out.append(text(x, y + r * 0.38, label, r * 1.05, "middle", "bold", ink_on(colour)))
    return out


def wrap(content: str, width: float, size: float = 11) -> list[str]:
    """Words broken into lines that fit `width` pixels (about 0.58 em per character)."""
    per_line = max(3, int(width / (size * 0.58)))
    lines: list[str] = []
    for word in str(content).split():
        if lines and len(lines[-1]) + 1 + len(word) <= per_line:
            lines[-1] += " " + word
        else:
            lines.append(word if len(word) <= per_line else word[:per_line - 1] + "…")
    return lines or [""]


def action_attr(action_id: str | None) -> str:
    """The attribute that makes a shape a button for one of the seat's legal actions."""
    return f' data-action={attr(action_id)} class="pick"' if action_id is not None else ""


@dataclass
class Drawing:
    """SVG elements in a box of width x height, drawn from (0, 0)."""

    width: float = 0
    height: float = 0
    body: list[str] = field(default_factory=list)
    attrs: str = ""          # attributes of the group it is placed in (e.g. a button's)

    def add(self, *elements: str) -> None:
        """Append elements."""
        self.body.extend(elements)

    def place(self, other: Drawing, x: float, y: float) -> None:
        """Draw `other` with its top left corner at (x, y)."""
        if other.body:
            self.body.append(f'<g transform="translate({x:.1f},{y:.1f})"{other.attrs}>')
            self.body.extend(other.body)
            self.body.append("</g>")

    def svg(self, title: str) -> str:
        """The drawing as a standalone SVG document that scales to its container."""
        w, h = max(1, round(self.width)), max(1, round(self.height))
        return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" '
                f'width="{w}" height="{h}" role="img" class="board">'
                f"<title>{esc(title)}</title>" + "".join(self.body) + "</svg>")
