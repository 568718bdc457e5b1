"""`save` at the table and `regola play --load FILE`: a game stopped and resumed.

A save file is JSON: the game (a built-in id, or the absolute path of a game folder) and
its variant and who plays each seat, in the open; then, sealed (compressed JSON in base64),
the seed, each bot's random state, how much of the log each person has seen, the keys each
person was shown (so they mean the same after a resume), and the state with its log as
GameState.to_json(log=True) wrote it (read back with Game.state_from_json, which checks
it). It holds every secret of the game, as a board left on the table does; the seal keeps
them from a glance at the file (a tester read the seed and the bots' face-down markers in
it), not from someone who decodes it on purpose. Version 1 saves (all in the open) still
load.
"""

from __future__ import annotations

import base64
import binascii
import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..errors import InvalidSave, w
from ..game import Game, GameState

FORMAT = "regola-play-save"
VERSION = 2
SEALED_LIMIT = 64 * 1024 * 1024
"""The most bytes a save's sealed part may open into (a long game's log is megabytes; a
file made to open into more is refused, not read)."""


@dataclass
class Saved:
    """What a save file holds, read back."""

    game: str
    variant: str | None
    seats: list[str]
    seed: int
    bots: dict[int, Any]
    seen: dict[int, int]
    state: str
    keys: dict[int, Any] | None = None


def game_reference(game: str) -> str:
    """How a save names its game: a built-in id as it is, a folder or file by its absolute
    path (so the save loads from any directory)."""
    path = Path(game)
    return str(path.resolve()) if path.exists() else game


def write_save(path: Path, saved: Saved) -> None:
    """Write a save file (InvalidSave naming the file if it cannot be written)."""
    secret = {"seed": saved.seed, "bots": {str(k): v for k, v in saved.bots.items()},
              "seen": {str(k): v for k, v in saved.seen.items()}, "state": saved.state,
              "keys": {str(k): v for k, v in (saved.keys or {}).items()}}
    body = {"format": FORMAT, "version": VERSION, "game": saved.game,
            "variant": saved.variant, "seats": saved.seats,
            "sealed": base64.b64encode(zlib.compress(json.dumps(secret).encode("utf-8"), 6)
                                       ).decode("ascii")}
    try:
        path.write_text(json.dumps(body, indent=1), encoding="utf-8")
    except OSError as error:
        raise InvalidSave.text(w("{file}: cannot write the save: {reason}"), file=str(path),
                               reason=error.strerror or str(error)) from None


def _field(body: dict, name: str, kind: type | tuple, path: Path) -> Any:
    value = body.get(name)
    if not isinstance(value, kind) or isinstance(value, bool) and kind is not bool:
        raise InvalidSave.text(w("{file}: {field} is missing or wrong in this save"),
                               file=str(path), field=name)
    return value


def read_save(path: Path) -> Saved:
    """A save file read and checked for its shape (the state is checked when loaded)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise InvalidSave.text(w("{file}: cannot read the save: {reason}"), file=str(path),
                               reason=error.strerror or str(error)) from None
    except UnicodeDecodeError:
        raise InvalidSave.text(w("{file}: not a regola save (not text)"),
                               file=str(path)) from None
    try:
        body = json.loads(text)
    except json.JSONDecodeError as error:
        raise InvalidSave.text(w("{file}:{line}:{column}: not a regola save (not JSON: "
                                 "{reason})"), file=str(path), line=str(error.lineno),
                               column=str(error.colno), reason=error.msg) from None
    if not isinstance(body, dict) or body.get("format") != FORMAT:
        raise InvalidSave.text(w("{file}: not a regola save (made by `save` in regola "
                                 "play)"), file=str(path))
    if body.get("version") not in (1, VERSION):
        raise InvalidSave.text(w("{file}: a save of another version of regola play"),
                               file=str(path))
    if body["version"] == VERSION:
        body.update(_unsealed(body.get("sealed"), path))
    seats = _field(body, "seats", list, path)
    if not seats or not all(isinstance(s, str) for s in seats):
        raise InvalidSave.text(w("{file}: {field} is missing or wrong in this save"),
                               file=str(path), field="seats")
    variant = body.get("variant")
    if variant is not None and not isinstance(variant, str):
        raise InvalidSave.text(w("{file}: {field} is missing or wrong in this save"),
                               file=str(path), field="variant")
    try:
        bots = {int(k): v for k, v in _field(body, "bots", dict, path).items()}
        seen = {int(k): int(v) for k, v in _field(body, "seen", dict, path).items()}
    except (TypeError, ValueError):
        raise InvalidSave.text(w("{file}: {field} is missing or wrong in this save"),
                               file=str(path), field="bots/seen") from None
    keys = body.get("keys") if isinstance(body.get("keys"), dict) else {}
    return Saved(_field(body, "game", str, path), variant, seats,
                 _field(body, "seed", int, path), bots, seen, _field(body, "state", str, path),
                 {int(k): v for k, v in keys.items() if str(k).isdigit()})


def _unsealed(sealed: Any, path: Path) -> dict:
    """The sealed part of a save opened (InvalidSave naming the file if it is not one)."""
    wrong = InvalidSave.text(w("{file}: {field} is missing or wrong in this save"),
                             file=str(path), field="sealed")
    if not isinstance(sealed, str):
        raise wrong
    try:
        opener = zlib.decompressobj()
        data = opener.decompress(base64.b64decode(sealed, validate=True), SEALED_LIMIT)
        if opener.unconsumed_tail:
            raise wrong
        inside = json.loads(data.decode("utf-8"))
    except (binascii.Error, zlib.error, ValueError):
        raise wrong from None
    if not isinstance(inside, dict):
        raise wrong
    return {k: inside[k] for k in ("seed", "bots", "seen", "state", "keys") if k in inside}


def load_state(game: Game, saved: Saved, path: Path) -> GameState:
    """The saved state, checked by Game.state_from_json; its problems name the file."""
    try:
        return game.state_from_json(saved.state)
    except InvalidSave as error:
        raise InvalidSave.text(w("{file}: the saved game is not valid: {reason}"),
                               file=str(path), reason=str(error)) from None
