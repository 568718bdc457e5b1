"""One game at the table, in memory: its state, its seats (people with secret tokens, bots
by name), the clients watching it, and the one way to change it (act), which checks the
action, applies it and stores it before anyone hears of it."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from collections.abc import Callable
from typing import Any

from ..bots import BOTS
from ..errors import IllegalAction, RegolaError, StaleAction, w
from ..game import Game, GameState
from ..present.story import KeptStory
from ..present.table_layout import Layout
from .errors import BadRequest, ServerFault, StaleDecision, Unprocessable
from .newgame import PERSON
from .storage import SNAPSHOT_EVERY, GameRecord, Store


def token_hash(token: str) -> str:
    """What the database keeps of a seat's token."""
    return hashlib.sha256(token.encode()).hexdigest()


class Session:
    """A game being played: the state, who sits where, and who is watching."""

    def __init__(self, record: GameRecord, game: Game, state: GameState, layout: Layout,
                 actions: int, reload: Callable[[], GameState] | None = None):
        self.record = record
        self.id = record.id
        self.game = game
        self.state = state
        self.layout = layout
        self.actions = actions                 # actions taken (and stored) so far
        self.reload = reload                   # the state as stored (after a failed write)
        self.lock = asyncio.Lock()
        self.listeners: set[Callable[[], None]] = set()
        self.bots = {seat: BOTS[s["kind"]]() for seat, s in enumerate(record.seats)
                     if s["kind"] != PERSON and s["kind"] in BOTS}
        self._cache: dict[tuple, Any] = {}
        self.titles: dict[str, str] = {}       # the game's name by language
        self.stories: dict[int | None, KeptStory] = {}   # each seat's story, kept
        self.failure: str | None = None        # why the game cannot go on (a bot failed)
        self.creator: str | None = None        # the client address that made it (this run)
        self.last_active = time.time()         # when it was made or last acted on

    def story_of(self, seat: int | None) -> KeptStory:
        """The story of `seat` (None: a spectator) kept from its last view."""
        return self.stories.setdefault(seat, KeptStory())

    # -- who is who ---------------------------------------------------------------------
    @property
    def kinds(self) -> list[str]:
        """Who plays each seat: "person" or a bot's name."""
        return [s["kind"] for s in self.record.seats]

    def seat_of(self, token: str | None) -> int | None:
        """The seat whose token this is, or None."""
        if not token:
            return None
        digest = token_hash(token)
        for seat, s in enumerate(self.record.seats):
            if s.get("token_hash") and hmac.compare_digest(s["token_hash"], digest):
                return seat
        return None

    def bots_to_move(self) -> list[int]:
        """The bot seats that must decide now."""
        return [seat for seat in self.state.to_move if seat in self.bots]

    # -- changing the game ------------------------------------------------------------------
    def act(self, store: Store, seat: int, action: Any) -> dict:
        """Check an action of `seat` (a dict with id, ask and step), apply it and store it;
        the legal action taken. A WebError, with the state unchanged, if it cannot be."""
        chosen = self.resolve(seat, action)
        try:
            self.state.apply(seat, chosen)
        except StaleAction as error:
            raise StaleDecision.text(w("this decision was already answered: {reason}"),
                                     reason=str(error)) from None
        except IllegalAction as error:
            raise Unprocessable.text(w("not a legal action: {reason}"),
                                     reason=str(error)) from None
        except RegolaError as error:
            raise Unprocessable.text(w("the rules could not take this action: {reason}"),
                                     reason=str(error)) from None
        snapshot = self.state.to_json(log=True) \
            if (self.actions + 1) % SNAPSHOT_EVERY == 0 else None     # the story survives
        try:
            store.append(self.id, self.actions, seat, chosen, self.state.is_over, snapshot)
        except Exception:
            if self.reload is not None:
                self.state = self.reload()
            raise ServerFault.text(w("the action could not be stored; the game is as it "
                                     "was stored")) from None
        self.actions += 1
        self.last_active = time.time()
        self._cache.clear()
        return chosen

    def resolve(self, seat: int, action: Any) -> dict:
        """The legal action a client's action names (by id, for the ask and step it
        answers); BadRequest, StaleDecision or Unprocessable if there is none."""
        if not isinstance(action, dict) or not isinstance(action.get("id"), str):
            raise BadRequest.text(w("an action is an object with an id, an ask and a step"))
        if not isinstance(action.get("ask"), str) or isinstance(action.get("step"), bool) \
                or not isinstance(action.get("step"), int):
            raise BadRequest.text(w("an action must say which decision it answers: its ask "
                                    "and its step"))
        if self.state.is_over:
            raise StaleDecision.text(w("the game is over"))
        decision = self.state.decision(seat)
        if decision is None:
            raise StaleDecision.text(w("this decision was already answered, or is not "
                                       "asked yet: this seat has nothing to decide now"))
        if action["ask"] != decision["ask"] or action["step"] != decision["step"]:
            raise StaleDecision.text(w("this decision was already answered (the question "
                                       "now is step {step})"), step=str(decision["step"]))
        for legal in self.state.legal_actions(seat):
            if legal["id"] == action["id"]:
                return legal
        raise Unprocessable.text(w("{action} is not one of the legal actions"),
                                 action=json.dumps(action["id"]))

    # -- telling the clients ------------------------------------------------------------------
    def fail(self, why: str) -> None:
        """Mark the game failed (a bot or a script could not go on): every seat is told
        why. The failed action was not taken (apply is all or nothing), so the game stays
        at its last good action; a restart with mended rules brings it back there."""
        self.failure = why
        self._cache.clear()
        self.changed()

    @property
    def revision(self) -> tuple[int, str | None]:
        """What a client's view shows: the actions taken and the failure, if any."""
        return self.actions, self.failure

    def changed(self) -> None:
        """Wake every client: each gets its own new view."""
        for listener in list(self.listeners):
            listener()

    def snapshot(self) -> GameState:
        """A copy of the state as it is now, made once per state and shared by every
        drawing of it (drawings only read it, one after another in the drawing thread)."""
        return self.cached(("state",), self.state.clone)

    def cached(self, key: tuple, build: Callable[[], Any]) -> Any:
        """What `build` makes, made once per state for each key (a view's drawing for a
        seat and a language)."""
        found = self._cache.get(key)
        if found is None:
            found = self._cache[key] = build()
        return found
