"""A game in progress as plain data: creating it, copying it, and what each seat may see."""

from __future__ import annotations

import json
import pickle
import secrets
from typing import Any

from ..errors import InvalidArgument
from .concepts import new_parts, observe_parts
from .model import GameDef

FORMAT = 1
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


def new_state(game: GameDef, players: int, seed: int) -> dict:
    """The state before the first script op runs: every component in its starting place."""
    counts: dict[str, dict[str, list[int]]] = {}
    for kind in game.pieces.values():
        counts[kind.name] = {kind.start: [kind.per_player] * players}
    for tkind in game.tokens.values():
        if tkind.control_piece and "in_play" not in counts[tkind.control_piece]:
            counts[tkind.control_piece]["in_play"] = [0] * players
    tokens: dict[str, dict[str, Any]] = {}
    for tkind in game.tokens.values():
        owners = range(players) if tkind.per_player else [None]
        size = len(next(iter(tkind.props.values()))) if tkind.props else 1
        for owner in owners:
            for i in list(range(size)) * (1 + tkind.spares):
                tid = f"{tkind.name}-{len(tokens) + 1}"
                tok = {"kind": tkind.name, "owner": owner, "at": tkind.start,
                       "controller": None, "shown": not tkind.secret}
                for prop, values in tkind.props.items():
                    tok[prop] = values[i]
                tokens[tid] = tok
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
        "counts": counts,
        "tokens": tokens,
        "decks": decks,
        "threads": [{"stack": [{"p": game.start, "pc": 0, "e": {}}], "wait": None,
                     "player": None}],
        "log": [],
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


def clone_state(state: dict) -> dict:
    """Copy a state; the log's events are never changed after they are written, so the
    copy shares them."""
    out = {k: clone(v) for k, v in state.items() if k != "log"}
    out["log"] = list(state["log"])
    return out


def snapshot(state: dict) -> tuple:
    """What restore() needs to put `state` back exactly as it is now. Token records get
    shallow copies (their values are replaced, never changed in place) and the log only
    its length (events are appended, never changed); the rest is pickled."""
    rest = {k: v for k, v in state.items() if k not in ("log", "tokens")}
    tokens = {tid: tok.copy() for tid, tok in state["tokens"].items()}
    return list(state), pickle.dumps(rest, pickle.HIGHEST_PROTOCOL), tokens, len(state["log"])


def restore(state: dict, saved: tuple) -> None:
    """Put `state` back as it was when `saved` was taken (same dict object)."""
    keys, rest, tokens, log_length = saved
    log = state["log"]
    del log[log_length:]
    values = {**pickle.loads(rest), "tokens": tokens, "log": log}
    state.clear()
    state.update((k, values[k]) for k in keys)


def stamp_waits(state: dict) -> None:
    """Mark every new decision with the step counter at which it was asked: an action
    answers one question, and names it by its ask and this step."""
    for thread in state["threads"]:
        wait = thread["wait"]
        if wait is not None and "step" not in wait:
            wait["step"] = state["steps"]


def _visible_token(game: GameDef, tid: str, tok: dict, seat: int | None) -> dict:
    secret = game.tokens[tok["kind"]].secret
    if not secret or tok["shown"] or (seat is not None and tok["owner"] == seat):
        return {"id": tid, **tok}
    # Another seat's face-down token: say what and where, never which one or its secrets.
    return {k: v for k, v in tok.items() if k not in secret}


def visible_event(event: dict, game: GameDef, state: dict, seat: int | None) -> dict | None:
    """The event as `seat` may see it (None: not at all)."""
    if event.get("masked") and event.get("player") != seat:
        event = {k: v for k, v in event.items() if k != "token"}
    if event.get("private") and event.get("player") != seat:
        if event["e"] in ("move_token", "give"):
            return {k: v for k, v in event.items() if k != "token"}
        if event["e"] == "choice":
            return None
        if event["e"] == "move":
            return event
        return None
    return event


def observe(game: GameDef, state: dict, seat: int | None) -> dict:
    """Everything `seat` may see (None: a spectator who sees only public information)."""
    tokens, hidden = [], []
    for tid, tok in state["tokens"].items():
        seen = _visible_token(game, tid, tok, seat)
        (tokens if "id" in seen else hidden).append(seen)
    # Face-down tokens of others come last, sorted: their order must not hint at their ids.
    hidden.sort(key=lambda t: json.dumps(t, sort_keys=True))
    tokens.extend(hidden)
    decks = {name: [card if up else None for card, up in zip(d["cards"], d["up"])]
             for name, d in state["decks"].items()}
    pvars = []
    for p, values in enumerate(state["pvars"]):
        pvars.append({k: v for k, v in values.items()
                      if game.player_vars[k].visibility == "public" or p == seat})
    deciding = sorted({t["wait"]["player"] for t in state["threads"] if t["wait"]})
    mine = [t["wait"] for t in state["threads"] if t["wait"] and t["wait"]["player"] == seat]
    log = [v for v in (visible_event(e, game, state, seat) for e in state["log"]) if v]
    return {
        "game": state["game"], "variant": state["variant"], "players": state["n"],
        "seat": seat, "player_vars": pvars,
        "vars": {k: v for k, v in state["vars"].items()
                 if game.game_vars[k].visibility == "public"},
        "pieces": {k: {loc: list(row) for loc, row in v.items()}
                   for k, v in state["counts"].items()},
        "tokens": tokens, "decks": decks, "to_move": deciding,
        "decision": {"ask": mine[0]["ask"], "options": list(mine[0]["options"])} if mine else None,
        "log": log, "result": state["result"], **observe_parts(state),
    }
