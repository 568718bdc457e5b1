"""A point of a game's flow a scenario can name: a prompt pending, or a decision pending
inside a procedure, with the values of the variables on the waiting thread's stack.

    {ask: take_or_leave, area: north}         # the ask is pending; `area` (in the nearest
                                              # frame that has it) is north
    {proc: contest, area: north}              # some decision is pending inside a call of
                                              # contest(north, ...)
    {ask: take_or_leave, proc: contest, player: red}   # both; `player`: who decides

Every other key names a variable (a parameter or a local) of the procedures involved; its
value is compared as in facts (a seat's name matches the seat's index). The names are
checked against the game's scripts when the scenario is read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .document import Path_, Scope, _shown
from .flow_names import base_proc, flow_names

POINT_KEYS = ("ask", "proc", "player")


@dataclass
class Point:
    """A flow point: what must be pending, and the variables it must have."""

    ask: str | None = None
    proc: str | None = None
    player: int | None = None
    where: dict[str, Any] = field(default_factory=dict)
    text: str = ""


def parse_point(scope: Scope, node: Any, path: Path_) -> Point:
    """A flow point, its names checked against the game's scripts."""
    body = scope.mapping(node, path, "a flow point", extra=True)
    if "ask" not in body and "proc" not in body:
        raise scope.fail(path, "a flow point needs 'ask' (a prompt) or 'proc' (a procedure)")
    names = flow_names(scope.game)
    ask, proc = body.get("ask"), body.get("proc")
    if ask is not None and ask not in names.asks:
        raise scope.fail((*path, "ask"), f"unknown ask {_shown(ask)} "
                                         f"(asks: {', '.join(sorted(names.asks))})")
    if proc is not None and proc not in names.params:
        raise scope.fail((*path, "proc"), f"unknown procedure {_shown(proc)} "
                                          f"(procedures: {', '.join(sorted(names.params))})")
    if proc is not None:
        known, within = sorted(names.variables[proc]), f"procedure {proc}"
    else:
        known, within = names.variables_of(names.on_the_way(ask)), f"the procedures on " \
                                                                   f"the way to {ask}"
    where = {}
    for key, value in body.items():
        if key in POINT_KEYS:
            continue
        if key not in known:
            raise scope.fail((*path, key), f"{key!r} is no variable of {within} "
                                           f"(variables: {', '.join(known) or 'none'})")
        where[key] = value
    player = scope.seat(body["player"], (*path, "player")) if "player" in body else None
    parts = [f"ask {ask}"] if ask else []
    parts += [f"in {proc}"] if proc else []
    parts += [f"for {scope.seat_name(player)}"] if player is not None else []
    parts += [f"{k}={_shown(v)}" for k, v in where.items()]
    return Point(ask, proc, player, where, " ".join(parts))


def reached(run, point: Point) -> bool:
    """Is a decision pending at `point` now?"""
    for thread in run.state.data["threads"]:
        wait = thread["wait"]
        if wait is None or (point.ask is not None and wait["ask"] != point.ask):
            continue
        if point.player is not None and wait["player"] != point.player:
            continue
        if _frames_match(run.scope, point, thread["stack"]):
            return True
    return False


def _frames_match(scope: Scope, point: Point, stack: list[dict]) -> bool:
    if point.proc is not None:
        return any(base_proc(frame["p"]) == point.proc and all(
            key in frame["e"] and scope.matches(value, frame["e"][key])
            for key, value in point.where.items()) for frame in stack)
    for key, value in point.where.items():
        frame = next((f for f in reversed(stack) if key in f["e"]), None)
        if frame is None or not scope.matches(value, frame["e"][key]):
            return False
    return True


def pending(run) -> str:
    """What is pending now, for messages: each deciding seat's ask and innermost procedure."""
    params = flow_names(run.scope.game).params
    out = []
    for thread in run.state.data["threads"]:
        wait = thread["wait"]
        if wait is not None:
            frame = thread["stack"][-1]
            args = ", ".join(f"{k}={_shown(frame['e'].get(k))}"
                             for k in params.get(base_proc(frame["p"]), []))
            out.append(f"{run.scope.seat_name(wait['player'])}: {wait['ask']} in "
                       f"{base_proc(frame['p'])}({args})")
    return "; ".join(out) or "nothing (the game is over)"
