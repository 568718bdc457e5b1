"""The HTTP side of the table: the lobby's list of games and rules, making a game, one
seat's view, and taking an action (for programs; the pages use the WebSocket)."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ..errors import w
from ..game import Game
from ..i18n.catalog import LANGUAGES, Words
from ..i18n.game_words import GameWords
from ..loading.loader import load_game
from ..loading.sources import builtin_games
from ..present.effects import written
from .errors import TokenMissing, TokenRefused
from .limits import bearer, language, read_json
from .newgame import option_choices, seat_kinds, variant_ids
from .sessions import Session
from .ui_words import seat_kind_name


def rules_info(words: Words) -> list[dict[str, Any]]:
    """Every built-in game with its variants, options and player counts, in words."""
    out = []
    for rules in builtin_games():
        game = load_game(rules)
        gw = GameWords(game.definition, words)
        variants = [{"id": v, "name": gw.label("variants", v, fallback=v)}
                    for v in variant_ids(rules)]
        out.append({"id": rules, "name": gw.game_name(), "players": game.player_counts,
                    "seats": [gw.seat(p) for p in range(len(game.definition.seats))],
                    "variants": variants, "options": options_info(game, gw)})
    return out


def options_info(game: Game, gw: GameWords) -> list[dict[str, Any]]:
    """Each option: its name, summary in words, default and the values it takes."""
    out = []
    for name, option in game.definition.options.items():
        choices = option_choices(game, name)
        english = (gw.texts.get("options") or {}).get(name)
        summary = written(gw, "options", english) if isinstance(english, str) else None
        out.append({"name": name, "summary": summary or gw.option(name, option.summary),
                    "default": option.value,
                    "choices": [{"value": c, "label": gw.value(c)} for c in choices]
                    if choices is not None else None})
    return out


def game_summary(session: Session, words: Words) -> dict[str, Any]:
    """A game as the lobby lists it (public: no tokens, no seed)."""
    gw = GameWords(session.game.definition, words)
    return {"id": session.id, "title": gw.game_name(), "rules": session.record.rules,
            "variant": session.record.variant, "options": session.record.options,
            "players": session.record.players,
            "seats": [{"name": gw.seat(p), "kind": seat_kind_name(words, k)}
                      for p, k in enumerate(session.kinds)],
            "over": session.state.is_over, "failed": session.failure is not None,
            "actions": session.actions,
            "created": session.record.created}


def seat_for(session: Session, request: Request, body: dict | None = None) -> int | None:
    """The seat of the request's token (None without a token: a spectator); TokenRefused if
    the token is not this game's, or if the body names another seat."""
    token = bearer(request)
    if token is None:
        return None
    seat = session.seat_of(token)
    if seat is None:
        raise TokenRefused.text(w("this link is not a seat of this game"))
    named = (body or {}).get("seat", seat) if isinstance(body, dict) else seat
    if named != seat:
        raise TokenRefused.text(w("this link is for seat {mine}; it cannot act for seat "
                                  "{other}"), mine=str(seat), other=json.dumps(named))
    return seat


class HttpApi:
    """The HTTP endpoints, over the server's games."""

    def __init__(self, server: Any):
        self.server = server
        self._rules: dict[str, bytes] = {}
        self._rules_lock = asyncio.Lock()

    async def rules(self, request: Request) -> Response:
        """GET /api/rules: what can be played. The listing loads every built-in game, so it
        is made once per language, in a worker thread (never on the event loop), and kept
        as the bytes sent."""
        words = language(request)
        return Response(await self.rules_listing(words), media_type="application/json")

    async def rules_listing(self, words: Words) -> bytes:
        """The rules listing in one language, as JSON bytes (made once)."""
        listing = self._rules.get(words.lang)
        if listing is None:
            async with self._rules_lock:
                listing = self._rules.get(words.lang)
                if listing is None:
                    listing = await run_in_threadpool(self._rules_bytes, words)
                    self._rules[words.lang] = listing
        return listing

    async def warm_up(self) -> None:
        """Make the rules listing of every language (each in a worker thread)."""
        for lang in LANGUAGES:
            await self.rules_listing(Words(lang))

    @staticmethod
    def _rules_bytes(words: Words) -> bytes:
        return json.dumps({"games": rules_info(words), "kinds": [
            {"id": k, "name": seat_kind_name(words, k)} for k in seat_kinds()]},
            ensure_ascii=False).encode()

    async def games(self, request: Request) -> JSONResponse:
        """GET /api/games: every game of the server, newest first."""
        words = language(request)
        games = sorted(self.server.tables.sessions.values(), key=lambda s: -s.record.created)
        return JSONResponse({"games": [game_summary(s, words) for s in games]})

    async def create(self, request: Request) -> JSONResponse:
        """POST /api/games: a new game; the answer holds each person seat's secret link."""
        language(request)
        body = await read_json(request)
        creator = request.client.host if request.client else None
        self.server.tables.check_room(creator)
        prepared = await run_in_threadpool(self.server.tables.prepare, body)   # compiles
        session, tokens = self.server.tables.register(prepared, creator)
        self.server.bots.poke(session)
        seats = [{"seat": p, "kind": session.kinds[p], "token": t,
                  "link": f"/g/{session.id}#t={t}" if t else None}
                 for p, t in enumerate(tokens)]
        return JSONResponse({"id": session.id, "watch": f"/g/{session.id}", "seats": seats},
                            status_code=201)

    async def view(self, request: Request) -> JSONResponse:
        """GET /api/games/{id}: the view of the token's seat (a spectator's without one)."""
        words = language(request)
        session = self.server.tables.get(request.path_params["game"])
        seat = seat_for(session, request)
        # shielded: a request that goes away does not cancel a drawing others may share
        return Response(await asyncio.shield(self.server.view(session, seat, words)),
                        media_type="application/json")

    async def story(self, request: Request) -> Response:
        """GET /api/games/{id}/story: the whole game's story as the token's seat (a
        spectator without one) may read it, from its first line."""
        words = language(request)
        session = self.server.tables.get(request.path_params["game"])
        seat = seat_for(session, request)
        return Response(await asyncio.shield(self.server.story(session, seat, words)),
                        media_type="application/json")

    async def act(self, request: Request) -> JSONResponse:
        """POST /api/games/{id}/actions: {"action": {"id", "ask", "step"}} for the token's
        seat; the seat's new view."""
        words = language(request)
        session = self.server.tables.get(request.path_params["game"])
        body = await read_json(request)
        if bearer(request) is None:
            raise TokenMissing.text(w("acting needs the seat's token (Authorization: "
                                      "Bearer TOKEN)"))
        seat = seat_for(session, request, body if isinstance(body, dict) else None)
        action = body.get("action") if isinstance(body, dict) else None
        chosen = await self.server.act(session, seat, action)
        drawing = self.server.view(session, seat, words)    # the state right after it
        return JSONResponse({"ok": True, "action": chosen["id"],
                             "state": json.loads(await asyncio.shield(drawing))})
