"""Run a state's threads until every one waits for a decision, or the game is over.

Thread 0 is the main flow. A `simultaneous` block adds one thread per player; the main
thread waits at the join until they have all finished. Threads, frames and resume points
are plain data in the state, so a paused game saves, loads and copies exactly.

Each frame is run by its procedure's generated function (dsl/codegen): it returns a true
value when it stopped (a decision, or a join), and a false one when it finished, and then
its frame is popped and the frame below resumes. A runtime error is located here, from the
generated lines in its traceback.
"""

from __future__ import annotations

import re

from ..errors import Location, ScriptRuntimeError
from .limits import OPEN_BUDGET, STEP_BUDGET, StepBudgetExceeded, new_budget
from .locate import locate
from .runtime import Runtime
from .script_support import GameOver

_SCRIPT_MISTAKES = (KeyError, IndexError, TypeError, ValueError, ZeroDivisionError,
                    AttributeError, OverflowError)
_QUOTED = re.compile(r"'([^']*)'")


def _where(c: Runtime, err: BaseException, loop_first: bool = False) -> Location | None:
    module = c.g.program.module
    return locate(module.filename, module.table, err.__traceback__, loop_first)


def _unset_name(err: NameError) -> str:
    """The script variable a NameError of generated code is about."""
    found = _QUOTED.search(str(err))
    name = found.group(1) if found else "?"
    return name[3:] if name.startswith("_v_") else name


def _run_thread(c: Runtime, thread: dict, budget: list[int] | None = None) -> None:
    if budget is None:
        budget = new_budget()
    procs = c.g.program.procs
    stack = thread["stack"]
    try:
        while stack:
            frame = stack[-1]
            if procs[frame["p"]].run(c, budget, thread, frame):
                return
            stack.pop()
    except GameOver:
        return
    except StepBudgetExceeded as err:
        raise StepBudgetExceeded(str(err), _where(c, err, True)) from None
    except ScriptRuntimeError as err:
        if err.location is None:
            raise ScriptRuntimeError(str(err), _where(c, err)) from None
        raise
    except NameError as err:
        raise ScriptRuntimeError(f"variable {_unset_name(err)!r} used before it is set",
                                 _where(c, err)) from None
    except _SCRIPT_MISTAKES as err:
        raise ScriptRuntimeError(f"{type(err).__name__}: {err}", _where(c, err)) from None
    except RecursionError as err:
        raise ScriptRuntimeError("functions call each other too deeply (endless "
                                 "recursion?)", _where(c, err)) from None


def advance(c: Runtime, steps: int = STEP_BUDGET) -> None:
    """Run every runnable thread; return when all wait or the game is over. More than
    `steps` steps (see limits.py) before that is a located ScriptRuntimeError."""
    budget = [steps, steps, 0]            # as limits.new_budget; open as step_budget does
    token = OPEN_BUDGET.set(budget)
    try:
        threads = c.s["threads"]
        if len(threads) == 1:             # the common case, as _advance does it in short
            main = threads[0]
            if main["wait"] is None and main["stack"] and c.s["result"] is None:
                _run_thread(c, main, budget)
                if len(threads) == 1:
                    return
            else:
                return
        _advance(c, budget)
    finally:
        OPEN_BUDGET.reset(token)


def resume(c: Runtime, thread: dict, steps: int = STEP_BUDGET) -> None:
    """As advance, once `thread`'s decision is answered: every other thread waits (or is
    the main one, at its join), so only this one is run, then the main one if it was the
    last of the players' threads."""
    threads = c.s["threads"]
    if thread is threads[0] or c.s["result"] is not None:
        advance(c, steps)
        return
    budget = [steps, steps, 0]            # as limits.new_budget; open as step_budget does
    token = OPEN_BUDGET.set(budget)
    before = len(threads)
    try:
        c.secret = True
        try:
            _run_thread(c, thread, budget)
        finally:
            c.secret = False
        if not thread["stack"]:
            for k in range(1, len(threads)):
                if threads[k] is thread:
                    del threads[k]
                    before -= 1
                    break
        if len(threads) == 1 or len(threads) > before:    # the main one, or new threads
            _advance(c, budget)
    finally:
        OPEN_BUDGET.reset(token)


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
    threads = state["threads"]
    if len(threads) == 1:
        return [threads[0]] if threads[0]["wait"] is not None else []
    found = [t for t in threads if t["wait"] is not None]
    found.sort(key=lambda t: t["wait"]["player"])
    return found
