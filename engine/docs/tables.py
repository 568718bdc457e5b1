"""Tables of tokens for the rulebook: a card game's card list, one row per kind of card.

An outline block `{table: card, columns: [name, number, price]}` lists the tokens of a
kind with the properties chosen, identical tokens counted in one row. Long token sets are
then only counted in the components list (`LISTED_AFTER` tokens or more).
"""

from __future__ import annotations

from .markdown import table
from .texts import Texts

LISTED_AFTER = 13
"""A token kind with at least this many tokens is described by a table, not in a sentence."""


def token_table(texts: Texts, kind: str, columns: list[str]) -> str:
    """The tokens of `kind` as a table: the chosen properties and how many tokens share them."""
    tok = texts.g.tokens[kind]
    size = len(next(iter(tok.props.values()))) if tok.props else 0
    rows: dict[tuple, int] = {}
    for i in range(size):
        key = tuple(_frozen(tok.props[c][i]) for c in columns)
        rows[key] = rows.get(key, 0) + 1
    head = [texts.name("properties", c, 1) for c in columns] + [texts.w.ctx("table", "how many")]
    body = [[texts.value(_thawed(v)) for v in key] + [str(n)] for key, n in rows.items()]
    return table(head, body)


def _frozen(value):
    """A list property (parts of a tile) as a tuple, so identical tokens can be counted."""
    return tuple(_frozen(v) for v in value) if isinstance(value, list) else value


def _thawed(value):
    return [_thawed(v) for v in value] if isinstance(value, tuple) else value


def counted_only(texts: Texts, kind: str) -> str | None:
    """"95 cards, each showing its name, number and price (see their table)" for a long
    token set; None for a short one (listed in full)."""
    tok = texts.g.tokens[kind]
    size = len(next(iter(tok.props.values()))) if tok.props else 1
    if size < LISTED_AFTER:
        return None
    props = texts.w.join([texts.name("properties", p, 1) for p in tok.props])
    return texts.w("{things}, each showing its {properties} (see the table)",
                   things=texts.counted(kind, size), properties=props)
