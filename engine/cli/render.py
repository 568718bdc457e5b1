"""Readable text for log events, results and values; generic over every game.

Events are dicts with key "e" (move, move_token, reveal, control, release, shuffle,
reveal_card, choice, note, game_over); seats are named by the game's seat names.
"""

from __future__ import annotations

import json
from typing import Any

PLAYER_KEYS = {"player", "seat", "winner", "loser", "by"}
"""Note fields that hold one player number (shown as the seat name)."""
PLAYERS_KEYS = {"players", "seats", "winners", "losers", "runners_up"}
"""Note fields that hold a list of player numbers."""


def words(name: Any) -> str:
    """An identifier as words: choose_area -> choose area."""
    return str(name).replace("_", " ")


def value_text(value: Any) -> str:
    """A value as short text: strings bare, anything else as JSON."""
    if isinstance(value, str):
        return value
    if value is None:
        return "none"
    return json.dumps(value)


def seat_name(seats: list[str], player: Any) -> str:
    """A player number as its seat name (None: nobody)."""
    if isinstance(player, int) and not isinstance(player, bool) and 0 <= player < len(seats):
        return seats[player]
    return "nobody" if player is None else value_text(player)


def seat_list(seats: list[str], players: Any) -> str:
    """A list of player numbers as seat names: "red and blue"."""
    if not isinstance(players, list):
        return seat_name(seats, players)
    names = [seat_name(seats, p) for p in players]
    if not names:
        return "nobody"
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _owner(seats: list[str], event: dict) -> str:
    return f"{seat_name(seats, event['player'])}'s " if event.get("player") is not None else ""


def secret_kinds(definition: Any) -> frozenset[str]:
    """Token kinds with secret properties: their ids are never shown (see _token)."""
    return frozenset(k for k, kind in definition.tokens.items() if kind.secret)


def _token(event: dict, hidden: frozenset[str]) -> str:
    """A token as it appears in an event: its id, or only its kind.

    Ids of tokens with secret properties are not shown: an id is given in creation order,
    so it could tell which face-down token (and so which secret value) moved.
    """
    kind = event.get("piece", "token")
    tid = event.get("token")
    return tid if tid and kind not in hidden else kind


def _fields(seats: list[str], fields: dict) -> str:
    parts = []
    for key, value in fields.items():
        if key in PLAYER_KEYS:
            text = seat_name(seats, value)
        elif key in PLAYERS_KEYS:
            text = seat_list(seats, value)
        else:
            text = value_text(value)
        parts.append(f"{words(key)} {text}")
    return ", ".join(parts)


RESERVED = {"e", "private", "masked"}


def event_text(event: dict, seats: list[str], hidden: frozenset[str] = frozenset()) -> str:
    """One log event as a line of text; tokens of the `hidden` kinds are named by kind."""
    kind = event.get("e")
    who = seat_name(seats, event.get("player"))
    secret = " (secret)" if event.get("private") else ""
    if kind == "move":
        n = event.get("n", 1)
        return (f"{who} moves {n} {event.get('piece')}{'s' if n != 1 else ''} "
                f"{event.get('from')} -> {event.get('to')}")
    if kind == "move_token":
        return (f"{_owner(seats, event)}{_token(event, hidden)}: {event.get('from')} -> "
                f"{event.get('to')}{secret}")
    if kind == "reveal":
        known = {"e", "token", "piece", "player", "at", "private", "masked"}
        shown = _fields(seats, {k: v for k, v in event.items() if k not in known})
        where = f" at {event['at']}" if event.get("at") is not None else ""
        token = _token(event, hidden)
        return f"{_owner(seats, event)}{token}{where} revealed: {shown or 'nothing'}"
    if kind == "control":
        return f"{who} takes control of {_token(event, hidden)}"
    if kind == "release":
        return f"{who} no longer controls {_token(event, hidden)}"
    if kind == "shuffle":
        return f"deck {event.get('deck')} shuffled"
    if kind == "reveal_card":
        return (f"deck {event.get('deck')} card {event.get('index', 0) + 1} face up: "
                f"{value_text(event.get('card'))}")
    if kind == "choice":
        return f"{who} chooses {value_text(event.get('value'))} ({words(event.get('ask'))}){secret}"
    if kind == "note":
        rest = {k: v for k, v in event.items() if k not in RESERVED | {"msg"}}
        text = words(event.get("msg", "note"))
        return f"{text}: {_fields(seats, rest)}" if rest else text
    if kind == "game_over":
        return (f"game over ({words(event.get('reason'))}): "
                f"{seat_list(seats, event.get('winners', []))} "
                f"win{'s' if len(event.get('winners', [])) == 1 else ''}")
    rest = {k: v for k, v in event.items() if k not in RESERVED}
    return f"{words(kind)}: {_fields(seats, rest)}"


def result_lines(result: dict | None, seats: list[str]) -> list[str]:
    """The result of a game as lines: winners, reason, and the end conditions met."""
    if result is None:
        return ["no result: the game has not ended"]
    winners = result.get("winners", [])
    lines = [f"winner{'s' if len(winners) != 1 else ''}: {seat_list(seats, winners)}",
             f"reason: {words(result.get('reason'))}"]
    conditions = result.get("conditions") or {}
    for player, met in conditions.items():
        seat = seat_name(seats, int(player)) if str(player).isdigit() else str(player)
        lines.append(f"conditions met by {seat}: {', '.join(words(c) for c in met)}")
    return lines
