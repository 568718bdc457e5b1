"""Log events and results as text in the player's language; generic over every game.

Events are dicts with key "e" (move, move_token, give, reveal, control, release, shuffle,
reveal_card, choice, note, game_over; more_events.py renders the others).
Every sentence is a template in the catalogs; the names in it (seats, areas, pieces, decks,
prompts) are the game's texts (GameWords).
"""

from __future__ import annotations

from typing import Any

from ..bots import bot_name
from ..i18n.game_words import GameWords, words
from .labels import _is_cell, cell_words, token_label
from .more_events import more_event_text

RESERVED = {"e", "private", "masked"}
"""Event keys that are bookkeeping, never shown."""


def seat_kind(gw: GameWords, kind: str) -> str:
    """Who plays a seat (human, random...) in words."""
    if kind == "human":
        return gw.w.ctx("seat kind", "human")
    return bot_name(gw.w, kind)


def token_text(gw: GameWords, kind: str, tid: str | None,
               tokens: dict[str, dict] | None = None) -> str:
    """A token as a log line names it: its kind, and for a token without secrets which one.

    A token with secret properties is named by its kind only: ids are given in creation
    order, so an id could tell which face-down token (and so which secret value) moved. A
    token without secrets is told apart by its properties when they are known ("meeple
    (Harbour)"), else by the number in its id.
    """
    name = gw.piece(kind)
    definition = gw.definition
    token_kind = definition.tokens.get(kind)
    if not tid or token_kind is None or token_kind.secret:
        return name
    token = (tokens or {}).get(tid)
    if token is not None and any(token.get(p) is not None for p in token_kind.props):
        which = token_label(gw, token)
        return which if name.lower() in which.lower() else \
            gw.w("{token} ({which})", token=name, which=which)
    number = tid.rsplit("-", 1)[-1]
    return gw.w("{token} {number}", token=name, number=number)


def _owned(gw: GameWords, event: dict, token: str) -> str:
    if event.get("player") is None:
        return token
    return gw.w("{owner}'s {token}", owner=gw.seat(event["player"]), token=token)


SPACE_FIELDS = frozenset({"space"})
"""A note's fields that hold a cell of a grid: said by row and column ("row 4, column 3")."""


def _spaces_named(gw: GameWords, fields: dict) -> dict:
    """A note's fields with each cell in a `SPACE_FIELDS` field said by row and column, and
    a field that is a list of cells said as a list of them ("row 1, column 2 and row 2,
    column 2")."""
    def named(key: str, value: Any) -> Any:
        if key in SPACE_FIELDS and _is_cell(value):
            return cell_words(gw, gw.definition, value)
        if isinstance(value, list) and value and all(_is_cell(c) for c in value):
            return gw.w.join([cell_words(gw, gw.definition, c) for c in value])
        return value
    return {k: named(k, v) for k, v in fields.items()}


def _shown_to_one(gw: GameWords, event: dict, token: str, who: str) -> str:
    """A private reveal: what was seen for the seat it was shown to; that it happened for
    the others (their event has no token and no values)."""
    place = gw.place(event.get("at"))
    if "token" not in event:
        return gw.w("{player} is shown one {piece} ({place})", player=who,
                    piece=gw.piece(event.get("piece")), place=place)
    known = {"e", "token", "piece", "player", "at", "private", "masked"}
    values = {k: v for k, v in event.items() if k not in known}
    shown = token_label(gw, {"kind": event["piece"], **values}) \
        if event.get("piece") in gw.definition.tokens else gw.fields(values)
    return gw.w("{token} ({place}) shown to {player}: {values}", token=token, place=place,
                player=who, values=shown)


def event_text(event: dict, gw: GameWords, tokens: dict[str, dict] | None = None) -> str:
    """One log event as a line of text. `tokens` (id -> observed token) lets a token with
    no secrets be named by its properties."""
    w = gw.w
    kind = event.get("e")
    who = gw.seat(event.get("player"))
    piece = event.get("piece") or (tokens or {}).get(event.get("token"), {}).get("kind")
    token = token_text(gw, piece or "token", event.get("token"), tokens)
    line = None
    if kind == "move":
        n = event.get("n", 1)
        pieces = gw.pieces(event.get("piece"), n)
        places = {"source": gw.place(event.get("from")), "target": gw.place(event.get("to"))}
        if event.get("player") is None:
            line = w("{pieces}: {source} -> {target}", pieces=pieces, **places)
        else:
            line = w("{player} moves {pieces}: {source} -> {target}", player=who,
                     pieces=pieces, **places)
    elif kind == "move_token":
        line = w("{token}: {source} -> {target}", token=_owned(gw, event, token),
                 source=gw.place(event.get("from")), target=gw.place(event.get("to")))
    elif kind == "give":
        if event.get("player") is None:
            line = w("{token} now belongs to nobody", token=token)
        else:
            line = w("{token} now belongs to {player}", token=token, player=who)
    elif kind == "reveal":
        known = {"e", "token", "piece", "player", "at", "private", "masked"}
        values = {k: v for k, v in event.items() if k not in known}
        if not values:
            shown = w("nothing")
        elif len(values) == 1:
            shown = gw.field(*next(iter(values.items())))
        elif event.get("piece") in gw.definition.tokens:
            shown = token_label(gw, {"kind": event["piece"], **values})
        else:
            shown = ", ".join(f"{gw.prop(k)} {gw.field(k, v)}" for k, v in values.items())
        owned = _owned(gw, event, token)
        if event.get("at") is not None:
            line = w("{token} ({place}) revealed: {values}", token=owned,
                     place=gw.place(event["at"]), values=shown)
        else:
            line = w("{token} revealed: {values}", token=owned, values=shown)
    elif kind == "reveal_to":
        line = _shown_to_one(gw, event, token, who)
    elif kind == "control":
        line = w("{player} takes control of {token}", player=who, token=token)
    elif kind == "release":
        line = w("{player} no longer controls {token}", player=who, token=token)
    elif kind == "shuffle":
        line = w("{deck} shuffled", deck=gw.deck(event.get("deck")))
    elif kind == "reveal_card":
        line = w("{deck}, card {number} face up: {card}", deck=gw.deck(event.get("deck")),
                 number=event.get("index", 0) + 1, card=gw.value(event.get("card")))
    elif kind == "choice":                # masked: a face-down token, named by its kind
        choice = gw.value(event["value"]) if "value" in event else gw.piece(event.get("piece"))
        line = w("{player} chooses {choice} ({ask})", player=who, choice=choice,
                 ask=gw.ask(event.get("ask")))
    elif kind == "note":
        fields = {k: v for k, v in event.items() if k not in RESERVED | {"msg"}}
        return gw.note(event.get("msg", "note"), _spaces_named(gw, fields))
    elif kind == "game_over":
        winners = event.get("winners", [])
        reason = _end_reason(gw, event)
        if reason is None:              # the game's end came, with nothing more to say
            if not winners:
                return w("Game over: nobody wins.")
            return w.plural(None, "Game over: {winners} wins.", "Game over: {winners} win.",
                            len(winners), winners=gw.seats(winners))
        if not winners:
            return w("Game over ({reason}): nobody wins.", reason=reason)
        return w.plural(None, "Game over ({reason}): {winners} wins.",
                        "Game over ({reason}): {winners} win.", len(winners),
                        reason=reason, winners=gw.seats(winners))
    if line is None:
        line = more_event_text(event, gw, who, token,
                               lambda k, t: token_text(gw, k or "token", t, tokens))
    if line is None:
        rest = {k: v for k, v in event.items() if k not in RESERVED}
        return f"{words(kind)}: {gw.fields(rest)}"
    return w("{line} (secret)", line=line) if event.get("private") else line


def _end_reason(gw: GameWords, event: dict) -> str | None:
    """Why the game ended: the end conditions met, when the event names them (story.py's
    ended_log), else the reason's words; None when a game without end conditions simply
    reached its end and has no words of its own for it ("end condition" would name none)."""
    if event.get("reason") == "end_condition" and event.get("conditions"):
        return gw.w.join([gw.condition(c) for c in event["conditions"]])
    return gw.end_reason(event.get("reason"))


def result_lines(result: dict | None, gw: GameWords) -> list[str]:
    """The result of a game as lines: winners, reason, and the end conditions met."""
    w = gw.w
    if result is None:
        return [w("no result: the game has not ended")]
    winners = result.get("winners", [])
    lines = [w.plural(None, "winner: {winners}", "winners: {winners}", len(winners),
                      winners=gw.seats(winners)),
             w("reason: {reason}", reason=gw.reason(result.get("reason")))]
    conditions = result.get("conditions") or {}
    for player, met in conditions.items():
        seat = gw.seat(int(player)) if str(player).isdigit() else str(player)
        lines.append(w("conditions met by {seat}: {conditions}", seat=seat,
                       conditions=w.join([gw.condition(c) for c in met])))
    return lines
