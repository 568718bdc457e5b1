"""`set:` keys for the engine concepts a game file declares: tracks, resources, activation
markers, connections, grids and card piles. Each is keyed by the names the game declares.

    set:
      tracks:      {fame: {red: 3, blue: 3}}     # discs placed in the order written: a later
                                                  # disc goes on top of the stack it joins
      resources:   {gold: {red: 5, blue: 0}}     # what each player holds; the difference is
                                                  # taken from (or paid to) the bank
      markers:     {gold: [{select: {kind: building, owner: red}, n: 1}]}   # from the bank
      connections: {north_south: {tile: {kind: plank, ends: [1, 3]}, facing: north, to: laid},
                    south_east: null}            # null: the connection is free again
      grids:       {yard: {red: [{cell: [0, 0], tile: {layout: ...}, rot: 1},
                                 {cell: [1, 0], stack: [{...}, {...}]},     # bottom first
                                 {cell: [2, 0], tile: {...}, shown: true}]},  # face up
                    board: [{cell: [0, 0], tile: {colour: red}}]}           # a shared grid
      piles:       {card: {red: {hand: [radio, {name: donor, set: a}],
                                 draw: {cards: [...], only: discard, shown: false}}}}

A track's disc never goes below the track's floor; a finite bank never goes below 0 (the
total of a resource stays what the game file says); a grid cell must be empty unless the
item says `on_top: true`, and a grid's cells must stay one connected group within its size
limit; a connection must be free (or set to null first). Tokens for tiles, grids and piles
are picked among the matching ones: first those already there, then the player's own, then
nobody's; another player's only if the selection names its `owner`. A card written as a
plain value matches the first property of its kind (a card's name, say).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .concept_piles import grids, piles
from .document import Failure, Path_, Scope, _shown
from .picking import declared, pick, selection

CONCEPT_KEYS = ("tracks", "resources", "markers", "connections", "grids", "piles")


def parse_concept(scope: Scope, key: str, value: Any, path: Path_) -> list[Callable]:
    """The changes one concept key of `set:` asks for, in the order written."""
    return _PARSERS[key](scope, value, path)


# -- tracks, resources, markers ------------------------------------------------------------
def _tracks(scope: Scope, value: Any, path: Path_) -> list[Callable]:
    out = []
    for name, discs in scope.mapping(value, path, "tracks", extra=True).items():
        here = (*path, name)
        declared(scope, name, scope.game.tracks, "track", here)
        floor = scope.game.tracks[name].floor
        for seat, space in scope.mapping(discs, here, f"track {name}", extra=True).items():
            player = scope.seat(seat, (*here, seat))
            if type(space) is not int:
                raise scope.fail((*here, seat), f"a disc's space is a whole number, got "
                                                f"{_shown(space)}")
            if floor is not None and space < floor:
                raise scope.fail((*here, seat), f"track {name} has no space {space}: its "
                                                f"floor is {floor}")
            out.append(_disc(name, player, space))
    return out


def _disc(name: str, player: int, space: int) -> Callable:
    def change(run) -> None:
        track = run.state.data["tracks"][name]
        track["pos"][player], track["stamp"][player] = space, track["next"]
        track["next"] += 1
        run.runtime().emit({"e": "scenario_set", "track": name, "player": player, "to": space})
    return change


def _resources(scope: Scope, value: Any, path: Path_) -> list[Callable]:
    out = []
    for name, held in scope.mapping(value, path, "resources", extra=True).items():
        here = (*path, name)
        declared(scope, name, scope.game.resources, "resource", here)
        for seat, n in scope.mapping(held, here, f"resource {name}", extra=True).items():
            player = scope.seat(seat, (*here, seat))
            n = scope.integer(n, (*here, seat), f"{name} held")
            out.append(_holding(scope, name, player, n, scope.line((*here, seat))))
    return out


def _from_bank(res: dict, name: str, more: int, line: int, what: str) -> None:
    """Take `more` (or give back, if negative) from a finite bank; a Failure if it is short."""
    if res["bank"] is None:
        return
    if res["bank"] < more:
        raise Failure(line, f"the bank holds only {res['bank']} {name}, {more} more wanted "
                            f"for {what}")
    res["bank"] -= more


def _holding(scope: Scope, name: str, player: int, n: int, line: int) -> Callable:
    def change(run) -> None:
        res = run.state.data["bank"][name]
        _from_bank(res, name, n - res["held"][player], line, scope.seat_name(player))
        res["held"][player] = n
        run.runtime().emit({"e": "scenario_set", "resource": name, "player": player, "n": n})
    return change


def _markers(scope: Scope, value: Any, path: Path_) -> list[Callable]:
    out = []
    for name, items in scope.mapping(value, path, "markers", extra=True).items():
        here = (*path, name)
        declared(scope, name, scope.game.resources, "resource", here)
        for i, item in enumerate(scope.listing(items, here, f"markers of {name}")):
            at = (*here, i)
            body = scope.mapping(item, at, "a marker", required=("select",), optional=("n",))
            kind, select = selection(scope, body["select"], (*at, "select"))
            n = scope.integer(body.get("n", 1), (*at, "n"), "n")
            out.append(_marker(scope, name, kind, select, n, scope.line(at)))
    return out


def _marker(scope: Scope, name: str, kind: str, select: dict, n: int, line: int) -> Callable:
    def change(run) -> None:
        found = run.runtime().tokens(kind, **select)
        if not found:
            raise Failure(line, f"no {kind} token matches {_shown(select)}")
        res = run.state.data["bank"][name]
        for tid in found:
            _from_bank(res, name, n - res["on"].get(tid, 0), line, f"markers on {tid}")
            if n:
                res["on"][tid] = n
            else:
                res["on"].pop(tid, None)
            run.runtime().emit({"e": "scenario_set", "resource": name, "token": tid, "n": n})
    return change


# -- connections ---------------------------------------------------------------------------
def _connections(scope: Scope, value: Any, path: Path_) -> list[Callable]:
    out = []
    for cid, body in scope.mapping(value, path, "connections", extra=True).items():
        here = (*path, cid)
        declared(scope, cid, scope.game.connections, "connection", here)
        if body is None:
            out.append(_free(cid))
            continue
        body = scope.mapping(body, here, "a connection", required=("tile", "facing"),
                             optional=("to",))
        kind, select = selection(scope, body["tile"], (*here, "tile"))
        ends = scope.game.connections[cid]
        facing = body["facing"]
        if facing not in ends:
            raise scope.fail((*here, "facing"), f"{cid} joins {ends[0]} and {ends[1]}, not "
                                                f"{_shown(facing)}")
        dest = scope.place(body["to"], (*here, "to")) if "to" in body else None
        out.append(_lay(scope, cid, kind, select, facing, dest, scope.line(here)))
    return out


def _free(cid: str) -> Callable:
    def change(run) -> None:
        run.state.data["links"][cid] = {"tile": None, "facing": None}
        run.runtime().emit({"e": "scenario_set", "connection": cid, "tile": None})
    return change


def _lay(scope: Scope, cid: str, kind: str, select: dict, facing: str, dest: str | None,
         line: int) -> Callable:
    def change(run) -> None:
        links = run.state.data["links"]
        laid = {link["tile"] for link in links.values()}
        if links[cid]["tile"] is not None:
            raise Failure(line, f"connection {cid} already holds {links[cid]['tile']}: "
                                f"free it first ({cid}: null)")
        tid = pick(run, kind, select, None, None, set(laid - {None}), line)
        ends = run.runtime().token(tid).get("ends")
        if not isinstance(ends, list) or len(ends) != 2:
            raise Failure(line, f"{tid} has no two ends to lie on a connection")
        links[cid] = {"tile": tid, "facing": facing}
        c = run.runtime()
        if dest is not None:
            c.move_token(tid, dest)
        c.emit({"e": "scenario_set", "connection": cid, "tile": tid, "facing": facing})
    return change


_PARSERS = {"tracks": _tracks, "resources": _resources, "markers": _markers,
            "connections": _connections, "grids": grids, "piles": piles}
