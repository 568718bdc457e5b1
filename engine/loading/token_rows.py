"""Tokens given as rows (one mapping per token) instead of columns of property values.

A card game lists its cards one per line: `rows: [{name: Donor, price: 3}, ...]`. The
model keeps properties as columns (`props`), so rows are turned into columns here, before
anything else reads the document; a property a row leaves out is none for that token.
"""

from __future__ import annotations

from typing import Any


def expand_token_rows(doc: dict) -> dict:
    """The document with every token kind's `rows` turned into `props` columns."""
    tokens = doc.get("tokens")
    if not tokens or not any("rows" in t for t in tokens.values()):
        return doc
    out = dict(doc)
    out["tokens"] = {name: _columns(kind) for name, kind in tokens.items()}
    return out


def _columns(kind: dict) -> dict:
    rows: list[dict[str, Any]] | None = kind.get("rows")
    if rows is None:
        return kind
    names: list[str] = list(kind.get("props", {}))
    for row in rows:
        names.extend(k for k in row if k not in names)
    props = {k: list(v) for k, v in kind.get("props", {}).items()}
    for name in names:
        column = props.setdefault(name, [])
        column.extend(row.get(name) for row in rows)
    out = {k: v for k, v in kind.items() if k != "rows"}
    out["props"] = props
    return out
