"""What the compiler reads off each `choose` of the scripts for the runtime and the
frontends (interpreter.model.Ask): its ask, the options it writes out literally, and the
built-in call its options come from; read once at load, so nothing walks parse trees while a
game runs."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from ..interpreter.model import Ask, TileQuestion
from .program import Program
from .trees import call_parts, name_in, part


def read_asks(program: Program) -> list[Ask]:
    """Every `choose` of the program's procedures, in the scripts' order."""
    asks = []
    for proc in program.procs.values():
        if proc.tree is None:
            continue
        for node in proc.tree.iter_subtrees_topdown():
            if node.data == "choose_stmt":
                asks.append(_ask(proc.name, part(node, "options"), part(node, "ask")))
    return asks


def read_tile_questions(program: Program) -> dict[str, TileQuestion]:
    """The questions that lay a tile on a grid, by ask name: a `choose` whose options are
    `grid_rotations(grid, t)` turns the tile `t`, and every question asked in the same
    procedure (the cell to build on) is about that tile too; `t` is traced to the
    `tokens(kind, at=place)` it was taken from, so a table knows which of the seat's own
    tokens is the tile in hand."""
    found: dict[str, TileQuestion] = {}
    for proc in program.procs.values():
        if proc.tree is None:
            continue
        chooses = [t for t in proc.tree.iter_subtrees_topdown()
                   if t.data in ("choose_stmt", "choose_expr")]
        turning = [(c, _rotated(c)) for c in chooses]
        turning = [(c, r) for c, r in turning if r is not None]
        if not turning:
            continue
        grid, tile = turning[0][1]
        place = _traced_place(proc.tree, tile)
        for choose in chooses:
            ask = part(choose, "ask")
            name = str(ask)[1:-1] if ask is not None else None      # as read_asks reads it
            if name is not None and name not in found:
                found[name] = TileQuestion(grid, place, any(c is choose for c, _ in turning))
    return found


def _rotated(choose: Tree) -> tuple[str, Tree] | None:
    """(grid, tile expression) when a choose's options are grid_rotations(grid, tile)."""
    options = part(choose, "options")
    if isinstance(options, Tree) and options.data == "call":
        name, positional, _ = call_parts(options)
        if name == "grid_rotations" and len(positional) == 2 and name_in(positional[0]):
            return name_in(positional[0]), positional[1]
    return None


def _traced_place(tree: Tree, tile: Tree) -> str | None:
    """The place named by `at=` of the tokens(...) call the tile was taken from."""
    source: Any = tile
    if tile.data == "name":
        lets = [t for t in tree.iter_subtrees_topdown() if t.data == "let_stmt"
                and str(part(t, "name")) == name_in(tile)]
        if len(lets) != 1:
            return None
        source = part(lets[0], "value")
    for call in source.iter_subtrees_topdown():
        if call.data == "call" and str(part(call, "name")) == "tokens":
            value = call_parts(call)[2].get("at")
            if isinstance(value, Tree) and value.data in ("name", "string"):
                return str(part(value, "name" if value.data == "name" else "token")
                           ).strip("\"'")
    return None


def _ask(procedure: str, options: Any, ask: Token | None) -> Ask:
    call, args = None, ()
    if isinstance(options, Tree) and options.data == "call":
        call, positional, _ = call_parts(options)
        args = tuple(_shape(arg) for arg in positional)
    return Ask(procedure, str(ask)[1:-1] if ask is not None else "choose",
               frozenset(_literals(options)), call, args)


def _shape(arg: Any) -> tuple[str, str] | None:
    """A call argument as Ask.args holds it."""
    name = name_in(arg)
    if name is not None:
        return ("name", name)
    if isinstance(arg, Tree) and arg.data == "string":
        return ("text", str(part(arg, "token"))[1:-1])
    return None


def _literals(expr: Any) -> list[str]:
    """The strings written out as options in a choose's list expression."""
    if not isinstance(expr, Tree):
        return []
    if expr.data == "string":
        return [str(part(expr, "token"))[1:-1]]
    if expr.data == "list":
        return [s for item in expr.children for s in _literals(item)
                if isinstance(item, Tree) and item.data == "string"]
    if expr.data == "binop":
        return _literals(part(expr, "left")) + _literals(part(expr, "right"))
    if expr.data == "ternary":
        return _literals(part(expr, "value")) + _literals(part(expr, "otherwise"))
    return []
