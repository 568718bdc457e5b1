"""What scripts do with tokens: find them, move them, give them, control and reveal them.

A token is a number (its place in the layout) inside the engine and its id (`card-12`)
outside. Its changing fields are columns of the state (`state["tokens"]["at"][i]`...);
its kind and properties are fixed and live in the layout. `where` is the index scripts'
questions use: for each token kind, the numbers of its tokens at each place, ascending;
`owned` the same by place and owner ((place, owner) keys), for questions about one owner's
tokens (None for a kind laid on grids: grid built-ins change its owners themselves).
"""

from __future__ import annotations

from bisect import insort
from typing import Any

from ..errors import ScriptRuntimeError
from .layout import GRID_FIELDS, Layout
from .owned import OwnedQueries, shift_bucket
from .private_reveal import KNOWN, forget
from .token_queries import _MISSING


def build_where(lay: Layout, at: list) -> list[dict[Any, list[int]]]:
    """The index of tokens by kind and place, from the `at` column."""
    where: list[dict[Any, list[int]]] = [{} for _ in lay.kind_no]
    kinds = lay.kind_of_no
    for i, place in enumerate(at):
        bucket = where[kinds[i]].get(place)
        if bucket is None:
            where[kinds[i]][place] = [i]
        else:
            bucket.append(i)
    return where


class TokenOps(OwnedQueries):
    """The token half of the Runtime (see runtime.Runtime for the attributes it uses)."""

    __slots__ = ()

    # -- finding -------------------------------------------------------------------
    def tno(self, tid: Any) -> int:
        """The number of the token `tid`; a clear error if it is not a token."""
        i = self.lay.index.get(tid) if type(tid) is str else None
        if i is None:
            raise ScriptRuntimeError(f"{tid!r} is not a token")
        return i

    def _field(self, i: int, name: str) -> Any:
        """Field or property `name` of token i (None if it has none), as tok.get(name)."""
        if name == "at":
            return self.at[i]
        if name == "owner":
            return self.owner[i]
        if name == "controller":
            return self.ctrl[i]
        if name == "shown":
            return self.shown[i]
        if name == "kind":
            return self.lay.kind_of[i]
        if name in GRID_FIELDS and self.grid is not None:
            value = self.grid[name][i]
            return list(value) if type(value) is list else value
        return self.props[i].get(name)

    def _select(self, kind: str, owner: Any, at: Any, filters: dict) -> Any:
        """The numbers of the tokens of `kind` matching owner, place and filters, ascending."""
        lay = self.lay
        found: Any = lay.ranges.get(kind)
        if found is None:
            return ()
        if at is not _MISSING:
            by_place = self.where[lay.kind_no[kind]]
            if type(at) is list:
                buckets = [by_place.get(p, ()) for p in dict.fromkeys(at)]
                found = sorted(i for b in buckets for i in b) if len(buckets) > 1 else \
                    buckets[0] if buckets else ()
            else:
                try:
                    found = by_place.get(at, ())
                except TypeError:
                    return ()
        elif filters and self.props is lay.props:
            static = lay.static_selection(kind, filters)
            if static is not None:
                found, filters = static, None
        if owner is not _MISSING:
            column = self.owner
            found = [i for i in found if column[i] == owner]
        if filters:
            for name, value in filters.items():
                column = self.fields.get(name)
                if column is not None:
                    found = [i for i in found if column[i] == value]
                elif name == "kind" or name in GRID_FIELDS:
                    found = [i for i in found if self._field(i, name) == value]
                else:
                    props = self.props
                    found = [i for i in found if props[i].get(name) == value]
        return found

    def tokens(self, kind: str, owner: Any = _MISSING, at: Any = _MISSING, **filters: Any) -> list:
        """Ids of the tokens of `kind` that match every filter given, in creation order."""
        tids = self.lay.tids
        return [tids[i] for i in self._select(kind, owner, at, filters)]

    def token(self, tid: str) -> dict:
        """A copy of the token's record (kind, owner, at, controller, shown, properties and,
        on a grid, cell, rot and level); a clear error if the id is not a token."""
        i = self.tno(tid)
        record = {"kind": self.lay.kind_of[i], "owner": self.owner[i], "at": self.at[i],
                  "controller": self.ctrl[i], "shown": self.shown[i], **self.props[i]}
        if self.grid is not None and self.grid["cell"][i] is not None:
            for name in GRID_FIELDS:
                value = self.grid[name][i]
                record[name] = list(value) if type(value) is list else value
        return record

    # -- changing ------------------------------------------------------------------
    def _masked(self, i: int) -> bool:
        return not self.shown[i] and bool(self.lay.secret[i])

    def _put(self, i: int, dest: Any) -> Any:
        """Token i is now at `dest` (the index follows); returns where it was."""
        source = self.at[i]
        if self.cache and (source in self.g.grids or dest in self.g.grids):
            self.cache.clear()
        kno = self.lay.kind_of_no[i]
        shift_bucket(self.where[kno], i, source, dest)
        owned = self.owned[kno]
        if owned is not None:
            owner = self.owner[i]
            shift_bucket(owned, i, (source, owner), (dest, owner))
        self.at[i] = dest
        if KNOWN in self.s:
            forget(self.s, self.lay.tids[i])
        return source

    def move_token(self, tid: str, dest: str) -> None:
        """Put a token at a location."""
        lay = self.lay
        try:
            i = lay.index[tid]
        except (KeyError, TypeError):
            raise ScriptRuntimeError(f"{tid!r} is not a token") from None
        at = self.at
        source = at[i]
        if source == dest:
            return
        at[i] = dest
        kno = lay.kind_of_no[i]
        owner = self.owner[i]
        # shift_bucket twice, written out: this is the hottest path of most games
        index = self.where[kno]
        bucket = index[source]
        if len(bucket) == 1:
            del index[source]
        else:
            bucket.remove(i)
        bucket = index.get(dest)
        if bucket is None:
            index[dest] = [i]
        else:
            insort(bucket, i)
        index = self.owned[kno]
        if index is not None:           # None: a kind laid on grids has no owner index
            bucket = index[source, owner]
            if len(bucket) == 1:
                del index[source, owner]
            else:
                bucket.remove(i)
            bucket = index.get((dest, owner))
            if bucket is None:
                index[dest, owner] = [i]
            else:
                insort(bucket, i)
        if self.cache and (source in self.g.grids or dest in self.g.grids):
            self.cache.clear()          # the cache holds what grids' tokens make
        event = {"e": "move_token", "token": tid, "piece": lay.kind_of[i],
                 "player": owner, "from": source, "to": dest}
        if not self.shown[i] and lay.secret[i]:
            event["masked"] = True    # others must not learn which token (it has secrets)
        if self.secret:
            event["private"] = True
        self.log.append(event)
        if KNOWN in self.s:
            forget(self.s, tid)

    def draw(self, kind: str, source: str, dest: str, amount: int = 1, **filters: Any) -> int:
        """Move up to `amount` tokens of `kind` picked at random among those at `source` (and
        matching the filters) to `dest`. Returns how many moved."""
        pool = list(self._select(kind, _MISSING, source, filters))
        tids = self.lay.tids
        moved = 0
        what = f"draw {kind} at {source}"
        if "chance" in self.s and pool and amount > 0:
            self.need_chance(list(range(len(pool), max(len(pool) - amount, 0), -1)), what)
        while pool and moved < amount:
            self.move_token(tids[pool.pop(self.random_index(len(pool), what))], dest)
            moved += 1
        return moved

    def give(self, tid: str, player: int | None) -> None:
        """The token now belongs to `player` (None: to nobody)."""
        i = self.tno(tid)
        previous = self.owner[i]
        if previous == player:
            return
        if player is not None and not (type(player) is int and 0 <= player < self.n):
            raise ScriptRuntimeError(f"{player!r} is not a player")
        self._set_owner(i, player)
        if self.cache and self.at[i] in self.g.grids:
            self.cache.clear()
        event = {"e": "give", "token": tid, "piece": self.lay.kind_of[i], "player": player,
                 "from_player": previous}
        if self._masked(i):
            event["masked"] = True
        self.emit(event)

    def _set_owner(self, i: int, player: Any) -> None:
        """Token i now belongs to `player` (the owner index follows)."""
        owned = self.owned[self.lay.kind_of_no[i]]
        if owned is not None:
            place = self.at[i]
            shift_bucket(owned, i, (place, self.owner[i]), (place, player))
        self.owner[i] = player

    def reveal(self, tid: str) -> None:
        """Turn a token face up: its secret properties become public."""
        i = self.tno(tid)
        if self.shown[i]:
            return
        self.shown[i] = True
        if KNOWN in self.s:
            forget(self.s, tid)
        props = self.props[i]
        secret = {k: props.get(k) for k in self.lay.secret[i]}
        self.emit({"e": "reveal", "token": tid, "piece": self.lay.kind_of[i],
                   "player": self.owner[i], "at": self.at[i], **secret})

    def hide(self, tid: str) -> None:
        """Turn a token face down again."""
        self.shown[self.tno(tid)] = False
        if KNOWN in self.s:
            forget(self.s, tid)

    def control(self, tid: str, player: int) -> None:
        """`player` takes control of a token, using one of their control pieces."""
        i = self.tno(tid)
        if self.ctrl[i] == player:
            return
        piece = self.lay.control.get(self.lay.kind_of[i])
        if piece:
            if self.count(piece, owner=player, at="supply") <= 0:
                raise ScriptRuntimeError(
                    f"player {player} has no {piece} left to control {tid}")
            self.release(tid)
            self.shift(piece, player, "supply", "in_play")
        self.ctrl[i] = player
        self.emit({"e": "control", "token": tid, "piece": self.lay.kind_of[i],
                   "player": player})

    def release(self, tid: str) -> None:
        """The token's controller, if any, loses it; their control piece goes back to supply."""
        i = self.tno(tid)
        previous = self.ctrl[i]
        if previous is None:
            return
        piece = self.lay.control.get(self.lay.kind_of[i])
        if piece:
            self.shift(piece, previous, "in_play", "supply")
        self.ctrl[i] = None
        self.emit({"e": "release", "token": tid, "piece": self.lay.kind_of[i],
                   "player": previous})

    def set_token(self, tid: str, **fields: Any) -> None:
        """Set a token's fields or properties directly, with no event and no bookkeeping
        (for scenarios and tests that build a position). A changed property is not kept
        in a save (a save holds only what play changes)."""
        i = self.tno(tid)
        self.cache.clear()
        for name, value in fields.items():
            if name == "at":
                if self.at[i] != value:
                    self._put(i, value)
            elif name == "owner":
                self._set_owner(i, value)
            elif name in ("controller", "shown"):
                column = self.ctrl if name == "controller" else self.shown
                column[i] = value
            elif name in GRID_FIELDS and self.grid is not None:
                self.grid[name][i] = list(value) if name == "cell" and value is not None \
                    else value
            elif name == "kind":
                raise ScriptRuntimeError(f"{tid} stays a {self.lay.kind_of[i]}")
            else:
                if self.props is self.lay.props:
                    self.props = list(self.props)
                self.props[i] = {**self.props[i], name: value}
