"""What generated code calls besides the Runtime: the limits on numbers, lists and steps,
ranking, the end of a game, and the checks of a procedure's frames and variables.

Every generated function takes the runtime and the open step budget `L` (see
limits.new_budget) first; these helpers are bound into the generated module's globals
under the names in HELPERS.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import ScriptRuntimeError
from .ending import check_end as ends
from .ending import finish
from .limits import (
    LIST_LIMIT,
    MAX_FRAMES,
    NUMBER_LIMIT,
    check_count,
    exceeded,
    refuse_count,
    sized,
)
from .ranking import keyed_groups, rank_groups

STOPPED = 1
"""What a resumable procedure returns when it stops (a decision, or a join); a finished
one returns None."""


class GameOver(Exception):  # noqa: N818 - a signal, not an error
    """Unwinds the scripts once the game has ended (end_game, or check_end ending it)."""


class Unset:
    """The value of a variable of a resumable procedure before anything is assigned to it."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "UNSET"


UNSET = Unset()


def unset(name: str) -> Any:
    """The error for a variable read before it is set."""
    raise ScriptRuntimeError(f"variable {name!r} used before it is set")


def var(value: Any, name: str) -> Any:
    """A variable that may not be set yet: its value, or the error."""
    if value is UNSET:
        unset(name)
    return value


def keep(env: dict, values: dict) -> None:
    """Store the variables that are set into a frame's variables."""
    for key, value in values.items():
        if value is not UNSET:
            env[key] = value


def spent(budget: list[int]) -> None:
    """The error for a spent budget (the VM names the loop)."""
    raise exceeded(budget[1])


def each(budget: list[int], items: Any, weight: int) -> list:
    """The items a `for` loop runs over (copied first), its turns charged up front."""
    values = list(items)
    budget[0] -= len(values) * weight
    if budget[0] < 0:
        spent(budget)
    return values


def repeat(budget: list[int], count: Any, weight: int) -> range:
    """The turns of `repeat N`, refused if too many and charged up front."""
    turns = range(count)
    refuse_count(len(turns), f"repeat {len(turns)}")
    budget[0] -= len(turns) * (weight + 1)
    if budget[0] < 0:
        spent(budget)
    return turns


def looked_at(budget: list[int], values: Any) -> Any:
    """The list a comprehension looks at, one step charged per item."""
    budget[0] -= len(values)
    if budget[0] < 0:
        spent(budget)
    return values


def deeper(budget: list[int]) -> None:
    """One more nested call of a procedure that can call itself (and a step)."""
    budget[2] += 1
    budget[0] -= 1
    if budget[2] >= MAX_FRAMES:
        too_deep()
    if budget[0] < 0:
        spent(budget)


def too_deep() -> None:
    """The error for procedures nested too deeply."""
    raise ScriptRuntimeError(f"procedures call each other more than {MAX_FRAMES} deep "
                             "(endless recursion?)")


def push(thread: dict, frame: dict) -> dict:
    """Put a new frame on a thread's stack (refused past MAX_FRAMES); the frame."""
    stack = thread["stack"]
    if len(stack) >= MAX_FRAMES:
        too_deep()
    stack.append(frame)
    return frame


def nothing_to_choose(name: str) -> None:
    """The error for a `choose` from no options."""
    raise ScriptRuntimeError(f"nothing to choose from for {name!r}")


def bad_pc(frame: dict) -> None:
    """The error for a frame standing where its procedure cannot resume."""
    raise ScriptRuntimeError(f"{frame['p']} cannot resume at step {frame['pc']!r}")


# -- arithmetic within the limits ---------------------------------------------------------
def add(budget: list[int], a: Any, b: Any) -> Any:
    """`a + b`, within the limits of numbers and lists (a list or text built spends a step
    per item)."""
    r = a + b
    kind = type(r)
    if kind is int:
        if -NUMBER_LIMIT <= r <= NUMBER_LIMIT:
            return r
    elif kind is list or kind is str:
        size = len(r)
        if size <= LIST_LIMIT:
            budget[0] -= size
            if budget[0] < 0:
                spent(budget)
            return r
    return sized(r)


def sub(budget: list[int], a: Any, b: Any) -> Any:
    """`a - b`, within the limits of numbers."""
    r = a - b
    if type(r) is int and -NUMBER_LIMIT <= r <= NUMBER_LIMIT:
        return r
    return sized(r)


def mul(a: Any, b: Any) -> Any:
    """`a * b`, within the limits (a repeated list is refused before it is built)."""
    if type(b) is int and type(a) in (list, str):
        check_count(len(a) * b, "the repeated list")
    elif type(a) is int and type(b) in (list, str):
        check_count(len(b) * a, "the repeated list")
    return sized(a * b)


# -- value built-ins that need no state -----------------------------------------------------
def first(values: Any) -> Any:
    """The first item, or none."""
    return values[0] if values else None


def rank(budget: list[int], values: Any, where: Callable[[Any], Any] | None,
         key: Callable[[Any], tuple]) -> list[list]:
    """`rank x in L by KEYS where C`: groups of tied items, best first."""
    looked_at(budget, values)
    chosen = [x for x in values if where is None or where(x)]
    return rank_groups(chosen, key)


def rank_keyed(budget: list[int], values: Any, keyed: Callable[[Any], Any]) -> list[list]:
    """`rank x in L by KEYS where C` with C and the keys computed together: keyed(x) is
    False for an item left out, else its keys."""
    looked_at(budget, values)
    pairs = [(k, x) for x, k in zip(values, map(keyed, values)) if k is not False]
    return keyed_groups(pairs)


# -- the end of the game --------------------------------------------------------------------
def check_end(c: Any) -> None:
    """`check_end()`: if the game ends now, unwind the scripts."""
    if ends(c):
        raise GameOver


def end_game(c: Any, winners: Any, reason: Any = "") -> None:
    """`end_game(WINNERS, REASON)`: the game ends now."""
    finish(c, list(winners), reason)
    raise GameOver


HELPERS: dict[str, Any] = {
    "_STOPPED": STOPPED, "_UNSET": UNSET, "_v": var, "_keep": keep, "_spent": spent,
    "_each": each, "_repeat": repeat, "_looked_at": looked_at, "_deeper": deeper,
    "_push": push, "_nothing": nothing_to_choose, "_add": add, "_sub": sub, "_mul": mul,
    "_first": first, "_rank": rank, "_rank_keyed": rank_keyed, "_check_end": check_end,
    "_end_game": end_game, "_bad_pc": bad_pc,
}
"""The names generated code uses for these helpers."""
