"""Facts about the engine concepts a game file declares (see facts.py for how `expect:` uses
them):

    {track: fame, player: red, at: 3}                 # the space of red's disc
    {track: fame, order: [blue, red]}                 # these players, ahead first
    {funds: gold, player: red, is: 5}                 # also at_least / at_most
    {bank: gold, is: 20}                              # null: an unlimited bank
    {markers: gold, on: {kind: building, owner: red}, is: 1}   # without `on`: all markers
    {connection: north_south, tile: {kind: plank, ends: [1, 3]}, facing: north}
    {connection: south_east, tile: null}              # free
    {connection: north_south, ends: {north: 3, south: 1}}      # tile end values by area
    {grid: yard, player: red, cells: [[0, 0], [1, 0]]}         # the occupied cells
    {grid: yard, player: red, cell: [0, 0], top: {layout: ...}, rot: 1, height: 2}
    {grid: yard, player: red, cell: [0, 0], stack: [{...}, {...}]}   # bottom first; []: empty
    {pile: hand, kind: card, player: red, cards: [radio, donor]}     # in any order
    {pile: hand, kind: card, player: red, includes: [radio], n: 5}

Cards, tiles and tokens are written as mappings of properties, or for piles and grids as a
plain value of the kind's first property.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..interpreter import grid as g
from ..interpreter import links
from .document import Path_, Scope, _shown
from .picking import declared, selection

Check = Callable[[Any], "str | None"]
TESTS = ("is", "at_least", "at_most")


def _numbers(scope: Scope, f: dict, path: Path_, what: str) -> list[str]:
    tests = [k for k in TESTS if k in f]
    if not tests:
        raise scope.fail(path, f"{what} needs 'is', 'at_least' or 'at_most'")
    for key in tests:
        if not (key == "is" and f[key] is None):
            scope.integer(f[key], (*path, key), key)
    return tests


def _compare(f: dict, tests: list[str], have: Any, words: str) -> str | None:
    for key in tests:
        want = f[key]
        if want is None or have is None:
            ok = want == have
        else:
            ok = (have == want if key == "is" else have >= want if key == "at_least"
                  else have <= want)
        if not ok:
            wanted = _shown(want) if key == "is" else f"{key.replace('_', ' ')} {want}"
            return f"{words}: expected {wanted}, found {_shown(have)}"
    return None


def track_fact(scope: Scope, f: dict, path: Path_) -> Check:
    name = declared(scope, f["track"], scope.game.tracks, "track", (*path, "track"))
    if "order" in f:
        scope.mapping(f, path, "a track order fact", required=("track", "order"))
        want = scope.seats(f["order"], (*path, "order"))

        def check_order(run) -> str | None:
            t = run.state.data["tracks"][name]
            have = sorted(want, key=lambda p: (t["pos"][p], t["stamp"][p]), reverse=True)
            if have != want:
                shown = ", ".join(f"{scope.seat_name(p)} {t['pos'][p]}" for p in have)
                return f"track {name}: expected the order {_names(scope, want)}, found {shown}"
            return None
        return check_order
    scope.mapping(f, path, "a track fact", required=("track", "player", "at"))
    player = scope.seat(f["player"], (*path, "player"))
    space = scope.integer(f["at"], (*path, "at"), "a space", -10**9)

    def check(run) -> str | None:
        have = run.state.data["tracks"][name]["pos"][player]
        if have != space:
            return f"track {name}: {scope.seat_name(player)} expected on {space}, found on {have}"
        return None
    return check


def funds_fact(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a funds fact", required=("funds", "player"), optional=TESTS)
    name = declared(scope, f["funds"], scope.game.resources, "resource", (*path, "funds"))
    player = scope.seat(f["player"], (*path, "player"))
    tests = _numbers(scope, f, path, "a funds fact")
    words = f"{name} held by {scope.seat_name(player)}"
    return lambda run: _compare(f, tests, run.state.data["bank"][name]["held"][player], words)


def bank_fact(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a bank fact", required=("bank",), optional=TESTS)
    name = declared(scope, f["bank"], scope.game.resources, "resource", (*path, "bank"))
    tests = _numbers(scope, f, path, "a bank fact")
    return lambda run: _compare(f, tests, run.state.data["bank"][name]["bank"],
                                f"{name} in the bank")


def markers_fact(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a markers fact", required=("markers",), optional=("on", *TESTS))
    name = declared(scope, f["markers"], scope.game.resources, "resource", (*path, "markers"))
    tests = _numbers(scope, f, path, "a markers fact")
    on = selection(scope, f["on"], (*path, "on")) if "on" in f else None

    def check(run) -> str | None:
        placed = run.state.data["bank"][name]["on"]
        if on is None:
            return _compare(f, tests, sum(placed.values()), f"{name} markers")
        found = run.runtime().tokens(on[0], **on[1])
        if not found:
            return f"no {on[0]} token matches {_shown(f['on'])}"
        for tid in found:
            message = _compare(f, tests, placed.get(tid, 0), f"{name} markers on {tid}")
            if message:
                return message
        return None
    return check


def connection_fact(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a connection fact", required=("connection",),
                  optional=("tile", "facing", "ends"))
    cid = declared(scope, f["connection"], scope.game.connections, "connection",
                    (*path, "connection"))
    pair = scope.game.connections[cid]
    tile = (selection(scope, f["tile"], (*path, "tile"))
            if f.get("tile") is not None else None)
    if "facing" in f and f["facing"] not in pair:
        raise scope.fail((*path, "facing"), f"{cid} joins {pair[0]} and {pair[1]}")
    ends = scope.mapping(f.get("ends", {}), (*path, "ends"), "ends", optional=tuple(pair))

    def check(run) -> str | None:
        link = run.state.data["links"][cid]
        if "tile" in f and tile is None and link["tile"] is not None:
            return f"connection {cid}: expected free, found {link['tile']}"
        if tile is not None and link["tile"] not in run.runtime().tokens(tile[0], **tile[1]):
            return (f"connection {cid}: expected a tile matching {_shown(f['tile'])}, "
                    f"found {_shown(link['tile'])}")
        if "facing" in f and link["facing"] != f["facing"]:
            return f"connection {cid}: expected facing {f['facing']}, found {link['facing']}"
        for area, want in ends.items():
            have = links.end_value(run.runtime(), cid, area)
            if have != want:
                return f"connection {cid}: expected {_shown(want)} toward {area}, found " \
                       f"{_shown(have)}"
        return None
    return check


def grid_fact(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a grid fact", required=("grid",),
                  optional=("player", "cells", "cell", "top", "stack", "rot", "height"))
    name = declared(scope, f["grid"], scope.game.grids, "grid", (*path, "grid"))
    grid = scope.game.grids[name]
    if grid.per_player != ("player" in f):
        raise scope.fail(path, f"grid {name} is " + ("one per player: say whose ('player')"
                                                     if grid.per_player else "shared: no player"))
    player = scope.seat(f["player"], (*path, "player")) if "player" in f else None
    if ("cells" in f) == ("cell" in f):
        raise scope.fail(path, "a grid fact needs either 'cells' (all) or 'cell' (one)")
    cell = f.get("cell")
    if "cell" in f and not (isinstance(cell, list) and len(cell) == 2):
        raise scope.fail((*path, "cell"), f"a cell is [x, y], got {_shown(cell)}")
    top = selection(scope, f["top"], (*path, "top"), grid.token)[1] if "top" in f else None
    stack = [selection(scope, t, (*path, "stack", i), grid.token)[1]
             for i, t in enumerate(f["stack"])] if isinstance(f.get("stack"), list) else None
    who = f" of {scope.seat_name(player)}" if grid.per_player else ""

    def check(run) -> str | None:
        c = run.runtime()
        found = g.stacks(c, grid, player)
        if "cells" in f:
            have = sorted(map(list, found), key=lambda q: (q[1], q[0]))
            want = sorted(f["cells"], key=lambda q: (q[1], q[0]))
            return None if have == want else \
                f"grid {name}{who}: expected cells {_shown(want)}, found {_shown(have)}"
        ids = found.get(tuple(cell), [])
        where = f"grid {name}{who} cell {cell}"
        tokens = run.state.token_records()
        if stack is not None and (len(ids) != len(stack) or not all(
                all(tokens[t].get(k) == v for k, v in s.items()) for t, s in zip(ids, stack))):
            return f"{where}: expected the stack {_shown(f['stack'])}, found {_look(c, ids)}"
        if "height" in f and len(ids) != f["height"]:
            return f"{where}: expected {f['height']} token(s), found {len(ids)}"
        if (top is not None or "rot" in f) and not ids:
            return f"{where}: expected a token, found none"
        if top is not None and not all(tokens[ids[-1]].get(k) == v for k, v in top.items()):
            return f"{where}: expected on top {_shown(f['top'])}, found {_look(c, ids[-1:])}"
        if "rot" in f and tokens[ids[-1]].get("rot", 0) != f["rot"]:
            return f"{where}: expected rot {f['rot']}, found {tokens[ids[-1]].get('rot', 0)}"
        return None
    return check


def pile_fact(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a pile fact", required=("pile", "kind", "player"),
                  optional=("cards", "includes", "n"))
    place = scope.place(f["pile"], (*path, "pile"))
    kind = f["kind"]
    if scope.piece_kind(kind, (*path, "kind")) != "token":
        raise scope.fail((*path, "kind"), f"{kind} pieces are counted: use a count fact")
    player = scope.seat(f["player"], (*path, "player"))
    if not any(k in f for k in ("cards", "includes", "n")):
        raise scope.fail(path, "a pile fact needs 'cards', 'includes' or 'n'")
    want = {}
    for k in ("cards", "includes"):
        if k in f:
            cards = f[k] if isinstance(f[k], list) else [f[k]]
            want[k] = [(selection(scope, card, (*path, k, i), kind)[1], card)
                       for i, card in enumerate(cards)]
    n = scope.integer(f["n"], (*path, "n"), "n") if "n" in f else None
    words = f"{scope.seat_name(player)}'s {place} of {kind}"

    def check(run) -> str | None:
        c = run.runtime()
        ids = c.tokens(kind, owner=player, at=place)
        if n is not None and len(ids) != n:
            return f"{words}: expected {n} token(s), found {len(ids)}: {_look(c, ids)}"
        for key, sels in want.items():
            rest = list(ids)
            for sel, card in sels:
                hit = next((t for t in rest if all(c.token(t).get(k) == v
                                                   for k, v in sel.items())), None)
                if hit is None:
                    return f"{words}: no (other) {_shown(card)} in {_look(c, ids)}"
                rest.remove(hit)
            if key == "cards" and rest:
                return f"{words}: {_look(c, rest)} not expected; it holds {_look(c, ids)}"
        return None
    return check


def _look(c, ids: list[str]) -> str:
    """Tokens as a message shows them: the value of their kind's first property, or ids."""
    out = []
    for tid in ids:
        tok = c.token(tid)
        props = list(c.g.tokens[tok["kind"]].props)
        out.append(str(tok.get(props[0])) if props else tid)
    return "[" + ", ".join(out) + "]"


def _names(scope: Scope, seats: list[int]) -> str:
    return "[" + ", ".join(scope.seat_name(s) for s in seats) + "]"


CONCEPT_FACTS = {"track": track_fact, "funds": funds_fact, "bank": bank_fact,
                 "markers": markers_fact, "connection": connection_fact, "grid": grid_fact,
                 "pile": pile_fact}
