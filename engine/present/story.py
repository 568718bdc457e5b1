"""The story of a game: its log told as entries a person follows, each a headline with the
raw moves behind it.

    for entry in story(view["log"]):
        entry.headline        # the event told (a note, a choice, the end), None at the start
        entry.details         # the raw moves that followed it, one click or key away

A headline is one of the game's notes (a `log(...)` statement of its scripts, told by its
`notes` text), a player's choice, or the end of the game. A choice stays a headline only
until the game tells what came of it: a note about the same player that follows before any
other headline takes its place, and the choice becomes its first detail ("Red uses the
Finance Office and gains 2 coins" instead of "Red chooses Finance Office"); so does a
second choice of the same player that follows at once (a menu, then the item chosen). A
note about a player whose last entry is still a bare choice (a secret choice, told once
every seat has chosen) takes that choice in too.
Every other event is a detail of the headline before it; the events before the first
headline are the setup's.
"""

from __future__ import annotations

import dataclasses
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..i18n.game_words import GameWords
from .events import event_text

HEADLINES = ("note", "choice", "game_over")
"""The event kinds that start an entry of the story."""


@dataclass
class Entry:
    """One entry of the story: the event it tells and the events behind it."""

    headline: dict | None
    details: list[dict] = field(default_factory=list)
    first: int = 0          # the index in the log of the entry's first event
    last: int = 0           # the index of its last event
    before: int = 0         # how many of the details came before the headline

    @property
    def is_choice(self) -> bool:
        """Whether the entry tells a bare choice (no note has told what came of it)."""
        return self.headline is not None and self.headline.get("e") == "choice"


def story(events: Iterable[dict], choices: bool = True) -> list[Entry]:
    """The log as story entries, in order. With `choices` False a bare choice is a detail
    of the entry before it (the short story of a game between bots)."""
    teller = Teller(choices)
    teller.add(events)
    return teller.entries()


class Teller:
    """The story of a log that grows: the entries told so far, and the events added one
    after the other (adding a log in parts tells the same story as adding it whole). The
    latest entries change as events come (a note takes in the choices it tells about)."""

    def __init__(self, choices: bool = True):
        self.choices = choices
        self.told = 0                              # the events added so far
        self._entries: list[Entry] = [Entry(None)]

    def entries(self) -> list[Entry]:
        """The story so far (the setup's entry only if something happened before the
        first headline)."""
        entries = self._entries
        return entries[:] if entries[0].details else entries[1:]

    def add(self, events: Iterable[dict]) -> None:
        """Tell the events that follow the ones added so far."""
        entries, choices = self._entries, self.choices
        for index, event in enumerate(events, self.told):
            self.told = index + 1
            kind = event.get("e")
            current = entries[-1]
            if kind == "note" and _waiting_choice(entries, event.get("player")) is not None:
                at = _waiting_choice(entries, event.get("player"))
                while at > 1 and entries[at - 1].is_choice and \
                        entries[at - 1].headline.get("player") == event.get("player"):
                    at -= 1                       # the choices before it in a row, too
                taken = entries[at:]
                del entries[at:]
                others = [e for e in taken if not (e.is_choice and e.headline.get("player") ==
                                                   event.get("player"))]
                mine = [e for e in taken if e not in others]
                details = [d for e in mine     # each in the log's order
                           for d in (*e.details[:e.before], e.headline, *e.details[e.before:])]
                entries.extend(others)
                entries.append(Entry(event, details, first=mine[0].first, last=index,
                                     before=len(details)))
                continue
            elif kind == "choice" and current.is_choice \
                    and len(current.details) == current.before \
                    and event.get("player") == current.headline.get("player"):
                current.details.append(current.headline)      # a menu, then the item chosen
                current.headline = event
                current.before = len(current.details)
            elif kind in HEADLINES and (choices or kind != "choice"):
                entries.append(Entry(event, first=index, last=index))
                continue
            else:
                current.details.append(event)
            current.last = index


def _waiting_choice(entries: list[Entry], player: Any) -> int | None:
    """The index of the latest entry that is a bare choice of `player` still waiting for
    the note that tells what came of it (a secret choice told when all have chosen): no
    entry of the same player's since; None if there is none."""
    if player is None:
        return None
    for at in range(len(entries) - 1, 0, -1):
        headline = entries[at].headline
        if headline is not None and headline.get("player") == player:
            return at if entries[at].is_choice else None
    return None


def entry_text(entry: Entry, gw: GameWords, tokens: dict[str, dict] | None = None,
               name: Callable[[Any], str] | None = None) -> str:
    """An entry's headline as a line ("the game is set up" for the setup's entry). A bare
    choice is told without its question ("Red chooses the second row"), its value named by
    `name` (a Namer's `value`) when given."""
    if entry.headline is None:
        return gw.w("The game is set up.")
    event = entry.headline
    if event.get("e") != "choice":
        return event_text(event, gw, tokens)
    value = event.get("value")
    if "value" not in event:             # masked: a face-down token, named by its kind
        choice = gw.piece(event.get("piece"))
    else:
        choice = name(value) if name is not None else gw.value(value)
    line = gw.w("{player} chooses {choice}", player=gw.seat(event.get("player")),
                choice=choice)
    return gw.w("{line} (secret)", line=line) if event.get("private") else line


def since(entries: list[Entry], start: int) -> list[Entry]:
    """The entries with an event at or after log index `start` (what a seat has not seen)."""
    return [e for e in entries if e.last >= start]


def without_secrets(entries: list[Entry], seat: int | None = None) -> list[Entry]:
    """The entries without bare secret choices ("Red chooses 3 (secret)") nor, for a seat's
    own story, that seat's bare choices ("Red chooses the second row", which its next question
    carries on): the note that tells what came of them takes them in later."""
    return [e for e in entries if not (e.is_choice and (
        e.headline.get("private") or (seat is not None and e.headline.get("player") == seat)))]


class KeptStory:
    """One reader's story kept from view to view of a growing log: each view's log adds
    only its new events to the entries told so far; a log that does not begin with the
    events told (equal ones: a copy of the state filters its log again) is told again from
    its start. Safe to share between threads."""

    def __init__(self, choices: bool = True):
        self.choices = choices
        self._lock = threading.Lock()
        self._teller = Teller(choices)
        self._events: list[dict] = []              # the events told, to compare
        self._where: dict[int, int] = {}           # id of an event told -> its index
        self.lines: dict[tuple, tuple] = {}        # the caller's lines of events

    def latest(self, log: list[dict], pick: Callable[[list[Entry]], list[Entry]]
               ) -> tuple[list[Entry], dict[int, int]]:
        """pick(the story of `log`), the entries it picks the reader's to keep (the last
        entry, which later events may change, is copied), and where each event of those
        entries lies in `log` (by id: the entries may hold events equal to the log's)."""
        with self._lock:
            told = self._events
            if len(log) < len(told) or log[:len(told)] != told:
                self._teller, told = Teller(self.choices), []
                self._events, self._where, self.lines = told, {}, {}
            if len(log) > len(told):
                new = log[len(told):]
                self._where.update((id(event), i) for i, event in enumerate(new, len(told)))
                self._teller.add(new)
                told += new
            entries = self._teller.entries()
            picked = pick(entries)
            if picked and entries and picked[-1] is entries[-1]:
                last = picked[-1]
                picked[-1] = dataclasses.replace(last, details=last.details[:])
            return picked, self._where


def ended_log(view: dict) -> list[dict]:
    """The view's log with its end told whole: the `game_over` event gets the end
    conditions the players met (from the view's result), so the story can say what ended
    the game instead of "an end condition was met"."""
    log = list(view.get("log") or [])
    met = (view.get("result") or {}).get("conditions") or {}
    ended = list(dict.fromkeys(c for conditions in met.values() for c in conditions))
    at = next((i for i in range(len(log) - 1, -1, -1) if log[i].get("e") == "game_over"), None)
    if ended and at is not None:
        log[at] = {**log[at], "conditions": ended}
    return log
