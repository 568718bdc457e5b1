"""A scenario file as the runner sees it: where each value is written, and what its names mean.

Every problem the runner reports (a malformed step, a fact that does not hold, an action the
rules refuse) is a `Failure` carrying the 1-based line of the step or fact it belongs to.
"""

from __future__ import annotations

import difflib
import json
from typing import TYPE_CHECKING, Any

from ..errors import Location
from ..interpreter.model import GameDef
from ..interpreter.runtime import Runtime
from ..loading.yaml_source import Positions

if TYPE_CHECKING:
    from ..game import GameState

Path_ = tuple   # a path inside the scenario document: keys and indexes


class Failure(Exception):
    """One located problem of a scenario: a line and a message (several lines: `problems`)."""

    def __init__(self, line: int, message: str, problems: list[tuple[int, str]] | None = None,
                 location: Location | None = None):
        super().__init__(message)
        self.line = line
        self.message = message
        self.problems = problems or [(line, message)]
        self.location = location     # file, line, column and path, when known


class Unmet(str):
    """What a fact found when it does not hold, naming its own lines: a fact made of parts
    (an observe fact's items, the facts after an `if`) reports each part where it is
    written. As a plain message, its parts joined."""

    problems: list[tuple[int, str]]


def unmet(problems: list[tuple[int, str]]) -> Unmet | None:
    """The located problems of a fact's parts as one message (None if there are none)."""
    if not problems:
        return None
    message = Unmet("; ".join(m for _, m in problems))
    message.problems = list(problems)
    return message


def action_id(value: Any) -> str:
    """An action's id as the engine writes it: strings as they are, anything else as JSON."""
    return value if isinstance(value, str) else json.dumps(value)


class Scope:
    """The names a scenario may use (seats, pieces, tokens, decks, variables) and its lines."""

    def __init__(self, file: str, pos: Positions, game: GameDef | None = None, players: int = 0):
        self.file = file
        self.pos = pos
        self.game = game
        self.players = players
        self.counters: dict[str, int] = {}

    def counter(self, name: str) -> int:
        """The next number (from 0) of a named count kept while the file is read (e.g. the
        rank of a `run` step among the file's `run` steps)."""
        self.counters[name] = self.counters.get(name, 0) + 1
        return self.counters[name] - 1

    # -- positions ---------------------------------------------------------------------
    def line(self, path: Path_) -> int:
        """The line where `path` (or its nearest located ancestor) is written."""
        return self.pos.find(path, self.file).line or 1

    def fail(self, path: Path_, message: str) -> Failure:
        """A Failure located at `path`, to raise."""
        where = self.pos.find(path, self.file)
        return Failure(where.line or 1, message, location=where)

    # -- shapes --------------------------------------------------------------------------
    def mapping(self, value: Any, path: Path_, what: str, required: tuple = (),
                optional: tuple = (), extra: bool = False) -> dict:
        """`value` as a mapping with the keys allowed for `what`; a located error otherwise."""
        if not isinstance(value, dict):
            raise self.fail(path, f"{what} must be a mapping, got {_shown(value)}")
        for key in required:
            if key not in value:
                raise self.fail(path, f"{what} needs the key {key!r}")
        if not extra:
            allowed = set(required) | set(optional)
            for key in value:
                if key not in allowed:
                    keys = ", ".join(sorted(allowed))
                    raise self.fail((*path, key), f"{what}: unknown key {key!r} (keys: {keys})")
        return value

    def listing(self, value: Any, path: Path_, what: str) -> list:
        """`value` as a list (a single item becomes a list of one)."""
        if value is None:
            raise self.fail(path, f"{what} is empty")
        return value if isinstance(value, list) else [value]

    def integer(self, value: Any, path: Path_, what: str, least: int = 0) -> int:
        """`value` as an integer of at least `least`."""
        if type(value) is not int or value < least:
            raise self.fail(path, f"{what} must be a whole number of at least {least}, "
                                  f"got {_shown(value)}")
        return value

    # -- names of the game -------------------------------------------------------------
    def seat(self, value: Any, path: Path_) -> int:
        """A seat given by index (0-based) or by name (e.g. a colour)."""
        seats = self.game.seats[:self.players] if self.game else []
        if type(value) is int and 0 <= value < self.players:
            return value
        if isinstance(value, str) and value in seats:
            return seats.index(value)
        known = ", ".join(seats) or "none"
        raise self.fail(path, f"unknown seat {_shown(value)} (seats: {known}, or 0 to "
                              f"{self.players - 1})")

    def seat_names(self) -> list[str]:
        """The names of the seats in play, by number."""
        return list(self.game.seats[:self.players]) if self.game else []

    def seat_or_none(self, value: Any, path: Path_) -> int | None:
        """A seat, or None for `null` (e.g. a neutral token's controller)."""
        return None if value is None else self.seat(value, path)

    def seats(self, value: Any, path: Path_) -> list[int]:
        """A list of seats."""
        if not isinstance(value, list):
            raise self.fail(path, f"expected a list of seats, got {_shown(value)}")
        return [self.seat(v, (*path, i)) for i, v in enumerate(value)]

    def seat_name(self, seat: int | None) -> str:
        """How a seat is named in messages."""
        if seat is None:
            return "nobody"
        seats = self.game.seats if self.game else []
        return seats[seat] if 0 <= seat < len(seats) else f"seat {seat}"

    def piece_kind(self, name: Any, path: Path_) -> str:
        """'piece' for counted pieces, 'token' for tokens; a located error otherwise."""
        if isinstance(name, str) and name in self.game.pieces:
            return "piece"
        if isinstance(name, str) and name in self.game.tokens:
            return "token"
        known = ", ".join([*self.game.pieces, *self.game.tokens])
        raise self.fail(path, f"unknown piece {_shown(name)} (pieces: {known})")

    def place(self, name: Any, path: Path_) -> str:
        """An area or a location of the game."""
        if isinstance(name, str) and (name in self.game.areas or name in self.game.locations):
            return name
        places = [*self.game.areas, *self.game.locations]
        raise self.fail(path, f"unknown place {_shown(name)}{_near(name, places)} "
                              f"(places: {', '.join(places)})")

    def places(self, value: Any, path: Path_) -> str | list[str]:
        """One place or a list of places."""
        if isinstance(value, list):
            return [self.place(v, (*path, i)) for i, v in enumerate(value)]
        return self.place(value, path)

    def token_filters(self, kind: str, filters: dict, path: Path_) -> dict:
        """Filters over tokens of `kind` with seats resolved: owner/player, controller,
        at, shown and the kind's properties."""
        props = self.game.tokens[kind].props
        out: dict[str, Any] = {}
        for key, value in filters.items():
            here = (*path, key)
            if key in ("owner", "player"):
                out["owner"] = self.seat_or_none(value, here)
            elif key == "controller":
                out["controller"] = self.seat_or_none(value, here)
            elif key == "at":
                out["at"] = self.places(value, here)
            elif key == "shown":
                if type(value) is not bool:
                    raise self.fail(here, f"shown must be true or false, got {_shown(value)}")
                out["shown"] = value
            elif key in props:
                out[key] = self.prop_value(kind, key, value, here)
            else:
                known = ", ".join(["owner", "controller", "at", "shown", *props])
                raise self.fail(here, f"{kind} has no field {key!r} (fields: {known})")
        return out

    def prop_value(self, kind: str, prop: str, value: Any, path: Path_) -> Any:
        """A value some token of `kind` has for `prop` (a renamed area, say, is caught when
        the scenario is read)."""
        values = self.game.tokens[kind].props[prop]
        if any(v == value and (type(v) is bool) == (type(value) is bool) for v in values):
            return value
        known = list(dict.fromkeys(v if isinstance(v, str) else json.dumps(v, default=str)
                                   for v in values))
        more = f", ... ({len(known)} in all)" if len(known) > 12 else ""
        raise self.fail(path, f"no {kind} has {prop} {_shown(value)}{_near(value, known)} "
                              f"({prop}: {', '.join(known[:12])}{more})")

    # -- comparing -----------------------------------------------------------------------
    def matches(self, expected: Any, actual: Any) -> bool:
        """Does `actual` fit `expected`? Mappings: every expected key fits; lists: item by
        item; a seat name fits the seat's index."""
        if isinstance(expected, dict):
            return isinstance(actual, dict) and all(
                k in actual and self.matches(v, actual[k]) for k, v in expected.items())
        if isinstance(expected, list):
            return (isinstance(actual, list) and len(actual) == len(expected)
                    and all(self.matches(e, a) for e, a in zip(expected, actual)))
        if type(expected) is bool or type(actual) is bool:
            return type(expected) is type(actual) and expected == actual
        if isinstance(expected, str) and type(actual) is int and self.game is not None:
            seats = self.game.seats[:self.players]
            if expected in seats:
                return seats.index(expected) == actual
        return expected == actual


class Run:
    """A scenario being played: its game, its state and the scope of its names."""

    def __init__(self, scope: Scope, state: GameState, seed: int):
        self.scope = scope
        self.state = state
        self.seed = seed
        self.mark = 0           # log length when the last set/act/auto step began

    def runtime(self) -> Runtime:
        """A runtime bound to the current state (its changes are logged as events)."""
        return self.state._runtime()


def _near(value: Any, known: list[str]) -> str:
    """A 'did you mean' for a misspelt (or renamed) name, or nothing."""
    if not isinstance(value, str):
        return ""
    close = difflib.get_close_matches(value, [k for k in known if isinstance(k, str)], n=1)
    return f" (did you mean {close[0]}?)" if close else ""


def _shown(value: Any) -> str:
    """A value as a message shows it."""
    if value is None:
        return "nothing"
    return repr(value) if isinstance(value, str) else json.dumps(value, default=str)


NAME_PATTERN = r"^[a-z][a-z0-9_]*$"


def named_value(node: dict, path: Path_, scope: Scope | None = None) -> dict[str, Any]:
    """The values a fact or a placement names with `as:` for a worked example's text: a
    name for the value it checks (`is`, a track fact's space `at`, or a placement's `n`),
    or, for a log fact, a
    mapping from the logged field to a name (`as: {cost: shared_cost}`)."""
    import re
    alias = node["as"]
    if isinstance(alias, str):
        value = next((node[k] for k in ("is", "at_least", "at_most") if k in node),
                     node["at"] if isinstance(node.get("at"), int) else node.get("n", 1))
        pairs = {alias: value}
    elif isinstance(alias, dict) and "log" in node and isinstance(node["log"], dict):
        missing = [f for f in alias if f not in node["log"]]
        if missing and scope is not None:
            raise scope.fail((*path, "as"), f"the log fact has no field {missing[0]!r} to name")
        pairs = {name: node["log"].get(field) for field, name in alias.items()}
    else:
        if scope is not None:
            raise scope.fail((*path, "as"), "as: names the checked value (as: name) or, for "
                                            "a log fact, its fields (as: {field: name})")
        return {}
    for name in pairs:
        if not isinstance(name, str) or not re.match(NAME_PATTERN, name):
            if scope is not None:
                raise scope.fail((*path, "as"), f"{name!r} is not a name (a-z, 0-9, _)")
            return {}
    return pairs


def named_values(document: Any) -> dict[str, Any]:
    """Every value a scenario document names with `as:` (see named_value), by name."""
    found: dict[str, Any] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if "as" in node:
                found.update(named_value(node, ()))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(document)
    return found
