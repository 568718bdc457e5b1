"""What the type checker learns about the values a running game holds, for the frontends:
each procedure's parameters and locals, and the game's and players' variables.

A frontend that shows a procedure's argument (a prompt's "{p}", a breadcrumb's "{group}")
needs to know that a number is a player (shown as a seat's name) and not a count. The
checker infers a parameter's type from what the procedure uses it as and from what its
callers pass; the more precise of the two is kept.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .types import NOTHING, UNKNOWN, Type, family, known

if TYPE_CHECKING:
    from ..interpreter.model import GameDef
    from .check.typecheck import TypeChecker


def _detail(t: Type) -> float:
    """How much a type tells: nothing (unknown), a family (number, text), a kind (player,
    place, token); a list tells one more than its items."""
    if t.name == "list":
        return 1 + _detail(t.item or UNKNOWN)
    if not known(t):
        return 0
    return 1 if family(t) == t else 2


def _precise(a: Type, b: Type) -> Type:
    """The more telling of two guesses at one value's type (a player beats a number)."""
    return b if _detail(b) > _detail(a) else a


def types_of(definition: GameDef) -> dict[str, dict[str, Type]]:
    """The value types of a loaded game's scripts, worked out once (a second type check of
    the game, whose problems were reported at load, then the naming walks)."""
    program = definition.program
    if program.value_types is None:
        from .check.typecheck import TypeChecker
        checker = TypeChecker(definition, program, [])
        checker.run([])
        program.value_types = value_types(checker)
    return program.value_types


def kind_name(t: Type | None) -> str:
    """A checker's type as a short name: player, list:player, place, unknown..."""
    if t is None:
        return "unknown"
    if t.name == "list":
        return "list:" + kind_name(t.item)
    return t.name


def kinds_of(definition: GameDef) -> dict[str, dict[str, str]]:
    """types_of with each type as a kind's name (kind_name), worked out once: what the
    loader gives the compiled game (GameDef.value_kinds) for the runtime and frontends."""
    program = definition.program
    if program.value_kinds is None:
        program.value_kinds = {scope: {name: kind_name(t) for name, t in types.items()}
                               for scope, types in types_of(definition).items()}
    return program.value_kinds


NAMING_WALKS = 3
"""Extra walks that feed the parameters' types back into their procedures (a list built
from a parameter is then known to hold players)."""


def value_types(checker: TypeChecker) -> dict[str, dict[str, Type]]:
    """Procedure name -> {parameter or local: type}; "game" and "player" -> variables.

    Run after the checker has reported its problems: the extra walks only refine types
    (a parameter's callers are walked again with their own parameters' types known)."""
    types = _collect(checker)
    checker.reporting = False
    for _ in range(NAMING_WALKS):
        checker.param_hints = {
            proc.name: {p: types[proc.name][p] for p in proc.params if p in types[proc.name]}
            for proc in checker.program.procs.values()}
        checker.arg_types = {}
        checker.recording = True
        checker.walk()
        refined = _collect(checker)
        if refined == types:
            break
        types = refined
    checker.recording = False
    return types


def _collect(checker: TypeChecker) -> dict[str, dict[str, Type]]:
    out: dict[str, dict[str, Type]] = {}
    for proc in checker.program.procs.values():
        base = proc.name.split("·")[0]
        names = dict(checker.local_types.get(base, {}))
        params = checker.program.procs[base].params if base in checker.program.procs \
            else proc.params
        for i, name in enumerate(params):
            demand = checker.demands.get((base, i), (NOTHING, ""))[0]
            names[name] = _precise(demand, checker.arg_types.get((base, i), NOTHING))
        out[proc.name] = names
    for scope, declared in (("game", checker.types.game_vars),
                            ("player", checker.types.player_vars)):
        assigned = {k.split(".", 1)[1]: t for k, t in checker.var_assigned.items()
                    if k.startswith(scope + ".")}
        out[scope] = {name: _precise(t, assigned.get(name, NOTHING))
                      for name, t in declared.items()}
    return out
