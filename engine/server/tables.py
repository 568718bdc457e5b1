"""Every game of one server: made from the lobby's requests, stored, and brought back
from the database when the server starts (from the last snapshot, replaying the actions
after it), so a killed server goes on where each game was."""

from __future__ import annotations

import logging
import os
import secrets
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import RegolaError, w
from ..game import GameState
from ..present.scores import whole_log
from ..present.table_layout import load_layout
from .errors import NotFound, ServerFull, TooMany
from .newgame import PERSON, check_request, load
from .quotas import Limits
from .sessions import Session, token_hash
from .storage import GameRecord, Store

LOG = logging.getLogger("regola.serve")
MAX_DECISIONS = 100_000
"""A safety net for every game: after this many decisions an unfinished game stops."""


TEMP_PREFIX = "regola-serve-"
"""A server's folder of generated variants is <temp>/regola-serve-<pid>-<random>."""


def remove_left_folders(temp: Path) -> list[Path]:
    """Remove the variant folders that servers killed before they could clean up left in
    `temp` (their process is gone); the folders removed."""
    removed = []
    for folder in temp.glob(f"{TEMP_PREFIX}*"):
        pid = folder.name[len(TEMP_PREFIX):].split("-")[0]
        if folder.is_dir() and pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return pid > 0
    return True


@dataclass(frozen=True)
class Prepared:
    """A new game made from a lobby request, not yet stored: its session and seat tokens."""

    session: Session
    tokens: list[str | None]


class Tables:
    """The games of a server, by id."""

    def __init__(self, store: Store, variants: Path | None = None,
                 limits: Limits | None = None):
        self.store = store
        self.limits = limits or Limits()
        self._tmp = None
        if variants is None:
            remove_left_folders(Path(tempfile.gettempdir()))
            self._tmp = tempfile.TemporaryDirectory(prefix=f"{TEMP_PREFIX}{os.getpid()}-")
            variants = Path(self._tmp.name)
        self.variants = variants
        self.sessions: dict[str, Session] = {}

    def close(self) -> None:
        """Forget the games and remove the generated variant files."""
        self.sessions.clear()
        if self._tmp is not None:
            self._tmp.cleanup()

    def create(self, body: Any, creator: str | None = None) -> tuple[Session, list[str | None]]:
        """A new game from a lobby request, stored before it is returned, with each person
        seat's token (None for a bot's seat)."""
        self.check_room(creator)
        return self.register(self.prepare(body), creator)

    def check_room(self, creator: str | None) -> None:
        """TooMany if `creator` has as many games not yet over as it may; ServerFull if the
        server holds as many games as it may (after removing the expired ones)."""
        if creator is not None:
            mine = sum(1 for s in self.sessions.values()
                       if s.creator == creator and not s.state.is_over)
            if mine >= self.limits.games_per_address:
                raise TooMany.text(w("you have {n} games going on this server, the most one "
                                     "address may have; finish one first"),
                                   n=str(mine))
        if len(self.sessions) >= self.limits.games:
            self.sweep()
            if len(self.sessions) >= self.limits.games:
                raise ServerFull.text(w("this server holds as many games as it may; try "
                                        "again when some have ended"))

    def sweep(self, now: float | None = None) -> list[str]:
        """Remove the games finished longer ago than the limits keep them, and those left
        without an action for too long (from memory and the database); their ids."""
        now = time.time() if now is None else now
        gone = [game for game, s in self.sessions.items()
                if (s.state.is_over and now - s.last_active > self.limits.keep_finished)
                or now - s.last_active > self.limits.keep_idle]
        for game in gone:
            self.store.delete(game)
            del self.sessions[game]
        return gone

    def prepare(self, body: Any) -> Prepared:
        """What a new game needs (its rules loaded and compiled, its first state), made
        without touching the server's games: safe in a worker thread."""
        request = check_request(body)
        game = load(request.rules, request.variant, request.options, self.variants)
        tokens = [secrets.token_urlsafe(24) if kind == PERSON else None
                  for kind in request.seats]
        record = GameRecord(id=secrets.token_urlsafe(9), rules=request.rules,
                            variant=request.variant, options=request.options,
                            players=len(request.seats), seed=secrets.randbits(63),
                            max_decisions=MAX_DECISIONS,
                            seats=[{"kind": kind, "token_hash": token_hash(t) if t else ""}
                                   for kind, t in zip(request.seats, tokens)])
        state = game.new_state(players=record.players, seed=record.seed,
                               max_decisions=record.max_decisions)
        session = Session(record, game, state, load_layout(game.definition), 0,
                          lambda: self._replay(record.id))
        return Prepared(session, tokens)

    def register(self, prepared: Prepared,
                 creator: str | None = None) -> tuple[Session, list[str | None]]:
        """A prepared game stored and added to the server's games (the room is checked
        again: other games may have been made while it was prepared)."""
        self.check_room(creator)
        prepared.session.creator = creator
        self.store.create(prepared.session.record)
        self.sessions[prepared.session.record.id] = prepared.session
        return prepared.session, prepared.tokens

    def restore(self) -> list[Session]:
        """Every stored game, back in memory where it was; a game that cannot be brought
        back (its rules changed) is left out and reported."""
        brought: list[Session] = []
        for record in self.store.load_all():
            try:
                session = self._session(record)
            except RegolaError as error:
                LOG.error("game %s not restored: %s", record.id, error)
                continue
            self.sessions[record.id] = session
            brought.append(session)
        return brought

    def _session(self, record: GameRecord) -> Session:
        game = load(record.rules, record.variant, record.options, self.variants)
        state = self._state(record)
        actions = record.snapshot_at + len(record.actions)
        return Session(record, game, state, load_layout(game.definition), actions,
                       lambda: self._replay(record.id))

    def _state(self, record: GameRecord) -> GameState:
        game = load(record.rules, record.variant, record.options, self.variants)
        if record.snapshot:
            state = game.state_from_json(record.snapshot)
        elif record.start:
            state = game.state_from_json(record.start)
        else:
            state = game.new_state(players=record.players, seed=record.seed,
                                   max_decisions=record.max_decisions)
        for seat, action in record.actions:
            state.apply(seat, action)
        if record.snapshot and whole_log(state) is None:   # a snapshot stored without its log
            return self._whole_game(game, record) or state
        return state

    def _whole_game(self, game: Any, record: GameRecord) -> GameState | None:
        """The game replayed from its start through every stored action, so that its log
        tells the whole game (the score table sums its parts over it); None when that
        fails (the snapshot is used then)."""
        try:
            state = game.state_from_json(record.start) if record.start else game.new_state(
                players=record.players, seed=record.seed, max_decisions=record.max_decisions)
            for seat, action in self.store.actions(record.id):
                state.apply(seat, action)
        except (RegolaError, KeyError, ValueError, TypeError) as error:
            LOG.warning("game %s: replay from its start failed (%s); its snapshot is used",
                        record.id, error)
            return None
        return state

    def _replay(self, game_id: str) -> GameState:
        record = next(r for r in self.store.load_all() if r.id == game_id)
        return self._state(record)

    def get(self, game_id: Any) -> Session:
        """The game with this id; NotFound if there is none."""
        session = self.sessions.get(game_id) if isinstance(game_id, str) else None
        if session is None:
            raise NotFound.text(w("no game {game}"), game=repr(str(game_id)[:40]))
        return session
