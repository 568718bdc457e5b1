"""The fast forms of the Runtime's token questions that generated code calls: tokens (and
counts) of a kind at one place, of an owner, with one property filter. Each answers as
`tokens(...)` or `count(...)` would, and falls back to them for any other shape (a list of
places, a filter on a field the general form treats apart)."""

from __future__ import annotations

from typing import Any

from .layout import GRID_FIELDS

_MISSING = object()
"""An argument not given (shared with tokens.py)."""


class TokenQueries:
    """Fast token questions, mixed into the Runtime (see runtime.Runtime for its attributes:
    lay, where, owner, props, fields; tokens and count are the general forms)."""

    __slots__ = ()

    def tokens_at(self, kind: str, at: Any) -> list:
        """Fast `tokens(kind, at=at)` (for one place; anything else as tokens does)."""
        if type(at) is not str:
            return self.tokens(kind, at=at)
        where = self.where[self.lay.kind_no[kind]].get(at)
        if not where:
            return []
        tids = self.lay.tids
        return [tids[i] for i in where]

    def tokens_owned(self, kind: str, owner: Any, at: Any) -> list:
        """Fast `tokens(kind, owner=owner, at=at)` (for one place; anything else as tokens
        does)."""
        if type(at) is not str:
            return self.tokens(kind, owner=owner, at=at)
        where = self.where[self.lay.kind_no[kind]].get(at)
        if not where:
            return []
        tids, column = self.lay.tids, self.owner
        return [tids[i] for i in where if column[i] == owner]

    def _column(self, name: str) -> list | None:
        """Property or field `name` of every token by number, for a one-filter question;
        None if the general form must answer (a name it treats apart, or a property a
        test changed)."""
        values = self.fields.get(name)
        if values is not None:
            return values
        if name == "kind" or name in GRID_FIELDS or self.props is not self.lay.props:
            return None
        return self.lay.column(name)

    def tokens_at_where(self, kind: str, at: Any, name: str, value: Any) -> list:
        """Fast `tokens(kind, at=at, name=value)` (one place, one property filter)."""
        values = self._column(name) if type(at) is str else None
        if values is None:
            return self.tokens(kind, at=at, **{name: value})
        where = self.where[self.lay.kind_no[kind]].get(at)
        if not where:
            return []
        tids = self.lay.tids
        return [tids[i] for i in where if values[i] == value]

    def tokens_owned_where(self, kind: str, owner: Any, at: Any, name: str, value: Any
                           ) -> list:
        """Fast `tokens(kind, owner=owner, at=at, name=value)`."""
        values = self._column(name) if type(at) is str else None
        if values is None:
            return self.tokens(kind, owner=owner, at=at, **{name: value})
        where = self.where[self.lay.kind_no[kind]].get(at)
        if not where:
            return []
        tids, column = self.lay.tids, self.owner
        return [tids[i] for i in where if values[i] == value and column[i] == owner]

    def count_at_where(self, kind: str, at: Any, name: str, value: Any) -> int:
        """Fast `count(kind, at=at, name=value)` for a token kind."""
        values = self._column(name) if type(at) is str else None
        if values is None:
            return self.count(kind, at=at, **{name: value})
        where = self.where[self.lay.kind_no[kind]].get(at)
        return [values[i] for i in where].count(value) if where else 0

    def count_owned_where(self, kind: str, owner: Any, at: Any, name: str, value: Any
                          ) -> int:
        """Fast `count(kind, owner=owner, at=at, name=value)` for a token kind."""
        values = self._column(name) if type(at) is str else None
        if values is None:
            return self.count(kind, owner=owner, at=at, **{name: value})
        where = self.where[self.lay.kind_no[kind]].get(at)
        if not where:
            return 0
        column = self.owner
        return len([i for i in where if values[i] == value and column[i] == owner])
