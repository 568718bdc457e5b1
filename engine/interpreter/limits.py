"""Limits that keep a script from hanging or exhausting memory: a step budget per advance,
the longest list a script may build, the largest number it may compute and how deeply
procedures may call each other.

The budget is counted by the generated code: each turn of a loop spends as many steps as its
body has statements (a `for` or `repeat` spends them for all its turns as it starts), each
call of a procedure or function that can call itself spends one, comprehensions spend one
step per item they look at, and lists built with `range`, `+`, `*` or `repeat` one per item.
`vm.advance` opens it, so code run outside an advance is not counted.
"""

from __future__ import annotations

from contextvars import ContextVar
from typing import Any

from ..errors import ScriptRuntimeError

STEP_BUDGET = 1_000_000
"""Steps one advance (the scripts' run from one decision to the next) may take: a spent
budget takes about a third of a second. The most a real advance of the built-in games takes
is about 1,300 (benchmarks/script_steps.py, 40 random games per player count)."""

LIST_LIMIT = 1_000_000
"""The most items a list (or characters a text) built by a script may hold."""

NUMBER_LIMIT = 10**18
"""The largest size of a number a script may compute."""

MAX_FRAMES = 200
"""How deeply procedures may call each other (the built-in games need fewer than 10)."""


class StepBudgetExceeded(ScriptRuntimeError):
    """The scripts took more steps than STEP_BUDGET without reaching a decision."""


_budget: ContextVar[list[int] | None] = ContextVar("regola_step_budget", default=None)


def new_budget(steps: int = STEP_BUDGET) -> list[int]:
    """A budget: [steps left, steps, how deeply procedures that can call themselves are
    nested]."""
    return [steps, steps, 0]


OPEN_BUDGET = _budget
"""The budget open now (a ContextVar: vm.advance sets and resets it itself, in short)."""


def open_budget() -> list[int]:
    """The budget open now, or an unlimited one (code run outside an advance)."""
    left = _budget.get()
    return left if left is not None else new_budget(NUMBER_LIMIT)


class step_budget:  # noqa: N801 - used as a function: `with step_budget(steps) as budget:`
    """Open a budget of `steps` for the code run inside; `as` gives it (see new_budget)."""

    __slots__ = ("left", "token")

    def __init__(self, steps: int = STEP_BUDGET):
        self.left = new_budget(steps)

    def __enter__(self) -> list[int]:
        self.token = _budget.set(self.left)
        return self.left

    def __exit__(self, *exc: object) -> None:
        _budget.reset(self.token)


def exceeded(steps: int = STEP_BUDGET) -> StepBudgetExceeded:
    """The error for a spent budget (the VM adds where the scripts were looping)."""
    return StepBudgetExceeded(f"the scripts took more than {steps:,} steps without reaching "
                              "a decision (an endless loop?)")


def charge(steps: int) -> None:
    """Spend steps of the open budget (none open: nothing to count)."""
    left = _budget.get()
    if left is not None:
        left[0] -= steps
        if left[0] < 0:
            raise exceeded(left[1])


def sized(value: Any) -> Any:
    """`value` if it is within the limits of a list, a text or a number; else a clear error."""
    kind = type(value)
    if kind is int:
        if -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
            return value
        raise ScriptRuntimeError(f"a number larger than {NUMBER_LIMIT:,} (the limit of scripts)")
    if kind is list or kind is str:
        if len(value) > LIST_LIMIT:
            what = "list" if kind is list else "text"
            raise ScriptRuntimeError(f"a {what} of {len(value):,} items; scripts may build "
                                     f"lists of at most {LIST_LIMIT:,}")
        charge(len(value))
    return value


def refuse_count(count: Any, what: str) -> None:
    """Refuse a count of items over LIST_LIMIT before anything is built."""
    if type(count) is int and count > LIST_LIMIT:
        raise ScriptRuntimeError(f"{what} would hold {count:,} items; scripts may build lists "
                                 f"of at most {LIST_LIMIT:,}")


def check_count(count: Any, what: str) -> None:
    """Refuse a count of items over LIST_LIMIT before anything is built; building them
    spends as many steps."""
    refuse_count(count, what)
    if type(count) is int and count > 0:
        charge(count)
