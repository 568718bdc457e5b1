"""The web table's application (Starlette): pages, the HTTP API, the WebSocket, and the
server that ties them to the games, the database and the bots.

    regola serve --db games.sqlite3      # or: uvicorn's factory create_app(db=...)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable, Iterable
from concurrent.futures import ThreadPoolExecutor
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket

from ..game import GameState
from ..i18n.catalog import LANGUAGES, Words
from ..present.scores import whole_log
from .bots_runner import BotRunner
from .designer import WARNING, Designer
from .errors import WebError
from .guard import LOOPBACK, Guard
from .http_api import HttpApi
from .limits import language
from .messages import LAYOUTS, seat_message, table_info, whole_story
from .pauses import ShortPauses
from .quotas import Limits
from .sessions import Session
from .storage import Store
from .tables import Tables
from .ui_words import ui_words
from .ws import table_socket

LOG = logging.getLogger("regola.serve")
ICON = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" '
        'height="16" rx="3" fill="#5a4320"/><circle cx="8" cy="8" r="4" fill="#f4ead5"/></svg>')
STATIC = Path(str(resources.files("regola.server").joinpath("static")))


DRAW_THREADS = 1
"""Threads that draw the clients' views, off the event loop. One: drawing is Python code
that holds the GIL, so more threads would not draw faster."""
SWEEP_SECONDS = 600
"""How often the server removes the games past the limits' keeping times."""


def draw_view(session: Session, state: GameState, actions: int, failure: str | None,
              seat: int | None, words: Words, layouts: tuple[str, ...] = LAYOUTS) -> str:
    """The message of one seat (None: a spectator) in one language, with the boards of
    `layouts`, as JSON text, drawn from `state`, a copy of the game's state no one else
    changes (after `actions` actions, with `failure` if the game failed): safe in a worker
    thread."""
    view = state.observe(seat)
    legal = state.legal_actions(seat) if seat is not None else []
    table = table_info(session.id, actions, session.kinds, session.record.rules,
                       session.record.variant, words,
                       session.record.seed if state.is_over else None,
                       session.titles.get(words.lang))
    session.titles[words.lang] = table["title"]
    context = state.decision_context(seat) if legal else None
    kind = context.get("option_kind", "") if context else ""
    message = seat_message(session.game, session.layout, view, legal, table, words, kind,
                           context, state.is_over and whole_log(state) is not None,
                           layouts, session.story_of(seat))
    message["failure"] = failure
    return json.dumps(message)


class Server:
    """The games of one server, its database and its bots."""

    def __init__(self, db: str | Path, bot_delay: float = 0.3, designer: bool = False,
                 limits: Limits | None = None):
        self.designer = designer        # designer mode: any seat without its token, secrets
        self.limits = limits or Limits()
        self.store = Store(db)
        self.tables = Tables(self.store, limits=self.limits)
        self.bots = BotRunner(self.store, bot_delay)
        self.drawer = ThreadPoolExecutor(DRAW_THREADS, thread_name_prefix="regola-draw")
        self.pauses = ShortPauses()
        self._sweeper: asyncio.Task | None = None

    def start(self) -> None:
        """Bring back every stored game and let its bots go on; remove expired games from
        time to time."""
        for session in self.tables.restore():
            self.bots.poke(session)
        self.pauses.start()
        self._sweeper = asyncio.get_running_loop().create_task(self._sweep_now_and_then())

    async def _sweep_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(SWEEP_SECONDS)
            gone = self.tables.sweep()
            if gone:
                self.pauses.thaw()
            for game in gone:
                LOG.info("game %s removed (finished or idle past the limits)", game)

    async def stop(self) -> None:
        """Stop the bots and close the database."""
        if self._sweeper is not None:
            self._sweeper.cancel()
        await self.bots.stop()
        self.drawer.shutdown(wait=False, cancel_futures=True)
        self.pauses.stop()
        self.tables.close()
        self.store.close()

    def view(self, session: Session, seat: int | None, words: Words,
             layouts: tuple[str, ...] = LAYOUTS) -> asyncio.Future[str]:
        """The view of one seat (None: a spectator) in one language with the boards of
        `layouts`, as the game is now, as JSON text (kept as text: one object for the
        garbage collector to walk, not thousands): drawn in the drawing thread from a copy
        of the state taken now, once per state, seat, language and layouts (the clients
        that get it share it)."""
        def start() -> asyncio.Future[str]:
            """The drawing of a copy of the state as it is now, handed to the thread."""
            drawn = self.drawer.submit(draw_view, session, session.snapshot(),
                                       session.actions, session.failure, seat, words,
                                       layouts)
            return asyncio.wrap_future(drawn)
        return session.cached((session.revision, seat, words.lang, layouts), start)

    def story(self, session: Session, seat: int | None, words: Words) -> asyncio.Future[str]:
        """The whole story of the game as one seat (None: a spectator) may read it, in one
        language, as JSON text: told in the drawing thread from a copy of the state now."""
        def tell(state: GameState) -> str:
            return json.dumps({"log": whole_story(session.game, state.observe(seat), words)})
        return asyncio.wrap_future(self.drawer.submit(tell, session.snapshot()))

    async def act(self, session: Session, seat: int, action: Any,
                  taken: Callable[[dict], None] | None = None) -> dict:
        """Take a person's action (stored before anything is said), call `taken` with it
        (the acting client's answer goes first), tell every client, let the bots answer."""
        async with session.lock:
            chosen = session.act(self.store, seat, action)
        if taken is not None:
            taken(chosen)
        session.changed()
        self.bots.poke(session)
        return chosen


def page(words: Words, designer: bool = False) -> str:
    """The single page (lobby and table): the page's words in the client's language and
    nothing of any game (the game comes over the WebSocket, as the seat may see it); in
    designer mode, a flag that shows the designer panel (which asks the designer routes)."""
    html = (STATIC / "index.html").read_text(encoding="utf-8")
    shown: dict = {"lang": words.lang, "languages": list(LANGUAGES), "words": ui_words(words)}
    if designer:
        shown["designer"] = {"warning": WARNING}
    data = json.dumps(shown, ensure_ascii=False)
    data = data.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
    return html.replace("{{lang}}", words.lang).replace("{{data}}", data)


def create_app(db: str | Path = "regola-games.sqlite3", bot_delay: float = 0.3,
               designer: bool = False, allowed_hosts: Iterable[str] = LOOPBACK,
               limits: Limits | None = None) -> Starlette:
    """The application, serving the games stored in `db` (made if missing); `designer`:
    designer mode (every seat and secret shown: for a designer's own machine only);
    `allowed_hosts`: the names the server answers to (guard.py; "*" for any); `limits`:
    games per address and in all, how long games are kept, connections, message rates."""
    server = Server(db, bot_delay, designer, limits)
    api = HttpApi(server)
    tools = Designer(server)

    async def index(request: Request) -> Response:
        """GET / and /g/{game}: the page (the same for every game and seat)."""
        try:
            words = language(request)
        except WebError:
            words = Words("en")
        return HTMLResponse(page(words, server.designer), headers={"Cache-Control": "no-store",
                                                  "Referrer-Policy": "no-referrer"})

    async def icon(request: Request) -> Response:
        """GET /favicon.ico."""
        return Response(ICON, media_type="image/svg+xml")

    async def socket(websocket: WebSocket) -> None:
        """WS /ws/games/{game}."""
        await table_socket(server, websocket)

    async def web_error(request: Request, error: Exception) -> JSONResponse:
        """A refusal: its status and its message in the client's language."""
        assert isinstance(error, WebError)
        try:
            words = language(request)
        except WebError:
            words = Words("en")
        return JSONResponse(error.to_json(words), status_code=error.status)

    async def server_error(request: Request, error: Exception) -> JSONResponse:
        """Anything else: logged here, and no traceback sent."""
        LOG.exception("unexpected error on %s", request.url.path, exc_info=error)
        return JSONResponse({"type": "error", "status": 500, "code": "internal",
                             "message": "internal error"}, status_code=500)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette):
        """Bring the stored games back on start and make the rules listing of every
        language in the background (before anyone asks for it); stop the bots and close on
        exit."""
        server.start()
        warming = asyncio.get_running_loop().create_task(api.warm_up())
        yield
        warming.cancel()
        await server.stop()

    routes = [
        Route("/", index), Route("/g/{game}", index), Route("/favicon.ico", icon),
        Route("/api/rules", api.rules), Route("/api/games", api.games, methods=["GET"]),
        Route("/api/games", api.create, methods=["POST"]),
        Route("/api/games/{game}", api.view),
        Route("/api/games/{game}/actions", api.act, methods=["POST"]),
        Route("/api/games/{game}/story", api.story),
        WebSocketRoute("/ws/games/{game}", socket),
        *designer_routes(tools, designer),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={WebError: web_error, Exception: server_error})
    app.add_middleware(Guard, allowed_hosts=allowed_hosts)
    app.state.server = server
    return app


def designer_routes(tools: Designer, on: bool) -> list[Route]:
    """The designer's routes in designer mode; else one that answers 404 to all of them."""
    if not on:
        return [Route("/api/designer/{rest:path}", tools.off, methods=["GET", "POST"])]
    return [Route("/api/designer/games/{game}", tools.game, methods=["GET"]),
            Route("/api/designer/games/{game}/continue", tools.continue_from,
                  methods=["POST"]),
            Route("/api/designer/scenarios", tools.scenario_list, methods=["GET"]),
            Route("/api/designer/scenario-games", tools.from_scenario, methods=["POST"]),
            Route("/api/designer/{rest:path}", tools.off_here, methods=["GET", "POST"])]
