"""Built-ins on plain values: lists and numbers, seat names, and the log."""

from __future__ import annotations

from typing import Any

from ..limits import check_count
from ..types import BOOLEAN, NUMBER, PLAYER, SEQUENCE, TEXT, UNKNOWN, T, list_of, sig
from .registry import Builtin


def _range(c: Any, a: int, b: int | None = None) -> list:
    numbers = range(a) if b is None else range(a, b)
    check_count(len(numbers), f"range({numbers.start}, {numbers.stop})")
    return list(numbers)


_PLAIN = (str, int, bool, type(None))
_NO_TWINS = ({int, str, type(None)}, {bool, str, type(None)})
"""Sets of value kinds whose equal values are the same value (True == 1 needs both kinds)."""


def _distinct(c: Any, values: list) -> list:
    kinds = set(map(type, values))
    if kinds <= _NO_TWINS[0] or kinds <= _NO_TWINS[1]:
        return list(dict.fromkeys(values))
    seen, out = set(), []
    for v in values:
        kind = type(v)
        key = (kind, v) if kind in _PLAIN else repr(v)    # True is not 1; 1 is not 1.0
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def _first(c: Any, values: list) -> Any:
    return values[0] if values else None


def _seat(c: Any, p: int) -> str:
    return c.g.seats[p]


def _min(c: Any, values: list) -> Any:
    return min(values) if values else None


def _max(c: Any, values: list) -> Any:
    return max(values) if values else None


def _log(c: Any, message: str, **fields: Any) -> None:
    c.emit({"e": "note", "msg": message, **fields})


EXPRESSIONS: dict[str, Builtin] = {
    "len": Builtin(lambda c, v: len(v), 1, 1, doc="number of items in a list",
                   sig=sig(SEQUENCE, returns=NUMBER)),
    "range": Builtin(_range, 1, 2, doc="the integers from a (or 0) up to b, not included",
                     sig=sig(NUMBER, NUMBER, returns=list_of(NUMBER))),
    "sum": Builtin(lambda c, v: sum(v), 1, 1, doc="sum of a list of numbers",
                   sig=sig(list_of(NUMBER), returns=NUMBER)),
    "min": Builtin(_min, 1, 1, doc="smallest item of a list (none if empty)",
                   sig=sig(list_of(T), returns=T)),
    "max": Builtin(_max, 1, 1, doc="largest item of a list (none if empty)",
                   sig=sig(list_of(T), returns=T)),
    "any": Builtin(lambda c, v: any(v), 1, 1, doc="true if any item is true",
                   sig=sig(list_of(UNKNOWN), returns=BOOLEAN)),
    "all": Builtin(lambda c, v: all(v), 1, 1, doc="true if every item is true",
                   sig=sig(list_of(UNKNOWN), returns=BOOLEAN)),
    "distinct": Builtin(_distinct, 1, 1, doc="the list without repeats, first seen first",
                        sig=sig(list_of(T), returns=list_of(T))),
    "sorted": Builtin(lambda c, v: sorted(v), 1, 1, doc="the list in ascending order",
                      sig=sig(list_of(T), returns=list_of(T))),
    "first": Builtin(_first, 1, 1, doc="first item of a list (none if empty)",
                     sig=sig(list_of(T), returns=T)),
    "reversed": Builtin(lambda c, v: list(reversed(v)), 1, 1, doc="the list in reverse order",
                        sig=sig(list_of(T), returns=list_of(T))),
    "seat": Builtin(_seat, 1, 1, doc="the seat name (colour) of a player",
                    sig=sig(PLAYER, returns=TEXT)),
}

STATEMENTS: dict[str, Builtin] = {
    "log": Builtin(_log, 1, 1, "any", doc="write a message to the game log",
                   sig=sig(TEXT)),
}
