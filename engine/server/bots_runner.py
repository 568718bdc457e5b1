"""Bots move by themselves on the server: whenever a game waits for bot seats, a task lets
each of them choose (after a short pause, so people can follow) until a person must decide
or the game is over. Bots are found by name in regola.bots.BOTS.

A bot thinks in a worker thread on a copy of the state, so a searching bot (mcts: about a
second a decision) does not hold up the server's other games and clients."""

from __future__ import annotations

import asyncio
import logging

from ..i18n.catalog import Words
from .errors import WebError
from .sessions import Session
from .storage import Store

LOG = logging.getLogger("regola.serve")
MAX_REASON = 500
"""The longest reason for a failure shown to the seats (characters)."""
BURST = 20
"""Bot moves made in a row, without a pause, before the clients are told (delay 0)."""


def brief_text(text: str) -> str:
    """A reason cut to MAX_REASON characters."""
    return text if len(text) <= MAX_REASON else text[:MAX_REASON] + "…"


class BotRunner:
    """One task per game whose bots have something to decide."""

    def __init__(self, store: Store, delay: float = 0.3):
        self.store = store
        self.delay = delay
        self.tasks: dict[str, asyncio.Task] = {}

    def poke(self, session: Session) -> None:
        """Start the game's bot task if its bots must decide and none is running."""
        running = self.tasks.get(session.id)
        if (running is not None and not running.done()) or session.failure is not None:
            return
        if session.bots_to_move() and not session.state.is_over:
            self.tasks[session.id] = asyncio.get_running_loop().create_task(self._run(session))

    async def _run(self, session: Session) -> None:
        # Without a pause nobody watches each move: a burst of moves makes one new view.
        burst = 1 if self.delay > 0 else BURST
        while True:
            await asyncio.sleep(self.delay)
            async with session.lock:
                for _ in range(burst):
                    seats = session.bots_to_move()
                    if not seats or session.state.is_over:
                        break
                    if not await self._move(session, seats):
                        return
            session.changed()
            if not session.bots_to_move() or session.state.is_over:
                return

    async def _move(self, session: Session, seats: list[int]) -> bool:
        """Each bot seat in `seats` decides (if it still must); False if a bot failed."""
        for seat in seats:
            if seat not in session.state.to_move or session.state.is_over:
                continue
            try:
                position = session.state.clone()
                action = await asyncio.to_thread(session.bots[seat].choose, position, seat)
                session.act(self.store, seat, action)
            except Exception as error:              # any failure: the game must say so
                LOG.error("game %s: bot of seat %s failed: %s", session.id, seat, error)
                reason = error.translated(Words("en")) if isinstance(error, WebError) \
                    else str(error)
                session.fail(f"the bot of seat {seat + 1} ({session.kinds[seat]}) could not "
                             f"move: {brief_text(reason)}")
                return False
        return True

    async def stop(self) -> None:
        """Cancel every bot task (the server is stopping)."""
        for task in self.tasks.values():
            task.cancel()
        for task in self.tasks.values():
            try:
                await task
            except (asyncio.CancelledError, Exception):
                pass
        self.tasks.clear()
