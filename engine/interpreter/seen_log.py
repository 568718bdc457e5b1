"""The log as each seat sees it, kept as the log grows: only the events written since the
last look are filtered (visible_event), not the whole log again on every observe().

A seat's list is never changed in place (a longer one replaces it), so copies of a state
share the lists and each extends its own. If the log was cut back and written again (a
refused apply goes back to its checkpoint), the seat's list is built again.
"""

from __future__ import annotations

from typing import Any

from .eventlog import EventLog
from .state import visible_event


class SeenLogs:
    """Per seat: [the events it sees, how many events of the log were read, the last]."""

    __slots__ = ("seats",)

    def __init__(self, seats: dict | None = None):
        self.seats: dict[Any, list] = {} if seats is None else seats

    def events(self, log: EventLog, seat: Any) -> list[dict]:
        """The events of `log` that `seat` sees (a list the caller must not change)."""
        entry = self.seats.get(seat)
        n = len(log)
        if entry is None or entry[1] > n or (entry[1] and log[entry[1] - 1] is not entry[2]):
            entry = self.seats[seat] = [[], 0, None]
        if entry[1] < n:
            new = [v for v in (visible_event(e, seat) for e in log.since(entry[1])) if v]
            if new:
                entry[0] = entry[0] + new
            entry[1], entry[2] = n, log[n - 1]
        return entry[0]

    def copy(self) -> SeenLogs:
        """A copy for a clone of the state (the lists are shared, never changed)."""
        return SeenLogs({seat: list(entry) for seat, entry in self.seats.items()})
