"""Same-origin by default: what the table accepts from a browser, before any route runs.

- **Host**: the Host header must name one of the allowed hosts (by default the loopback
  names), so a page on another name that resolves to this machine (DNS rebinding) cannot
  reach the table.
- **Origin**: a request or WebSocket that a browser sends with an Origin must come from
  this server's own origin: a page on another site can neither make games nor act.
- **JSON only**: a POST must say `Content-Type: application/json` (a form on another site
  can only send form or text bodies).
- **Headers** on every answer: a Content-Security-Policy, no framing, no sniffing.

Refusals are JSON errors like the rest of the table's (errors.py), in English: they come
before the request's language is read.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

LOOPBACK = ("localhost", "127.0.0.1", "::1")
"""The hosts allowed by default: the table is served to this machine."""
ANY_HOST = "*"
CSP = ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
       "img-src 'self' data:; connect-src 'self'; frame-ancestors 'none'; "
       "base-uri 'none'; form-action 'none'; object-src 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-frame-options", b"DENY"),
           (b"x-content-type-options", b"nosniff")]


def host_name(value: str) -> str:
    """The host of a Host header or URL netloc, without its port ([::1]:8000 -> ::1)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


class Guard:
    """ASGI middleware: the host, origin and content-type checks, and the headers."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = LOOPBACK):
        self.app = app
        self.allowed = {host_name(h) if h != ANY_HOST else h for h in allowed_hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        refusal = self.refusal(scope, headers)
        if refusal is not None:
            status, code, message = refusal
            await _refuse(scope, receive, send, status, code, message)
            return
        if scope["type"] == "websocket":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []),
                                      *[(k, v) for k, v in HEADERS if k not in present]]
            await send(message)
        await self.app(scope, receive, with_headers)

    def refusal(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str, str] | None:
        """(status, code, message) if the request is refused, else None."""
        host = headers.get("host", "")
        if ANY_HOST not in self.allowed and host_name(host) not in self.allowed:
            return 400, "bad_host", (f"this server does not answer to the host "
                                     f"{host[:60]!r}; start it with --allowed-host for it")
        origin = headers.get("origin")
        if origin is not None and origin != "null":
            parts = urlsplit(origin)
            if parts.netloc.lower() != host.lower():
                return 403, "bad_origin", (f"a page from {origin[:80]!r} may not use this "
                                           "table: only its own pages may")
        elif origin == "null":
            return 403, "bad_origin", "a page with no origin may not use this table"
        if scope["type"] == "http" and scope["method"] == "POST":
            kind = headers.get("content-type", "").split(";")[0].strip().lower()
            if kind != "application/json":
                return 415, "bad_content_type", ("a request body must be JSON "
                                                 "(Content-Type: application/json)")
        return None


async def _refuse(scope: Scope, receive: Receive, send: Send, status: int, code: str,
                  message: str) -> None:
    body = json.dumps({"type": "error", "status": status, "code": code, "message": message})
    if scope["type"] == "websocket":
        await receive()                                     # the connect message
        await send({"type": "websocket.close", "code": 4000 + status})
        return
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), *HEADERS]})
    await send({"type": "http.response.body", "body": body.encode()})
