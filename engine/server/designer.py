"""Designer mode (`regola serve --designer`): tools for a rule designer on their own
machine, the web table's equivalent of a debug panel. It shows everything: any seat's view
without its token, the whole state as JSON (secret choices and the seed included), the game
as it was after any decision (replayed from the stored actions, read-only), a new game
continued from such a point, and a game started at a scenario file's position.

None of this exists unless the server was started with `--designer`: then every
/api/designer/... request gets a 404 that says so, and a WebSocket hello that names a seat
without its token is refused. The texts here are English only (a designer's tool).
"""

from __future__ import annotations

import json
import secrets
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse

from ..errors import RegolaError
from ..game import GameState
from ..loading.sources import builtin_games, rules_root
from ..loading.yaml_source import load_yaml
from ..present.table_layout import load_layout
from ..scenarios.runner import SUFFIX, compile_file, play
from .errors import BadRequest, NotFound, TokenRefused, Unprocessable
from .limits import language, read_json
from .messages import game_words, seat_message, story_entries, table_info
from .newgame import PERSON, check_options, load, seat_kinds
from .sessions import Session, token_hash
from .storage import GameRecord
from .tables import MAX_DECISIONS

WARNING = ("Designer mode: every seat, every secret and the seed are shown to anyone who "
           "opens this server. Use it on your own machine only.")


class DesignerOff(NotFound):
    """A designer route asked of a server that is not in designer mode."""

    code = "designer_off"


def designer_off() -> DesignerOff:
    """The refusal of every designer request when the mode is off."""
    return DesignerOff.text("designer mode is off: start the server with "
                            "`regola serve --designer` (on your own machine only)")


def scenario_files(rules: str) -> list[Path]:
    """The scenario files of a built-in game, sorted by name."""
    return sorted((rules_root() / rules / "scenarios").glob(f"*{SUFFIX}"))


def scenario_name(path: Path) -> str:
    """A scenario file's id: its name without the suffix."""
    return path.name[:-len(SUFFIX)]


def _int(value: Any, what: str) -> int:
    """An integer from a query or a body; BadRequest if it is not one."""
    if isinstance(value, bool):
        raise BadRequest.text("{what} must be a whole number, got {value}", what=what,
                              value=json.dumps(value))
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.strip().lstrip("-").isdigit():
        return int(value)
    raise BadRequest.text("{what} must be a whole number, got {value}", what=what,
                          value=json.dumps(value)[:40])


class Designer:
    """The designer routes, over the server's games."""

    def __init__(self, server: Any):
        self.server = server
        self._scenarios: list[dict] | None = None

    # -- reading the past -----------------------------------------------------------------
    def start_state(self, session: Session) -> GameState:
        """The state the game began at: its stored start, else its seed's first position."""
        record = session.record
        if record.start:
            return session.game.state_from_json(record.start)
        return session.game.new_state(players=record.players, seed=record.seed,
                                      max_decisions=record.max_decisions)

    def state_at(self, session: Session, at: int) -> GameState:
        """The game as it was after its first `at` decisions (0 <= at <= session.actions),
        replayed from its start: a new state, the session's own is not touched."""
        state = self.start_state(session)
        for seat, action in self.server.store.actions(session.id)[:at]:
            state.apply(seat, action)
        return state

    def at_of(self, session: Session, raw: Any) -> int:
        """The decision count asked for (none: now); Unprocessable if out of range."""
        if raw is None or raw == "":
            return session.actions
        at = _int(raw, "at")
        if not 0 <= at <= session.actions:
            raise Unprocessable.text("at must be between 0 and {n} (the decisions taken), "
                                     "got {at}", n=str(session.actions), at=str(at))
        return at

    def seat_of(self, session: Session, raw: Any) -> int | None:
        """The seat asked for (none: a spectator); Unprocessable if the game has no such."""
        if raw is None or raw == "":
            return None
        seat = _int(raw, "seat")
        if not 0 <= seat < session.record.players:
            raise Unprocessable.text("seat must be between 0 and {last}, got {seat}",
                                     last=str(session.record.players - 1), seat=str(seat))
        return seat

    def snapshot(self, session: Session, seat: int | None, at: int, words: Any) -> dict:
        """Everything about the game after `at` decisions: the seat's view (read-only when
        in the past: no actions), the whole state as JSON and its raw event log."""
        now = at == session.actions
        state = session.state if now else self.state_at(session, at)
        view = state.observe(seat)
        actions = state.legal_actions(seat) if now and seat is not None else []
        context = state.decision_context(seat) if actions else None
        table = table_info(session.id, at, session.kinds, session.record.rules,
                           session.record.variant, words,
                           session.record.seed if state.is_over else None,
                           session.titles.get(words.lang))
        message = seat_message(session.game, session.layout, view, actions, table, words,
                               context.get("option_kind", "") if context else "")
        if not now:     # the past as a whole: the latest entries, not since the seat's move
            tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
            message["log"] = story_entries(game_words(session.game.definition, words),
                                           view["log"], tokens, None)
        data = json.loads(state.to_json(log=True))
        log = data.pop("log")
        return {"id": session.id, "at": at, "now": session.actions, "live": now,
                "seat": seat, "kinds": session.kinds, "seed": str(session.record.seed),
                "start": "scenario" if session.record.start else "seed",
                "view": message, "state": data, "log": log,
                # the same, pretty-printed: exact where a browser's numbers are not (a seed)
                "state_text": json.dumps(data, indent=2, sort_keys=True)}

    # -- making games -----------------------------------------------------------------------
    def _new_game(self, record: GameRecord, state: GameState, actions: list) -> Session:
        """Store a game made here (with its first actions) and seat it at the table."""
        tables = self.server.tables
        game = load(record.rules, record.variant, record.options, tables.variants)
        self.server.store.create(record)
        for n, (seat, action) in enumerate(actions):
            self.server.store.append(record.id, n, seat, action,
                                     state.is_over and n == len(actions) - 1)
        session = Session(record, game, state, load_layout(game.definition), len(actions),
                          lambda: tables._replay(record.id))
        tables.sessions[record.id] = session
        self.server.bots.poke(session)
        return session

    @staticmethod
    def _made(session: Session, tokens: list[str | None], status: int = 201) -> JSONResponse:
        """The answer for a game made here: its links (any seat opens without a token)."""
        seats = [{"seat": p, "kind": session.kinds[p], "token": t,
                  "link": f"/g/{session.id}#as={p}"} for p, t in enumerate(tokens)]
        return JSONResponse({"id": session.id, "watch": f"/g/{session.id}", "seats": seats,
                             "actions": session.actions}, status_code=status)

    @staticmethod
    def _seats(kinds: list[str]) -> tuple[list[dict], list[str | None]]:
        tokens = [secrets.token_urlsafe(24) if kind == PERSON else None for kind in kinds]
        return ([{"kind": kind, "token_hash": token_hash(t) if t else ""}
                 for kind, t in zip(kinds, tokens)], tokens)

    # -- scenarios --------------------------------------------------------------------------
    def scenarios(self) -> list[dict]:
        """Every built-in game's scenario files: game, file id, name, rule (read once)."""
        if self._scenarios is None:
            found = []
            for rules in builtin_games():
                for path in scenario_files(rules):
                    doc, _, problems = load_yaml(path)
                    doc = doc if isinstance(doc, dict) and not problems else {}
                    found.append({"game": rules, "file": scenario_name(path),
                                  "name": str(doc.get("name") or scenario_name(path)),
                                  "rule": str(doc.get("rule") or "")})
            self._scenarios = found
        return self._scenarios

    def scenario_run(self, rules: Any, file: Any) -> tuple[Any, GameState]:
        """The compiled scenario and its state after its steps; Unprocessable if the game
        or the file is unknown or the scenario does not play."""
        if not isinstance(rules, str) or rules not in builtin_games():
            raise Unprocessable.text("unknown game {game}; games: {games}",
                                     game=json.dumps(rules)[:40],
                                     games=", ".join(builtin_games()))
        paths = {scenario_name(p): p for p in scenario_files(rules)}
        if not isinstance(file, str) or file not in paths:
            raise Unprocessable.text("unknown scenario {file} of {game} (GET "
                                     "/api/designer/scenarios lists them)",
                                     file=json.dumps(file)[:60], game=rules)
        report, compiled, failures = compile_file(paths[file])
        if compiled is None:
            raise Unprocessable.text("the scenario {file} has problems: {problem}",
                                     file=file, problem=failures[0].message
                                     if failures else "?")
        try:
            run = play(compiled)
        except Exception as error:      # a located Failure, or the rules failed
            raise Unprocessable.text("the scenario {file} does not play: {problem}",
                                     file=file, problem=str(error)) from None
        return compiled, run.state

    # -- routes ------------------------------------------------------------------------------
    async def game(self, request: Request) -> JSONResponse:
        """GET /api/designer/games/{id}?seat=P&at=K: the game after K decisions (default:
        now) as seat P sees it (default: a spectator), its whole state and its log."""
        words = language(request)
        session = self.server.tables.get(request.path_params["game"])
        seat = self.seat_of(session, request.query_params.get("seat"))
        async with session.lock:
            at = self.at_of(session, request.query_params.get("at"))
            return JSONResponse(self.snapshot(session, seat, at, words))

    async def continue_from(self, request: Request) -> JSONResponse:
        """POST /api/designer/games/{id}/continue {"at": K, "seats": [kinds]?}: a new game
        whose stored actions are the first K of this one (same rules, seed and start; the
        same seat kinds unless given)."""
        session = self.server.tables.get(request.path_params["game"])
        body = await read_json(request)
        if not isinstance(body, dict) or "at" not in body:
            raise BadRequest.text("the request must be a JSON object with at (a decision "
                                  "count), and optionally seats")
        unknown = sorted(set(body) - {"at", "seats"})
        if unknown:
            raise Unprocessable.text("unknown field {field}", field=repr(unknown[0]))
        if isinstance(body["at"], bool) or not isinstance(body["at"], int):
            raise BadRequest.text("at must be a whole number, got {value}",
                                  value=json.dumps(body["at"])[:40])
        kinds = body.get("seats", session.kinds)
        if not isinstance(kinds, list) or len(kinds) != session.record.players or \
                any(k not in seat_kinds() for k in kinds):
            raise Unprocessable.text("seats must list {n} seat kinds ({kinds})",
                                     n=str(session.record.players),
                                     kinds=", ".join(seat_kinds()))
        async with session.lock:
            at = self.at_of(session, body["at"])
            actions = self.server.store.actions(session.id)[:at]
            state = self.state_at(session, at)
        old = session.record
        stored, tokens = self._seats(kinds)
        record = GameRecord(id=secrets.token_urlsafe(9), rules=old.rules, variant=old.variant,
                            options=old.options, players=old.players, seed=old.seed,
                            max_decisions=old.max_decisions, seats=stored, start=old.start)
        return self._made(self._new_game(record, state, actions), tokens)

    async def scenario_list(self, request: Request) -> JSONResponse:
        """GET /api/designer/scenarios[?game=G]: the scenario files a game can start from."""
        rules = request.query_params.get("game")
        listed = [s for s in self.scenarios() if rules in (None, "", s["game"])]
        return JSONResponse({"scenarios": listed})

    async def from_scenario(self, request: Request) -> JSONResponse:
        """POST /api/designer/scenario-games {"game": G, "scenario": FILE}: a new game at the
        scenario's position after its steps, with a person in every seat."""
        body = await read_json(request)
        if not isinstance(body, dict):
            raise BadRequest.text("the request must be a JSON object with game and scenario")
        unknown = sorted(set(body) - {"game", "scenario"})
        if unknown:
            raise Unprocessable.text("unknown field {field}", field=repr(unknown[0]))
        compiled, state = self.scenario_run(body.get("game"), body.get("scenario"))
        source = compiled.game.source
        rules, variant = str(body["game"]), source.get("variant")
        try:
            base = load(rules, variant, {}, self.server.tables.variants)
            options = check_options(base, source.get("options") or {})
            game = load(rules, variant, options, self.server.tables.variants)
            data = json.loads(state.to_json())
            data["variant"] = game.definition.variant   # options make a variant of their own
            data.setdefault("max_decisions", MAX_DECISIONS)
            start = json.dumps(data, sort_keys=True, separators=(",", ":"))
            began = game.state_from_json(start)
        except RegolaError as error:
            raise Unprocessable.text("the scenario {file} cannot be played at the table: "
                                     "{reason}", file=str(body["scenario"]),
                                     reason=str(error)) from None
        stored, tokens = self._seats([PERSON] * compiled.players)
        record = GameRecord(id=secrets.token_urlsafe(9), rules=rules, variant=variant,
                            options=options, players=compiled.players, seed=compiled.seed,
                            max_decisions=data["max_decisions"], seats=stored, start=start)
        return self._made(self._new_game(record, began, []), tokens)

    async def off(self, request: Request) -> JSONResponse:
        """Every /api/designer/... route when designer mode is off: 404, saying why."""
        raise designer_off()

    async def off_here(self, request: Request) -> JSONResponse:
        """An /api/designer/... path that is none of the routes above: 404."""
        raise NotFound.text("no designer route {path}; routes: GET games/ID?seat=&at=, "
                            "POST games/ID/continue, GET scenarios, POST scenario-games",
                            path=json.dumps(request.url.path)[:80])


def hello_seat(server: Any, session: Session, hello: dict) -> int | None:
    """The seat a WebSocket hello names without a token ({"seat": P}): only in designer
    mode; else (or for a seat the game has not) a refusal."""
    seat = hello.get("seat")
    if not server.designer:
        raise TokenRefused.text("a seat without its link needs designer mode "
                                "(regola serve --designer)")
    if isinstance(seat, bool) or not isinstance(seat, int) or \
            not 0 <= seat < session.record.players:
        raise Unprocessable.text("seat must be between 0 and {last}, got {seat}",
                                 last=str(session.record.players - 1),
                                 seat=json.dumps(seat)[:20])
    return seat
