"""Run a state's threads until every one waits for a decision, or the game is over.

Thread 0 is the main flow. A `simultaneous` block adds one thread per player; the main
thread waits at the join until they have all finished. Threads, frames and program
counters are plain data in the state, so a paused game saves, loads and copies exactly.
"""

from __future__ import annotations

from ..dsl.limits import STEP_BUDGET, StepBudgetExceeded, exceeded, step_budget
from ..dsl.program import PAUSE
from ..errors import Location, ScriptRuntimeError
from .runtime import Runtime

_SCRIPT_MISTAKES = (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError,
                    AttributeError, OverflowError)


def _looping_at(c: Runtime, thread: dict) -> Location | None:
    """Where a thread that spent the budget is looping: the innermost loop around the
    current op, looking from the top frame down."""
    procs = c.g.program.procs
    for frame in reversed(thread["stack"]):
        found = procs[frame["p"]].loop_at(frame["pc"])
        if found is not None:
            return found
    return None


def _run_thread(c: Runtime, thread: dict, budget: list[int] | None = None) -> None:
    if budget is None:
        budget = [STEP_BUDGET, STEP_BUDGET]
    procs = c.g.program.procs
    stack = thread["stack"]
    while stack:
        frame = stack[-1]
        proc = procs[frame["p"]]
        ops = proc.ops
        pc = frame["pc"]
        if pc >= len(ops):
            stack.pop()
            continue
        budget[0] -= 1
        try:
            if budget[0] < 0:
                raise exceeded(budget[1])
            result = ops[pc](frame, c, thread)
        except StepBudgetExceeded as err:
            where = _looping_at(c, thread) or proc.locations[pc]
            raise StepBudgetExceeded(str(err), where) from None
        except ScriptRuntimeError as err:
            if err.location is None:
                raise ScriptRuntimeError(str(err), proc.locations[pc]) from None
            raise
        except _SCRIPT_MISTAKES as err:
            raise ScriptRuntimeError(f"{type(err).__name__}: {err}", proc.locations[pc]) from None
        except RecursionError:
            raise ScriptRuntimeError("functions call each other too deeply (endless "
                                     "recursion?)", proc.locations[pc]) from None
        if result >= 0:
            frame["pc"] = result
        elif result == PAUSE:
            return
        # STACK: the op changed the stack (call, return, end of game) and set pcs itself


def advance(c: Runtime, steps: int = STEP_BUDGET) -> None:
    """Run every runnable thread; return when all wait or the game is over. More than
    `steps` ops (and comprehension items) before that is a located ScriptRuntimeError."""
    with step_budget(steps) as budget:
        _advance(c, budget)


def _advance(c: Runtime, budget: list[int]) -> None:
    threads = c.s["threads"]
    while threads and c.s["result"] is None:
        if len(threads) > 1:
            c.secret = True
            try:
                for thread in threads[1:]:
                    if thread["wait"] is None and thread["stack"]:
                        _run_thread(c, thread, budget)
            finally:
                c.secret = False
            threads[1:] = [t for t in threads[1:] if t["stack"]]
            if len(threads) > 1:
                return
        main = threads[0]
        if main["wait"] is not None or not main["stack"]:
            return
        _run_thread(c, main, budget)
        if len(threads) == 1 or c.s["result"] is not None:
            return


def waiting(state: dict) -> list[dict]:
    """The threads that wait for a decision, in seat order of the deciding player."""
    found = [t for t in state["threads"] if t["wait"] is not None]
    found.sort(key=lambda t: t["wait"]["player"])
    return found
