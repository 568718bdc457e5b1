"""The observation vector kept up per seat: only the parts of the state that changed since
the seat's last vector are encoded again.

Encoder.encode_state (observation.py) builds the vector from the state at every call; a
VectorKeeper gives the same vector (tests check it at every point of many games) by
remembering, per seat, the last vector and the state parts it was made from, and comparing:
token columns value by value (the columns that differ, then the tokens whose row of those
columns differs, and those shown to the seat alone or forgotten since: private_reveal.py;
a changed token's block is cleared and written again), piece rows, and,
for the rest (decks, variables, tracks, bank, links), the marshal bytes of each part
(version 2: equal data, equal bytes; a deck's list of texts equal to the last one needs
none). A mapping of variables whose bytes changed has what its last blocks set cleared, and
is written again from the blocks remembered for those bytes (every seat meets the change in
turn: it is encoded once). The comparison is with the data itself, not with a record of
changes (the interpreter keeps none: a refused action goes back to a checkpoint), so any
state may be given (a clone, one restored after a refused action, one loaded from a save,
another game of the same table): only the cost differs. In a secret step, a seat's vector
is made from the step as if it alone had answered (GameState._seen_kept): kept per seat,
and advanced by its new answers. The legal actions' ids are remembered per set of options
(Encoder.action_ids). No observe() view is built.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from operator import ne
from typing import Any

import numpy as np

from ..game import GameState
from .observation import Encoder, plain_key

ENCODED_MEMO = 4096
"""How many mappings of variables, tracks, banks and links keep their encoding (the memo
starts over beyond)."""
TOKEN_COLUMNS = ("at", "owner", "controller", "shown", "cell", "rot", "level")
FEW = 48
"""Up to so many numbers are written one at a time: for a few, quicker than numpy's
indexing with a list (which first makes an array of it)."""


def put(vec: np.ndarray, spots: list[int], value: float) -> None:
    """vec[spots] = value."""
    if len(spots) > FEW:
        vec[spots] = value
    else:
        for spot in spots:
            vec[spot] = value


def put_each(vec: np.ndarray, spots: list[int], values: list) -> None:
    """vec[spots] = values."""
    if len(spots) > FEW:
        vec[spots] = values
    else:
        for spot, value in zip(spots, values):
            vec[spot] = value


class _Seat:
    """One seat's last vector and the state parts it was made from."""

    __slots__ = ("vec", "header", "counts", "columns", "blocks", "known", "decks", "vars",
                 "parts", "alone")

    def __init__(self, size: int):
        self.vec = np.zeros(size, np.float32)
        self.header: list[int] = []         # indices set to 1 in seat ... legal
        self.counts: dict[str, list] = {}   # piece kind -> its counts row
        self.columns: dict[str, list] | None = None
        self.blocks: list = []              # per token: what it set (shown by id), or
        #                                     its hidden slot
        self.known: frozenset[int] = frozenset()   # the tokens shown to this seat alone
        self.decks: dict | None = None      # per deck: cards, up, all texts, bytes
        self.vars: dict | None = None       # the marshal bytes of each mapping
        self.parts: dict | None = None      # the marshal bytes of each concept's part
        self.alone: list | None = None      # the step as if alone (GameState._seen_kept)


class VectorKeeper:
    """The observation vectors of one table's seats, kept up from state to state."""

    def __init__(self, encoder: Encoder):
        self.encoder = encoder
        self.layout = encoder.layout
        self._seats: dict[Any, _Seat] = {}
        lay = self.layout
        self._secret = lay.column_secret.tolist()
        self._slot = lay.column_slot.tolist()
        self._kind = lay.column_kind.tolist()
        self._token_base = [lay.offsets["tokens"] + slot * lay.token_size
                            for slot in self._slot]
        self._hidden_base = [lay.offsets["hidden"] + kind * lay.P * (lay.n + 1)
                             for kind in self._kind]
        self._sizes = dict(lay.sections)
        self._part_writers = [(name, write) for name, write in (
            ("tracks", encoder._tracks), ("bank", encoder._bank), ("links", encoder._links))
            if self._sizes[name]]
        self._public = {name: var.visibility == "public"
                        for name, var in lay.definition.player_vars.items()}
        self._vars_at, self._vars_size = lay.offsets["vars"], self._sizes["vars"]
        self._pvars_at = lay.offsets["player_vars"]
        self._pvars_size = len(lay.player_vars) * (1 + lay.value_size)   # one seat's
        self._encoded: dict[tuple, tuple] = {}   # see _mapping and _section
        self._scratch = np.zeros(lay.observation_size, np.float32)       # see _section

    def action_ids(self, options: list) -> list[int]:
        """The sorted action ids of a decision's options (Encoder.action_ids)."""
        return self.encoder.action_ids(options)

    def observation(self, state: GameState | None, seat: int | None) -> np.ndarray:
        """What `seat` sees of `state` (no history section): equal to
        encoder.encode_state(state, seat), kept by this keeper (copy it to keep it)."""
        lay = self.layout
        if state is None or not lay.columns_read or \
                not (seat is None or type(seat) is int and 0 <= seat < lay.n):
            return self.encoder.encode_state(state, seat)
        kept = self._seats.get(seat)
        if kept is None:
            kept = self._seats[seat] = _Seat(lay.observation_size)
        # In a secret step, the step as if alone (kept, and advanced by the seat's answers).
        seen, kept.alone = state._seen_kept(seat, kept.alone)
        data = seen._data
        self._header(kept, data, seat)
        self._pieces(kept, data["counts"])
        self._tokens(kept, data["tokens"], seat, self.encoder._shown_to(data, seat))
        self._decks(kept, data["decks"])
        self._vars(kept, data, seat)
        self._parts(kept, data)
        return kept.vec

    def encode(self, state: GameState | None, seat: int | None, history: bool = False,
               out: np.ndarray | None = None, counts: np.ndarray | None = None) -> np.ndarray:
        """As Encoder.encode_state (the history section is `counts`, required with
        `history`), into `out` or a new array."""
        lay = self.layout
        vec = np.zeros(lay.size(history), np.float32) if out is None else out
        if state is None:
            vec.fill(0)
            return vec
        vec[:lay.observation_size] = self.observation(state, seat)
        if history:
            vec[lay.observation_size:] = counts.reshape(-1)
        return vec

    def _header(self, kept: _Seat, data: dict, seat: int | None) -> None:
        """seat, to_move, over, winners, ask and legal (few ones: cleared and set again,
        unless they are the same as the last ones)."""
        lay = self.layout
        o, n = lay.offsets, lay.n
        ones = [] if seat is None else [o["seat"] + seat]
        mine = None
        to_move = o["to_move"]
        for thread in data["threads"]:
            wait = thread["wait"]
            if wait:
                player = wait["player"]
                if type(player) is int and 0 <= player < n:
                    ones.append(to_move + player)
                if mine is None and player == seat:
                    mine = wait
        result = data["result"]
        if result is not None:
            ones.append(o["over"])
            for p in result.get("winners", []):
                if type(p) is int and 0 <= p < n:
                    ones.append(o["winners"] + p)
        if mine is not None:
            ones.append(o["ask"] + lay.asks.get(mine["ask"], len(lay.asks)))
            ones += self.encoder.legal_indices(mine["options"])
        if ones != kept.header:
            put(kept.vec, kept.header, 0)
            put(kept.vec, ones, 1)
            kept.header = ones

    def _pieces(self, kept: _Seat, counts: dict) -> None:
        vec, last = kept.vec, kept.counts
        for kind, (index, unique) in self.layout.piece_index.items():
            row = counts[kind]
            if row == last.get(kind):
                continue
            if unique:                           # no two places share a slot
                vec[index] = row
            else:
                vec[index] = 0
                np.add.at(vec, index, row)
            last[kind] = row[:]

    def _tokens(self, kept: _Seat, columns: dict, seat: int | None,
                shown_to: list[int]) -> None:
        """The tokens and hidden sections: each token whose columns changed, or that was
        shown to the seat alone (`shown_to`: private_reveal.py) or forgotten, again."""
        last = kept.columns
        names = [name for name in TOKEN_COLUMNS if name in columns]
        known = frozenset(shown_to) if shown_to else frozenset()
        if last is None or last.keys() != set(names):
            changed: Any = range(len(self._slot))
            kept.blocks = [None] * len(self._slot)
            kept.columns = last = {}
            moved = names
        else:
            moved = [name for name in names if columns[name] != last[name]]
            if not moved and known == kept.known:
                return
            every = range(len(self._slot))
            if not moved:
                changed = []
            elif len(moved) == 1:                # the tokens whose value differs, in C
                changed = list(compress(every, map(ne, columns[moved[0]], last[moved[0]])))
            else:                                # (one pass over rows of the moved columns)
                changed = list(compress(every, map(ne, zip(*[columns[name] for name in moved]),
                                                   zip(*[last[name] for name in moved]))))
            if known != kept.known:
                changed = sorted(set(changed) | (known ^ kept.known))
        kept.known = known
        lay, vec, blocks = self.layout, kept.vec, kept.blocks
        n, P = lay.n, lay.P
        place_ix, other = lay.place_ix, P - 1
        at, owner, controller, shown = (columns["at"], columns["owner"],
                                        columns["controller"], columns["shown"])
        cells = columns.get("cell")
        secret, token_base, hidden_base = self._secret, self._token_base, self._hidden_base
        owner_at, controller_at, flags_at = 1 + P, 1 + P + n + 1, 1 + P + 2 * (n + 1)
        mine = type(seat) is int
        clear: list[int] = []                    # what the changed tokens set before
        ones: list[int] = []
        where_values: list[int] = []             # cells, turns and levels on grids
        values: list[Any] = []
        hidden: dict[int, int] = {}              # changes of the face-down counts
        for i in changed:
            block = blocks[i]
            if type(block) is list:
                clear += block
            elif block is not None:
                hidden[block] = hidden.get(block, 0) - 1
            where = at[i]
            place = place_ix.get(where, other) if type(where) is str else other
            o = owner[i]
            o = o if type(o) is int and 0 <= o < n else n
            is_shown = bool(shown[i])
            if secret[i] and not is_shown and not (mine and o == seat) and i not in known:
                block = hidden_base[i] + place * (n + 1) + o
                hidden[block] = hidden.get(block, 0) + 1
                blocks[i] = block
                continue
            c = controller[i]
            c = c if type(c) is int and 0 <= c < n else n
            base = token_base[i]
            block = [base, base + 1 + place, base + owner_at + o, base + controller_at + c]
            if is_shown:
                block.append(base + flags_at)
            ones += block
            if cells is not None:
                cell = cells[i]
                if isinstance(cell, tuple | list) and len(cell) == 2:
                    flags = base + flags_at
                    spots = range(flags + 1, flags + 6)
                    where_values += spots
                    values += (1, cell[0], cell[1], columns["rot"][i] or 0,
                               columns["level"][i] or 0)
                    block = [*block, *spots]
            blocks[i] = block
        put(vec, clear, 0)
        put(vec, ones, 1)
        put_each(vec, where_values, values)
        for block, change in hidden.items():
            if change:
                vec[block] = vec.item(block) + change
        for name in moved:
            last[name] = [c[:] if type(c) is list else c for c in columns[name]] \
                if name == "cell" else columns[name][:]

    def _decks(self, kept: _Seat, decks: dict) -> None:
        """The decks section, written again if a deck changed: a row of texts equal to the
        last one is the same (a text equals only a text), else marshal bytes decide."""
        last = kept.decks
        if last is not None and last.keys() == decks.keys():
            for name, deck in decks.items():
                cards, up, texts, key = last[name]
                if deck["up"] != up or deck["cards"] != cards:
                    break
                if not texts and plain_key(deck) != key:
                    break
            else:
                return
        lay, vec = self.layout, kept.vec
        start = lay.offsets["decks"]
        vec[start:start + self._sizes["decks"]] = 0
        self.encoder._decks(vec, {name: [card if up else None
                                         for card, up in zip(d["cards"], d["up"])]
                                  for name, d in decks.items()})
        kept.decks = {name: (d["cards"][:], d["up"][:],
                             all(type(c) is str for c in d["cards"]), plain_key(d))
                      for name, d in decks.items()}

    def _vars(self, kept: _Seat, data: dict, seat: int | None) -> None:
        """The vars and player_vars sections: each mapping (the game's, each seat's) whose
        marshal bytes changed is written again, from the blocks remembered for those bytes
        (the seats see each change in turn: it is encoded once); what its last blocks set
        is cleared first."""
        if kept.vars is None:
            kept.vars = {}
        last = kept.vars
        self._write_mapping(kept.vec, last, "vars", self._vars_at, self._vars_size,
                            data["vars"], None)
        size = self._pvars_size
        for p, values in enumerate(data["pvars"][:self.layout.n]):
            self._write_mapping(kept.vec, last, p, self._pvars_at + p * size, size, values,
                                p == seat)

    def _write_mapping(self, vec: np.ndarray, last: dict, name: Any, start: int, size: int,
                       values: dict, own: bool | None) -> None:
        """One mapping's block at `start`, written again unless its marshal bytes are the
        last ones (`last[name]`: those bytes and what they set)."""
        key = plain_key(values)
        before = last.get(name)
        if before is not None and key is not None and key == before[0]:
            return
        if before is None:
            vec[start:start + size] = 0
        else:
            vec[start + before[1][0]] = 0
        found = self._mapping(values, key, own)
        vec[start + found[0]] = found[1]
        last[name] = (key, found)

    def _mapping(self, values: dict, key: bytes | None,
                 own: bool | None) -> tuple[np.ndarray, np.ndarray]:
        """Where a mapping's values go from the start of its block, and what: the game's
        (`own` None), or a seat's (`own`: the seat's own, private values shown), remembered
        by the marshal bytes `key` (equal bytes, equal values: the same encoding)."""
        found = None if key is None else self._encoded.get((key, own))
        if found is not None:
            return found
        spots: list[int] = []
        numbers: list[Any] = []
        lay, value_of = self.layout, self.encoder._value
        if own is None:
            size = lay.value_size
            for i, name in enumerate(lay.game_vars):
                if name in values:
                    value_of(spots, numbers, i * size, values[name])
        else:
            block, public = 1 + lay.value_size, self._public
            for i, name in enumerate(lay.player_vars):
                if name in values and (own or public[name]):
                    spots.append(i * block)           # the visible flag
                    numbers.append(1)
                    value_of(spots, numbers, i * block + 1, values[name])
        # As vec[spots] = numbers would take them: an array of the numbers, then float32.
        found = (np.array(spots, np.intp), np.asarray(numbers).astype(np.float32))
        if key is not None:
            if len(self._encoded) >= ENCODED_MEMO:
                self._encoded.clear()
            self._encoded[(key, own)] = found
        return found

    def _parts(self, kept: _Seat, data: dict) -> None:
        """The tracks, bank and links sections: each written again if its part changed."""
        if kept.parts is None:
            kept.parts = {}
        for name, write in self._part_writers:
            part = data.get(name)
            key = plain_key(part)
            if key is not None and key == kept.parts.get(name):
                continue
            self._section(kept.vec, name, key, write, {} if part is None else part)
            kept.parts[name] = key

    def _section(self, vec: np.ndarray, name: str, key: bytes | None,
                 write: Callable[[np.ndarray, Any], None], part: Any) -> None:
        """Write a section again: what write(vector, part) puts in it, remembered by the
        marshal bytes `key` of the part (every seat meets a change in turn)."""
        start, size = self.layout.offsets[name], self._sizes[name]
        found = None if key is None else self._encoded.get((name, key))
        if found is None:
            scratch = self._scratch
            scratch[start:start + size] = 0
            write(scratch, part)
            spots = np.flatnonzero(scratch[start:start + size]) + start
            found = (spots, scratch[spots])
            if key is not None:
                if len(self._encoded) >= ENCODED_MEMO:
                    self._encoded.clear()
                self._encoded[(name, key)] = found
        vec[start:start + size] = 0
        vec[found[0]] = found[1]
