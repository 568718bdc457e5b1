"""The names a game's scripts give to points of its flow, for scenarios to check statically:
its procedures and their variables, the prompts (`ask`) each procedure may pause on, which
procedure calls which, and the ids of its log messages."""

from __future__ import annotations

from dataclasses import dataclass, field

from lark import Token, Tree

from ..dsl.check.names import declared_names
from ..dsl.trees import part
from ..interpreter.model import GameDef

SUB = "·"   # a `simultaneous` block is compiled into a sub-procedure named PROC·simN


@dataclass
class FlowNames:
    """What a program names: procedures with their variables, asks, calls, log ids."""

    params: dict[str, list[str]] = field(default_factory=dict)
    variables: dict[str, set[str]] = field(default_factory=dict)   # params and locals
    asks: dict[str, set[str]] = field(default_factory=dict)        # ask -> procs that ask it
    callers: dict[str, set[str]] = field(default_factory=dict)     # proc -> procs calling it
    messages: set[str] = field(default_factory=set)

    def on_the_way(self, ask: str) -> set[str]:
        """The procedures that may be on the stack while `ask` is pending: those that ask
        it and every procedure that (directly or not) calls one of them."""
        seen: set[str] = set()
        todo = list(self.asks.get(ask, ()))
        while todo:
            proc = todo.pop()
            if proc not in seen:
                seen.add(proc)
                todo.extend(self.callers.get(proc, ()))
        return seen

    def variables_of(self, procs: set[str]) -> list[str]:
        """The variables of some procedures, sorted."""
        return sorted({v for p in procs for v in self.variables.get(p, ())})


def base_proc(name: str) -> str:
    """The procedure a (sub-)procedure belongs to: a simultaneous block's to its own."""
    return name.split(SUB, 1)[0]


_KNOWN: dict[int, tuple[GameDef, FlowNames]] = {}


def _names(definition: GameDef) -> FlowNames:
    names = FlowNames()
    for proc in definition.program.procs.values():
        if SUB in proc.name or proc.tree is None:
            continue
        names.params[proc.name] = list(proc.params)
        names.variables[proc.name] = set(proc.params) | declared_names(proc.tree)
        for node in proc.tree.iter_subtrees():
            if node.data == "choose_stmt" and part(node, "ask") is not None:
                names.asks.setdefault(str(part(node, "ask"))[1:-1], set()).add(proc.name)
            elif node.data == "choose_stmt":
                names.asks.setdefault("choose", set()).add(proc.name)
            elif node.data == "call_stmt":
                _call(names, definition, proc.name, node)
    return names


def _call(names: FlowNames, definition: GameDef, caller: str, node: Tree) -> None:
    callee = str(part(node, "name"))
    if callee in definition.program.procs:
        names.callers.setdefault(callee, set()).add(caller)
    elif callee == "log" and part(node, "args") is not None:
        first = part(part(node, "args"), "arguments")[0]
        if first.data == "pos_arg" and part(first, "value").data == "string":
            text = part(part(first, "value"), "token")
            if isinstance(text, Token):
                names.messages.add(str(text)[1:-1])


def flow_names(definition: GameDef) -> FlowNames:
    """The flow names of a loaded game (computed once per definition)."""
    known = _KNOWN.get(id(definition))
    if known is None or known[0] is not definition:
        known = _KNOWN[id(definition)] = (definition, _names(definition))
    return known[1]
