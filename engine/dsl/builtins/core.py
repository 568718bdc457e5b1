"""Built-ins on plain values: lists and numbers, seat names, and the log."""

from __future__ import annotations

from typing import Any

from ...interpreter.limits import check_count
from ..trees import part
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



# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_log(reader, args, kwargs, env) -> None:
    """Messages to the game log are not rules: the rulebook leaves them out."""
    return None


def phrase_len(reader, args, kwargs, env) -> str:
    noun = reader.noun(args[0], env)
    if noun:
        return reader.w("the number of {things}", things=noun)
    return reader.w("the number of items in {x}", x=reader.expr(args[0], env))


def range_ends(reader, args, env) -> tuple[str, str] | None:
    """The first and last numbers of `range(a, x + 1)` in words ("0", "the number of
    cards"); None for a range whose end is excluded in another way."""
    top = args[-1]
    if top.data == "binop" and str(part(top, "op")) == "+" and \
            reader.known(part(top, "right"), env) == (True, 1):     # range(a, x + 1): a to x
        return (reader.expr(args[0], env) if len(args) == 2 else "0",
                reader.expr(part(top, "left"), env))
    return None


def phrase_range(reader, args, kwargs, env) -> str:
    ends = range_ends(reader, args, env)
    if ends is not None:
        return reader.w("the whole numbers from {a} to {b}", a=ends[0], b=ends[1])
    if len(args) == 1:
        return reader.w("the whole numbers from 0 up to {b}, not included",
                      b=reader.expr(args[0], env))
    return reader.w("the whole numbers from {a} up to {b}, not included",
                  a=reader.expr(args[0], env), b=reader.expr(args[1], env))


def phrase_sum(reader, args, kwargs, env) -> str:
    return reader.w("the sum of {x}", x=reader.expr(args[0], env))


def phrase_min(reader, args, kwargs, env) -> str:
    items = args[0]
    listed = part(items, "items") if items.data == "list" else None
    if listed is not None and len(listed) == 2 and None not in listed:
        # min([a, b]): a, capped by b (not a comparison the reader makes)
        return reader.w("{x}, but no more than {limit}", x=reader.expr(listed[0], env),
                        limit=reader.expr(listed[1], env))
    return reader.w("the smallest of {x}", x=reader.expr(items, env))


def phrase_max(reader, args, kwargs, env) -> str:
    items = args[0]
    if items.data == "list" and len(items.children) == 2:
        floor = [c for c in items.children if reader.known(c, env)[0] and
                 isinstance(reader.known(c, env)[1], int)]
        rest = [c for c in items.children if c not in floor]
        if len(floor) == 1 and len(rest) == 1:      # max([n, x]): never below n
            return reader.w("{x}, but no less than {n}", x=reader.expr(rest[0], env),
                            n=reader.known(floor[0], env)[1])
    return reader.w("the largest of {x}", x=reader.expr(items, env))


def phrase_any(reader, args, kwargs, env) -> str:
    return reader.w("at least one of {x} holds", x=reader.expr(args[0], env))


def phrase_all(reader, args, kwargs, env) -> str:
    return reader.w("each of {x} holds", x=reader.expr(args[0], env))


def phrase_distinct(reader, args, kwargs, env) -> str:
    return reader.w("{x}, each value once", x=reader.expr(args[0], env))


def phrase_sorted(reader, args, kwargs, env) -> str:
    return reader.w("{x}, from lowest to highest", x=reader.expr(args[0], env))


def phrase_reversed(reader, args, kwargs, env) -> str:
    return reader.w("{x}, in reverse order", x=reader.expr(args[0], env))


def phrase_first(reader, args, kwargs, env) -> str:
    if reader.unordered(args[0], env):         # tokens come in no order: any one of them
        return reader.w("one of {x}", x=reader.expr(args[0], env))
    return reader.w("the first of {x}", x=reader.expr(args[0], env))


def phrase_seat(reader, args, kwargs, env) -> str:
    return reader.w("the colour of {player}", player=reader.expr(args[0], env))


EXPRESSIONS: dict[str, Builtin] = {
    "len": Builtin(lambda c, v: len(v), 1, 1, doc="number of items in a list",
                   sig=sig(SEQUENCE, returns=NUMBER), phrase=phrase_len),
    "range": Builtin(_range, 1, 2, doc="the integers from a (or 0) up to b, not included",
                     sig=sig(NUMBER, NUMBER, returns=list_of(NUMBER)), phrase=phrase_range),
    "sum": Builtin(lambda c, v: sum(v), 1, 1, doc="sum of a list of numbers",
                   sig=sig(list_of(NUMBER), returns=NUMBER), phrase=phrase_sum),
    "min": Builtin(_min, 1, 1, doc="smallest item of a list (none if empty)",
                   sig=sig(list_of(T), returns=T), phrase=phrase_min),
    "max": Builtin(_max, 1, 1, doc="largest item of a list (none if empty)",
                   sig=sig(list_of(T), returns=T), phrase=phrase_max),
    "any": Builtin(lambda c, v: any(v), 1, 1, doc="true if any item is true",
                   sig=sig(list_of(UNKNOWN), returns=BOOLEAN), phrase=phrase_any),
    "all": Builtin(lambda c, v: all(v), 1, 1, doc="true if every item is true",
                   sig=sig(list_of(UNKNOWN), returns=BOOLEAN), phrase=phrase_all),
    "distinct": Builtin(_distinct, 1, 1, doc="the list without repeats, first seen first",
                        sig=sig(list_of(T), returns=list_of(T)), phrase=phrase_distinct),
    "sorted": Builtin(lambda c, v: sorted(v), 1, 1, doc="the list in ascending order",
                      sig=sig(list_of(T), returns=list_of(T)), phrase=phrase_sorted),
    "first": Builtin(_first, 1, 1, doc="first item of a list (none if empty)",
                     sig=sig(list_of(T), returns=T), phrase=phrase_first),
    "reversed": Builtin(lambda c, v: list(reversed(v)), 1, 1, doc="the list in reverse order",
                        sig=sig(list_of(T), returns=list_of(T)), phrase=phrase_reversed),
    "seat": Builtin(_seat, 1, 1, doc="the seat name (colour) of a player",
                    sig=sig(PLAYER, returns=TEXT), phrase=phrase_seat),
}

STATEMENTS: dict[str, Builtin] = {
    "log": Builtin(_log, 1, 1, "any", doc="write a message to the game log",
                   sig=sig(TEXT), phrase=phrase_log),
}
