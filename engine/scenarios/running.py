"""The `run:` step: play forward until a point of the flow is reached.

    - run:
        until: {ask: take_or_leave, area: north}   # a flow point (see flow_point.py)
        actions: [...]        # optional: these decisions first (as in `act`)
        bots: random          # who plays the rest: random (default), first, last, none,
                              # or per seat: {red: first, blue: random} (others: random)
        prefer: [take]        # optional: action ids a bot takes whenever they are legal
        within: 500           # at most this many decisions (default 1000)

The random bots are seeded from the scenario's seed and the step's rank among the file's
`run` steps, so a run always reaches the same position. The point is checked before every
decision; a located failure says what is pending if it is never reached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bots import BOTS
from .acting import Action, apply_one, parse_actions
from .document import Failure, Path_, Scope, action_id
from .flow_point import Point, parse_point, pending, reached

RUN_KEYS = ("until", "actions", "bots", "prefer", "within")
POLICIES = ("first", "last", "none")
WITHIN = 1000


def parse_run(scope: Scope, node: Any, path: Path_) -> Callable:
    """A `run:` step: listed decisions, then bots, until a flow point is pending."""
    body = scope.mapping(node, path, "run", required=("until",), optional=RUN_KEYS)
    point = parse_point(scope, body["until"], (*path, "until"))
    items = scope.listing(body["actions"], (*path, "actions"), "actions") \
        if "actions" in body else []
    listed = [a for i, item in enumerate(items)
              for a in parse_actions(scope, item, (*path, "actions", i))]
    bots = _bots(scope, body.get("bots", "random"), (*path, "bots"))
    prefer = [action_id(v) for v in scope.listing(body.get("prefer", []), (*path, "prefer"),
                                                  "prefer")]
    within = scope.integer(body.get("within", WITHIN), (*path, "within"), "within", 1)
    rank = scope.counter("run")
    line = scope.line(path)

    def run_run(run) -> None:
        randoms = {kind: bot(f"{run.seed}/run/{rank}") for kind, bot in BOTS.items()}
        taken = 0
        for action in listed:
            for value in action.values:
                _not_yet(run, point, action, line)
                apply_one(run, action.player, value, action.line)
                taken += 1
            if action.finish is not None and action_id(action.finish) in _ids(run,
                                                                              action.player):
                _not_yet(run, point, action, line)
                apply_one(run, action.player, action.finish, action.line)
                taken += 1
        while not reached(run, point):
            if not run.state.to_move:
                result = run.state.result or {}
                raise Failure(line, f"run: the game ended ({result.get('reason', '')}) after "
                                    f"{taken} decisions, before {point.text} was pending")
            if taken >= within:
                raise Failure(line, f"run: {point.text} not reached within {within} "
                                    f"decisions; pending now: {pending(run)}")
            player = run.state.to_move[0]
            choice = bots.get(player, "random")
            if choice == "none":
                raise Failure(line, f"run: {point.text} not reached after the listed "
                                    f"actions (bots: none); pending now: {pending(run)}")
            options = run.state.legal_actions(player)
            option = _pick(options, prefer, choice, randoms, run.state, player)
            apply_one(run, player, option["value"], line)
            taken += 1
    return run_run


def _bots(scope: Scope, node: Any, path: Path_) -> dict[int, str]:
    names = (*BOTS, *POLICIES)
    if isinstance(node, str):
        node = {seat: node for seat in range(scope.players)}
    body = scope.mapping(node, path, "bots", extra=True)
    out = {}
    for seat, kind in body.items():
        player = scope.seat(seat, (*path, seat)) if seat != "others" else None
        if kind not in names:
            raise scope.fail((*path, seat), f"unknown bot {kind!r} (bots: {', '.join(names)})")
        if player is None:
            out.update({p: kind for p in range(scope.players) if p not in out})
        else:
            out[player] = kind
    return out


def _ids(run, player: int) -> list[str]:
    return [a["id"] for a in run.state.legal_actions(player)]


def _not_yet(run, point: Point, action: Action, line: int) -> None:
    if reached(run, point):
        raise Failure(action.line or line, f"run: {point.text} is pending before the listed "
                                           f"action {action.text!r}: remove the actions "
                                           f"from here on")


def _pick(options: list[dict], prefer: list[str], choice: str, randoms: dict, state,
          player: int) -> dict:
    for wanted in prefer:
        for option in options:
            if option["id"] == wanted:
                return option
    if choice == "first":
        return options[0]
    if choice == "last":
        return options[-1]
    return randoms[choice].choose(state, player)
