"""Reading what clients send: size limits, JSON, the language and the seat's token; every
refusal is a named WebError with a clear message, and nothing is changed."""

from __future__ import annotations

import json
from typing import Any

from starlette.requests import HTTPConnection, Request

from ..errors import InvalidSave, w
from ..i18n.catalog import LANGUAGES, UnknownLanguage, Words
from ..interpreter.save_json import strict_json
from .errors import BadRequest, TooLarge

MAX_BODY = 64 * 1024
"""The largest request body accepted (bytes)."""
MAX_MESSAGE = 16 * 1024
"""The largest WebSocket message accepted (bytes)."""
MAX_DEPTH = 20
"""How deeply a request's JSON may nest (the table's own messages nest a few levels)."""


def parse_json(raw: bytes | str, limit: int) -> Any:
    """JSON text checked for size and syntax."""
    size = len(raw.encode() if isinstance(raw, str) else raw)
    if size > limit:
        raise TooLarge.text(w("too large: {size} bytes, at most {limit}"), size=str(size),
                            limit=str(limit))
    try:
        return strict_json(raw, MAX_DEPTH)
    except InvalidSave as error:
        raise BadRequest.text(w("JSON refused: {why}"), why=str(error)) from None
    except (ValueError, UnicodeDecodeError) as error:
        where = ""
        if isinstance(error, json.JSONDecodeError):
            where = f" (line {error.lineno}, column {error.colno}: {error.msg})"
        raise BadRequest.text(w("malformed JSON{where}"), where=where) from None


async def read_json(request: Request, limit: int = MAX_BODY) -> Any:
    """The request's body as JSON, refused past `limit` bytes before it is all read."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise TooLarge.text(w("too large: {size} bytes, at most {limit}"), size=declared,
                            limit=str(limit))
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > limit:
            raise TooLarge.text(w("too large: more than {limit} bytes"), limit=str(limit))
    return parse_json(bytes(body), limit)


def language(connection: HTTPConnection) -> Words:
    """The language asked for (?lang=), else the browser's first known one, else English;
    an unknown ?lang= is refused."""
    asked = connection.query_params.get("lang")
    if asked:
        try:
            return Words(asked)
        except UnknownLanguage:
            raise BadRequest.text(w("unknown language {lang}; available: {languages}"),
                                  lang=repr(asked[:20]), languages=", ".join(LANGUAGES)) \
                from None
    for part in connection.headers.get("accept-language", "").split(","):
        code = part.split(";")[0].strip().lower()[:2]
        if code in LANGUAGES:
            return Words(code)
    return Words("en")


def bearer(connection: HTTPConnection) -> str | None:
    """The token of an `Authorization: Bearer TOKEN` header, if any."""
    header = connection.headers.get("authorization", "")
    if header.lower().startswith("bearer "):
        return header[7:].strip() or None
    return None
