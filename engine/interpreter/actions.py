"""Which legal option an action names: by value (type-exact), by id, or by an action dict
that also says which question it answers (its ask and step), so a stale one is refused."""

from __future__ import annotations

import json
from typing import Any

from ..errors import IllegalAction, StaleAction, brief

SHOWN_LEGAL = 30
"""How many legal actions a refusal names (the rest are counted)."""


def action_id(value: Any) -> str:
    """The stable id of an action value: the value itself, as text."""
    kind = type(value)
    if kind is str:
        return value
    if kind is int:
        return str(value)
    if kind is list and all(type(v) is int for v in value):   # a cell, say: as json.dumps
        return "[" + ", ".join(map(str, value)) + "]"
    return value if isinstance(value, str) else json.dumps(value)


def _kind(value: Any) -> type:
    for kind in (bool, int, float, str, list, dict):     # bool first: True is an int too
        if isinstance(value, kind):
            return kind
    return type(value)


def same(a: Any, b: Any) -> bool:
    """Equal values of the same kind: True is not 1, 1.0 is not 1 (at any depth)."""
    if a is b:
        return True
    if type(a) is type(b) and type(a) in (str, int):
        return a == b
    kind = _kind(a)
    if kind is not _kind(b):
        return False
    if kind is list:
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b))
    if kind is dict:
        return a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a == b


def action_dict(wait: dict, value: Any) -> dict:
    """A legal action as legal_actions lists it: what it is and which question it answers."""
    return {"id": action_id(value), "value": value, "ask": wait["ask"], "step": wait["step"]}


def _check_fresh(wait: dict, action: dict, player: int) -> None:
    ask, step = action.get("ask", wait["ask"]), action.get("step", wait["step"])
    if ask != wait["ask"] or not same(step, wait["step"]):
        raise StaleAction(f"stale action for player {player}: it answers {brief(ask)} at step "
                          f"{brief(step)}, but the question now is {wait['ask']!r} (step "
                          f"{wait['step']})", [action_id(v) for v in wait["options"]])


def chosen_option(wait: dict, action: Any, player: int) -> Any:
    """The option of the pending decision `wait` that `action` names (a legal_actions dict,
    a value or an id); IllegalAction if none, StaleAction if it answers another question."""
    if type(action) is dict and "value" in action and action.get("ask") == wait["ask"] \
            and action.get("step") == wait["step"] and type(action["step"]) is int:
        value, named = action["value"], action.get("id")
        for option in wait["options"]:
            if option is value:
                if named is None or named == action_id(option):
                    return option
                break                             # refused below: id and value disagree
    named_id = None
    if isinstance(action, dict) and ("value" in action or "id" in action):
        _check_fresh(wait, action, player)
        if "value" in action:
            named_id = action.get("id")
            action = action["value"]
        else:
            action = action["id"]
    options = wait["options"]
    for option in options:
        if option is action or same(option, action):
            if named_id is not None and named_id != action_id(option):
                raise IllegalAction(f"the action's id {brief(named_id)} and its value "
                                    f"{brief(action)} name different options",
                                    [action_id(v) for v in options])
            return option
    if isinstance(action, str):
        for option in options:
            if action_id(option) == action:
                return option
    legal = [action_id(v) for v in options]
    shown = ", ".join(legal[:SHOWN_LEGAL]) + (f" and {len(legal) - SHOWN_LEGAL} more"
                                               if len(legal) > SHOWN_LEGAL else "")
    raise IllegalAction(f"{brief(action)} is not legal for player {player} ({wait['ask']}); "
                        f"legal: {shown}", legal)
