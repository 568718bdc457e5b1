"""A game in progress as plain data: creating it, copying it, and what each seat may see."""

from __future__ import annotations

import json
from typing import Any

from .concepts import new_parts, observe_parts
from .model import GameDef

FORMAT = 1


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
