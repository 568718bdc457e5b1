"""The text of a generated module, line by line, with the script place of each line.

Every line of a procedure's code is recorded with a `Spot`: the statement it comes from and
the innermost loop around it. A runtime error is located by looking up the lines of its
traceback (nothing is tracked while the code runs).
"""

from __future__ import annotations

import builtins as python_builtins
import keyword
import re

from ...errors import Location
from ...interpreter.locate import Spot

INDENT = "    "


class Writer:
    """Lines of Python source, each with its Spot (None: not code of a procedure)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.spots: list[Spot | None] = []

    def add(self, depth: int, text: str, spot: Spot | None = None) -> None:
        """One line at an indentation depth."""
        self.lines.append(INDENT * depth + text)
        self.spots.append(spot)

    def blank(self) -> None:
        """An empty line."""
        self.add(0, "")

    def source(self) -> str:
        """The whole text."""
        return "\n".join(self.lines) + "\n"

    def table(self) -> list[Spot | None]:
        """Spots by line number (from 1, as tracebacks count)."""
        return [None, *self.spots]


_GENERATED = re.compile(r"^[prsfkx]_")
_RESERVED = set(keyword.kwlist) | set(keyword.softkwlist) | set(dir(python_builtins))


def local_name(name: str) -> str:
    """The Python name of a script variable: as it is, unless it could mean something else
    in Python (a keyword, a built-in, a name starting with `_`, or one like the generated
    functions' names); then `_v_` + the name. Different script names stay different."""
    if name in _RESERVED or name.startswith("_") or _GENERATED.match(name):
        return "_v_" + name
    return name


def script_name(python: str) -> str:
    """The script variable a Python local name stands for (undoes local_name)."""
    return python[3:] if python.startswith("_v_") else python


def comment(location: Location, text: str = "") -> str:
    """A comment naming a script place (and its text, if known)."""
    where = f"{location.file}:{location.line}" if location.line else location.file
    text = " ".join(text.split())
    return f"# {where}" + (f"  {text}" if text else "")
