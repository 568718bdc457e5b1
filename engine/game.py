"""The public API: a loaded Game (static) and a GameState (a game in progress).

    game = load_game("some_game")
    state = game.new_state(players=4, seed=1, max_decisions=10_000)
    while not state.is_over:
        player = state.to_move[0]
        state.apply(player, state.legal_actions(player)[0])
"""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalAction, InvalidArgument, ScriptRuntimeError, UnsupportedPlayers
from .interpreter import state as state_mod
from .interpreter import vm
from .interpreter.actions import action_dict, action_id, chosen_option
from .interpreter.decision_context import decision_context
from .interpreter.ending import finish
from .interpreter.model import GameDef
from .interpreter.runtime import Runtime
from .interpreter.save_check import check_save, parse_save
from .views import StateViews

__all__ = ["Game", "GameState", "action_id"]

UNFINISHED = "unfinished"
"""The reason of a game stopped by its max_decisions before the rules ended it (no winners)."""


class Game:
    """What a game is: loaded and compiled once, shared by all its states."""

    def __init__(self, definition: GameDef):
        self.definition = definition
        self.source: dict[str, Any] = {"game": definition.id, "variant": definition.variant,
                                       "options": {}}
        """How load_game loaded it ({"game", "variant", "options"}): load it so to read saves."""
        self._consts: dict[int, dict[str, Any]] = {}
        self._token_ids: dict[int, dict[str, list[str]]] = {}

    @property
    def id(self) -> str:
        """The game's id (the name of its folder under rules/)."""
        return self.definition.id

    @property
    def player_counts(self) -> list[int]:
        """The player counts the game allows."""
        return list(range(self.definition.min_players, self.definition.max_players + 1))

    def constants(self, players: int) -> dict[str, Any]:
        """Constants for a player count, script constants included (computed once)."""
        consts = self._consts.get(players)
        if consts is None:
            consts = self.definition.constants_for(players)
            probe = Runtime(self.definition, {"n": players, "pvars": [], "tokens": {},
                                              "counts": {}, "decks": {}, "vars": {},
                                              "log": []}, consts)
            for name, expr in self.definition.program.consts.items():
                consts[name] = expr({}, probe)
            self._consts[players] = consts
        return consts

    def token_ids(self, players: int) -> dict[str, list[str]]:
        """Token ids by kind for a player count (fixed for the whole game)."""
        ids = self._token_ids.get(players)
        if ids is None:
            ids = {}
            for tid, tok in state_mod.new_state(self.definition, players, 0)["tokens"].items():
                ids.setdefault(tok["kind"], []).append(tid)
            self._token_ids[players] = ids
        return ids

    def new_state(self, players: int | None = None, seed: int | None = None,
                  max_decisions: int | None = None) -> GameState:
        """A new game with `players` seats (default: the most the game allows). Chance
        follows `seed` (default: an unguessable one); after `max_decisions` decisions a game
        the rules have not ended stops, unfinished, with no winners."""
        if players is None:
            players = self.definition.max_players
        if isinstance(players, bool) or not isinstance(players, int) \
                or players not in self.player_counts:
            allowed = ", ".join(map(str, self.player_counts))
            raise UnsupportedPlayers(f"{self.id} is for {allowed} players, not {players!r}")
        seed = state_mod.new_seed() if seed is None else state_mod.check_seed(seed)
        data = state_mod.new_state(self.definition, int(players), seed)
        if max_decisions is not None:
            if isinstance(max_decisions, bool) or not isinstance(max_decisions, int) \
                    or max_decisions < 1:
                raise InvalidArgument(f"max_decisions must be a whole number of at least 1, "
                                      f"not {max_decisions!r}")
            data["max_decisions"] = int(max_decisions)
        state = GameState(self, data)
        state._advance()
        return state

    def state_from_json(self, text: str | bytes | dict) -> GameState:
        """Rebuild a state saved with GameState.to_json() (its text, or that text parsed);
        InvalidSave, naming the field, if it is not a state this game could have reached."""
        data = parse_save(text)
        check_save(self, data)
        state_mod.stamp_waits(data)
        return GameState(self, data)


class GameState(StateViews):
    """A game in progress: plain data plus the Game it belongs to."""

    __slots__ = ("game", "data")

    def __init__(self, game: Game, data: dict):
        self.game = game
        self.data = data

    def _runtime(self) -> Runtime:
        n = self.data["n"]
        return Runtime(self.game.definition, self.data, self.game.constants(n),
                       self.game.token_ids(n))

    def _advance(self) -> None:
        runtime = self._runtime()
        vm.advance(runtime)
        data = self.data
        if data["result"] is None and not vm.waiting(data):
            raise ScriptRuntimeError("the game's scripts finished without a result "
                                     "(end_game or check_end never ended the game)")
        limit = data.get("max_decisions")
        if data["result"] is None and limit is not None and data["steps"] >= limit:
            finish(runtime, [], UNFINISHED)
        state_mod.stamp_waits(data)

    # -- who decides -------------------------------------------------------------------
    @property
    def to_move(self) -> list[int]:
        """Seats that must decide now: one, several (simultaneous), or none (game over)."""
        return [t["wait"]["player"] for t in vm.waiting(self.data)]

    @property
    def is_over(self) -> bool:
        """True once the game has a result."""
        return self.data["result"] is not None

    @property
    def result(self) -> dict | None:
        """{"winners": [...], "reason": ..., "conditions": {...}} once the game is over."""
        return self.data["result"]

    def decision(self, player: int) -> dict | None:
        """The pending decision of `player`: {"ask", "options", "secret", "step"}, or None."""
        if isinstance(player, bool) or not isinstance(player, int):
            return None
        for thread in self.data["threads"]:
            if thread["wait"] is not None and thread["wait"]["player"] == player:
                return thread["wait"]
        return None

    def decision_context(self, player: int) -> dict | None:
        """Where `player`'s pending decision is asked, as the game's texts name it (None if
        it has none): {"ask", "prompt", "prompt_kinds", "steps", "named"}; see
        interpreter/decision_context.py. Built only from what `player` may see."""
        if isinstance(player, bool) or not isinstance(player, int):
            return None
        return decision_context(self.game.definition, self.data, player, lambda: {
            t["id"] for t in self.observe(player)["tokens"] if "id" in t})

    def legal_actions(self, player: int) -> list[dict]:
        """The actions `player` may take now, each {"id", "value", "ask", "step"} (the
        question it answers: its ask, and the step counter when it was asked); [] if none."""
        wait = self.decision(player)
        if wait is None:
            return []
        return [action_dict(wait, v) for v in wait["options"]]

    def apply(self, player: int, action: Any) -> None:
        """Take an action: a legal_actions dict, a value or an id. All or nothing: if it is
        illegal (IllegalAction), answers another question (StaleAction) or a script fails
        (ScriptRuntimeError), the state is left exactly as it was."""
        wait = self.decision(player)
        if wait is None:
            who = ", ".join(map(str, self.to_move)) or "nobody (the game is over)"
            raise IllegalAction(f"player {player!r} has no decision to make; "
                                f"waiting for {who}")
        value = chosen_option(wait, action, player)
        data = self.data
        saved = state_mod.snapshot(data)
        try:
            for thread in data["threads"]:
                if thread["wait"] is wait:
                    frame = thread["stack"][-1]
                    frame["e"][wait["var"]] = value
                    frame["pc"] += 1
                    thread["wait"] = None
                    break
            event = {"e": "choice", "player": player, "ask": wait["ask"], "value": value}
            if wait["secret"]:
                event["private"] = True
            data["log"].append(event)
            data["steps"] += 1
            self._advance()
        except BaseException:
            state_mod.restore(data, saved)
            raise

    # -- copies and views ------------------------------------------------------------------
    def clone(self) -> GameState:
        """An independent copy (the log's past events are shared, never changed)."""
        return GameState(self.game, state_mod.clone_state(self.data))

    def to_json(self) -> str:
        """The whole state as canonical JSON (sorted keys): equal states, equal bytes."""
        return json.dumps(self.data, sort_keys=True, separators=(",", ":"))

    def observe(self, player: int | None) -> dict:
        """What `player` may see (None: public information only)."""
        return state_mod.observe(self.game.definition, self.data, player)

    @property
    def log(self) -> list[dict]:
        """Every event so far (the full log: use observe() for what one seat may see)."""
        return self.data["log"]
