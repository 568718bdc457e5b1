"""The WebSocket of a table: a client says hello (with its seat's token, or none to
watch), then receives its own view after every change and sends actions. Each client has
one writer that sends, in order, its errors and its latest view: an error goes only to the
client that caused it, and a view is built from observe(that client's seat) only."""

from __future__ import annotations

import asyncio
import json
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..errors import w
from ..i18n.catalog import Words
from .designer import hello_seat
from .errors import BadRequest, TokenMissing, TokenRefused, TooMany, WebError
from .limits import MAX_MESSAGE, language, parse_json
from .messages import LAYOUTS
from .quotas import RateLimit
from .sessions import Session

LOG = logging.getLogger("regola.serve")
HELLO_SECONDS = 20
MAX_QUEUED = 100
"""How many messages may wait for a client; a client that lets more pile up (it does not
read) is dropped, so it cannot grow the server's memory."""
CLOSE_SECONDS = 5
TOO_SLOW = 1008
"""The close code of a dropped client (policy violation)."""
MAX_REF = 64
"""The longest `ref` a client may give its messages (it comes back in the answer)."""


class Client:
    """One open WebSocket: its game, its seat (None: watching), its language, the messages
    waiting for it (answers to its own messages) and whether its view is due."""

    def __init__(self, server: Any, socket: WebSocket, session: Session, seat: int | None,
                 words: Words, layouts: tuple[str, ...] = LAYOUTS):
        self.server, self.socket, self.session = server, socket, session
        self.seat, self.words = seat, words
        self.layouts = layouts              # the boards this client shows
        self.queue: asyncio.Queue = asyncio.Queue(maxsize=MAX_QUEUED)
        self.view_due = False
        self.ready = asyncio.Event()
        self.sent: tuple | None = None
        self.dropped = False

    def wake(self) -> None:
        """The game changed: send the new view (once, however many changes came)."""
        self.view_due = True
        self.ready.set()

    def show(self, layouts: tuple[str, ...]) -> None:
        """The client now shows the boards of `layouts`: its view again, drawn so."""
        if layouts != self.layouts:
            self.layouts = layouts
            self.sent = None
            self.wake()

    def send(self, message: dict) -> None:
        """Queue a message for this client only; a full queue drops the client (it is not
        reading)."""
        if self.dropped:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.dropped = True
        self.ready.set()

    async def writer(self) -> None:
        """Send the queued messages, then the view if it is due and the game moved on since
        the last one sent. The answers go first: an action's ack is queued before the game
        is told of the change, so it always reaches the client before a view that shows it.
        A view is drawn off the loop from the state as it was when it was asked for (while
        it is drawn, answers still go out; changes meanwhile make one view after it)."""
        drawing: asyncio.Future | None = None
        while True:
            await self.ready.wait()
            self.ready.clear()
            try:
                while not self.queue.empty():
                    await self.socket.send_text(json.dumps(self.queue.get_nowait()))
                if drawing is not None and drawing.done():
                    done, drawing = drawing, None
                    await self._send_view(done)
                if self.view_due and drawing is None:
                    self.view_due = False
                    if self.session.revision != self.sent:
                        self.sent = self.session.revision
                        drawing = self.server.view(self.session, self.seat, self.words,
                                                   self.layouts)
                        drawing.add_done_callback(lambda _: self.ready.set())
            except (WebSocketDisconnect, RuntimeError, OSError):
                return

    async def _send_view(self, drawing: asyncio.Future) -> None:
        """Send a view that was drawn; one whose drawing failed is logged and skipped (a
        drawing is cancelled only when the server stops)."""
        if drawing.cancelled():
            return
        error = drawing.exception()
        if error is not None:
            LOG.error("game %s: the view of seat %s could not be drawn: %r", self.session.id,
                      self.seat, error)
            return
        await self.socket.send_text(drawing.result())


def shown_layouts(message: dict) -> tuple[str, ...]:
    """The boards a client shows, from its hello or layout message: `narrow` true (a
    phone's width) or false (a desktop's); without it, both."""
    narrow = message.get("narrow")
    if narrow is None:
        return LAYOUTS
    if not isinstance(narrow, bool):
        raise BadRequest.text(w("narrow must be true or false (the width the board is "
                                "shown at)"))
    return ("narrow",) if narrow else ("wide",)


async def _fail(socket: WebSocket, error: WebError, words: Words, code: int) -> None:
    await socket.send_text(json.dumps(error.to_json(words)))
    await socket.close(code=code)


async def table_socket(server: Any, socket: WebSocket) -> None:
    """WS /ws/games/{game}: hello, then views and actions until the client leaves."""
    await socket.accept()
    try:
        words = language(socket)
    except WebError as error:
        await _fail(socket, error, Words("en"), 4400)
        return
    try:
        session = server.tables.get(socket.path_params["game"])
        raw = await asyncio.wait_for(socket.receive_text(), HELLO_SECONDS)
        hello = parse_json(raw, MAX_MESSAGE)
        if not isinstance(hello, dict) or hello.get("type") != "hello":
            raise BadRequest.text(w("the first message must be a hello: type hello, with "
                                    "the seat's token (none to watch)"))
        token = hello.get("token")
        seat = None
        if token is not None:
            seat = session.seat_of(token) if isinstance(token, str) else None
            if seat is None:
                raise TokenRefused.text(w("this link is not a seat of this game"))
        elif hello.get("seat") is not None:
            seat = hello_seat(server, session, hello)
        layouts = shown_layouts(hello)
    except WebError as error:
        await _fail(socket, error, words, 4000 + error.status)
        return
    except (TimeoutError, WebSocketDisconnect, RuntimeError):
        return
    limits = server.limits
    if len(session.listeners) >= limits.connections_per_game:
        await _fail(socket, TooMany.text(w("this game has as many connections as it may "
                                           "({n})"), n=str(limits.connections_per_game)),
                    words, 4429)
        return
    client = Client(server, socket, session, seat, words, layouts)
    rate = RateLimit(limits.messages_per_second, limits.message_burst)
    session.listeners.add(client.wake)
    writer = asyncio.get_running_loop().create_task(client.writer())
    client.wake()
    try:
        while not client.dropped:
            raw = await socket.receive_text()
            if not rate.allow():
                client.send(TooMany.text(w("too many messages: at most {rate} a second")
                                         , rate=f"{limits.messages_per_second:g}")
                            .to_json(client.words))
                continue
            await _handle(server, client, raw)
        writer.cancel()
        await asyncio.wait_for(socket.close(code=TOO_SLOW), CLOSE_SECONDS)
    except (WebSocketDisconnect, RuntimeError, TimeoutError):
        pass
    finally:
        session.listeners.discard(client.wake)
        writer.cancel()


async def _handle(server: Any, client: Client, raw: str) -> None:
    """One message from the client: ping, or an action for its seat."""
    ref = None
    try:
        message = parse_json(raw, MAX_MESSAGE)
        if not isinstance(message, dict):
            raise BadRequest.text(w("a message must be a JSON object with a type"))
        ref = message.get("ref")
        ref = ref if isinstance(ref, int) or (isinstance(ref, str) and len(ref) <= MAX_REF) \
            else None
        kind = message.get("type")
        if kind == "ping":
            client.send({"type": "pong", "ref": ref})
            return
        if kind == "layout":
            client.show(shown_layouts(message))
            return
        if kind != "act":
            raise BadRequest.text(w("unknown message type {type}; use act, layout or ping"),
                                  type=json.dumps(kind)[:40])
        if client.seat is None:
            raise TokenMissing.text(w("you are watching: acting needs a seat's link"))
        if "seat" in message and message["seat"] != client.seat:
            raise TokenRefused.text(w("this link is for seat {mine}; it cannot act for seat "
                                      "{other}"), mine=str(client.seat),
                                    other=json.dumps(message["seat"]))
        await server.act(client.session, client.seat, message.get("action"),
                         lambda chosen: client.send({"type": "ack", "ref": ref,
                                                     "action": chosen["id"],
                                                     "version": client.session.actions}))
    except WebError as error:
        client.send(error.to_json(client.words, ref=ref))
