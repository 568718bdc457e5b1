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



# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_shuffle(reader, args, kwargs, env) -> str:
    return reader.w("shuffle {deck} and lay the cards face down",
                  deck=reader.p.expr(args[0], env))


def phrase_reveal_card(reader, args, kwargs, env) -> str:
    ok, i = reader.p.known(args[1], env)
    deck = reader.p.expr(args[0], env)
    if ok and isinstance(i, int):
        return reader.w("turn face up the {ordinal} card of {deck}", ordinal=reader.t.ordinal(i),
                      deck=deck)
    return reader.w("turn face up the card of {deck} at {position}", deck=deck,
                  position=reader.p.expr(args[1], env))


def phrase_reveal_deck(reader, args, kwargs, env) -> str:
    return reader.w("turn every card of {deck} face up", deck=reader.p.expr(args[0], env))


def phrase_deck_cards(reader, args, kwargs, env) -> str:
    return reader.w("the cards of {deck}", deck=reader.expr(args[0], env))


def phrase_deck_card(reader, args, kwargs, env) -> str:
    ok, i = reader.known(args[1], env)
    deck = reader.expr(args[0], env)
    if reader.cards_are_areas():
        if ok and isinstance(i, int):
            return reader.w("the area shown on the {ordinal} card of {deck}",
                          ordinal=reader.t.ordinal(i), deck=deck)
        return reader.w("the area shown on the card of {deck} at {position}", deck=deck,
                      position=reader.expr(args[1], env))
    if ok and isinstance(i, int):
        return reader.w("the {ordinal} card of {deck}", ordinal=reader.t.ordinal(i), deck=deck)
    return reader.w("the card of {deck} at {position}", deck=deck,
                  position=reader.expr(args[1], env))


EXPRESSIONS: dict[str, Builtin] = {
    "deck_cards": Builtin(deck_cards, 1, 1, doc="the cards of a deck in order",
                          sig=sig(TEXT, result=lambda ch, n, a: list_of(_deck_type(ch, n, a))),
                          phrase=phrase_deck_cards),
    "deck_card": Builtin(deck_card, 2, 2, doc="card number i (from 0) of a deck",
                         sig=sig(TEXT, NUMBER, result=_deck_type), phrase=phrase_deck_card),
}

STATEMENTS: dict[str, Builtin] = {
    "shuffle": Builtin(Runtime.shuffle, 1, 1, doc="shuffle a deck face down",
                       sig=sig(TEXT), phrase=phrase_shuffle),
    "reveal_card": Builtin(Runtime.reveal_card, 2, 2,
                           doc="turn one card of a deck face up",
                           sig=sig(TEXT, NUMBER), phrase=phrase_reveal_card),
    "reveal_deck": Builtin(Runtime.reveal_deck, 1, 1,
                           doc="turn every card of a deck face up",
                           sig=sig(TEXT), phrase=phrase_reveal_deck),
}
