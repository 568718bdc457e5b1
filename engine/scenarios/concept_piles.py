"""`set:` keys for tiles on grids and cards in piles (see concepts.py for the syntax)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..interpreter import grid as g
from .document import Failure, Path_, Scope, _shown
from .picking import declared, pick, selection


# -- grids ---------------------------------------------------------------------------------
def grids(scope: Scope, value: Any, path: Path_) -> list[Callable]:
    out = []
    for name, body in scope.mapping(value, path, "grids", extra=True).items():
        here = (*path, name)
        declared(scope, name, scope.game.grids, "grid", here)
        grid = scope.game.grids[name]
        if not grid.per_player:
            out.append(_grid(scope, grid, None, body, here))
            continue
        for seat, cells in scope.mapping(body, here, f"grid {name} (by seat)",
                                         extra=True).items():
            out.append(_grid(scope, grid, scope.seat(seat, (*here, seat)), cells,
                             (*here, seat)))
    return out


def _grid(scope: Scope, grid: g.GridDef, player: int | None, node: Any,
          path: Path_) -> Callable:
    items = []
    for i, item in enumerate(scope.listing(node, path, f"grid {grid.name}")):
        at = (*path, i)
        body = scope.mapping(item, at, "a grid cell", required=("cell",),
                             optional=("tile", "stack", "rot", "on_top", "shown"))
        cell = body["cell"]
        if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
            raise scope.fail((*at, "cell"), f"a cell is [x, y], got {_shown(cell)}")
        if ("tile" in body) == ("stack" in body):
            raise scope.fail(at, "a grid cell needs either 'tile' or 'stack' (bottom first)")
        tiles = [body["tile"]] if "tile" in body else scope.listing(body["stack"],
                                                                   (*at, "stack"), "stack")
        key = "tile" if "tile" in body else "stack"
        sels = [selection(scope, t, (*at, key) if key == "tile" else (*at, key, j),
                           grid.token)[1] for j, t in enumerate(tiles)]
        rot = body.get("rot", 0)
        rots = rot if isinstance(rot, list) else [rot] * len(sels)
        if len(rots) != len(sels) or any(type(r) is not int or not 0 <= r <= 3 for r in rots):
            raise scope.fail((*at, "rot"), "rot is a number of quarter turns 0-3 (or one per "
                                           "tile of the stack)")
        on_top = body.get("on_top", False)
        if type(on_top) is not bool:
            raise scope.fail((*at, "on_top"), "on_top must be true or false")
        shown = body.get("shown")
        if shown is not None and type(shown) is not bool:
            raise scope.fail((*at, "shown"), "shown must be true or false")
        items.append((tuple(cell), sels, rots, on_top, shown, scope.line(at)))
    line = scope.line(path)

    def change(run) -> None:
        c = run.runtime()
        owner = g.owner_of(grid, player)
        taken: set = set()
        for cell, sels, rots, on_top, shown, at_line in items:
            here = g.stacks(c, grid, player).get(cell, [])
            if here and not on_top:
                raise Failure(at_line, f"cell {list(cell)} of {grid.name} already holds "
                                       f"{', '.join(here)} (on_top: true lays on it)")
            for level, (sel, rot) in enumerate(zip(sels, rots), start=len(here)):
                tid = pick(run, grid.token, sel, owner, grid.name, taken, at_line,
                           skip=lambda tok: tok["at"] == grid.name)
                source = c.at[c.tno(tid)]
                c.set_token(tid, at=grid.name, owner=owner, cell=cell, rot=rot, level=level)
                c.emit({"e": "place", "token": tid, "piece": grid.token, "player": owner,
                        "from": source, "to": grid.name, "cell": list(cell), "rot": rot,
                        "level": level, "scenario": True})
                if shown is True:
                    c.reveal(tid)
                elif shown is False:
                    c.hide(tid)
        cells = set(g.stacks(c, grid, player))
        if not g.fits(grid, cells):
            raise Failure(line, f"the cells of {grid.name} do not fit its size limit "
                                f"{_shown(grid.fit)}: {_shown(sorted(map(list, cells)))}")
        if not g.connected(cells):
            raise Failure(line, f"the cells of {grid.name} are not one connected group: "
                                f"{_shown(sorted(map(list, cells)))}")
    return change


# -- piles ---------------------------------------------------------------------------------
def piles(scope: Scope, value: Any, path: Path_) -> list[Callable]:
    out = []
    for kind, seats in scope.mapping(value, path, "piles", extra=True).items():
        here = (*path, kind)
        if scope.piece_kind(kind, here) != "token":
            raise scope.fail(here, f"{kind} pieces are counted: use 'place'")
        for seat, piles in scope.mapping(seats, here, f"piles of {kind}", extra=True).items():
            player = scope.seat(seat, (*here, seat))
            fills = [_pile(scope, kind, player, scope.place(place, (*here, seat, place)), body,
                           (*here, seat, place))
                     for place, body in scope.mapping(piles, (*here, seat), "piles by place",
                                                      extra=True).items()]
            out.append(_player_piles(fills))
    return out


def _player_piles(fills: list[Callable]) -> Callable:
    def change(run) -> None:
        taken: set = set()       # a card listed for one pile is not taken again for another
        for fill in fills:
            fill(run, taken)
    return change


def _pile(scope: Scope, kind: str, player: int, place: str, node: Any, path: Path_) -> Callable:
    if not isinstance(node, dict):
        node = {"cards": [] if node is None else node}
    body = scope.mapping(node, path, "a pile", required=("cards",),
                         optional=("only", "shown", "swap"))
    cards = body["cards"] if isinstance(body["cards"], list) else [body["cards"]]
    sels = [selection(scope, card, (*path, "cards", i), kind)[1] for i, card in enumerate(cards)]
    rest = scope.place(body["only"], (*path, "only")) if "only" in body else None
    shown = body.get("shown")
    if shown is not None and type(shown) is not bool:
        raise scope.fail((*path, "shown"), "shown must be true or false")
    swap = body.get("swap", False)
    if type(swap) is not bool:
        raise scope.fail((*path, "swap"), "swap must be true or false")
    line = scope.line(path)

    def fill(run, taken: set) -> None:
        c = run.runtime()
        mine: set = set()
        robbed: list[tuple[int, str]] = []      # (owner, place) of cards taken from others
        for sel in sels:
            tid = pick(run, kind, sel, player, place, taken, line, anyone=swap)
            mine.add(tid)
            was = c.token(tid)
            if was["owner"] is not None and was["owner"] != player:
                robbed.append((was["owner"], was["at"]))
            if c.token(tid)["owner"] != player:
                c.give(tid, player)
            c.move_token(tid, place)
            if shown is True:
                c.reveal(tid)
            elif shown is False:
                c.hide(tid)
        spare = [t for t in c.tokens(kind, owner=player, at=place) if t not in mine]
        for (other, there), tid in zip(robbed, spare):      # a card back for each card taken
            c.give(tid, other)
            c.move_token(tid, there)
            taken.add(tid)
        if rest is not None:
            for tid in c.tokens(kind, owner=player, at=place):
                if tid not in mine:
                    c.move_token(tid, rest)
    return fill
