"""The operations scripts perform on a state: counting, moving, controlling, revealing.

A `Runtime` binds one state (plain data) to its static game and its event log. Every
change it makes is recorded as an event in the log, with who, what and where.

Fast forms for generated code (same results as the general methods, fewer checks of
what the call site already knows):
- `count_at(kind, at)`, `count_owned(kind, owner, at)`: counts at a place;
  `piece_owned(kind, owner, at)`: the same as count_owned for a kind of counted piece;
- `tokens_at(kind, at)`, `tokens_owned(kind, owner, at)`: token ids at a place;
- `tokens_at_where(kind, at, name, value)`, `tokens_owned_where(kind, owner, at, name,
  value)`, `count_at_where`, `count_owned_where`: the same with one property filter;
- `prop(value, name)`: `value.name` for a name only tokens' properties have;
  `prop_list(values, name)`: the same for each of a list's values;
- `tno(tid)`: a token's number in the layout (its fields are columns: `at[i]`,
  `owner[i]`, `ctrl[i]`, `shown[i]`; its properties `props[i]`).
"""

from __future__ import annotations

from typing import Any

from ..errors import ScriptRuntimeError
from . import rng
from .layout import GRID_FIELDS, Layout, layout_of
from .model import GameDef
from .owned import build_owned
from .tokens import _MISSING, TokenOps, build_where


class Runtime(TokenOps):
    """The game definition plus the state being played; scripts run against it."""

    __slots__ = ("g", "s", "n", "consts", "players", "secret", "lay", "log", "counts",
                 "at", "owner", "ctrl", "shown", "grid", "where", "owned", "owned_of", "props",
                 "slot", "fields", "cache", "_stream")

    def __init__(self, game: GameDef, state: dict, consts: dict[str, Any],
                 layout: Layout | None = None, log: list | None = None,
                 where: list | None = None, props: list | None = None):
        self.g = game
        self.s = state
        self.n = state["n"]
        self.consts = consts
        self.lay = layout if layout is not None else layout_of(game, self.n)
        self.log = [] if log is None else log   # where events go (an EventLog's tail)
        self.players = list(range(self.n))
        self.secret = False      # True while a simultaneous (secret) thread runs
        self.props = self.lay.props if props is None else props
        self.slot = self.lay.slot
        self.bind(where)

    def bind(self, where: list | None = None) -> None:
        """Take the state's columns again (after the state's dict was refilled); rebuild
        the token index unless given."""
        self._columns()
        self.where = build_where(self.lay, self.at) if where is None else where
        self.owned = build_owned(self.lay, self.at, self.owner)
        self.owned_of = dict(zip(self.lay.kind_no, self.owned))
        self._stream = rng.stream(self.s.get("seed", 0))

    def _columns(self) -> None:
        self.cache: dict = {}      # what the tokens on grids make, until one of them changes
        state = self.s
        self.counts = state.get("counts", {})
        columns = state.get("tokens") or {"at": [], "owner": [], "controller": [],
                                          "shown": []}
        self.at = columns["at"]
        self.owner = columns["owner"]
        self.ctrl = columns["controller"]
        self.shown = columns["shown"]
        self.grid = columns if "cell" in columns else None
        self.fields = {"at": self.at, "owner": self.owner, "controller": self.ctrl,
                       "shown": self.shown}

    def fork(self, state: dict, log: list) -> Runtime:
        """A runtime for a copy of this state (`state`, `log`): the index is copied."""
        new = Runtime.__new__(Runtime)
        new.g, new.s, new.n, new.consts, new.lay = self.g, state, self.n, self.consts, self.lay
        new.log, new.players, new.secret, new.slot = log, list(self.players), False, self.slot
        new.props = self.props if self.props is self.lay.props else list(self.props)
        new._stream = self._stream          # never changed: each draw copies it
        new._columns()
        new.where = [{place: bucket[:] for place, bucket in by_place.items()}
                     for by_place in self.where]
        new.owned = [None if by_key is None else
                     {key: bucket[:] for key, bucket in by_key.items()}
                     for by_key in self.owned]
        new.owned_of = dict(zip(new.lay.kind_no, new.owned))
        return new

    # -- events ------------------------------------------------------------------
    def emit(self, event: dict) -> None:
        """Append an event to the log; inside a secret thread only its player may see it."""
        if self.secret:
            event["private"] = True
        self.log.append(event)

    # -- counted pieces ------------------------------------------------------------
    def _player(self, owner: Any) -> int:
        if type(owner) is not int or not 0 <= owner < self.n:
            raise ScriptRuntimeError(f"{owner!r} is not a player")
        return owner

    def count(self, kind: str, owner: Any = _MISSING, at: Any = _MISSING, **filters: Any) -> int:
        """How many pieces or tokens of `kind` match the owner, location and property filters."""
        row = self.counts.get(kind)
        if row is None:
            if kind not in self.lay.ranges:
                raise ScriptRuntimeError(f"{kind!r} is not a kind of piece or token")
            return len(self._select(kind, owner, at, filters))
        if filters:
            raise ScriptRuntimeError(f"{kind} pieces have no properties to filter by")
        n, slot = self.n, self.slot
        if owner is _MISSING or owner is None:
            if at is _MISSING:
                return sum(row)
            if type(at) is not list:
                j = slot.get(at)
                return 0 if j is None else sum(row[j:j + n])
            return sum(sum(row[j:j + n]) for j in map(slot.get, at) if j is not None)
        if type(owner) is not int or not 0 <= owner < n:
            raise ScriptRuntimeError(f"{owner!r} is not a player")
        if at is _MISSING:
            return sum(row[owner::n])
        if type(at) is not list:
            j = slot.get(at)
            return 0 if j is None else row[j + owner]
        return sum(row[j + owner] for j in map(slot.get, at) if j is not None)

    def count_at(self, kind: str, at: Any) -> int:
        """Fast `count(kind, at=at)` (for one place; anything else as count does)."""
        if type(at) is not str:
            return self.count(kind, at=at)
        row = self.counts.get(kind)
        if row is None:
            found = self.where[self.lay.kind_no[kind]].get(at)
            return len(found) if found else 0
        j = self.slot.get(at)
        return 0 if j is None else sum(row[j:j + self.n])

    def count_owned(self, kind: str, owner: Any, at: Any) -> int:
        """Fast `count(kind, owner=owner, at=at)` (for one place; anything else as count
        does)."""
        row = self.counts.get(kind)
        if row is None:
            if type(at) is not str:
                return self.count(kind, owner=owner, at=at)
            index = self.owned_of.get(kind)
            if index is not None and (type(owner) is int or owner is None):
                found = index.get((at, owner))
                return len(found) if found else 0
            where = self.where[self.lay.kind_no[kind]].get(at)
            if not where:
                return 0
            column = self.owner
            return [column[i] for i in where].count(owner)
        if type(owner) is not int or not 0 <= owner < self.n or type(at) is not str:
            return self.count(kind, owner=owner, at=at)
        j = self.slot.get(at)
        return 0 if j is None else row[j + owner]

    def piece_owned(self, kind: str, owner: Any, at: Any) -> int:
        """Fast `count(kind, owner=owner, at=at)` for a kind of counted piece (the code's
        writer knows it is one): one number of its row, for a player and one place."""
        j = self.slot.get(at) if type(at) is str else None
        if j is None or type(owner) is not int or not 0 <= owner < self.n:
            return self.count(kind, owner=owner, at=at)
        return self.counts[kind][j + owner]

    def places_holding(self, kind: str, owner: Any, places: Any) -> list:
        """Fast `[x for x in places where count(kind, owner=owner, at=x) > 0]` for a kind of
        counted piece: the places (in order) where `owner` has some."""
        if type(owner) is not int or not 0 <= owner < self.n:
            return [x for x in places if self.piece_owned(kind, owner, x) > 0]
        row, slot = self.counts[kind], self.slot
        try:
            return [x for x in places if row[slot[x] + owner] > 0]
        except (KeyError, TypeError):    # a place that is no place, or a list: one by one
            return [x for x in places if self.piece_owned(kind, owner, x) > 0]

    def _place(self, place: Any) -> int:
        """Where a place's row of n numbers starts in a count row."""
        j = self.slot.get(place) if type(place) is str else None
        if j is None:
            raise ScriptRuntimeError(f"{place!r} is not a place")
        return j

    def shift(self, kind: str, owner: int, source: str, dest: str, amount: int = 1) -> int:
        """Move up to `amount` pieces with no event (bookkeeping); how many moved."""
        row = self.counts[kind]
        if type(owner) is not int or not 0 <= owner < self.n:
            raise ScriptRuntimeError(f"{owner!r} is not a player")
        j = self.slot.get(source) if type(source) is str else None
        if j is None:
            return 0
        have = row[j + owner]
        moved = have if have < amount else amount
        if moved <= 0:
            return 0
        k = self.slot.get(dest) if type(dest) is str else None
        if k is None:
            raise ScriptRuntimeError(f"{dest!r} is not a place")
        row[j + owner] = have - moved
        row[k + owner] += moved
        return moved

    def set_count(self, kind: str, owner: int, place: str, number: int) -> None:
        """Set how many pieces a player has at a place, with no event and no bookkeeping
        (for scenarios and tests that build a position)."""
        self.counts[kind][self._place(place) + self._player(owner)] = number

    def move(self, kind: str, owner: int, source: str, dest: str, amount: int = 1) -> int:
        """Move up to `amount` pieces; as many as there are. Returns how many moved."""
        if kind not in self.counts:
            raise ScriptRuntimeError(f"{kind!r} is not a kind of counted piece")
        moved = self.shift(kind, owner, source, dest, amount)
        if moved:
            event = {"e": "move", "player": owner, "piece": kind, "n": moved, "from": source,
                     "to": dest}
            if self.secret:
                event["private"] = True
            self.log.append(event)
        return moved

    # -- decks -----------------------------------------------------------------------
    def deck(self, name: str) -> dict:
        """The deck record {cards, up}; a clear error for an unknown deck."""
        deck = self.s["decks"].get(name)
        if deck is None:
            raise ScriptRuntimeError(f"{name!r} is not a deck")
        return deck

    def shuffle(self, name: str) -> None:
        """Shuffle a deck face down with the state's random stream (in explicit-chance mode,
        with chance's outcomes: one draw per card but the last)."""
        deck = self.deck(name)
        chance = self.s.get("chance")
        if chance is None:
            self.s["rng"] = rng.shuffle(deck["cards"], self.s["seed"], self.s["rng"],
                                        self._stream)
        else:
            cards = deck["cards"]
            self.need_chance(list(range(len(cards), 1, -1)), f"shuffle {name}")
            for i in range(len(cards) - 1, 0, -1):
                j = self._chance_index(chance, i + 1)
                cards[i], cards[j] = cards[j], cards[i]
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

    def random_index(self, bound: int, what: str = "draw at random") -> int:
        """Draw from the state's random stream (in explicit-chance mode, chance's next
        outcome; `what` names the draw)."""
        state = self.s
        chance = state.get("chance")
        if chance is not None:
            self.need_chance([bound], what)
            return self._chance_index(chance, bound)
        value = rng.draw_from(self._stream, state["rng"], bound)
        state["rng"] += 1
        return value

    def need_chance(self, bounds: list[int], what: str) -> None:
        """In explicit-chance mode, make sure chance gave an outcome for each draw of
        `bounds` that has a choice (bound 2 or more) before any of them is taken:
        ChanceNeeded for the others otherwise. Nothing in seeded mode."""
        chance = self.s.get("chance")
        if chance is None:
            return
        needed = [b for b in bounds if b > 1]
        given = len(chance["given"])
        if given < len(needed):
            raise rng.ChanceNeeded(needed[given:], what, given)

    def _chance_index(self, chance: dict, bound: int) -> int:
        """Chance's next outcome for a draw in [0, bound) (0 with no choice)."""
        self.s["rng"] += 1
        if bound <= 1:
            return 0
        given = chance["given"]
        if not given:
            raise rng.ChanceNeeded([bound], "draw at random")
        value = given.pop(0)
        if type(value) is not int or not 0 <= value < bound:
            raise ScriptRuntimeError(f"chance's outcome {value!r} is not in [0, {bound})")
        return value

    # -- properties ------------------------------------------------------------------
    def prop(self, value: Any, name: str) -> Any:
        """Fast `value.name` for a name that only tokens' properties have (no area property,
        player variable or token field of that name): as attr."""
        i = self.lay.index.get(value) if type(value) is str else None
        if i is not None:
            props = self.props[i]
            if name in props:
                return props[name]
        return self.attr(value, name)

    def prop_list(self, values: list, name: str) -> list:
        """Fast `[v.name for v in values]` for a name that only tokens' properties have."""
        index, props = self.lay.index, self.props
        try:
            return [props[index[v]][name] for v in values]
        except (KeyError, TypeError):     # not all tokens with it: one by one, as prop does
            return [self.prop(v, name) for v in values]

    def attr(self, value: Any, name: str) -> Any:
        """`value.name`: a player's variable, an area's property or a token's field."""
        if type(value) is str:
            area = self.g.areas.get(value)
            if area is not None and name in area:
                return area[name]
            i = self.lay.index.get(value)
            if i is not None:
                column = self.fields.get(name)
                if column is not None:
                    return column[i]
                props = self.props[i]
                if name in props:
                    return props[name]
                found = self._token_attr(i, name)
                if found is not _MISSING:
                    return found
            if name == "id":
                return value
        elif type(value) is int:
            if 0 <= value < self.n:
                pvars = self.s["pvars"][value]
                if name in pvars:
                    return pvars[name]
        raise ScriptRuntimeError(f"{value!r} has no property {name!r}")

    def _token_attr(self, i: int, name: str) -> Any:
        if name == "kind":
            return self.lay.kind_of[i]
        grid = self.grid
        if grid is not None and grid["cell"][i] is not None and name in GRID_FIELDS:
            value = grid[name][i]
            return list(value) if type(value) is list else value
        return _MISSING
