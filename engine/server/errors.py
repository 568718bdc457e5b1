"""What the web table refuses, as named errors: each has an HTTP status, a short code for
programs and an English message template the client's language translates."""

from __future__ import annotations

from typing import Any

from ..errors import RegolaError
from ..i18n.catalog import Words


class WebError(RegolaError):
    """A request or message the server refuses; nothing was changed."""

    status = 400
    code = "bad_request"

    def message(self, words: Words) -> str:
        """The message in the client's language."""
        return self.translated(words)

    def to_json(self, words: Words, **extra: Any) -> dict:
        """The error as a message: {"type": "error", "status", "code", "message"}."""
        return {"type": "error", "status": self.status, "code": self.code,
                "message": self.message(words), **extra}


class BadRequest(WebError):
    """Malformed JSON, or a message without the fields it needs."""


class TokenMissing(WebError):
    """A seat's request without its token."""

    status, code = 401, "token_missing"


class TokenRefused(WebError):
    """A token that is not this game's, or that is not the seat's the request names."""

    status, code = 403, "forbidden"


class NotFound(WebError):
    """A game id that no game has."""

    status, code = 404, "not_found"


class StaleDecision(WebError):
    """An action for a decision already answered (or not yet asked)."""

    status, code = 409, "stale"


class TooLarge(WebError):
    """A body or a WebSocket message beyond the size limit."""

    status, code = 413, "too_large"


class Unprocessable(WebError):
    """Well-formed, but not possible: an unknown game or option, an illegal action."""

    status, code = 422, "invalid"


class ServerFault(WebError):
    """The server could not store an action; the game was reloaded as stored."""

    status, code = 503, "unavailable"


class TooMany(WebError):
    """A client past one of the server's limits: games per address, messages per second,
    connections to one game."""

    status, code = 429, "too_many"


class ServerFull(WebError):
    """The server holds as many games as it may; none can be made until some end."""

    status, code = 503, "full"
