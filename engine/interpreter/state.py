"""A game in progress as plain data: creating it, copying it, and what each seat may see.

The state holds only what play changes, compactly (see layout.py for the numbering):

- `counts[kind]`: one flat list per counted piece kind, n numbers (one per player) for
  each place of the layout in turn: player p's pieces at place j are `counts[kind][j*n+p]`;
- `tokens`: columns indexed by token number: `at`, `owner`, `controller`, `shown` and, in
  a game with grids, `cell` ([x, y] or none), `rot` and `level`;
- `vars`, `pvars`, `decks`, `threads`, `result` and the concepts' parts as plain data.

Token kinds and properties never change: they are in the layout, not in the state. The
event log is beside the state (eventlog.py), not in it.
"""

from __future__ import annotations

import json
import marshal
import secrets
from typing import Any

from ..errors import InvalidArgument
from .concepts import new_parts, observe_parts
from .layout import GRID_FIELDS, Layout, layout_of
from .model import GameDef
from .private_reveal import KNOWN, seen_event

FORMAT = 2
SEED_BITS = 64
"""Seeds are integers of at most this many bits, negative or not (64: a default seed drawn
from the OS's randomness cannot be found by trying them all)."""


def new_seed() -> int:
    """An unguessable seed from the OS's randomness (63 bits: a signed 64-bit integer)."""
    return secrets.randbits(SEED_BITS - 1)


def check_seed(seed: Any) -> int:
    """The seed if it is an integer (not a bool) of at most SEED_BITS bits; InvalidArgument
    otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise InvalidArgument(f"the seed must be an integer, not {seed!r}")
    if abs(seed) >= 2 ** SEED_BITS:
        raise InvalidArgument(f"the seed must have at most {SEED_BITS} bits")
    return int(seed)


def new_chance() -> dict:
    """The record of explicit chance in a state (in place of its seed): `given`, the
    outcomes chance gave that the step being taken has not used yet; while a draw waits,
    `need` (the bounds of the random operation's draws still to make), `done` (how many
    of its draws chance made), `what` (the operation, for people) and `redo` (what runs
    again once they are made: {"start": true} or {"player", "value"})."""
    return {"given": [], "need": [], "done": 0, "what": None, "redo": None}


def start_counts(game: GameDef, lay: Layout) -> dict[str, list[int]]:
    """Every counted piece at its kind's start place."""
    counts = {}
    for kind in game.pieces.values():
        row = [0] * lay.row
        j = lay.place_no[kind.start]
        row[j * lay.n:(j + 1) * lay.n] = [kind.per_player] * lay.n
        counts[kind.name] = row
    return counts


def start_tokens(game: GameDef, lay: Layout) -> dict[str, list]:
    """Every token at its start place, face down if its kind has secrets."""
    tokens: dict[str, list] = {
        "at": list(lay.start), "owner": list(lay.start_owner),
        "controller": [None] * len(lay.tids),
        "shown": [not game.tokens[kind].secret for kind in lay.kind_of]}
    if game.grids:
        for name in GRID_FIELDS:
            tokens[name] = [None] * len(lay.tids)
    return tokens


def new_state(game: GameDef, players: int, seed: int) -> dict:
    """The state before the first script op runs: every component in its starting place."""
    lay = layout_of(game, players)
    decks = {d.name: {"cards": list(d.cards), "up": [d.face_up] * len(d.cards)}
             for d in game.decks.values()}
    return {
        "format": FORMAT,
        "game": game.id,
        "variant": game.variant,
        "n": players,
        "seed": seed,
        "rng": 0,
        "steps": 0,
        "vars": {v.name: clone(v.initial) for v in game.game_vars.values()},
        "pvars": [{v.name: clone(v.initial) for v in game.player_vars.values()}
                  for _ in range(players)],
        "counts": start_counts(game, lay),
        "tokens": start_tokens(game, lay),
        "decks": decks,
        "threads": [{"stack": [{"p": game.start, "pc": 0, "e": {}}], "wait": None,
                     "player": None}],
        "result": None,
        **new_parts(game, players),
    }


def clone(value: Any) -> Any:
    """A deep copy of plain data (dicts, lists, scalars), faster than copy.deepcopy."""
    t = type(value)
    if t is dict:
        return {k: clone(v) for k, v in value.items()}
    if t is list:
        return [clone(v) for v in value]
    return value


FLAT = ("counts", "tokens")
"""Parts of a state that are objects of flat lists of scalars (copied list by list)."""

_SCALARS = (str, int, bool, float, type(None))
_DEEP: dict[tuple, list[str]] = {}
"""For each set of a state's keys: those whose values clone_state copies with marshal."""


def clone_state(state: dict) -> dict:
    """A deep copy of a state: nothing mutable is shared. Flat lists are copied as lists;
    the rest of the plain data by marshal (in C)."""
    out = state.copy()
    for key in FLAT:
        part = state.get(key)
        if type(part) is dict:
            out[key] = {k: v[:] if type(v) is list else clone(v) for k, v in part.items()}
    cells = state["tokens"].get("cell") if type(state.get("tokens")) is dict else None
    if type(cells) is list:               # [x, y] lists (or None)
        try:
            out["tokens"]["cell"] = marshal.loads(marshal.dumps(cells))
        except ValueError:
            out["tokens"]["cell"] = [clone(c) for c in cells]
    decks = state.get("decks")
    if type(decks) is dict:
        out["decks"] = {name: {"cards": _copy_row(deck["cards"]), "up": deck["up"][:]}
                        if type(deck) is dict and deck.keys() == {"cards", "up"} else clone(deck)
                        for name, deck in decks.items()}
    keys = tuple(state)
    deep = _DEEP.get(keys)
    if deep is None:
        deep = [k for k in keys if k not in FLAT and k != "decks"]
        if len(_DEEP) < 64:
            _DEEP[keys] = deep
    try:
        values = marshal.loads(marshal.dumps([state[k] for k in deep]))
    except ValueError:                    # not plain data (a test's own object, say)
        values = [clone(state[k]) for k in deep]
    out.update(zip(deep, values))
    return out


def _copy_row(cards: Any) -> Any:
    if type(cards) is list:
        try:
            if set(map(type, cards)) <= _SCALAR_SET:
                return cards[:]
        except TypeError:
            pass
    return clone(cards)


_SCALAR_SET = set(_SCALARS)


def stamp_waits(state: dict) -> None:
    """Mark every new decision with the step counter at which it was asked: an action
    answers one question, and names it by its ask and this step."""
    for thread in state["threads"]:
        wait = thread["wait"]
        if wait is not None and "step" not in wait:
            wait["step"] = state["steps"]


def token_record(lay: Layout, state: dict, i: int, props: list | None = None) -> dict:
    """Token i as one record: kind, owner, at, controller, shown, properties (and cell,
    rot and level on a grid)."""
    columns = state["tokens"]
    record = {"kind": lay.kind_of[i], "owner": columns["owner"][i], "at": columns["at"][i],
              "controller": columns["controller"][i], "shown": columns["shown"][i],
              **(props or lay.props)[i]}
    if "cell" in columns and columns["cell"][i] is not None:
        for name in GRID_FIELDS:
            value = columns[name][i]
            record[name] = list(value) if isinstance(value, tuple | list) else value
    return record


def token_records(game: GameDef, state: dict, props: list | None = None) -> dict[str, dict]:
    """Every token's record by id, in creation order (fresh copies)."""
    lay = layout_of(game, state["n"])
    return {tid: token_record(lay, state, i, props) for i, tid in enumerate(lay.tids)}


def piece_counts(game: GameDef, state: dict) -> dict[str, dict[str, list[int]]]:
    """Counted pieces as {kind: {place: [one number per player]}}, every place listed."""
    lay = layout_of(game, state["n"])
    n = lay.n
    return {kind: {place: row[j * n:j * n + n] for j, place in enumerate(lay.places)}
            for kind, row in state["counts"].items()}


def _visible_token(game: GameDef, tid: str, tok: dict, seat: int | None,
                   known: bool = False) -> dict:
    secret = game.tokens[tok["kind"]].secret
    if not secret or tok["shown"] or (seat is not None and tok["owner"] == seat) or known:
        return {"id": tid, **tok}
    # Another seat's face-down token: say what and where, never which one or its secrets.
    return {k: v for k, v in tok.items() if k not in secret}


_FIXED = frozenset(("kind", "owner", "at", "controller", "shown", *GRID_FIELDS))


def _seen_tokens(game: GameDef, state: dict, seat: int | None,
                 props: list | None) -> tuple[list[dict], list[dict]]:
    """The tokens `seat` sees by id ({"id", **record}) and the face-down ones of others it
    sees without id or secrets, in creation order (what _visible_token makes of each
    token_record, read from the columns directly)."""
    lay = layout_of(game, state["n"])
    props = props or lay.props
    columns = state["tokens"]
    at, owner, controller, shown = (columns["at"], columns["owner"], columns["controller"],
                                    columns["shown"])
    cells = columns.get("cell")
    secrets_of = {kind: t.secret for kind, t in game.tokens.items()}
    shown_to = _shown_to(state, seat)
    tokens, hidden = [], []
    for i, tid in enumerate(lay.tids):
        kind = lay.kind_of[i]
        secret = secrets_of[kind]
        if cells is not None and cells[i] is not None or secret and not _FIXED.isdisjoint(secret):
            tok = token_record(lay, state, i, props)        # the general way
            seen = _visible_token(game, tid, tok, seat, tid in shown_to)
            (tokens if "id" in seen else hidden).append(seen)
            continue
        if not secret or shown[i] or (seat is not None and owner[i] == seat) or \
                tid in shown_to:
            tokens.append({"id": tid, "kind": kind, "owner": owner[i], "at": at[i],
                           "controller": controller[i], "shown": shown[i], **props[i]})
        else:
            seen = {"kind": kind, "owner": owner[i], "at": at[i],
                    "controller": controller[i], "shown": shown[i]}
            for k, v in props[i].items():
                if k not in secret:
                    seen[k] = v
            hidden.append(seen)
    return tokens, hidden


def _shown_to(state: dict, seat: int | None) -> frozenset[str]:
    """The tokens shown privately to `seat` that it still knows (private_reveal.py)."""
    known = state.get(KNOWN)
    if not known or seat is None:
        return frozenset()
    return frozenset(tid for tid, seats in known.items() if seat in seats)


_KEYS: dict[tuple, str] = {}
"""The sort keys of face-down tokens already seen (many are alike), by their items."""


def _hidden_key(tok: dict) -> str:
    """A face-down token's sort key: its canonical JSON (remembered for plain values)."""
    try:
        items = (tuple(tok.items()), tuple(map(type, tok.values())))   # 1 is not True
        key = _KEYS.get(items)
    except TypeError:                     # a list value (a grid cell): not remembered
        return json.dumps(tok, sort_keys=True)
    if key is None:
        if len(_KEYS) >= 65536:
            _KEYS.clear()
        key = _KEYS[items] = json.dumps(tok, sort_keys=True)
    return key


def visible_event(event: dict, seat: int | None) -> dict | None:
    """The event as `seat` may see it (None: not at all). A masked or private event is
    whole only for its player: a spectator (seat None) owns none, even one with no player."""
    owner = seat is not None and event.get("player") == seat
    if event["e"] == "reveal_to" and not owner:
        return seen_event(event)
    if event.get("masked") and not owner:         # a choice's value names the token too
        hidden = ("token", "value") if event["e"] == "choice" else ("token",)
        event = {k: v for k, v in event.items() if k not in hidden}
    if event.get("private") and not owner:
        if event["e"] in ("move_token", "give"):
            return {k: v for k, v in event.items() if k != "token"}
        if event["e"] == "choice":
            return None
        if event["e"] == "move":
            return event
        return None
    return event


def observe(game: GameDef, state: dict, seat: int | None, log: Any = (),
            props: list | None = None, columns: bool = True) -> dict:
    """Everything `seat` may see (None: a spectator who sees only public information); its
    "log" holds the events of `log` it may see (no "log" at all if `log` is None). With
    `columns` false, no "tokens" and "pieces" (for a reader of the state's columns)."""
    if columns:
        seen, hidden = _seen_tokens(game, state, seat, props)
        # Face-down tokens of others come last, sorted: their order must not hint at ids.
        hidden.sort(key=_hidden_key)
        seen.extend(hidden)
    decks = {name: [card if up else None for card, up in zip(d["cards"], d["up"])]
             for name, d in state["decks"].items()}
    pvars = []
    for p, values in enumerate(state["pvars"]):
        pvars.append({k: v for k, v in values.items()
                      if game.player_vars[k].visibility == "public" or p == seat})
    deciding = sorted({t["wait"]["player"] for t in state["threads"] if t["wait"]})
    mine = [t["wait"] for t in state["threads"] if t["wait"] and t["wait"]["player"] == seat]
    view = {
        "game": state["game"], "variant": state["variant"], "players": state["n"],
        "seat": seat, "player_vars": pvars,
        "vars": {k: clone(v) for k, v in state["vars"].items()
                 if game.game_vars[k].visibility == "public"},
        "decks": decks, "to_move": deciding,
        "decision": {"ask": mine[0]["ask"], "options": list(mine[0]["options"])} if mine else None,
        "result": state["result"], **observe_parts(state),
    }
    if columns:
        view["pieces"] = piece_counts(game, state)
        view["tokens"] = seen
    if log is not None:
        view["log"] = [v for v in (visible_event(e, seat) for e in log) if v]
    return view
