"""Log lines of the events of grids, piles and scenarios, in the player's language.

Every event kind the engine emits has a sentence in the catalogs (render.py holds the
core ones, concept_view.py those of tracks, money and connections); a kind with none would
show its raw fields, in English, to a player of any language.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n.game_words import GameWords
from .concept_view import resource_name, track_name


def _cell(cell: object) -> str:
    if isinstance(cell, list) and len(cell) == 2:
        return f"({cell[0]}, {cell[1]})"
    return str(cell)


def grid_event_text(event: dict, gw: GameWords, token: str) -> str | None:
    """A token laid on a grid: where from, which cell, how turned, on how high a stack."""
    if event.get("e") != "place":
        return None
    w = gw.w
    values = {"token": token, "source": gw.place(event.get("from")),
              "target": gw.place(event.get("to")), "cell": _cell(event.get("cell")),
              "degrees": 90 * int(event.get("rot") or 0)}
    level = int(event.get("level") or 0)
    if level:
        return w.plural(None, "{token}: {source} -> {target} {cell}, turned {degrees}°, on "
                              "{n} tile", "{token}: {source} -> {target} {cell}, turned "
                                          "{degrees}°, on {n} tiles", level, **values)
    return w("{token}: {source} -> {target} {cell}, turned {degrees}°", **values)


def pile_event_text(event: dict, gw: GameWords, who: str) -> str | None:
    """An empty pile refilled from another one (a discard pile shuffled into a draw pile)."""
    if event.get("e") != "refill":
        return None
    n = int(event.get("n") or 0)
    return gw.w("{player} refills {target} with {pieces} from {source}", player=who,
                target=gw.place(event.get("to")), source=gw.place(event.get("from")),
                pieces=gw.pieces(event.get("piece"), n))


def scenario_event_text(event: dict, gw: GameWords, who: str, token: str,
                        name_token: Callable[[str | None, str | None], str]) -> str | None:
    """What a scenario set before its play: a variable, a deck, a disc, money, a tile."""
    if event.get("e") != "scenario_set":
        return None
    w = gw.w
    if "var" in event:
        scope = "player" if "player" in event else "game"
        name = gw.variable(event["var"], scope)
        if scope == "player":
            return w("scenario: {player}'s {variable} is now {value}", player=who,
                     variable=name, value=gw.value(event.get("value")))
        return w("scenario: {variable} is now {value}", variable=name,
                 value=gw.value(event.get("value")))
    if "deck" in event:
        return w("scenario: {deck} holds {cards}", deck=gw.deck(event["deck"]),
                 cards=gw.value(event.get("cards")))
    if "track" in event:
        return w("scenario: {player} on space {target} of {track}", player=who,
                 target=event.get("to"), track=track_name(gw, event["track"]))
    if "resource" in event:
        things = resource_name(gw, event["resource"], event.get("n", 2))
        if "token" in event:
            return w("scenario: {n} {things} on {token}", n=event.get("n", 0),
                     things=things, token=token)
        return w("scenario: {player} holds {n} {things}", player=who, n=event.get("n", 0),
                 things=things)
    if "connection" in event:
        ends = gw.definition.connections.get(event["connection"], ("?", "?"))
        where = w("{first} – {second}", first=gw.place(ends[0]), second=gw.place(ends[1]))
        tile = event.get("tile")
        if tile is None:
            return w("scenario: no tile between {connection}", connection=where)
        kind = str(tile).rsplit("-", 1)[0]
        return w("scenario: {token} between {connection}, toward {facing}",
                 token=name_token(kind if kind in gw.definition.tokens else None, tile),
                 connection=where, facing=gw.place(event.get("facing")))
    return w("scenario: the position is set")


def more_event_text(event: dict, gw: GameWords, who: str, token: str,
                    name_token: Callable[[str | None, str | None], str]) -> str | None:
    """The line of a grid, pile or scenario event (None for other kinds); `name_token`
    names a token by kind and id."""
    return (grid_event_text(event, gw, token) or pile_event_text(event, gw, who)
            or scenario_event_text(event, gw, who, token, name_token))
