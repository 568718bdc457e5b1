"""The public API: a loaded Game (static) and a GameState (a game in progress).

    game = load_game("some_game")
    state = game.new_state(players=4, seed=1)
    while not state.is_over:
        player = state.to_move[0]
        state.apply(player, state.legal_actions(player)[0])
"""

from __future__ import annotations

import json
from typing import Any

from .errors import IllegalAction, ScriptRuntimeError, UnsupportedPlayers
from .interpreter import state as state_mod
from .interpreter import vm
from .interpreter.model import GameDef
from .interpreter.runtime import Runtime


def action_id(value: Any) -> str:
    """The stable id of an action value: the value itself, as text."""
    return value if isinstance(value, str) else json.dumps(value)


class Game:
    """What a game is: loaded and compiled once, shared by all its states."""

    def __init__(self, definition: GameDef):
        self.definition = definition
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

    def new_state(self, players: int | None = None, seed: int = 0) -> GameState:
        """A new game with `players` seats (default: the most the game allows)."""
        players = players or self.definition.max_players
        if players not in self.player_counts:
            allowed = ", ".join(map(str, self.player_counts))
            raise UnsupportedPlayers(f"{self.id} is for {allowed} players, not {players}")
        data = state_mod.new_state(self.definition, players, seed)
        state = GameState(self, data)
        state._advance()
        return state

    def state_from_json(self, text: str | dict) -> GameState:
        """Rebuild a state saved with GameState.to_json()."""
        data = json.loads(text) if isinstance(text, str) else state_mod.clone(text)
        return GameState(self, data)


class GameState:
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
        vm.advance(self._runtime())
        if self.data["result"] is None and not vm.waiting(self.data):
            raise ScriptRuntimeError("the game's scripts finished without a result "
                                     "(end_game or check_end never ended the game)")

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
        """The pending decision of `player`: {"ask", "options", "secret"}, or None."""
        for thread in self.data["threads"]:
            if thread["wait"] is not None and thread["wait"]["player"] == player:
                return thread["wait"]
        return None

    def legal_actions(self, player: int) -> list[dict]:
        """The actions `player` may take now, each {"id", "value", "ask"}; [] if none."""
        wait = self.decision(player)
        if wait is None:
            return []
        ask = wait["ask"]
        return [{"id": action_id(v), "value": v, "ask": ask} for v in wait["options"]]

    def apply(self, player: int, action: Any) -> None:
        """Take an action (its dict, value or id). Illegal: IllegalAction, state unchanged."""
        wait = self.decision(player)
        if wait is None:
            who = ", ".join(map(str, self.to_move)) or "nobody (the game is over)"
            raise IllegalAction(f"player {player} has no decision to make; waiting for {who}")
        value = action["value"] if isinstance(action, dict) and "value" in action else action
        options = wait["options"]
        if value not in options:
            matches = [v for v in options if action_id(v) == value]
            if not matches:
                legal = [action_id(v) for v in options]
                raise IllegalAction(f"{value!r} is not legal for player {player} "
                                    f"({wait['ask']}); legal: {', '.join(legal)}", legal)
            value = matches[0]
        for thread in self.data["threads"]:
            if thread["wait"] is wait:
                frame = thread["stack"][-1]
                frame["e"][wait["var"]] = value
                frame["pc"] += 1
                thread["wait"] = None
                break
        event = {"e": "choice", "player": player, "ask": wait["ask"], "value": value}
        if wait["secret"]:
            event["private"] = True
        self.data["log"].append(event)
        self.data["steps"] += 1
        self._advance()

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
