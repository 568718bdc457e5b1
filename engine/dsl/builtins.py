"""The engine's built-in functions and statements, as scripts see them.

Each entry says how many positional arguments it takes, which keywords it accepts and the
types of its parameters and result (`sig`), so the compiler and the type checker can check
calls at load time. `FILTERS` marks builtins whose keywords filter pieces by field or
property (checked against the game's declared properties).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import ScriptRuntimeError
from .limits import check_count
from .types import (
    BOOLEAN,
    NUMBER,
    PLACE,
    PLAYER,
    SEQUENCE,
    TEXT,
    TOKEN,
    UNKNOWN,
    Sig,
    T,
    list_of,
    sig,
)

FILTERS = "filters"


@dataclass(frozen=True)
class Builtin:
    """A built-in: implementation (runtime first), arity bounds and accepted keywords."""

    impl: Callable[..., Any]
    min_args: int
    max_args: int
    keywords: frozenset[str] | str = frozenset()
    doc: str = ""
    check: Callable[..., None] | None = None   # check(compiler, call_tree) at load time
    sig: Sig | None = None                     # parameter and result types (None: unknown)


def _range(c, a, b=None):
    numbers = range(a) if b is None else range(a, b)
    check_count(len(numbers), f"range({numbers.start}, {numbers.stop})")
    return list(numbers)


def _distinct(c, values):
    seen, out = set(), []
    for v in values:
        key = repr(v)
        if key not in seen:
            seen.add(key)
            out.append(v)
    return out


def _deck_cards(c, name):
    return list(c.deck(name)["cards"])


def _card(c, name, index):
    cards = c.deck(name)["cards"]
    if not 0 <= index < len(cards):
        raise ScriptRuntimeError(f"deck {name!r} has no card {index}")
    return cards[index]


def _first(c, values):
    return values[0] if values else None


def _seat(c, p):
    return c.g.seats[p]


def _min(c, values):
    return min(values) if values else None


def _max(c, values):
    return max(values) if values else None


def _deck_type(checker, node, args) -> object:
    """The type of a deck's cards: of the deck named, or of any deck."""
    return checker.deck_card_type(node)


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
    "count": Builtin(lambda c, kind, **kw: c.count(kind, **kw), 1, 1, FILTERS,
                     doc="how many pieces of a kind match owner, at and property filters",
                     sig=sig(TEXT, returns=NUMBER)),
    "tokens": Builtin(lambda c, kind, **kw: c.tokens(kind, **kw), 1, 1, FILTERS,
                      doc="the tokens of a kind that match the filters",
                      sig=sig(TEXT, returns=list_of(TOKEN))),
    "deck_cards": Builtin(_deck_cards, 1, 1, doc="the cards of a deck in order",
                          sig=sig(TEXT, result=lambda ch, n, a: list_of(_deck_type(ch, n, a)))),
    "deck_card": Builtin(_card, 2, 2, doc="card number i (from 0) of a deck",
                         sig=sig(TEXT, NUMBER, result=_deck_type)),
    "reversed": Builtin(lambda c, v: list(reversed(v)), 1, 1, doc="the list in reverse order",
                        sig=sig(list_of(T), returns=list_of(T))),
    "seat": Builtin(_seat, 1, 1, doc="the seat name (colour) of a player",
                    sig=sig(PLAYER, returns=TEXT)),
}


def _tokens_only(compiler, node) -> None:
    """At load time: the kind named first is a kind of token, not counted pieces."""
    first = node.children[1].children[0] if node.children[1] is not None else None
    if first is None or first.data != "pos_arg" or first.children[0].data != "name":
        return                       # the kind check names this mistake
    kind = str(first.children[0].children[0])
    if kind not in compiler.g.tokens and kind in compiler.g.pieces:
        name = str(node.children[0])
        compiler.fail(node, f"{name}: {kind!r} are counted pieces; {name} picks tokens")


def _log(c, message, **fields):
    c.emit({"e": "note", "msg": message, **fields})


STATEMENTS: dict[str, Builtin] = {
    "move": Builtin(lambda c, kind, owner, src, dst, n=1: c.move(kind, owner, src, dst, n), 4, 5,
                    doc="move up to n pieces of a player from one place to another",
                    sig=sig(TEXT, PLAYER, PLACE, PLACE, NUMBER)),
    "move_token": Builtin(lambda c, tid, dst: c.move_token(tid, dst), 2, 2,
                          doc="put a token at a place", sig=sig(TOKEN, PLACE)),
    "draw": Builtin(lambda c, kind, src, dst, n=1, **kw: c.draw(kind, src, dst, n, **kw), 3, 4,
                    FILTERS, doc="move up to n tokens of a kind, picked at random among those at "
                                 "a place (and matching the filters), to another place",
                    check=_tokens_only, sig=sig(TEXT, PLACE, PLACE, NUMBER)),
    "give": Builtin(lambda c, tid, p: c.give(tid, p), 2, 2,
                    doc="a token now belongs to a player (none: to nobody)",
                    sig=sig(TOKEN, PLAYER)),
    "reveal": Builtin(lambda c, tid: c.reveal(tid), 1, 1, doc="turn a token face up",
                      sig=sig(TOKEN)),
    "hide": Builtin(lambda c, tid: c.hide(tid), 1, 1, doc="turn a token face down",
                    sig=sig(TOKEN)),
    "control": Builtin(lambda c, tid, p: c.control(tid, p), 2, 2,
                       doc="a player takes control of a token with a control piece",
                       sig=sig(TOKEN, PLAYER)),
    "release": Builtin(lambda c, tid: c.release(tid), 1, 1,
                       doc="a token becomes neutral; its control piece goes home",
                       sig=sig(TOKEN)),
    "shuffle": Builtin(lambda c, deck: c.shuffle(deck), 1, 1, doc="shuffle a deck face down",
                       sig=sig(TEXT)),
    "reveal_card": Builtin(lambda c, deck, i: c.reveal_card(deck, i), 2, 2,
                           doc="turn one card of a deck face up",
                           sig=sig(TEXT, NUMBER)),
    "reveal_deck": Builtin(lambda c, deck: c.reveal_deck(deck), 1, 1,
                           doc="turn every card of a deck face up",
                           sig=sig(TEXT)),
    "log": Builtin(_log, 1, 1, "any", doc="write a message to the game log",
                   sig=sig(TEXT)),
}

# Statements the VM itself implements (they touch the flow, not just the state).
FLOW_STATEMENTS = {"end_game": (1, 2), "check_end": (0, 0)}
FLOW_SIGNATURES = {"end_game": sig(list_of(PLAYER), TEXT), "check_end": sig()}

# Built-ins of other modules, each for one concept of the engine.
from . import builtins_piles  # noqa: E402

EXPRESSIONS.update(builtins_piles.EXPRESSIONS)
STATEMENTS.update(builtins_piles.STATEMENTS)

# Built-ins of engine concepts kept in their own modules (tracks, money, connections, grids,
# goals, drafting). CONCEPT_BUILTINS need declarations a game may lack (a track, a resource,
# connections, a grid, goals), so the all-constructs template test renders them elsewhere.
from . import (  # noqa: E402
    builtins_bank,
    builtins_draft,
    builtins_goals,
    builtins_grid,
    builtins_links,
    builtins_tracks,
)

CONCEPT_BUILTINS: set[str] = set()
"""Built-ins that need declarations a game may lack (a track, a resource, a grid...)."""
for _module in (builtins_tracks, builtins_bank, builtins_links, builtins_grid, builtins_goals,
                builtins_draft):
    EXPRESSIONS.update(_module.EXPRESSIONS)
    STATEMENTS.update(getattr(_module, "STATEMENTS", {}))
    CONCEPT_BUILTINS.update(_module.EXPRESSIONS, getattr(_module, "STATEMENTS", {}))
