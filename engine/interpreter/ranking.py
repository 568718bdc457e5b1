"""Ranking: items grouped by a key, best first, ties sharing a group (the end of a game,
goals, and `rank` in the scripts)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def rank_groups(items: list, key: Callable[[Any], Any]) -> list[list]:
    """Group `items` by key, highest key first; ties share a group, in the items' order."""
    return keyed_groups([(key(item), item) for item in items])


def keyed_groups(keyed: list[tuple[Any, Any]]) -> list[list]:
    """(key, item) pairs grouped by key, highest key first, ties in the pairs' order."""
    order = sorted(range(len(keyed)), key=lambda i: keyed[i][0], reverse=True)
    groups: list[list] = []
    last = object()
    for i in order:
        k, item = keyed[i]
        if groups and k == last:
            groups[-1].append(item)
        else:
            groups.append([item])
            last = k
    return groups
