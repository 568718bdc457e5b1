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


def value_kind(value: Any) -> str | None:
    """A value's kind in words, as a data check names it (None for null)."""
    if value is None:
        return None
    if isinstance(value, bool):
        return "true/false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a text"
    return "a list" if isinstance(value, list) else "a mapping"


def mixed_values(doc: dict) -> list[tuple[tuple, str]]:
    """Where a property of the data holds a value of another kind than its other values
    (a text among numbers: `price: 'null'` on one card), as (path in the document, why).
    Token properties (rows or columns) and area properties are read; null is always allowed."""
    found = []
    columns: dict[tuple, list[tuple[tuple, Any]]] = {}
    tokens = doc.get("tokens") if isinstance(doc.get("tokens"), dict) else {}
    for kind, body in tokens.items():
        if not isinstance(body, dict):
            continue
        for i, row in enumerate(body.get("rows") or []):
            for name, value in (row.items() if isinstance(row, dict) else ()):
                columns.setdefault(("tokens", kind, name), []).append(
                    (("tokens", kind, "rows", i, name), value))
        for name, values in (body.get("props") or {}).items():
            for i, value in enumerate(values if isinstance(values, list) else []):
                columns.setdefault(("tokens", kind, name), []).append(
                    (("tokens", kind, "props", name, i), value))
    areas = doc.get("areas") if isinstance(doc.get("areas"), dict) else {}
    for area, body in areas.items():
        for name, value in (body.items() if isinstance(body, dict) else ()):
            if name != "kind":
                columns.setdefault(("areas", name), []).append((("areas", area, name), value))
    for values in columns.values():
        kinds = [value_kind(v) for _, v in values]
        counted = {k: kinds.count(k) for k in set(kinds) if k}
        if len(counted) < 2:
            continue
        usual = max(counted, key=lambda k: (counted[k], k))
        path, value = next((p, v) for (p, v), k in zip(values, kinds) if k and k != usual)
        name = path[-1] if isinstance(path[-1], str) else path[-2]
        found.append((path, f"{str(value)[:40]!r} is {value_kind(value)}, where the other "
                            f"values of {name} are {_PLURALS[usual]}"))
    return found


_PLURALS = {"a number": "numbers", "a text": "texts", "true/false": "true/false values",
            "a list": "lists", "a mapping": "mappings"}
