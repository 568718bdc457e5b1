"""What a face-down token shows: a token kind with secret properties must say, for every
other property whose value differs between its tokens, that it is public (printed on the
back, seen by everyone). One left unsaid would be shown to every seat by mistake."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

Bad = Callable[[tuple, str], None]


def _differs(values: list[Any]) -> bool:
    return len({json.dumps(v, sort_keys=True) for v in values}) > 1


def check_secrets(tokens: dict[str, dict], bad: Bad) -> None:
    """Report every property of a secret kind that is neither secret nor public, and every
    public property that is not a property or is also secret."""
    for name, kind in tokens.items():
        props = kind.get("props", {})
        secret = list(kind.get("secret", []))
        public = list(kind.get("public", []))
        for i, prop in enumerate(public):
            if prop not in props:
                bad(("tokens", name, "public", i), f"{prop!r} is not a property of {name}")
            elif prop in secret:
                bad(("tokens", name, "public", i), f"{prop!r} of {name} is both secret and "
                                                   "public")
        if not secret:
            continue
        for prop, values in props.items():
            if prop in secret or prop in public or not _differs(values):
                continue
            bad(("tokens", name, "secret"),
                f"{name}: the property {prop!r} differs between tokens and is neither secret "
                f"nor public; list it under secret: (hidden while face down) or public: "
                f"(everyone sees it, like a printed back)")
