"""The state of the optional engine concepts (tracks, money, connections): created with a
new game, and shown to every seat (all of it is public)."""

from __future__ import annotations

from typing import Any

from .bank import new_bank
from .links import new_links
from .model import GameDef
from .tracks import new_tracks

KEYS = ("tracks", "bank", "links")


def new_parts(game: GameDef, players: int) -> dict[str, Any]:
    """The starting state of each concept the game declares (nothing for the others)."""
    out: dict[str, Any] = {}
    if game.tracks:
        out["tracks"] = new_tracks(game.tracks, players)
    if game.resources:
        out["bank"] = new_bank(game.resources, players)
    if game.connections:
        out["links"] = new_links(game.connections)
    return out


def observe_parts(state: dict) -> dict[str, Any]:
    """What every seat sees of them: all of it."""
    from .state import clone
    return {k: clone(state[k]) for k in KEYS if k in state}
