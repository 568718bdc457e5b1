"""Load a game (and a variant) from rule files into a compiled, checked Game.

Order: YAML (syntax) -> JSON Schema -> variant merge -> model checks -> scripts (syntax,
names, arity) -> end rules. Every problem of a stage is reported together; a game that
loads is a game that runs.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ..dsl.compiler import Compiler
from ..dsl.parser import SyntaxProblem, parse
from ..dsl.typecheck import check_types, setting_uses
from ..errors import Location, Problem, RuleError
from ..game import Game
from ..interpreter.model import DeckKind, EndRule, GameDef, Option, PieceKind, TokenKind, Variable
from . import parts, schema
from .goals import compile_expression, compile_goals
from .grids import check_grids, load_grids
from .secrets import check_secrets
from .sources import display_name, resolve_game, resolve_variant
from .token_rows import expand_token_rows
from .yaml_source import Positions, dotted, load_yaml

VARIANT_KEYS = {"extends", "variant", "name", "description", "scripts_added"}


def merge(base: Any, override: Any) -> Any:
    """Maps merge key by key (recursively); any other value replaces the base's."""
    if isinstance(base, dict) and isinstance(override, dict):
        out = dict(base)
        for key, value in override.items():
            out[key] = merge(base[key], value) if key in base else value
        return out
    return override


def _read(path: Path, kind: str) -> tuple[Any, Positions, str, list[Problem]]:
    name = display_name(path)
    doc, pos, problems = load_yaml(path, name)
    if problems:
        return None, pos, name, problems
    if not isinstance(doc, dict):
        return None, pos, name, [Problem(Location(name, 1, 1), f"a {kind} file must be a "
                                                                "mapping of keys to values")]
    problems = schema.check(doc, kind, pos, name)
    if not problems and kind == "game":
        problems = schema.check_areas(doc, pos, name)
    return doc, pos, name, problems


def load_game(game: str, variant: str | None = None) -> Game:
    """Load and compile a game by id or path, with an optional variant; RuleError if bad."""
    return _load_cached(str(game), variant)


@cache
def _load_cached(game: str, variant: str | None) -> Game:
    path = resolve_game(game)
    doc, pos, name, problems = _read(path, "game")
    if problems:
        raise RuleError(problems)
    script_dirs = {s: path.parent for s in doc["scripts"]}
    variant_id = None
    variant_files: list[str] = []
    if variant:
        vpath = resolve_variant(doc["id"], variant)
        vdoc, vpos, vname, vproblems = _read(vpath, "variant")
        if vproblems:
            raise RuleError(vproblems)
        if vdoc["extends"] != doc["id"]:
            raise RuleError([Problem(vpos.find(("extends",), vname),
                                     f"this variant extends {vdoc['extends']!r}, "
                                     f"not {doc['id']!r}")])
        changes = {k: v for k, v in vdoc.items() if k not in VARIANT_KEYS}
        base_values = {k: v.get("value") for k, v in doc.get("options", {}).items()}
        doc = merge(doc, changes)
        doc["name"] = f"{doc['name']}: {vdoc['name']}"
        if "description" in vdoc:
            doc["description"] = vdoc["description"]
        for script in vdoc.get("scripts_added", []):
            doc["scripts"] = doc["scripts"] + [script]
            script_dirs[script] = vpath.parent
        pos = Positions({**pos, **{k: v for k, v in vpos.items() if k}})
        variant_id = vdoc["variant"]
        variant_files.append(vname)
        problems = schema.check(doc, "game", pos, name) or schema.check_areas(doc, pos, name)
        if problems:
            raise RuleError(problems)
    definition = build(doc, pos, name, variant_id)
    for key, option in definition.options.items():
        option.default = base_values.get(key, option.value) if variant else option.value
    parts.attach(definition, doc)
    definition.files = [name, *variant_files] + [display_name(script_dirs[s] / s)
                                                 for s in doc["scripts"]]
    if "text" in doc:
        tpath = path.parent / doc["text"]
        tdoc, tpos, tname, tproblems = _read(tpath, "text")
        if tproblems:
            raise RuleError(tproblems)
        definition.text = tdoc
        definition.text_locations = {dotted(k): v for k, v in tpos.items() if k}
        definition.files.append(tname)
        _check_provisional_texts(definition, pos, name)
    compile_scripts(definition, doc, pos, name, script_dirs)
    return Game(definition)


def _check_provisional_texts(definition: GameDef, pos: Positions, file: str) -> None:
    """Each provisional entry needs its reader-facing note (provisional.<id>) in the text file."""
    notes = definition.text.get("provisional", {})
    problems = [Problem(pos.find(("provisional", i, "id"), file),
                        f"no text for provisional entry {entry['id']!r} in the provisional "
                        "section of the game's text file")
                for i, entry in enumerate(definition.provisional) if entry["id"] not in notes]
    if problems:
        raise RuleError(problems)


def _check_model(doc: dict, pos: Positions, file: str) -> list[Problem]:
    problems: list[Problem] = []

    def bad(path: tuple, message: str) -> None:
        problems.append(Problem(pos.find(path, file), message))

    players = doc["players"]
    if players["min"] > players["max"]:
        bad(("players",), "min is more than max")
    if len(doc["seats"]) < players["max"]:
        bad(("seats",), f"{players['max']} players need {players['max']} seats, "
                        f"only {len(doc['seats'])} are named")
    places = set(doc.get("locations", [])) | set(doc["areas"])
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
        if isinstance(value, dict):
            for n in range(players["min"], players["max"] + 1):
                if str(n) not in {str(k) for k in value["by_players"]}:
                    bad(("constants", name_, "by_players"), f"no value for {n} players")
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
    problems = _check_model(doc, pos, file)
    problems += parts.check(doc, pos, file)
    if problems:
        raise RuleError(problems)
    areas = {k: dict(v) for k, v in doc["areas"].items()}
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
        source_locations={dotted(k): v for k, v in pos.items() if k},
        grids=load_grids(doc), goals_declared=list(doc.get("goals", {}).get("measures", {})),
    )


def compile_scripts(definition: GameDef, doc: dict, pos: Positions, file: str,
                    script_dirs: dict[str, Path]) -> None:
    """Parse and compile every script and end rule; RuleError with all problems if any."""
    problems: list[Problem] = []
    compiler = Compiler(definition, problems)
    for i, script in enumerate(doc["scripts"]):
        spath = script_dirs[script] / script
        sname = display_name(spath)
        try:
            text = spath.read_text(encoding="utf-8")
        except OSError as err:
            problems.append(Problem(pos.find(("scripts", i), file),
                                    f"cannot read script {script!r}: {err.strerror}"))
            continue
        try:
            tree = parse(text, sname)
        except SyntaxProblem as err:
            problems.append(err.problem)
            continue
        compiler.declare(sname, tree)
    if problems:  # names in scripts that failed to parse would only echo those problems
        raise RuleError(problems)
    end = doc.get("end")
    if end is not None:
        definition.end = EndRule({}, [], True, {})
    program = compiler.compile_all()
    definition.program = program
    if "goals" in doc:
        definition.goals = compile_goals(compiler, doc["goals"], pos, file, problems)
    if definition.start not in program.procs:
        problems.append(Problem(pos.find(("start",), file),
                                f"no procedure named {definition.start!r} in the scripts"))
    if end is not None:
        definition.end = _compile_end(compiler, end, pos, file, definition, problems)
    check_types(definition, program, problems, setting_uses(doc))
    if problems:
        raise RuleError(sorted(problems, key=lambda p: (p.location.file, p.location.line,
                                                        p.location.column)))


def _compile_end(compiler: Compiler, end: dict, pos: Positions, file: str,
                 definition: GameDef, problems: list[Problem]) -> EndRule:
    def compile_one(path: tuple, text: str):
        return compile_expression(compiler, text, ["p"], path, pos, file, problems)

    conditions = {}
    for cid, text in end["conditions"].items():
        fn = compile_one(("end", "conditions", cid), text)
        if fn:
            conditions[cid] = fn
    tiebreakers = []
    for i, text in enumerate(end.get("tiebreakers", [])):
        fn = compile_one(("end", "tiebreakers", i), text)
        if fn:
            tiebreakers.append(fn)
    share = end.get("share_ties", True)
    if isinstance(share, str):
        if share not in definition.options:
            problems.append(Problem(pos.find(("end", "share_ties"), file),
                                    f"share_ties names no option: {share!r}"))
            share = True
        else:
            share = bool(definition.options[share].value)
    return EndRule(conditions, tiebreakers, share, dict(end["conditions"]))
