"""Views of a game in progress for frontends, each a thin wrapper over observe().

Mixed into GameState: `state.events(seat)` is the event log as one seat sees it, and
`state.options(seat)` the ids of the actions it may take now.
"""

from __future__ import annotations

from typing import Any


class StateViews:
    """Read-only helpers on a GameState, built on its observe() and legal_actions()."""

    __slots__ = ()

    def events(self, seat: int | None, since: int = 0) -> list[dict[str, Any]]:
        """The event log as `seat` sees it (None: a spectator), from position `since` of
        that seat's own log on: others' secret choices are left out, and the token of a
        masked move is hidden. The position of an event in it never changes, except that
        others' answers in an open secret step come in only when the step closes."""
        return self.observe(seat)["log"][since:]

    def options(self, seat: int) -> list[str]:
        """The ids of the actions `seat` may take now ([] if it has no decision)."""
        return [action["id"] for action in self.legal_actions(seat)]
