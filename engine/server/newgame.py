"""A new game as the lobby asks for it: a built-in game or variant, options, and who sits
where (people or bots by name); checked before anything is stored, and loaded with its
options (as a variant file the server writes: the loader checks it like any variant)."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from ..bots import BOTS
from ..errors import RegolaError, w
from ..game import Game
from ..loading.loader import load_game
from ..loading.sources import builtin_games, builtin_variants, resolve_game
from ..loading.variants import option_problem
from ..loading.yaml_source import load_yaml
from .errors import Unprocessable

PERSON = "person"
"""The seat kind of a person (any other kind is a bot's name in regola.bots.BOTS)."""


@dataclass(frozen=True)
class NewGame:
    """A checked request: what to load and who plays."""

    rules: str
    variant: str | None
    options: dict[str, Any]
    seats: list[str]


def seat_kinds() -> list[str]:
    """Who can sit at a seat: a person, or one of the bots (by name)."""
    return [PERSON, *BOTS]


def variant_ids(game: str) -> list[str]:
    """The ids of a built-in game's variants."""
    return [path.stem for path in builtin_variants(game)]


def check_request(body: Any) -> NewGame:
    """The request checked field by field; Unprocessable names the first wrong one."""
    if not isinstance(body, dict):
        raise Unprocessable.text(w("the request must be a JSON object"))
    unknown = sorted(set(body) - {"game", "variant", "options", "seats"})
    if unknown:
        raise Unprocessable.text(w("unknown field {field}"), field=repr(unknown[0]))
    game = body.get("game")
    games = builtin_games()
    if not isinstance(game, str) or game not in games:
        raise Unprocessable.text(w("unknown game {game}; games: {games}"),
                                 game=json.dumps(game), games=", ".join(games))
    variant = body.get("variant") or None
    if variant is not None and variant not in variant_ids(game):
        raise Unprocessable.text(w("unknown variant {variant} of {game}; variants: {known}"),
                                 variant=json.dumps(variant), game=game,
                                 known=", ".join(variant_ids(game)) or "-")
    loaded = load_game(game, variant)
    options = check_options(loaded, body.get("options") or {})
    seats = body.get("seats")
    if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
        raise Unprocessable.text(w("seats must be a list of seat kinds ({kinds})"),
                                 kinds=", ".join(seat_kinds()))
    for kind in seats:
        if kind not in seat_kinds():
            raise Unprocessable.text(w("unknown seat kind {kind}; kinds: {kinds}"),
                                     kind=json.dumps(kind), kinds=", ".join(seat_kinds()))
    if len(seats) not in loaded.player_counts:
        counts = loaded.player_counts
        raise Unprocessable.text(w("{game} is for {low} to {high} players, not {n}"),
                                 game=game, low=str(counts[0]), high=str(counts[-1]),
                                 n=str(len(seats)))
    return NewGame(game, variant, options, list(seats))


def check_options(game: Game, options: Any) -> dict[str, Any]:
    """Options by name, each a value the option takes (one of its choices, or a value of
    the type of its default); the ones equal to the default are left out."""
    if not isinstance(options, dict):
        raise Unprocessable.text(w("options must be an object of option names and values"))
    known = game.definition.options
    out = {}
    for name, value in options.items():
        option = known.get(name)
        if option is None:
            raise Unprocessable.text(w("unknown option {option}; options: {known}"),
                                     option=json.dumps(name), known=", ".join(known) or "-")
        choices = option_choices(game, name)
        if choices is not None:
            ok = any(type(value) is type(c) and value == c for c in choices)
        else:
            ok = type(value) is type(option.value)
        if not ok:
            raise Unprocessable.text(w("option {option} cannot be {value}"),
                                     option=name, value=json.dumps(value)[:60])
        declared = _option_docs(game.id).get(name)
        why = option_problem(game.id, name, declared, value) if declared else None
        if why:                                  # outside its declared range or length
            raise Unprocessable.text(w("option {option} cannot be {value}: {why}"),
                                     option=name, value=json.dumps(value)[:60], why=why)
        if value != option.value:
            out[name] = value
    return out


def option_choices(game: Game, name: str) -> list | None:
    """The values an option takes, if it lists them (true/false for a yes-or-no option)."""
    listed = _listed_choices(game.id).get(name)
    if listed:
        return list(listed)
    if isinstance(game.definition.options[name].value, bool):
        return [True, False]
    return None


def _listed_choices(rules: str) -> dict[str, list]:
    """The `choices:` of each option of a built-in game, read from its game file."""
    return {name: option["choices"] for name, option in _option_docs(rules).items()
            if isinstance(option.get("choices"), list)}


def _option_docs(rules: str) -> dict[str, dict]:
    """Each option of a built-in game as its game file declares it."""
    doc, _, problems = load_yaml(resolve_game(rules))
    if problems or not isinstance(doc, dict) or not isinstance(doc.get("options"), dict):
        return {}
    return {name: option for name, option in doc["options"].items()
            if isinstance(option, dict)}


def load(rules: str, variant: str | None, options: dict[str, Any], folder: Path) -> Game:
    """The game with its variant and options. Options are written as a variant (the chosen
    variant's file with the options set) into `folder`, named by its contents."""
    if not options:
        return load_game(rules, variant)
    doc: dict[str, Any] = {"extends": rules, "variant": "custom", "name": "custom"}
    if variant is not None:
        path = next(p for p in builtin_variants(rules) if p.stem == variant)
        base, _, problems = load_yaml(path)
        if problems or not isinstance(base, dict) or base.get("scripts_added"):
            raise Unprocessable.text(w("options cannot be changed in the variant {variant}"),
                                     variant=variant)
        doc = dict(base)
    merged = dict(doc.get("options") or {})
    for name, value in options.items():
        merged[name] = {**merged.get(name, {}), "value": value}
    doc["options"] = merged
    text = yaml.safe_dump(doc, sort_keys=True, allow_unicode=True)
    digest = hashlib.sha256(text.encode()).hexdigest()[:16]
    folder.mkdir(parents=True, exist_ok=True)
    target = folder / f"{rules}-{digest}.yaml"
    if not target.exists():
        target.write_text(text, encoding="utf-8")
    try:
        return load_game(rules, str(target))
    except RegolaError as error:
        raise Unprocessable.text(w("these options do not make a valid game: {reason}"),
                                 reason=str(error)) from None
