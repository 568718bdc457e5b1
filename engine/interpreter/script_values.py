"""What generated code calls for the values procedures return and for sorting by a key
(run-time support of the script language; the compiler binds these into the generated
module under the names in VALUE_HELPERS)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

RETURNED = "·returned"
"""The key of a caller's frame variables (`e`) that holds the value its callee returned,
from the callee's `return E` to the caller's next line (never while a game waits)."""


def returned(thread: dict, value: Any) -> None:
    """`return E` in a procedure that can pause: the value goes to the frame below (its
    caller), which takes it with `take_returned` as it goes on."""
    stack = thread["stack"]
    if len(stack) > 1:
        stack[-2]["e"][RETURNED] = value


def take_returned(env: dict) -> Any:
    """The value the procedure just called returned (none if it ended without `return E`)."""
    return env.pop(RETURNED, None)


def sort_by(values: list, where: Callable[[Any], Any] | None,
            key: Callable[[Any], tuple]) -> list:
    """`sort x in L by KEYS where C`: the items that pass C, lowest keys first; ties keep
    the list's order."""
    chosen = [x for x in values if where is None or where(x)]
    return sorted(chosen, key=key)


VALUE_HELPERS: dict[str, Any] = {
    "_returned": returned, "_take_returned": take_returned, "_sort_by": sort_by,
}
"""The names generated code uses for these helpers."""
