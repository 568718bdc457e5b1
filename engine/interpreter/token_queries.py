"""The fast forms of the Runtime's token questions that generated code calls: tokens (and
counts) of a kind at one place, of an owner, with one property filter. Each answers as
`tokens(...)` or `count(...)` would, and falls back to them for any other shape (a list of
places, a filter on a field the general form treats apart)."""

from __future__ import annotations

from typing import Any

from .layout import GRID_FIELDS

_MISSING = object()


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

    def _one_filter(self, kind: str, owner: Any, at: Any, name: str, value: Any) -> Any:
        """The numbers of the tokens of `kind` at one place (of `owner`, unless _MISSING)
        whose property `name` is `value`, as _select finds them; None if _select must."""
        if type(at) is not str or name == "kind" or name in GRID_FIELDS:
            return None
        where = self.where[self.lay.kind_no[kind]].get(at)
        if not where:
            return ()
        values = self.fields.get(name)
        if values is None:
            props = self.props
            found = [i for i in where if props[i].get(name) == value]
        else:
            found = [i for i in where if values[i] == value]
        if owner is _MISSING:
            return found
        column = self.owner
        return [i for i in found if column[i] == owner]

    def tokens_at_where(self, kind: str, at: Any, name: str, value: Any) -> list:
        """Fast `tokens(kind, at=at, name=value)` (one place, one property filter)."""
        found = self._one_filter(kind, _MISSING, at, name, value)
        if found is None:
            return self.tokens(kind, at=at, **{name: value})
        tids = self.lay.tids
        return [tids[i] for i in found]

    def tokens_owned_where(self, kind: str, owner: Any, at: Any, name: str, value: Any
                           ) -> list:
        """Fast `tokens(kind, owner=owner, at=at, name=value)`."""
        found = self._one_filter(kind, owner, at, name, value)
        if found is None:
            return self.tokens(kind, owner=owner, at=at, **{name: value})
        tids = self.lay.tids
        return [tids[i] for i in found]

    def count_at_where(self, kind: str, at: Any, name: str, value: Any) -> int:
        """Fast `count(kind, at=at, name=value)` for a token kind."""
        found = self._one_filter(kind, _MISSING, at, name, value)
        return self.count(kind, at=at, **{name: value}) if found is None else len(found)

    def count_owned_where(self, kind: str, owner: Any, at: Any, name: str, value: Any
                          ) -> int:
        """Fast `count(kind, owner=owner, at=at, name=value)` for a token kind."""
        found = self._one_filter(kind, owner, at, name, value)
        return self.count(kind, owner=owner, at=at, **{name: value}) if found is None \
            else len(found)

