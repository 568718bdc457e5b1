"""The game file's tracks, resources (money) and connections: checks and the static model."""

from __future__ import annotations

from typing import Any

from ..errors import Problem
from ..interpreter.bank import ResourceKind
from ..interpreter.model import GameDef
from ..interpreter.tracks import TrackKind
from .yaml_source import Positions


def _option_or_value(doc: dict, value: Any) -> Any:
    """A value that may name an option instead: the option's value."""
    if isinstance(value, str):
        return doc.get("options", {})[value]["value"]
    return value


def _finite(doc: dict, value: Any) -> bool:
    """Whether a bank can run out: true/false, an option's name (finite while the option is
    true) or {unless: option} (finite unless the option is true)."""
    if isinstance(value, dict):
        return not doc.get("options", {})[value["unless"]]["value"]
    return bool(_option_or_value(doc, value))


def check(doc: dict, pos: Positions, file: str) -> list[Problem]:
    """Problems with tracks, resources and connections the schema cannot see."""
    problems: list[Problem] = []

    def bad(path: tuple, message: str) -> None:
        problems.append(Problem(pos.find(path, file), message))

    options = doc.get("options", {})
    for section, key in (("tracks", "floor"), ("resources", "finite")):
        for name, body in doc.get(section, {}).items():
            value = body.get(key)
            if isinstance(value, str) and value not in options:
                bad((section, name, key), f"{value!r} is neither a number nor an option")
            elif isinstance(value, dict) and value.get("unless") not in options:
                bad((section, name, key, "unless"), f"{value.get('unless')!r} is not an option")
    taken = set(doc.get("areas", {})) | set(doc.get("locations", []))
    for section in ("pieces", "tokens", "decks", "constants", "options"):
        taken |= set(doc.get(section, {}))
    seen: set[str] = set()
    for section in ("tracks", "resources", "connections"):
        for name in doc.get(section, {}):
            if name in taken or name in seen:
                bad((section, name), f"{name!r} is already a name in the game file")
            seen.add(name)
    for cid, pair in doc.get("connections", {}).items():
        for i, area in enumerate(pair):
            if area not in doc.get("areas", {}):
                bad(("connections", cid, i), f"{area!r} is not an area")
        if len(pair) == 2 and pair[0] == pair[1]:
            bad(("connections", cid), "a connection joins two different areas")
    return problems


def attach(definition: GameDef, doc: dict) -> None:
    """Put the checked tracks, resources and connections into the static model."""
    definition.tracks = {
        name: TrackKind(name, body.get("start", 0), _option_or_value(doc, body.get("floor")))
        for name, body in doc.get("tracks", {}).items()}
    definition.resources = {
        name: ResourceKind(name, body["bank"] if _finite(doc, body.get("finite", True)) else None,
                           body["bank"])
        for name, body in doc.get("resources", {}).items()}
    definition.connections = {cid: list(pair) for cid, pair in doc.get("connections", {}).items()}
