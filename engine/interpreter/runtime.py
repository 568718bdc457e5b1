"""The operations scripts perform on a state: counting, moving, controlling, revealing.

A `Runtime` binds one state (plain data) to its static game. Every change it makes is
recorded as an event in the state's log, with who, what and where.
"""

from __future__ import annotations

from typing import Any

from ..errors import ScriptRuntimeError
from . import rng
from .model import GameDef

_MISSING = object()


class Runtime:
    """The game definition plus the state being played; scripts run against it."""

    __slots__ = ("g", "s", "n", "consts", "players", "secret", "ids_by_kind")

    def __init__(self, game: GameDef, state: dict, consts: dict[str, Any],
                 ids_by_kind: dict[str, list[str]] | None = None):
        self.g = game
        self.s = state
        self.n = state["n"]
        self.consts = consts
        if ids_by_kind is None:
            ids_by_kind = {}
            for tid, tok in state["tokens"].items():
                ids_by_kind.setdefault(tok["kind"], []).append(tid)
        self.ids_by_kind = ids_by_kind   # token ids never change during a game
        self.players = list(range(self.n))
        self.secret = False      # True while a simultaneous (secret) thread runs

    # -- events ------------------------------------------------------------------
    def emit(self, event: dict) -> None:
        """Append an event to the log; inside a secret thread only its player may see it."""
        if self.secret:
            event["private"] = True
        self.s["log"].append(event)

    # -- counted pieces ------------------------------------------------------------
    def count(self, kind: str, owner: Any = _MISSING, at: Any = _MISSING, **filters: Any) -> int:
        """How many pieces or tokens of `kind` match the owner, location and property filters."""
        if kind in self.g.tokens:
            return len(self.tokens(kind, owner=owner, at=at, **filters))
        if filters:
            raise ScriptRuntimeError(f"{kind} pieces have no properties to filter by")
        by_loc = self.s["counts"][kind]
        if at is _MISSING:
            places = list(by_loc)
        elif isinstance(at, list):
            places = at
        else:
            places = [at]
        total = 0
        for place in places:
            row = by_loc.get(place)
            if row is None:
                continue
            total += sum(row) if owner is _MISSING or owner is None else row[owner]
        return total

    def move(self, kind: str, owner: int, source: str, dest: str, amount: int = 1) -> int:
        """Move up to `amount` pieces; as many as there are. Returns how many moved."""
        by_loc = self.s["counts"][kind]
        row = by_loc.get(source)
        have = row[owner] if row else 0
        moved = min(have, amount)
        if moved <= 0:
            return 0
        row[owner] -= moved
        dest_row = by_loc.get(dest)
        if dest_row is None:
            dest_row = by_loc[dest] = [0] * self.n
        dest_row[owner] += moved
        self.emit({"e": "move", "player": owner, "piece": kind, "n": moved,
                   "from": source, "to": dest})
        return moved

    # -- tokens ----------------------------------------------------------------------
    def tokens(self, kind: str, owner: Any = _MISSING, at: Any = _MISSING, **filters: Any) -> list:
        """Ids of the tokens of `kind` that match every filter given, in creation order."""
        out = []
        places = at if isinstance(at, list) else None
        all_tokens = self.s["tokens"]
        for tid in self.ids_by_kind.get(kind, ()):
            tok = all_tokens[tid]
            if owner is not _MISSING and tok["owner"] != owner:
                continue
            if at is not _MISSING:
                if places is not None:
                    if tok["at"] not in places:
                        continue
                elif tok["at"] != at:
                    continue
            if filters and any(tok.get(k) != v for k, v in filters.items()):
                continue
            out.append(tid)
        return out

    def token(self, tid: str) -> dict:
        """The token's record; a clear error if the id is not a token."""
        tok = self.s["tokens"].get(tid)
        if tok is None:
            raise ScriptRuntimeError(f"{tid!r} is not a token")
        return tok

    def move_token(self, tid: str, dest: str) -> None:
        """Put a token at a location."""
        tok = self.token(tid)
        source = tok["at"]
        if source == dest:
            return
        tok["at"] = dest
        event = {"e": "move_token", "token": tid, "piece": tok["kind"],
                 "player": tok["owner"], "from": source, "to": dest}
        if not tok["shown"] and self.g.tokens[tok["kind"]].secret:
            event["masked"] = True    # others must not learn which token (it has secrets)
        self.emit(event)

    def draw(self, kind: str, source: str, dest: str, amount: int = 1, **filters: Any) -> int:
        """Move up to `amount` tokens of `kind` picked at random among those at `source` (and
        matching the filters) to `dest`. Returns how many moved."""
        pool = self.tokens(kind, at=source, **filters)
        moved = 0
        while pool and moved < amount:
            self.move_token(pool.pop(self.random_index(len(pool))), dest)
            moved += 1
        return moved

    def give(self, tid: str, player: int | None) -> None:
        """The token now belongs to `player` (None: to nobody)."""
        tok = self.token(tid)
        previous = tok["owner"]
        if previous == player:
            return
        if player is not None and not (type(player) is int and 0 <= player < self.n):
            raise ScriptRuntimeError(f"{player!r} is not a player")
        tok["owner"] = player
        event = {"e": "give", "token": tid, "piece": tok["kind"], "player": player,
                 "from_player": previous}
        if not tok["shown"] and self.g.tokens[tok["kind"]].secret:
            event["masked"] = True
        self.emit(event)

    def reveal(self, tid: str) -> None:
        """Turn a token face up: its secret properties become public."""
        tok = self.token(tid)
        if tok["shown"]:
            return
        tok["shown"] = True
        secret = {k: tok[k] for k in self.g.tokens[tok["kind"]].secret}
        self.emit({"e": "reveal", "token": tid, "piece": tok["kind"], "player": tok["owner"],
                   "at": tok["at"], **secret})

    def hide(self, tid: str) -> None:
        """Turn a token face down again."""
        self.token(tid)["shown"] = False

    def control(self, tid: str, player: int) -> None:
        """`player` takes control of a token, using one of their control pieces."""
        tok = self.token(tid)
        kind = self.g.tokens[tok["kind"]]
        if tok["controller"] == player:
            return
        if kind.control_piece:
            if self.count(kind.control_piece, owner=player, at="supply") <= 0:
                raise ScriptRuntimeError(
                    f"player {player} has no {kind.control_piece} left to control {tid}")
            self.release(tid)
            by_loc = self.s["counts"][kind.control_piece]
            by_loc["supply"][player] -= 1
            by_loc.setdefault("in_play", [0] * self.n)[player] += 1
        tok["controller"] = player
        self.emit({"e": "control", "token": tid, "piece": tok["kind"], "player": player})

    def release(self, tid: str) -> None:
        """The token's controller, if any, loses it; their control piece goes back to supply."""
        tok = self.token(tid)
        previous = tok["controller"]
        if previous is None:
            return
        kind = self.g.tokens[tok["kind"]]
        if kind.control_piece:
            by_loc = self.s["counts"][kind.control_piece]
            by_loc["in_play"][previous] -= 1
            by_loc["supply"][previous] += 1
        tok["controller"] = None
        self.emit({"e": "release", "token": tid, "piece": tok["kind"], "player": previous})

    # -- decks -----------------------------------------------------------------------
    def deck(self, name: str) -> dict:
        """The deck record {cards, up}; a clear error for an unknown deck."""
        deck = self.s["decks"].get(name)
        if deck is None:
            raise ScriptRuntimeError(f"{name!r} is not a deck")
        return deck

    def shuffle(self, name: str) -> None:
        """Shuffle a deck face down with the state's random stream."""
        deck = self.deck(name)
        self.s["rng"] = rng.shuffle(deck["cards"], self.s["seed"], self.s["rng"])
        deck["up"] = [False] * len(deck["cards"])
        self.emit({"e": "shuffle", "deck": name})

    def reveal_card(self, name: str, index: int) -> None:
        """Turn card `index` of a deck face up."""
        deck = self.deck(name)
        if 0 <= index < len(deck["cards"]) and not deck["up"][index]:
            deck["up"][index] = True
            self.emit({"e": "reveal_card", "deck": name, "index": index,
                       "card": deck["cards"][index]})

    def reveal_deck(self, name: str) -> None:
        """Turn every card of a deck face up."""
        for i in range(len(self.deck(name)["cards"])):
            self.reveal_card(name, i)

    def random_index(self, bound: int) -> int:
        """Draw from the state's random stream."""
        value = rng.draw(self.s["seed"], self.s["rng"], bound)
        self.s["rng"] += 1
        return value

    # -- properties ------------------------------------------------------------------
    def attr(self, value: Any, name: str) -> Any:
        """`value.name`: a player's variable, an area's property or a token's field."""
        if type(value) is int:
            if 0 <= value < self.n and name in self.s["pvars"][value]:
                return self.s["pvars"][value][name]
        elif type(value) is str:
            area = self.g.areas.get(value)
            if area is not None and name in area:
                return area[name]
            tok = self.s["tokens"].get(value)
            if tok is not None and name in tok:
                return tok[name]
            if name == "id":
                return value
        raise ScriptRuntimeError(f"{value!r} has no property {name!r}")
