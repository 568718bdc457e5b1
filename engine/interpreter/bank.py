"""Money: a counted resource that players hold, paid to and taken from a finite bank.

The bank may run out: taking from it gives what is left, nothing is owed. A resource can
also be laid on a token as an activation marker (a coin on a building to use it): the
token counts as used while the marker is there, and markers go back to the bank when the
scripts clear them (at the end of a round, say).

State: `state["bank"][name] = {"bank": n, "held": [...], "on": {token: n}}`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..errors import ScriptRuntimeError


@dataclass
class ResourceKind:
    """A resource: how many the bank holds at the start (None: the bank never runs out)."""

    name: str
    bank: int | None = None
    in_box: int | None = None      # how many the box holds, even when the bank never runs out


def new_bank(resources: dict[str, ResourceKind], players: int) -> dict[str, dict]:
    """Everything in the bank; players hold nothing."""
    return {r.name: {"bank": r.bank, "held": [0] * players, "on": {}}
            for r in resources.values()}


def _res(c: Any, name: str) -> dict:
    res = c.s.get("bank", {}).get(name)
    if res is None:
        raise ScriptRuntimeError(f"{name!r} is not a resource")
    return res


def _player(c: Any, p: Any) -> int:
    if type(p) is not int or not 0 <= p < c.n:
        raise ScriptRuntimeError(f"{p!r} is not a player")
    return p


def funds(c: Any, name: str, p: int) -> int:
    """How much of the resource player p holds."""
    return _res(c, name)["held"][_player(c, p)]


def in_bank(c: Any, name: str) -> int | None:
    """How much the bank still holds (None: unlimited)."""
    return _res(c, name)["bank"]


def bank_gives(c: Any, name: str, n: int) -> int:
    """How many of n the bank can give now: n, or what is left if it holds fewer."""
    left = _res(c, name)["bank"]
    return max(0, n if left is None else min(n, left))


def gain(c: Any, name: str, p: int, n: int) -> int:
    """p takes up to n from the bank (what is left if it runs short). Returns how many."""
    res = _res(c, name)
    p = _player(c, p)
    got = max(0, n if res["bank"] is None else min(n, res["bank"]))
    if got:
        if res["bank"] is not None:
            res["bank"] -= got
        res["held"][p] += got
        c.emit({"e": "gain", "resource": name, "player": p, "n": got})
    return got


def pay(c: Any, name: str, p: int, n: int) -> int:
    """p pays up to n (what they have) to the bank. Returns how many."""
    res = _res(c, name)
    p = _player(c, p)
    paid = max(0, min(n, res["held"][p]))
    if paid:
        res["held"][p] -= paid
        if res["bank"] is not None:
            res["bank"] += paid
        c.emit({"e": "pay", "resource": name, "player": p, "n": paid})
    return paid


def activate(c: Any, name: str, p: int, tid: str) -> None:
    """p lays one unit of the resource on a token as its activation marker."""
    res = _res(c, name)
    p = _player(c, p)
    c.tno(tid)
    if res["held"][p] <= 0:
        raise ScriptRuntimeError(f"player {p} has no {name} to activate {tid}")
    res["held"][p] -= 1
    res["on"][tid] = res["on"].get(tid, 0) + 1
    c.emit({"e": "activate", "resource": name, "player": p, "token": tid})


def markers_on(c: Any, name: str, tid: str) -> int:
    """How many units of the resource lie on a token."""
    return _res(c, name)["on"].get(tid, 0)


def clear_markers(c: Any, name: str) -> int:
    """Every activation marker of the resource goes back to the bank. Returns how many."""
    res = _res(c, name)
    total = sum(res["on"].values())
    res["on"] = {}
    if total:
        if res["bank"] is not None:
            res["bank"] += total
        c.emit({"e": "clear_markers", "resource": name, "n": total})
    return total
