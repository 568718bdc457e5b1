"""Log lines of the events of tracks, money, connections, grids, piles and scenarios, in
the player's language.

Every event kind the engine emits has a sentence in the catalogs (render.py holds the
core ones); a kind with none would
show its raw fields, in English, to a player of any language.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n.game_words import GameWords, words


def track_name(gw: GameWords, name: str) -> str:
    """A track's name in the player's language."""
    return gw.text("tracks", name) or words(name)


def resource_name(gw: GameWords, name: str, n: int = 2) -> str:
    """A resource's name (plural unless n is 1)."""
    return gw.text("resources", name, n) or words(name)


def concept_event_text(event: dict, gw: GameWords, who: str, token: str) -> str | None:
    """A log line for an event of tracks, money or connections (None for other events)."""
    w = gw.w
    kind = event.get("e")
    if kind == "track":
        return w("{player}: {track} {source} -> {target}", player=who,
                 track=track_name(gw, event.get("track", "")), source=event.get("from"),
                 target=event.get("to"))
    if kind in ("gain", "pay"):
        n = event.get("n", 1)
        things = resource_name(gw, event.get("resource", ""), n)
        if kind == "gain":
            return w.plural(None, "{player} takes {n} {things} from the bank",
                            "{player} takes {n} {things} from the bank", n, player=who,
                            things=things)
        return w.plural(None, "{player} pays {n} {things} to the bank",
                        "{player} pays {n} {things} to the bank", n, player=who, things=things)
    if kind == "activate":
        return w("{player} puts a {thing} on {token}", player=who, token=token,
                 thing=resource_name(gw, event.get("resource", ""), 1))
    if kind == "clear_markers":
        return w("{things} on pieces go back to the bank ({n})", n=event.get("n", 0),
                 things=resource_name(gw, event.get("resource", "")))
    if kind == "lay_tile":
        a, b = gw.definition.connections.get(event.get("connection"), ("?", "?"))
        return w("{token} laid between {first} and {second}, end {value} toward {facing}",
                 token=token, first=gw.place(a), second=gw.place(b),
                 value=(event.get("ends") or ["?"])[0], facing=gw.place(event.get("facing")))
    return None


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
    """The line of a track, money, connection, grid, pile or scenario event (None for
    other kinds); `name_token` names a token by kind and id."""
    return (concept_event_text(event, gw, who, token) or grid_event_text(event, gw, token)
            or pile_event_text(event, gw, who)
            or scenario_event_text(event, gw, who, token, name_token))
