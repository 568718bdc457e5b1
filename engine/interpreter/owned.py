"""The index of tokens by kind, place and owner, and the token questions about one owner's
tokens at one place that it answers without looking at the other owners' tokens.

`owned[kind number]` maps (place, owner) to the numbers of that owner's tokens of the kind
at the place, ascending; it is None for a kind laid on grids (the grid built-ins change
those tokens' owners themselves), whose questions go to the general forms. The Runtime's
`owned_of` maps each kind's name to the same dict (or None).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from .layout import GRID_FIELDS, Layout
from .token_queries import TokenQueries


def build_owned(lay: Layout, at: list, owner: list) -> list[dict[tuple, list[int]] | None]:
    """The index of tokens by kind, place and owner, from the `at` and `owner` columns."""
    owned: list[dict[tuple, list[int]] | None] = [
        None if kind in lay.grid_kinds else {} for kind in lay.kind_no]
    kinds = lay.kind_of_no
    for i, place in enumerate(at):
        by_key = owned[kinds[i]]
        if by_key is not None:
            bucket = by_key.get((place, owner[i]))
            if bucket is None:
                by_key[(place, owner[i])] = [i]
            else:
                bucket.append(i)
    return owned


def shift_bucket(index: dict, i: int, old: Any, new: Any) -> None:
    """Token i goes from bucket `old` to bucket `new` of an index (buckets stay ascending)."""
    bucket = index[old]
    if len(bucket) == 1:
        del index[old]
    else:
        bucket.remove(i)
    bucket = index.get(new)
    if bucket is None:
        index[new] = [i]
    else:
        insort(bucket, i)


class OwnedQueries(TokenQueries):
    """The owner forms of the fast token questions, answered from `owned` where it can
    (one place, an owner that is a player or none, an indexed kind), else as TokenQueries
    answers them (see runtime.Runtime for the attributes)."""

    __slots__ = ()

    def tokens_owned(self, kind: str, owner: Any, at: Any) -> list:
        """Fast `tokens(kind, owner=owner, at=at)`."""
        index = self.owned_of.get(kind)
        if index is None or type(at) is not str or not (type(owner) is int or owner is None):
            return TokenQueries.tokens_owned(self, kind, owner, at)
        found = index.get((at, owner))
        if not found:
            return []
        tids = self.lay.tids
        return [tids[i] for i in found]

    def owned_values(self, kind: str, owner: Any, at: Any, name: str) -> list:
        """Fast `prop_list(tokens_owned(kind, owner, at), name)` for a property every token of
        `kind` has: the values read from the property's column, with no ids in between."""
        index = self.owned_of.get(kind)
        if index is None or type(at) is not str or not (type(owner) is int or owner is None) \
                or self.props is not self.lay.props:    # not indexed, or a test changed one
            return self.prop_list(self.tokens_owned(kind, owner, at), name)
        found = index.get((at, owner))
        if not found:
            return []
        values = self.lay.column(name)
        return [values[i] for i in found]

    def _owned_where(self, kind: str, owner: Any, at: Any, name: str, value: Any
                     ) -> list[int] | None:
        """The numbers of `owner`'s tokens of `kind` at `at` whose property `name` is
        `value`; None if the index cannot answer (as TokenQueries' _one_filter)."""
        index = self.owned_of.get(kind)
        if index is None or type(at) is not str or not (type(owner) is int or owner is None) \
                or name == "kind" or name in GRID_FIELDS:
            return None
        values = self.fields.get(name)
        if values is None:
            if self.props is not self.lay.props:       # a test changed a property
                return None
            values = self.lay.column(name)
        found = index.get((at, owner))
        return [i for i in found if values[i] == value] if found else []

    def tokens_owned_where(self, kind: str, owner: Any, at: Any, name: str, value: Any
                           ) -> list:
        """Fast `tokens(kind, owner=owner, at=at, name=value)`."""
        found = self._owned_where(kind, owner, at, name, value)
        if found is None:
            return TokenQueries.tokens_owned_where(self, kind, owner, at, name, value)
        tids = self.lay.tids
        return [tids[i] for i in found]

    def count_owned_where(self, kind: str, owner: Any, at: Any, name: str, value: Any
                          ) -> int:
        """Fast `count(kind, owner=owner, at=at, name=value)` for a token kind."""
        found = self._owned_where(kind, owner, at, name, value)
        if found is None:
            return TokenQueries.count_owned_where(self, kind, owner, at, name, value)
        return len(found)
