"""The static model of a schema-valid game document: checks the schema cannot make, then
the GameDef the interpreter runs."""

from __future__ import annotations

import json

from ..errors import Problem, RuleError
from ..interpreter.model import DeckKind, GameDef, Option, PieceKind, TokenKind, Variable
from . import parts
from .grids import check_grids, load_grids
from .secrets import check_secrets
from .token_rows import expand_token_rows
from .yaml_source import Positions, dotted

TOKEN_FIELDS = ("kind", "owner", "at", "controller", "shown", "id", "cell", "rot", "level")
"""What every token record holds besides its properties: no property may take these names."""


def check_model(doc: dict, pos: Positions, file: str) -> list[Problem]:
    problems: list[Problem] = []

    def bad(path: tuple, message: str) -> None:
        problems.append(Problem(pos.find(path, file), message))

    players = doc["players"]
    if players["min"] > players["max"]:
        bad(("players",), "min is more than max")
    if len(doc["seats"]) < players["max"]:
        bad(("seats",), f"{players['max']} players need {players['max']} seats, "
                        f"only {len(doc['seats'])} are named")
    places = set(doc.get("locations", [])) | set(doc.get("areas", {}))
    pieces = doc.get("pieces", {})
    for pname, piece in pieces.items():
        if piece.get("start", "supply") not in places | {"supply"}:
            bad(("pieces", pname, "start"), f"unknown location {piece['start']!r}")
    for tname, tok in doc.get("tokens", {}).items():
        sizes = {len(v) for v in tok.get("props", {}).values()}
        if len(sizes) > 1:
            bad(("tokens", tname, "props"), "every property needs the same number of values "
                                            "(one per token)")
        if tok["start"] not in places:
            bad(("tokens", tname, "start"), f"unknown location {tok['start']!r}")
        for prop in tok.get("props", {}):
            if prop in TOKEN_FIELDS:
                bad(("tokens", tname, "props", prop),
                    f"{prop!r} is a field every token has ({', '.join(TOKEN_FIELDS)}): name "
                    f"the property otherwise (for instance '{tname}_{prop}')")
        for i, secret in enumerate(tok.get("secret", [])):
            if secret not in tok.get("props", {}):
                bad(("tokens", tname, "secret", i), f"{secret!r} is not a property of {tname}")
        ctl = tok.get("control_piece")
        if ctl and ctl not in pieces:
            bad(("tokens", tname, "control_piece"), f"{ctl!r} is not a counted piece")
        unless = tok.get("spares", {}).get("unless")
        if unless is not None and unless not in doc.get("options", {}):
            bad(("tokens", tname, "spares", "unless"), f"{unless!r} is not an option")
    check_secrets(doc.get("tokens", {}), bad)
    names: dict[str, str] = {}
    for section in ("areas", "pieces", "tokens", "decks", "constants", "options"):
        for key in doc.get(section, {}):
            if key in names:
                bad((section, key), f"{key!r} is already a name in {names[key]}")
            names[key] = section
    for name_, option in doc.get("options", {}).items():
        choices = option.get("choices")
        if choices is not None and not any(_same(option["value"], c) for c in choices):
            bad(("options", name_, "value"),
                f"option {name_!r}: the scripts do not support the value "
                f"{json.dumps(option['value'])}; supported: "
                f"{', '.join(json.dumps(c) for c in choices)}")
    for name_, value in doc.get("constants", {}).items():
        if isinstance(value, dict) and players["min"] <= players["max"] <= len(doc["seats"]):
            for n in range(players["min"], players["max"] + 1):
                if str(n) not in {str(k) for k in value["by_players"]}:
                    bad(("constants", name_, "by_players"), f"no value for {n} players")
    length = doc.get("summary", {}).get("length")
    game_vars = doc.get("variables", {}).get("game", {})
    if length is not None and length not in game_vars:
        bad(("summary", "length"), f"{length!r} is not a game variable; game variables: "
                                   f"{', '.join(game_vars) or 'none'}")
    check_grids(doc, bad)
    return problems


def _same(a: object, b: object) -> bool:
    """Equal values of the same type (true is not 1)."""
    return type(a) is type(b) and a == b


def _spares(doc: dict, kind: dict) -> int:
    """Extra copies of each token of a kind: none when its `unless` option is true."""
    spares = kind.get("spares")
    if not spares:
        return 0
    unless = spares.get("unless")
    if unless is not None and doc.get("options", {}).get(unless, {}).get("value"):
        return 0
    return spares["copies"]


def build(doc: dict, pos: Positions, file: str, variant: str | None) -> GameDef:
    """The static model of a schema-valid document (model problems raise RuleError)."""
    doc = expand_token_rows(doc)
    problems = check_model(doc, pos, file)
    problems += parts.check(doc, pos, file)
    if problems:
        raise RuleError(problems)
    areas = {k: dict(v) for k, v in doc.get("areas", {}).items()}
    variables = doc.get("variables", {})
    constants = {}
    for k, v in doc.get("constants", {}).items():
        constants[k] = {"by_players": {int(n): x for n, x in v["by_players"].items()}} \
            if isinstance(v, dict) else v
    extra_locations = [x for x in doc.get("locations", []) if x not in areas]
    if "supply" not in extra_locations:
        extra_locations.insert(0, "supply")
    return GameDef(
        id=doc["id"], name=doc["name"], description=doc.get("description", ""),
        provisional=[dict(x) for x in doc.get("provisional", [])],
        min_players=doc["players"]["min"], max_players=doc["players"]["max"],
        seats=list(doc["seats"]), areas=areas,
        locations=extra_locations,
        pieces={k: PieceKind(k, v["per_player"], v.get("start", "supply"))
                for k, v in doc.get("pieces", {}).items()},
        tokens={k: TokenKind(k, v["per_player"], dict(v.get("props", {})), v["start"],
                             list(v.get("secret", [])), v.get("control_piece"),
                             _spares(doc, v))
                for k, v in doc.get("tokens", {}).items()},
        decks={k: DeckKind(k, list(v["cards"]), v.get("face_up", False))
               for k, v in doc.get("decks", {}).items()},
        game_vars={k: Variable(k, v.get("initial"), v.get("visibility", "public"))
                   for k, v in variables.get("game", {}).items()},
        player_vars={k: Variable(k, v.get("initial"), v.get("visibility", "public"))
                     for k, v in variables.get("player", {}).items()},
        constants=constants,
        options={k: Option(k, v["value"], v.get("reading"), v.get("summary", ""))
                 for k, v in doc.get("options", {}).items()},
        start=doc["start"], variant=variant,
        source_locations={v.path or dotted(k): v for k, v in pos.items() if k},
        grids=load_grids(doc), goals_declared=list(doc.get("goals", {}).get("measures", {})),
        length_variable=doc.get("summary", {}).get("length"),
        ask_single_option=bool(doc.get("ask_single_option", False)),
    )


