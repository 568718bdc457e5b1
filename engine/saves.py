"""A saved game that says how its game was loaded: the game (id or path), the variant and
the option values beside the state, so `load_saved` needs nothing else.

    text = save_game(state)          # JSON text
    state = load_saved(text)         # the same game loaded again, the state checked
"""

from __future__ import annotations

import json
from typing import Any

from .errors import InvalidSave
from .game import GameState
from .loading.loader import load_game

SAVE_KIND = "regola-save"


def save_game(state: GameState) -> str:
    """The state and how its game was loaded, as canonical JSON text."""
    source = state.game.source
    return json.dumps({"kind": SAVE_KIND, "game": source["game"], "variant": source["variant"],
                       "options": source["options"], "state": json.loads(state.to_json())},
                      sort_keys=True, separators=(",", ":"))


def load_saved(text: str | bytes) -> GameState:
    """A state saved with save_game: its game loaded as it was (UnknownGame, RuleError,
    InvalidOption if that fails), then the state checked (InvalidSave, naming the field)."""
    try:
        doc: Any = json.loads(text)
    except (ValueError, TypeError) as err:
        raise InvalidSave(f"not a saved game (not JSON: {err})") from None
    if not isinstance(doc, dict) or doc.get("kind") != SAVE_KIND:
        raise InvalidSave(f"not a saved game (no \"kind\": \"{SAVE_KIND}\")", "kind")
    for field, kinds in (("game", str), ("variant", (str, type(None))), ("options", dict),
                         ("state", dict)):
        if not isinstance(doc.get(field), kinds):
            raise InvalidSave("missing or of the wrong type", field)
    game = load_game(doc["game"], doc["variant"], doc["options"] or None)
    return game.state_from_json(doc["state"])
