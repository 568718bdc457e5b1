"""Built-ins of decks (interpreter/runtime.py): ordered rows of cards, face up or down."""

from __future__ import annotations

from typing import Any

from ...errors import ScriptRuntimeError
from ...interpreter.runtime import Runtime
from ..types import NUMBER, TEXT, list_of, sig
from .registry import Builtin


def deck_cards(c: Any, name: str) -> list:
    """The cards of a deck in order (a copy)."""
    return list(c.deck(name)["cards"])


def deck_card(c: Any, name: str, index: int) -> Any:
    """Card number `index` (from 0) of a deck."""
    cards = c.deck(name)["cards"]
    if not 0 <= index < len(cards):
        raise ScriptRuntimeError(f"deck {name!r} has no card {index}")
    return cards[index]


def _deck_type(checker: Any, node: Any, args: Any) -> object:
    """The type of a deck's cards: of the deck named, or of any deck."""
    return checker.deck_card_type(node)


EXPRESSIONS: dict[str, Builtin] = {
    "deck_cards": Builtin(deck_cards, 1, 1, doc="the cards of a deck in order",
                          sig=sig(TEXT, result=lambda ch, n, a: list_of(_deck_type(ch, n, a)))),
    "deck_card": Builtin(deck_card, 2, 2, doc="card number i (from 0) of a deck",
                         sig=sig(TEXT, NUMBER, result=_deck_type)),
}

STATEMENTS: dict[str, Builtin] = {
    "shuffle": Builtin(Runtime.shuffle, 1, 1, doc="shuffle a deck face down",
                       sig=sig(TEXT)),
    "reveal_card": Builtin(Runtime.reveal_card, 2, 2,
                           doc="turn one card of a deck face up",
                           sig=sig(TEXT, NUMBER)),
    "reveal_deck": Builtin(Runtime.reveal_deck, 1, 1,
                           doc="turn every card of a deck face up",
                           sig=sig(TEXT)),
}
