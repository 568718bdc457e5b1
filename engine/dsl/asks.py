"""What the compiler reads off each `choose` of the scripts for the runtime and the
frontends (interpreter.model.Ask): its ask, the options it writes out literally, and the
built-in call its options come from; read once at load, so nothing walks parse trees while a
game runs."""

from __future__ import annotations

from typing import Any

from lark import Token, Tree

from ..interpreter.model import Ask
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
