"""Where in the scripts a runtime error happened: the generated lines of its traceback,
looked up in the module's line table (nothing is tracked while the code runs)."""

from __future__ import annotations

from dataclasses import dataclass
from types import TracebackType

from ..errors import Location


@dataclass(frozen=True, slots=True)
class Spot:
    """Where a generated line comes from: its statement, and the innermost loop around it."""

    statement: Location
    loop: Location | None = None


def spots(filename: str, table: list[Spot | None], tb: TracebackType | None) -> list[Spot]:
    """The spots of the generated procedure lines in a traceback, outermost first."""
    found = []
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == filename and tb.tb_lineno < len(table):
            spot = table[tb.tb_lineno]
            if spot is not None:
                found.append(spot)
        tb = tb.tb_next
    return found


def locate(filename: str, table: list[Spot | None], tb: TracebackType | None,
           loop_first: bool = False) -> Location | None:
    """The statement of the innermost procedure running when the error happened (for a spent
    step budget: the innermost loop around it, looking outwards, if any)."""
    found = spots(filename, table, tb)
    if loop_first:
        for spot in reversed(found):
            if spot.loop is not None:
                return spot.loop
    return found[-1].statement if found else None
