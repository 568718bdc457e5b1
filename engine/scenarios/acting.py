"""Steps that take actions: `act` (listed actions) and `auto` (play on until a condition).

An action is written as one of:

    "red: north"                          # seat, then the action's id
    red: take                             # the same as a one-key mapping
    {player: 0, action: take}
    {player: red, actions: [north, 3, 2], finish: done}
    {players: [green, yellow], actions: [south, 0], finish: done}    # or players: all

The last two are one player's sequence of decisions. `finish` is taken only if it is still
legal once the sequence is done (a loop that asks "another, or done?" stops by itself when
nothing is left).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..errors import IllegalAction, RegolaError
from .document import Failure, Path_, Scope, action_id

ACTION_KEYS = ("player", "players", "action", "actions", "finish")


@dataclass
class Action:
    """One player's decisions, in order, as written at `line`."""

    player: int
    values: list[Any]
    finish: Any = None
    line: int = 0
    text: str = ""


def parse_actions(scope: Scope, node: Any, path: Path_) -> list[Action]:
    """An action in any of the accepted forms; `players:` gives one per player, in order."""
    if isinstance(node, dict) and "players" in node:
        if "player" in node:
            raise scope.fail(path, "an action takes 'player' or 'players', not both")
        who = node["players"]
        seats = list(range(scope.players)) if who == "all" else scope.seats(who, (*path, "players"))
        return [parse_action(scope, {**{k: v for k, v in node.items() if k != "players"},
                                     "player": seat}, path) for seat in seats]
    return [parse_action(scope, node, path)]


def parse_action(scope: Scope, node: Any, path: Path_) -> Action:
    """An action in any of the accepted forms (see the module's docstring)."""
    line = scope.line(path)
    if isinstance(node, str):
        seat, sep, value = node.partition(":")
        if not sep or not value.strip():
            raise scope.fail(path, f"an action is written 'seat: action', got {node!r}")
        player = scope.seat(seat.strip(), path)
        return Action(player, [value.strip()], line=line, text=node)
    if isinstance(node, dict) and len(node) == 1 and next(iter(node)) not in ACTION_KEYS:
        seat, value = next(iter(node.items()))
        player = scope.seat(seat, path)
        return Action(player, [value], line=line, text=f"{seat}: {action_id(value)}")
    body = scope.mapping(node, path, "an action", required=("player",), optional=ACTION_KEYS)
    player = scope.seat(body["player"], (*path, "player"))
    forms = [k for k in ("action", "actions") if k in body]
    if len(forms) != 1:
        raise scope.fail(path, "an action needs exactly one of 'action' or 'actions'")
    finish = body.get("finish")
    if "action" in body:
        values = [body["action"]]
    else:
        values = scope.listing(body["actions"], (*path, "actions"), "actions")
    name = scope.seat_name(player)
    text = f"{name}: " + ", ".join(action_id(v) for v in values)
    return Action(player, values, finish, line, text)


def resolve(state, player: int, value: Any, seats: list[str] | None = None) -> Any:
    """The legal option `value` names (by value or by id, or a seat's name for its number
    when the options are players); `value` itself if none does."""
    decision = state.decision(player)
    if decision is None:
        return value
    options = decision["options"]
    for option in options:
        if type(option) is type(value) and option == value:
            return option
    wanted = action_id(value)
    for option in options:
        if action_id(option) == wanted:
            return option
    if isinstance(value, str) and seats and value in seats:
        index = seats.index(value)
        for option in options:
            if type(option) is int and option == index:
                return option
    return value


def apply_one(run, player: int, value: Any, line: int) -> None:
    """Apply one decision of `player`; a Failure at `line` if it cannot be taken."""
    state = run.state
    name = run.scope.seat_name(player)
    if state.decision(player) is None:
        waiting = ", ".join(run.scope.seat_name(p) for p in state.to_move)
        raise Failure(line, f"{name} has no decision to make for {action_id(value)!r} "
                            f"(to move: {waiting or 'nobody, the game is over'})")
    try:
        state.apply(player, resolve(state, player, value, run.scope.seat_names()))
    except IllegalAction as err:
        raise Failure(line, f"{name}: {err}") from None
    except RegolaError as err:
        raise Failure(line, f"the rules failed on {name}: {action_id(value)}: {err}") from None


def take(run, action: Action) -> None:
    """Apply every decision of an action, then its `finish` if that is legal."""
    for value in action.values:
        apply_one(run, action.player, value, action.line)
    if action.finish is not None:
        legal = [a["id"] for a in run.state.legal_actions(action.player)]
        if action_id(action.finish) in legal:
            apply_one(run, action.player, action.finish, action.line)


def parse_act(scope: Scope, node: Any, path: Path_) -> Callable:
    """`act:` a list of actions applied in order."""
    items = scope.listing(node, path, "act")
    actions = [a for i, item in enumerate(items) for a in parse_actions(scope, item, (*path, i))]

    def run_act(run) -> None:
        for action in actions:
            take(run, action)
    return run_act


POLICIES = ("first", "last", "random")


def parse_auto(scope: Scope, node: Any, path: Path_, parse_facts: Callable) -> Callable:
    """`auto:` play legal actions (first, last or random; `prefer` ids first) until every
    fact of `until` holds, or for a number of actions."""
    if type(node) is int:
        node = {"actions": node}
    body = scope.mapping(node, path, "auto", optional=("until", "actions", "policy",
                                                      "prefer", "max"))
    if ("until" in body) == ("actions" in body):
        raise scope.fail(path, "auto needs either 'until' (facts) or 'actions' (a number)")
    count = None
    if "actions" in body:
        count = scope.integer(body["actions"], (*path, "actions"), "auto actions", 1)
    until = parse_facts(scope, body["until"], (*path, "until")) if "until" in body else []
    policy = body.get("policy", "first")
    if policy not in POLICIES:
        raise scope.fail((*path, "policy"), f"unknown policy {policy!r} "
                                            f"(policies: {', '.join(POLICIES)})")
    prefer = [action_id(v) for v in scope.listing(body.get("prefer", []), (*path, "prefer"),
                                                  "prefer")]
    limit = scope.integer(body.get("max", 5000), (*path, "max"), "auto max", 1)
    line = scope.line(path)

    def pick(options: list[dict], rng: random.Random) -> dict:
        for wanted in prefer:
            for option in options:
                if option["id"] == wanted:
                    return option
        if policy == "random":
            return rng.choice(options)
        return options[0] if policy == "first" else options[-1]

    def run_auto(run) -> None:
        rng = random.Random(f"{run.seed}:{line}")
        taken = 0
        while True:
            if count is not None and taken == count:
                return
            if count is None and not [f for f in until if f(run) is not None]:
                return
            if taken >= limit:
                unmet = "; ".join(m for m in (f(run) for f in until) if m)
                raise Failure(line, f"auto: still not there after {limit} actions: {unmet}")
            if not run.state.to_move:
                unmet = "; ".join(m for m in (f(run) for f in until) if m)
                raise Failure(line, f"auto: the game ended after {taken} actions"
                                    + (f" before: {unmet}" if unmet else ""))
            player = run.state.to_move[0]
            option = pick(run.state.legal_actions(player), rng)
            apply_one(run, player, option["value"], line)
            taken += 1
    return run_auto
