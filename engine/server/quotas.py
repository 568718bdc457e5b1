"""What one server allows (its limits, each with a default fit for a public address) and
the rate limit of a connection. Plain Python: the game tables use it without the web extra."""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """What one server allows, each with a default fit for a public address."""

    games_per_address: int = 10
    """Games not yet over that one client address may have made (in this server's run)."""
    games: int = 500
    """Games the server holds in all (finished ones included, until they are removed)."""
    keep_finished: float = 24 * 3600
    """Seconds a finished game is kept (to be seen and replayed) before it is removed."""
    keep_idle: float = 7 * 24 * 3600
    """Seconds a game may go without an action before it is removed."""
    connections_per_game: int = 64
    """WebSockets open on one game at once (seats and watchers)."""
    messages_per_second: float = 20
    """What one WebSocket may send on average (pings and actions)."""
    message_burst: int = 40
    """How many messages a WebSocket may send at once above that rate."""


class RateLimit:
    """A token bucket: `allow()` is false once a client sends faster than its rate."""

    def __init__(self, rate: float, burst: int, clock=time.monotonic):
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens, self.at = float(burst), clock()

    def allow(self) -> bool:
        """Take one message from the bucket; False if it is empty."""
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True
