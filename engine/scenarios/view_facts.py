"""The `observe` fact: what one seat sees (`GameState.observe(seat)`), and what it does not.

    {observe: {player: blue,                      # null: a spectator (public view only)
               shows: [ITEM, ...], hides: [ITEM, ...]}}

An ITEM is one of:

    {tokens: {kind: chip, owner: red, at: south}, n: 3}        # blue sees 3 such tokens
    {tokens: {kind: chip, owner: red}, field: value}           # shows: each one seen shows
                                          # its value; hides: blue sees some, none with it
    {tokens: {kind: card, owner: red, area: south}}            # hides: sees no such token
    vars.year                             # a path into the view: keys, [index] or [seat];
    {path: "player_vars[red].coins", is: 3}                    # shows: present and not null
    {log: {msg: contest_result, area: south}}                  # an event the seat sees

A token selection matches what the seat sees: a field it cannot see never matches (`field:
id` is the token's identity).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from ..interpreter import state as state_mod
from .document import Path_, Scope, _shown, unmet
from .position_facts import message_id

Check = Callable[[Any], "str | None"]
_NAME = r"[A-Za-z_][A-Za-z0-9_]*"
_WHOLE = re.compile(rf"{_NAME}(\.{_NAME}|\[[^\]]+\])*")
_SEGMENT = re.compile(rf"({_NAME})|\[([^\]]+)\]")
MISSING = object()


def observe_fact(scope: Scope, f: dict, path: Path_) -> Check:
    """An observe fact (see the module's docstring)."""
    scope.mapping(f, path, "an observe fact", required=("observe",))
    here = (*path, "observe")
    body = scope.mapping(f["observe"], here, "an observe fact", required=("player",),
                         optional=("shows", "hides"))
    if "shows" not in body and "hides" not in body:
        raise scope.fail(here, "an observe fact needs 'shows' or 'hides'")
    seat = scope.seat_or_none(body["player"], (*here, "player"))
    checks = []
    for key in ("shows", "hides"):
        if key in body:
            items = scope.listing(body[key], (*here, key), key)
            checks += [(scope.line((*here, key, i)),
                        _item(scope, item, (*here, key, i), key == "shows"))
                       for i, item in enumerate(items)]
    who = scope.seat_name(seat) if seat is not None else "a spectator"

    def check(run) -> str | None:
        view = run.state.observe(seat)
        found = [(line, one(view)) for line, one in checks]
        return unmet([(line, f"{who} {message}") for line, message in found if message])
    return check


def _item(scope: Scope, node: Any, path: Path_, shows: bool) -> Callable:
    if isinstance(node, str):
        node = {"path": node}
    body = scope.mapping(node, path, "an observe item", extra=True)
    if "tokens" in body:
        return _tokens(scope, body, path, shows)
    if "path" in body:
        scope.mapping(body, path, "an observe path", required=("path",),
                      optional=("is",) if shows else ())
        return _path(scope, body, path, shows)
    if "log" in body:
        scope.mapping(body, path, "an observe log item", required=("log",))
        pattern = scope.mapping(body["log"], (*path, "log"), "an event pattern", extra=True)
        message_id(scope, pattern, (*path, "log"))
        return _log(scope, pattern, shows)
    raise scope.fail(path, "an observe item is a path, or a mapping with 'tokens', 'path' "
                           "or 'log'")


def _tokens(scope: Scope, body: dict, path: Path_, shows: bool) -> Callable:
    scope.mapping(body, path, "an observe tokens item", required=("tokens",),
                  optional=("field", "n") if shows else ("field",))
    sel = scope.mapping(body["tokens"], (*path, "tokens"), "a token selection",
                        required=("kind",), extra=True)
    kind = sel["kind"]
    if scope.piece_kind(kind, (*path, "tokens", "kind")) != "token":
        raise scope.fail((*path, "tokens", "kind"), f"{kind} pieces are counted, not tokens")
    filters = scope.token_filters(kind, {k: v for k, v in sel.items() if k != "kind"},
                                  (*path, "tokens"))
    fields = ["id", "owner", "at", "controller", "shown", *scope.game.tokens[kind].props]
    field = body.get("field")
    if field is not None and field not in fields:
        raise scope.fail((*path, "field"), f"{kind} tokens have no field {_shown(field)} "
                                           f"(fields: {', '.join(fields)})")
    n = scope.integer(body["n"], (*path, "n"), "n") if "n" in body else None
    words = f"{kind} tokens matching {_shown(sel)}"

    def check(view: dict) -> str | None:
        seen = [t for t in view["tokens"] if t["kind"] == kind and _fits(filters, t)]
        with_field = [t for t in seen if field is not None and field in t]
        if shows and n is not None and len(seen) != n:
            return f"sees {len(seen)} {words}, expected {n}"
        if shows and n is None and not seen:
            return f"sees no {words}"
        if shows and field is not None and len(with_field) < len(seen):
            return f"sees {len(seen) - len(with_field)} of the {len(seen)} {words} without " \
                   f"their {field}"
        if not shows and field is None and seen:
            return f"sees {len(seen)} {words}"
        if not shows and field is not None and not seen:
            return f"sees no {words}, so cannot check that their {field} is hidden"
        if not shows and with_field:
            shown = ", ".join(_shown(t[field]) for t in with_field)
            return f"sees the {field} of {len(with_field)} {words}: {shown}"
        return None
    return check


def _fits(filters: dict, token: dict) -> bool:
    for key, value in filters.items():
        if key not in token:
            return False
        if isinstance(value, list) and key == "at":
            if token[key] not in value:
                return False
        elif token[key] != value:
            return False
    return True


def _path(scope: Scope, body: dict, path: Path_, shows: bool) -> Callable:
    text = body["path"]
    keys = _parse_path(scope, text, (*path, "path"))

    def check(view: dict) -> str | None:
        value = _follow(view, keys)
        present = value is not MISSING and value is not None
        if shows and not present:
            return f"does not see {text}"
        if not shows and present:
            return f"sees {text} = {_shown(value)}"
        if shows and "is" in body and not scope.matches(body["is"], value):
            return f"sees {text} = {_shown(value)}, expected {_shown(body['is'])}"
        return None
    return check


def _parse_path(scope: Scope, text: Any, path: Path_) -> list:
    """A view path as keys and indexes, its first names checked against the game."""
    if not isinstance(text, str) or not text:
        raise scope.fail(path, f"a view path is text such as vars.year, got {_shown(text)}")
    if not _WHOLE.fullmatch(text):
        raise scope.fail(path, f"cannot read the view path {text!r}: write keys joined by "
                               "dots and [index] or [seat], e.g. player_vars[red].coins")
    keys = [name or _index(scope, index.strip(), path)
            for name, index in _SEGMENT.findall(text)]
    _check_names(scope, keys, path)
    return keys


def _index(scope: Scope, index: str, path: Path_) -> int:
    if index.lstrip("-").isdigit():
        return int(index)
    return scope.seat(index, path)


def _check_names(scope: Scope, keys: list, path: Path_) -> None:
    game = scope.game
    view = state_mod.observe(game, state_mod.new_state(game, scope.players, 0), None)
    tables = {"vars": game.game_vars, "decks": game.decks, "pieces": game.pieces}
    first = keys[0]
    if first not in view:
        raise scope.fail(path, f"a view has no {first!r} (keys: {', '.join(view)})")
    table = tables.get(first)
    if table is not None and len(keys) > 1 and keys[1] not in table:
        raise scope.fail(path, f"no {first} {keys[1]!r} (known: {', '.join(table)})")
    if first == "player_vars" and len(keys) > 2 and keys[2] not in game.player_vars:
        raise scope.fail(path, f"no player variable {keys[2]!r} "
                               f"(known: {', '.join(game.player_vars) or 'none'})")


def _follow(value: Any, keys: list) -> Any:
    for key in keys:
        if isinstance(value, dict) and isinstance(key, str) and key in value:
            value = value[key]
        elif isinstance(value, list) and isinstance(key, int) and -len(value) <= key < len(value):
            value = value[key]
        else:
            return MISSING
    return value


def _log(scope: Scope, pattern: dict, shows: bool) -> Callable:
    def check(view: dict) -> str | None:
        hits = [e for e in view["log"] if scope.matches(pattern, e)]
        if shows and not hits:
            return f"sees no event matching {_shown(pattern)}"
        if not shows and hits:
            return f"sees {len(hits)} event(s) matching {_shown(pattern)}"
        return None
    return check
