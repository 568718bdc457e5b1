"""The event log of a game in progress, kept beside its state (never inside what is copied
or saved): copying a log takes the same time at any length, because copies share the
events written before the copy (events are never changed once written) and each keeps
its own list of the events written after.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any

Chunk = tuple  # (earlier chunk or None, tuple of events)


class EventLog(Sequence):
    """A list of events: shared frozen chunks, then `tail`, the list new events go to."""

    __slots__ = ("_head", "_frozen", "_cache", "tail")

    def __init__(self, events: list[dict] | None = None):
        self._head: Chunk | None = None
        self._frozen = 0
        self._cache: list[dict] | None = None   # the frozen events as one list, once read
        self.tail: list[dict] = list(events or [])

    def fork(self) -> EventLog:
        """A copy holding the same events; the two grow apart from here (O(1))."""
        if self.tail:
            self._head = (self._head, tuple(self.tail))
            self._frozen += len(self.tail)
            self._cache = None
            self.tail.clear()           # the same list: a Runtime may hold it
        copy = EventLog.__new__(EventLog)
        copy._head, copy._frozen, copy._cache, copy.tail = self._head, self._frozen, None, []
        return copy

    def _frozen_events(self) -> list[dict]:
        if self._cache is None:
            chunks = []
            head = self._head
            while head is not None:
                chunks.append(head[1])
                head = head[0]
            self._cache = [e for chunk in reversed(chunks) for e in chunk]
        return self._cache

    def truncate(self, length: int) -> None:
        """Keep only the first `length` events."""
        if length >= self._frozen:
            del self.tail[length - self._frozen:]
            return
        kept = self._frozen_events()[:length]
        self._head = (None, tuple(kept)) if kept else None
        self._frozen = length
        self._cache = None
        self.tail.clear()

    def since(self, start: int) -> list[dict]:
        """The events from index `start` on (reads only those when they are all in the
        tail, the usual case for a reader that keeps up with the log)."""
        if start >= self._frozen:
            return self.tail[start - self._frozen:]
        return self._frozen_events()[start:] + self.tail

    def __len__(self) -> int:
        return self._frozen + len(self.tail)

    def __getitem__(self, index: Any) -> Any:
        if isinstance(index, slice):
            return list(self)[index]
        if index < 0:
            index += len(self)
        if index >= self._frozen:
            return self.tail[index - self._frozen]
        if index < 0:
            raise IndexError("log index out of range")
        return self._frozen_events()[index]

    def __iter__(self) -> Iterator[dict]:
        if self._frozen:
            yield from self._frozen_events()
        yield from list(self.tail)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog | list | tuple):
            return len(self) == len(other) and list(self) == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"EventLog({list(self)!r})"
