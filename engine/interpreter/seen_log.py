"""The log as each seat sees it, kept as the log grows: only the events written since the
last look are filtered (visible_event), not the whole log again on every observe().

A seat's list is never changed in place (a longer one replaces it), so copies of a state
share the lists and each extends its own. If the log was cut back and written again (a
refused apply goes back to its checkpoint), the seat's list is built again. A digest of each
seat's list is kept the same way (digest: the events seen since the last look are added to
it), for a short text that differs whenever what a seat saw differs.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable
from typing import Any

from .eventlog import EventLog
from .state import visible_event


class SeenLogs:
    """Per seat: [the events it sees, how many events of the log were read, the last, and
    the digest of how many of the events it sees]."""

    __slots__ = ("seats",)

    def __init__(self, seats: dict | None = None):
        self.seats: dict[Any, list] = {} if seats is None else seats

    def events(self, log: EventLog, seat: Any) -> list[dict]:
        """The events of `log` that `seat` sees (a list the caller must not change)."""
        entry = self.seats.get(seat)
        n = len(log)
        if entry is None or entry[1] > n or (entry[1] and log[entry[1] - 1] is not entry[2]):
            entry = self.seats[seat] = [[], 0, None, b"", 0]
        if entry[1] < n:
            new = [v for v in (visible_event(e, seat) for e in log.since(entry[1])) if v]
            if new:
                entry[0] = entry[0] + new
            entry[1], entry[2] = n, log[n - 1]
        return entry[0]

    def digest(self, log: EventLog, seat: Any) -> bytes:
        """chained(b"", events(log, seat)), kept as the log grows."""
        events = self.events(log, seat)
        entry = self.seats[seat]
        if entry[4] < len(events):
            entry[3], entry[4] = chained(entry[3], events[entry[4]:]), len(events)
        return entry[3]

    def copy(self) -> SeenLogs:
        """A copy for a clone of the state (the lists are shared, never changed)."""
        return SeenLogs({seat: list(entry) for seat, entry in self.seats.items()})


def chained(digest: bytes, events: Iterable[dict]) -> bytes:
    """`digest` extended by `events`, one after the other (each as canonical JSON): equal
    lists of events give equal digests, different ones (but for a 128-bit collision)
    different digests."""
    for event in events:
        text = json.dumps(event, sort_keys=True, separators=(",", ":"), default=str)
        digest = hashlib.blake2b(digest + text.encode(), digest_size=16).digest()
    return digest
