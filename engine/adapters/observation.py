"""A fixed-size tensor of what one seat sees: observe() laid out from the game data.

The layout depends only on the game (with its variant and options) and the player count, so
every state of a game gives a vector of the same length. P is the list of places (areas,
locations, grids, "in_play", and one "other" slot), n the seats, A the action index
(actions.py), T the game's tokens by id. Sections, in order:

- seat (n, one-hot; all zero for a spectator), to_move (n), over (1), winners (n);
- ask (the pending question of this seat, one-hot over the text file's asks, + other);
- legal (A): the actions this seat may take now (the action mask);
- pieces: per piece kind, place and seat, how many;
- tokens: per token id: seen, its place, owner and controller (one-hot, + none), shown,
  and on a grid: on_grid, x, y, quarter turns, level;
- hidden: per token kind, place and owner (+ none), how many face-down tokens of others;
- decks: per deck and position, the card (one-hot over the deck's cards) or unknown or empty;
- vars and player_vars (per seat, + a visible flag): each value as is_none, true, a number
  (a list: its length), the first WINDOW numbers of a list, and which texts of the action
  index it holds;
- tracks (position and arrival stamp per seat), bank (left, unlimited, held per seat,
  markers per token), links (per connection: a tile, and the side it faces);
- history (information state only): per seat, how often it took each action, counted over
  the choices this seat may see in the log (the adapters keep these counts as the game
  goes on: common.SeenChoices).

The tensor summarizes, without perfect recall: the history section counts the choices but
does not order them, and what a seat saw that is hidden again is not in it. The strings
have perfect recall. The observation string is observe() without its log as canonical
JSON; the information-state string is, by default, compact (compact_string: that JSON and
a digest of the log the seat saw and the choices it saw, as [player, action id] pairs), or
in full observe() with its log.
"""

from __future__ import annotations

import json
import marshal
from typing import Any

import numpy as np

from ..game import Game, GameState
from ..interpreter import state as state_mod
from ..interpreter.layout import GRID_FIELDS, layout_of
from ..interpreter.private_reveal import KNOWN
from .actions import ActionSpace

WINDOW = 8
"""How many numbers of a list-valued variable are kept in order."""
TEXTS, WHOLE_NUMBERS = frozenset({str}), frozenset({int})


class ObservationLayout:
    """Where each part of observe() goes in the vector, for one game and player count."""

    def __init__(self, game: Game, players: int, actions: ActionSpace):
        d = self.definition = game.definition
        n = self.n = players
        self.actions = actions
        places = sorted(set(d.areas) | set(d.locations) | set(d.grids) | {"in_play"})
        self.place_ix = {p: i for i, p in enumerate(places)}
        self.P = len(places) + 1
        self.asks = {a: i for i, a in enumerate(sorted(d.text.get("asks", {}) or {}))}
        self.pieces = sorted(d.pieces)
        self.kinds = sorted(d.tokens)
        self.kind_ix = {k: i for i, k in enumerate(self.kinds)}
        ids = game.token_ids(players)
        self.token_ix = {tid: i for i, tid in enumerate(t for k in sorted(ids) for t in ids[k])}
        self.decks = {name: (len(deck.cards), _distinct(deck.cards))
                      for name, deck in sorted(d.decks.items())}
        self.deck_texts = {name: {json.loads(key): slot for key, slot in cards.items()
                                  if isinstance(json.loads(key), str)}
                           for name, (_, cards) in self.decks.items()}
        """Each deck's text cards by their text (the same slots as by their JSON)."""
        self.game_vars = sorted(v for v, var in d.game_vars.items()
                                if var.visibility == "public")
        self.player_vars = sorted(d.player_vars)
        self.texts = {v: i for i, v in enumerate(x for x in actions.values[:actions.known]
                                                 if isinstance(x, str))}
        self.value_size = 4 + WINDOW + len(self.texts)
        self.tracks = sorted(d.tracks)
        self.resources = sorted(d.resources)
        self.connections = sorted(d.connections)
        token_size = 1 + self.P + 2 * (n + 1) + 1 + 5
        self.sections: list[tuple[str, int]] = [
            ("seat", n), ("to_move", n), ("over", 1), ("winners", n),
            ("ask", len(self.asks) + 1), ("legal", len(actions)),
            ("pieces", len(self.pieces) * self.P * n),
            ("tokens", len(self.token_ix) * token_size),
            ("hidden", len(self.kinds) * self.P * (n + 1)),
            ("decks", sum(length * (len(cards) + 2) for length, cards in self.decks.values())),
            ("vars", len(self.game_vars) * self.value_size),
            ("player_vars", n * len(self.player_vars) * (1 + self.value_size)),
            ("tracks", len(self.tracks) * 2 * n),
            ("bank", len(self.resources) * (2 + n + len(self.token_ix))),
            ("links", len(self.connections) * (1 + self.P)),
        ]
        self.token_size = token_size
        self.offsets: dict[str, int] = {}
        at = 0
        for name, size in self.sections:
            self.offsets[name] = at
            at += size
        self.observation_size = at
        self.history_size = n * len(actions)
        # The token columns of the state, by token number (the layout's creation order).
        lay = layout_of(d, n)
        self.column_slot = np.array([self.token_ix[tid] for tid in lay.tids], np.intp)
        self.column_kind = np.array([self.kind_ix[k] for k in lay.kind_of], np.intp)
        self.column_secret = np.array([bool(d.tokens[k].secret) for k in lay.kind_of], bool)
        self.column_of = dict(lay.index)         # token id -> its number in the columns
        self.piece_index = {}
        for k, kind in enumerate(self.pieces):
            index = np.array([self.offsets["pieces"] + (k * self.P + self.place(place)) * n + p
                              for place in lay.places for p in range(n)], np.intp)
            self.piece_index[kind] = (index, len(set(index.tolist())) == len(index))
        """Where each number of a piece kind's counts row goes (see encode_state)."""
        fixed = {"id", "kind", "owner", "at", "controller", "shown", *GRID_FIELDS}
        self.columns_read = not any(fixed & set(props) for props in lay.props) and \
            not any(fixed & set(t.secret) for t in d.tokens.values())
        """Whether encode_state may read the token columns (no property or secret shadows
        a column: then observe() gives each token its columns' values)."""

    def size(self, history: bool) -> int:
        """The length of the vector (with the history section: the information state)."""
        return self.observation_size + (self.history_size if history else 0)

    def place(self, name: Any) -> int:
        """The index of a place ("other" for anything not in the data)."""
        return self.place_ix.get(name, self.P - 1) if isinstance(name, str) else self.P - 1


LEGAL_MEMO = 4096
"""How many sets of options keep their action ids (the memo starts over beyond)."""


def plain_key(value: Any) -> bytes | None:
    """The marshal bytes of plain data (type-exact: 1 and true differ), None if it is not
    plain data. Version 2 writes no back-references and no interning marks, so equal data
    gives equal bytes (with the current version, the bytes depend on reference counts)."""
    try:
        return marshal.dumps(value, 2)
    except ValueError:
        return None


def _distinct(cards: list[Any]) -> dict[str, int]:
    keys: dict[str, int] = {}
    for card in cards:
        keys.setdefault(json.dumps(card, sort_keys=True), len(keys))
    return keys


def _seat(value: Any, n: int) -> int:
    """A seat's slot (n: none or not a seat)."""
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n:
        return value
    return n


class Encoder:
    """Turns observe() views into vectors laid out by an ObservationLayout."""

    def __init__(self, layout: ObservationLayout):
        self.layout = layout
        self._legal: dict[bytes, tuple[list[int], list[int]]] = {}

    def action_ids(self, options: list) -> list[int]:
        """The sorted action ids of a decision's options (remembered per set of options;
        the list is shared: do not change it)."""
        return self._ids(options)[0]

    def legal_indices(self, options: list) -> list[int]:
        """Where the options' ids go in the vector (the legal section; shared list)."""
        return self._ids(options)[1]

    def _ids(self, options: list) -> tuple[list[int], list[int]]:
        key = plain_key(options)
        ids = None if key is None else self._legal.get(key)
        if ids is None:
            id_of, at = self.layout.actions.id_of, self.layout.offsets["legal"]
            found = sorted({id_of(v) for v in options})
            ids = (found, [at + i for i in found])
            if key is not None:
                if len(self._legal) >= LEGAL_MEMO:
                    self._legal.clear()
                self._legal[key] = ids
        return ids

    def encode(self, view: dict | None, history: bool = False,
               out: np.ndarray | None = None, counts: np.ndarray | None = None) -> np.ndarray:
        """The vector of `view` (None: all zero, as before the game starts). The history
        section counts the choice events of the view's log, or is `counts` (n x A, the
        choices the seat saw, kept as the game goes on) if given."""
        lay = self.layout
        vec = np.zeros(lay.size(history), np.float32) if out is None else out
        vec.fill(0)
        if view is None:
            return vec
        o, n = lay.offsets, lay.n
        seat = _seat(view.get("seat"), n)
        if seat < n:
            vec[o["seat"] + seat] = 1
        for p in view.get("to_move", []):
            if _seat(p, n) < n:
                vec[o["to_move"] + p] = 1
        result = view.get("result")
        if result is not None:
            vec[o["over"]] = 1
            for p in result.get("winners", []):
                if _seat(p, n) < n:
                    vec[o["winners"] + p] = 1
        decision = view.get("decision")
        if decision is not None:
            vec[o["ask"] + lay.asks.get(decision["ask"], len(lay.asks))] = 1
            for value in decision["options"]:
                vec[o["legal"] + lay.actions.id_of(value)] = 1
        self._pieces(vec, view.get("pieces", {}))
        self._tokens(vec, view.get("tokens", []))
        self._decks(vec, view.get("decks", {}))
        self._vars(vec, view)
        self._parts(vec, view)
        if history:
            if counts is not None:
                vec[lay.observation_size:] = counts.reshape(-1)
            else:
                self._history(vec, view.get("log", []))
        return vec

    def encode_state(self, state: GameState | None, seat: int | None, history: bool = False,
                     out: np.ndarray | None = None,
                     counts: np.ndarray | None = None) -> np.ndarray:
        """The vector of what `seat` sees of `state`: the same as encode(observe(seat)), but
        the tokens are read from the state's columns, not from the view's records."""
        lay = self.layout
        if state is None or not lay.columns_read:
            view = None if state is None else state.observe(seat, log=False)
            return self.encode(view, history, out, counts)
        seen = state._seen_from(seat, False)    # the step as if alone in a secret step
        props = seen._fresh().props
        view = state_mod.observe(state.game.definition, seen._data, seat, None, props,
                                 columns=False)
        vec = self.encode(view, history, out, counts)
        self._token_columns(vec, seen._data["tokens"], seat, self._shown_to(seen._data, seat))
        counts_of = seen._data["counts"]
        for kind, (index, unique) in lay.piece_index.items():
            if unique:                           # no two places share a slot
                vec[index] += counts_of[kind]
            else:
                np.add.at(vec, index, counts_of[kind])
        return vec

    def _shown_to(self, data: dict, seat: int | None) -> list[int]:
        """The numbers of the tokens shown privately to `seat` (private_reveal.py)."""
        known = data.get(KNOWN)
        if not known or seat is None:
            return []
        index = self.layout.column_of
        return [index[tid] for tid, seats in known.items() if seat in seats]

    def _token_columns(self, vec: np.ndarray, columns: dict, seat: int | None,
                       shown_to: list[int] = ()) -> None:
        """The tokens and hidden sections from the token columns (as _tokens of the view);
        `shown_to`: the tokens shown to the seat alone, which it sees too."""
        lay, n, P = self.layout, self.layout.n, self.layout.P
        place_ix, other = lay.place_ix, P - 1
        T = len(lay.column_slot)
        at = np.array([place_ix.get(a, other) if type(a) is str else other
                       for a in columns["at"]], np.intp)
        owner = np.array([o if type(o) is int and 0 <= o < n else n
                          for o in columns["owner"]], np.intp)
        shown = np.array([bool(x) for x in columns["shown"]], bool)
        visible = ~lay.column_secret | shown
        if type(seat) is int and 0 <= seat < n:
            visible |= owner == seat
        elif seat is not None:                   # not a seat: owns nothing
            visible |= np.fromiter((o == seat for o in columns["owner"]), bool, T)
        if shown_to:
            visible[list(shown_to)] = True
        controller = np.array([c if type(c) is int and 0 <= c < n else n
                               for c in columns["controller"]], np.intp)
        v = np.flatnonzero(visible)
        base = lay.offsets["tokens"] + lay.column_slot[v] * lay.token_size
        flags = base + 1 + P + 2 * (n + 1)
        vec[np.concatenate((base, base + 1 + at[v], base + 1 + P + owner[v],
                            base + 1 + P + n + 1 + controller[v], flags[shown[v]]))] = 1
        cells = columns.get("cell")
        if cells is not None:
            for j, i in enumerate(v.tolist()):
                cell = cells[i]
                if isinstance(cell, tuple | list) and len(cell) == 2:
                    rot, level = columns["rot"][i], columns["level"][i]
                    vec[flags[j] + 1:flags[j] + 6] = (1, cell[0], cell[1], rot or 0, level or 0)
        h = np.flatnonzero(~visible)
        if len(h):
            np.add.at(vec, lay.offsets["hidden"] + (lay.column_kind[h] * P + at[h]) * (n + 1)
                      + owner[h], 1)

    def _pieces(self, vec: np.ndarray, pieces: dict) -> None:
        lay = self.layout
        for k, kind in enumerate(lay.pieces):
            for place, counts in pieces.get(kind, {}).items():
                base = lay.offsets["pieces"] + (k * lay.P + lay.place(place)) * lay.n
                for p, count in enumerate(counts[:lay.n]):
                    vec[base + p] += count

    def _tokens(self, vec: np.ndarray, tokens: list[dict]) -> None:
        lay, n = self.layout, self.layout.n
        kinds, place_ix, other = lay.kind_ix, lay.place_ix, lay.P - 1
        token_ix, token_size, P = lay.token_ix, lay.token_size, lay.P
        hidden_at, tokens_at = lay.offsets["hidden"], lay.offsets["tokens"]
        ones: list[int] = []
        hidden: dict[int, int] = {}
        for tok in tokens:
            where = tok.get("at")
            place = place_ix.get(where, other) if type(where) is str else other
            owner = tok.get("owner")
            owner = owner if type(owner) is int and 0 <= owner < n else n
            tid = tok.get("id")
            slot = token_ix.get(tid) if type(tid) is str else None
            if slot is None:
                kind = kinds.get(tok.get("kind")) if type(tok.get("kind")) is str else None
                if kind is not None:
                    i = hidden_at + (kind * P + place) * (n + 1) + owner
                    hidden[i] = hidden.get(i, 0) + 1
                continue
            at = tokens_at + slot * token_size
            controller = tok.get("controller")
            controller = controller if type(controller) is int and 0 <= controller < n else n
            ones += (at, at + 1 + place, at + 1 + P + owner, at + 1 + P + n + 1 + controller)
            at += 1 + P + 2 * (n + 1)
            if tok.get("shown"):
                ones.append(at)
            cell = tok.get("cell")
            if isinstance(cell, list) and len(cell) == 2:
                vec[at + 1:at + 6] = (1, cell[0], cell[1], tok.get("rot") or 0,
                                      tok.get("level") or 0)
        if ones:
            vec[ones] = 1
        if hidden:
            vec[list(hidden)] += list(hidden.values())

    def _decks(self, vec: np.ndarray, decks: dict) -> None:
        lay = self.layout
        at = lay.offsets["decks"]
        for name, (length, cards) in lay.decks.items():
            row = decks.get(name, [])
            raw = lay.deck_texts[name]
            width = len(cards) + 2
            for i in range(length):
                if i >= len(row):
                    vec[at + i * width + len(cards) + 1] = 1           # empty
                elif row[i] is None:
                    vec[at + i * width + len(cards)] = 1               # face down
                else:
                    card = row[i]
                    slot = raw.get(card) if type(card) is str else \
                        cards.get(json.dumps(card, sort_keys=True))
                    vec[at + i * width + (len(cards) if slot is None else slot)] = 1
            at += length * width

    def _value(self, idx: list[int], val: list[Any], at: int, value: Any) -> None:
        """One variable's value block (is_none, true, number, window, texts), as indices
        and values to set."""
        t = type(value)
        if value is None:
            idx.append(at)
            val.append(1)
            return
        if t is bool:
            if value:
                idx.append(at + 1)
                val.append(1)
            return
        if t is int or t is float:
            idx.append(at + 2)
            val.append(value)
            return
        texts = self.layout.texts
        if t is str:
            slot = texts.get(value)
            if slot is not None:
                idx.append(at + 4 + WINDOW + slot)
                val.append(1)
            return
        if t is list:                            # a list of texts or of whole numbers:
            kinds = set(map(type, value))        # what the general case below gives
            if kinds <= TEXTS or kinds <= WHOLE_NUMBERS:
                idx.append(at + 3)
                val.append(len(value))
                if kinds <= WHOLE_NUMBERS:
                    for i, number in enumerate(value[:WINDOW]):
                        idx.append(at + 4 + i)
                        val.append(number)
                    return
                for text in value:
                    slot = texts.get(text)
                    if slot is not None:
                        idx.append(at + 4 + WINDOW + slot)
                        val.append(1)
                return
        if isinstance(value, bool):
            if value:
                idx.append(at + 1)
                val.append(1)
        elif isinstance(value, int | float):
            idx.append(at + 2)
            val.append(value)
        elif isinstance(value, list):
            idx.append(at + 3)
            val.append(len(value))
            numbers = [v for v in value if isinstance(v, int | float) and not isinstance(v, bool)]
            for i, number in enumerate(numbers[:WINDOW]):
                idx.append(at + 4 + i)
                val.append(number)
        for text in _texts(value):
            slot = texts.get(text)
            if slot is not None:
                idx.append(at + 4 + WINDOW + slot)
                val.append(1)

    def _vars(self, vec: np.ndarray, view: dict) -> None:
        lay = self.layout
        idx: list[int] = []
        val: list[Any] = []
        at = lay.offsets["vars"]
        shown = view.get("vars", {})
        for i, name in enumerate(lay.game_vars):
            if name in shown:
                self._value(idx, val, at + i * lay.value_size, shown[name])
        at = lay.offsets["player_vars"]
        block = 1 + lay.value_size
        for p, values in enumerate(view.get("player_vars", [])[:lay.n]):
            for i, name in enumerate(lay.player_vars):
                if name in values:
                    base = at + (p * len(lay.player_vars) + i) * block
                    idx.append(base)
                    val.append(1)
                    self._value(idx, val, base + 1, values[name])
        if idx:
            vec[idx] = val

    def _parts(self, vec: np.ndarray, view: dict) -> None:
        self._tracks(vec, view.get("tracks", {}))
        self._bank(vec, view.get("bank", {}))
        self._links(vec, view.get("links", {}))

    def _tracks(self, vec: np.ndarray, tracks: dict) -> None:
        lay, n = self.layout, self.layout.n
        at = lay.offsets["tracks"]
        for i, name in enumerate(lay.tracks):
            track = tracks.get(name, {})
            for j, key in enumerate(("pos", "stamp")):
                for p, value in enumerate((track.get(key) or [])[:n]):
                    vec[at + (2 * i + j) * n + p] = value or 0

    def _bank(self, vec: np.ndarray, banks: dict) -> None:
        lay, n = self.layout, self.layout.n
        at = lay.offsets["bank"]
        width = 2 + n + len(lay.token_ix)
        for i, name in enumerate(lay.resources):
            bank = banks.get(name, {})
            base = at + i * width
            left = bank.get("bank")
            vec[base], vec[base + 1] = (left or 0), (1 if left is None else 0)
            for p, held in enumerate((bank.get("held") or [])[:n]):
                vec[base + 2 + p] = held
            for tid, amount in (bank.get("on") or {}).items():
                if tid in lay.token_ix:
                    vec[base + 2 + n + lay.token_ix[tid]] = amount

    def _links(self, vec: np.ndarray, links: dict) -> None:
        lay = self.layout
        at = lay.offsets["links"]
        for i, name in enumerate(lay.connections):
            link = links.get(name) or {}
            base = at + i * (1 + lay.P)
            if link.get("tile") is not None:
                vec[base] = 1
            if link.get("facing") is not None:
                vec[base + 1 + lay.place(link["facing"])] = 1

    def _history(self, vec: np.ndarray, log: list[dict]) -> None:
        lay = self.layout
        at, size = lay.observation_size, len(lay.actions)
        for event in log:
            if event.get("e") == "choice" and "value" in event and \
                    _seat(event.get("player"), lay.n) < lay.n:
                vec[at + event["player"] * size + lay.actions.id_of(event["value"])] += 1


def _texts(value: Any) -> list[str]:
    """The texts inside a value (nested lists and mappings included)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [t for item in value for t in _texts(item)]
    if isinstance(value, dict):
        return [t for item in value.values() for t in _texts(item)]
    return []


def view_string(view: dict | None, history: bool) -> str:
    """observe() as canonical JSON: with the log (the information state) or without."""
    if view is None:
        return ""
    shown = view if history else {k: v for k, v in view.items() if k != "log"}
    return json.dumps(shown, sort_keys=True, separators=(",", ":"))


def compact_string(view: dict | None, seen: list[tuple[int, int]], digest: str) -> str:
    """The compact information state: observe() without its log as canonical JSON, the
    digest of the log the seat saw (GameState.seen_digest: what it saw and no longer sees
    tells states apart too), and the choices the seat saw in order, as [player, action id]
    pairs."""
    if view is None:
        return ""
    shown = {k: v for k, v in view.items() if k != "log"}
    text = json.dumps(shown, sort_keys=True, separators=(",", ":"))
    return text + "|" + digest + "|" + ";".join(f"{p},{a}" for p, a in seen)
