"""Load a game (and a variant) from rule files into a compiled, checked Game.

Order: YAML (syntax) -> JSON Schema -> variant checks and merge -> model checks -> scripts
(syntax, names, arity) -> end rules. Every problem of a stage is reported together; a game
that loads is a game that runs. A loaded game is kept while its files stay as they were.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ..errors import Location, Problem, RuleError, VariantNotGame
from ..game import Game
from ..interpreter.model import GameDef
from ..texts.text_file import text_file_problems
from . import parts, schema
from .definition import build
from .files import ReadLog, SourceProblem
from .options import apply_options, options_key
from .scripts import compile_scripts
from .sources import display_name, resolve_game, resolve_variant, rules_root
from .token_rows import mixed_values
from .variants import VariantCheck, changes, merge, unbounded_options
from .yaml_source import Positions, dotted, parse_yaml

__all__ = ["load_game", "merge"]

_loaded: dict[tuple[str, str | None, str | None], tuple[ReadLog, Game]] = {}


def load_game(game: str, variant: str | None = None,
              options: Mapping[str, Any] | None = None) -> Game:
    """Load and compile a game by id or path, with an optional variant and option values
    (`{"name": value}`, checked like a variant's: InvalidOption names each wrong one);
    RuleError if bad. The same Game is returned again while none of its files changed."""
    key = (str(game), None if variant is None else str(variant), options_key(options))
    kept = _loaded.get(key)
    if kept is not None and kept[0].unchanged():
        return kept[1]
    log = ReadLog()
    loaded = _load(str(game), key[1], log, options)
    loaded.source = {"game": str(game), "variant": key[1], "options": dict(options or {})}
    loaded.rules_digest = log.fingerprint()
    _loaded[key] = (log, loaded)
    return loaded


def _read(path: Path, kind: str, log: ReadLog, named_at: Location | None = None
          ) -> tuple[Any, Positions, str, list[Problem]]:
    """A rule file checked against its schema: (doc, positions, display name, problems).
    A file that cannot be read is reported where it is named (`named_at`), if given."""
    name = display_name(path)
    try:
        text = log.read(path, name)
    except OSError as err:
        return None, Positions(), name, [Problem(named_at or Location(name),
                                                 f"cannot read {name}: {err.strerror}")]
    except SourceProblem as err:
        return None, Positions(), name, [err.problem]
    doc, pos, problems = parse_yaml(text, name)
    if problems:
        return None, pos, name, problems
    if not isinstance(doc, dict):
        return None, pos, name, [Problem(Location(name, 1, 1), f"a {kind} file must be a "
                                                                "mapping of keys to values")]
    if kind == "game" and "extends" in doc and "id" not in doc:
        raise _variant_not_game(path, doc, pos, name)
    if kind == "variant" and "id" in doc and "extends" not in doc:
        return None, pos, name, [Problem(Location(name, 1, 1), "this file is a game, not a "
                                         "variant (a variant starts with `extends: <game>`)")]
    problems = schema.check(doc, kind, pos, name)
    if not problems and kind == "game":
        problems = schema.check_areas(doc, pos, name) or unbounded_options(doc, pos, name) \
            or [Problem(pos.find(path, name), why) for path, why in mixed_values(doc)]
    return doc, pos, name, problems


def _variant_not_game(path: Path, doc: dict, pos: Positions, name: str) -> VariantNotGame:
    """The error for a variant file given where a game is expected, naming how to load it."""
    base = str(doc["extends"])
    game, variant = base, str(path)
    home = path.parent.parent
    if path.parent.name == "variants" and (home / "game.yaml").exists():
        variant = path.stem
        if home.resolve() != (rules_root() / base).resolve():
            game = str(home)
    return VariantNotGame(pos.find(("extends",), name), base, game, variant)


def _load(game: str, variant: str | None, log: ReadLog,
          options: Mapping[str, Any] | None = None) -> Game:
    path = resolve_game(game)
    doc, pos, name, problems = _read(path, "game", log)
    if problems:
        raise RuleError(problems)
    script_dirs = {s: path.parent for s in doc["scripts"]}
    base_values = {k: v.get("value") for k, v in doc.get("options", {}).items()}
    variant_files: list[str] = []
    vdoc: dict = {}
    if variant:
        vpath = resolve_variant(doc["id"], variant, path.parent)
        vdoc, vpos, vname, vproblems = _read(vpath, "variant", log)
        if vproblems:
            raise RuleError(vproblems)
        if vpath.resolve().parent == (path.parent / "variants").resolve() \
                and vpath.stem != vdoc["variant"]:
            raise RuleError([Problem(vpos.find(("variant",), vname),
                                     f"a variant in the game's variants folder is named "
                                     f"after its id: "
                                     f"{vdoc['variant']}.yaml, not {vpath.name}")])
        if vdoc["extends"] != doc["id"]:
            raise RuleError([Problem(vpos.find(("extends",), vname),
                                     f"this variant extends {vdoc['extends']!r}, "
                                     f"not {doc['id']!r}")])
        problems = VariantCheck(doc, vdoc, vpos, vname, vpath.parent).run()
        doc = merge(doc, changes(vdoc))
        doc["name"] = f"{doc['name']}: {vdoc['name']}"
        if "description" in vdoc:
            doc["description"] = vdoc["description"]
        for script in vdoc.get("scripts_added", []):
            doc["scripts"] = doc["scripts"] + [script]
            script_dirs[script] = vpath.parent
        pos = Positions({**pos, **{k: v for k, v in vpos.items() if k}})
        variant_files.append(vname)
        reported = {p.location.path for p in problems}
        problems += [p for p in schema.check(doc, "game", pos, name)
                     or schema.check_areas(doc, pos, name)
                     if not _under(p.location.path, reported)]
        if problems:
            raise RuleError(_sorted(problems))
    doc = apply_options(doc, options)
    definition = build(doc, pos, name, vdoc.get("variant"))
    definition.variant_name = vdoc.get("name", "")
    definition.variant_description = vdoc.get("description", "")
    definition.variant_book = dict(vdoc.get("rulebook", {}).get("sections", {}))
    for key, option in definition.options.items():
        option.default = base_values.get(key, option.value) if variant or options \
            else option.value
    parts.attach(definition, doc)
    definition.folder = str(path.parent.resolve())
    definition.languages = tuple(doc.get("languages", ("en",)))
    definition.files = [name, *variant_files] + [display_name(script_dirs[s] / s)
                                                 for s in doc["scripts"]]
    if "text" in doc:
        tpath = path.parent / doc["text"]
        tdoc, tpos, tname, tproblems = _read(tpath, "text", log, pos.find(("text",), name))
        if tproblems:
            raise RuleError(tproblems)
        definition.text = tdoc
        definition.text_locations = {dotted(k): v for k, v in tpos.items() if k}
        definition.files.append(tname)
        _check_provisional_texts(definition, pos, name)
        unsafe = text_file_problems(definition)
        if unsafe:
            raise RuleError(unsafe)
    compile_scripts(definition, doc, pos, name, script_dirs, log.read)
    return Game(definition)


def _under(path: str, reported: set[str]) -> bool:
    """Whether `path` is, or is inside, one of the paths already reported."""
    return any(path == r or path.startswith((f"{r}.", f"{r}[")) for r in reported if r)


def _sorted(problems: list[Problem]) -> list[Problem]:
    """Problems in file order."""
    return sorted(problems, key=lambda p: (p.location.file, p.location.line,
                                           p.location.column))


def _check_provisional_texts(definition: GameDef, pos: Positions, file: str) -> None:
    """Each provisional entry needs its reader-facing note (provisional.<id>) in the text file."""
    notes = definition.text.get("provisional", {})
    problems = [Problem(pos.find(("provisional", i, "id"), file),
                        f"no text for provisional entry {entry['id']!r} in the provisional "
                        "section of the game's text file")
                for i, entry in enumerate(definition.provisional) if entry["id"] not in notes]
    if problems:
        raise RuleError(problems)
