"""Names and tokens a scenario's concept keys pick: declared names, token selections, and
the token a selection stands for in the current position."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .document import Failure, Path_, Scope, _shown


def declared(scope: Scope, name: Any, table: dict, what: str, path: Path_) -> str:
    if not isinstance(name, str) or name not in table:
        raise scope.fail(path, f"unknown {what} {_shown(name)} "
                               f"({what}s: {', '.join(table) or 'none declared'})")
    return name


def selection(scope: Scope, node: Any, path: Path_, kind: str | None = None) -> tuple:
    """A token selection: its kind (given, or the `kind` key) and resolved filters. A plain
    value stands for the kind's first property."""
    if kind is not None and not isinstance(node, dict):
        props = list(scope.game.tokens[kind].props)
        if not props:
            raise scope.fail(path, f"{kind} tokens have no property: select them by a mapping")
        node = {props[0]: node}
    body = scope.mapping(node, path, "a token selection",
                         required=() if kind else ("kind",), extra=True)
    if kind is None:
        kind = body["kind"]
        if scope.piece_kind(kind, (*path, "kind")) != "token":
            raise scope.fail((*path, "kind"), f"{kind} pieces are counted, not tokens")
    filters = scope.token_filters(kind, {k: v for k, v in body.items() if k != "kind"}, path)
    return kind, filters


def pick(run, kind: str, filters: dict, owner: Any, at: Any, taken: set, line: int,
         skip: Callable = lambda tok: False, anyone: bool = False) -> str:
    """One matching token not `taken`: already `at` with `owner`, else owned by `owner`, else
    nobody's; another player's only when the filters name an owner (or, `anyone`, last)."""
    tokens = run.state.token_records()
    found = [t for t in run.runtime().tokens(kind, **filters)
             if t not in taken and not skip(tokens[t])]
    if "owner" not in filters and not anyone:
        mine = [t for t in found if tokens[t]["owner"] in (owner, None)]
        if found and not mine:
            seat = run.scope.seat_name(tokens[found[0]]["owner"])
            raise Failure(line, f"only other players' {kind} tokens match {_shown(filters)} "
                                f"(e.g. {seat}'s): name the owner to take one, or swap: true "
                                f"to take it from whoever holds it")
        found = mine

    def rank(t: str) -> int:
        tok = tokens[t]
        if tok["owner"] == owner:
            return 0 if tok["at"] == at else 1
        return 2 if tok["owner"] is None else 3
    if not found:
        raise Failure(line, f"no (other) {kind} token matches {_shown(filters)}")
    choice = min(found, key=rank)
    taken.add(choice)
    return choice
