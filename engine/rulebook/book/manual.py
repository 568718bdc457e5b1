"""The manual on the documentation site: the pages people write (`site/manual/`, English),
copied under `docs/en/manual/`, and the reference pages made from what the code declares:
the script language's built-ins (their declarations in `dsl/builtins/`) and the files of a
game (their JSON Schemas in `rules/schema/`). Spanish and Dutch readers get the English
manual (the site falls back to its default language); the rulebooks are in all three.
"""

from __future__ import annotations

import json
import shutil
from importlib import resources
from pathlib import Path
from typing import Any

from ...dsl import builtins
from ...dsl.types import describe

SCHEMAS = {"game": "The game file (`game.yaml`)",
           "text": "The text file (`text.yaml`)",
           "rulebook": "The rulebook outline (`rulebook.yaml`)",
           "table": "The table layout (`table.yaml`)",
           "variant": "A variant file (`variants/<name>.yaml`)"}
"""Each file kind with a schema, and the title of its reference page."""
CONCEPT_TITLES = {"core": "Values, seats and the story", "pieces": "Pieces and tokens",
                  "decks": "Decks", "piles": "Card piles, rows and usage counts",
                  "tracks": "Tracks", "bank": "Money and other resources",
                  "links": "Connections and the tiles on them", "grid": "Tile grids",
                  "goals": "Goals", "draft": "Drafting and chance"}
"""The title of each module of built-ins on the reference page."""
FLOW_DOCS = {"check_end": "check the game's end conditions now; the game ends if one holds",
             "end_game": "end the game now, with these winners (and the id of the reason)"}
"""What the statements the VM implements itself do."""
MOST_LEVELS = 5
"""How deep a reference page follows nested objects (deeper ones say only their type)."""


def write_manual(source: Path, docs: Path) -> list[Path]:
    """Copy the written manual in `source` to `docs`/manual and write the reference pages
    beside it; the pages written (none, and nothing written, when `source` is missing)."""
    if not source.is_dir():
        return []
    target = docs / "manual"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(source, target)
    pages = sorted(target.rglob("*.md"))
    reference = target / "reference"
    reference.mkdir(exist_ok=True)
    (reference / "builtins.md").write_text(builtins_page(), encoding="utf-8")
    pages.append(reference / "builtins.md")
    for kind, title in SCHEMAS.items():
        page = reference / f"{kind}-file.md"
        page.write_text(schema_page(kind, title), encoding="utf-8")
        pages.append(page)
    return pages


def builtins_page() -> str:
    """The built-ins of the script language, one table per concept, from the declarations
    the compiler and the type checker read."""
    lines = ["# Built-ins of the script language", "",
             "Made by `regola docs build` from the declarations the compiler and the type "
             "checker read, so it lists exactly what a script may call. A *value* computes "
             "something; a *change* changes the state. The built-ins of the later sections "
             "need a declaration in the game file (a track, a resource, connections, a grid, "
             "goals).", ""]
    for module in (*builtins.BASIC, *builtins.CONCEPTS):
        name = module.__name__.rsplit(".", 1)[1]
        lines += [f"## {CONCEPT_TITLES.get(name, name)}", "",
                  "| call | kind | arguments | gives | what it does |", "|---|---|---|---|---|"]
        for kind, table in (("value", module.EXPRESSIONS),
                            ("change", getattr(module, "STATEMENTS", {}))):
            for call, builtin in table.items():
                lines.append(f"| `{call}` | {kind} | {_arguments(builtin)} | "
                             f"{_returns(builtin) if kind == 'value' else '-'} | "
                             f"{_cell(builtin.doc)} |")
        lines.append("")
    lines += ["## The flow", "", "| call | arguments | what it does |", "|---|---|---|"]
    for call, (least, most) in sorted(builtins.FLOW_STATEMENTS.items()):
        lines.append(f"| `{call}` | {_count(least, most)} | {FLOW_DOCS.get(call, '')} |")
    return "\n".join(lines) + "\n"


def _arguments(builtin: builtins.Builtin) -> str:
    said = _count(builtin.min_args, builtin.max_args)
    if builtin.sig is not None and builtin.sig.params:
        said += ": " + ", ".join(describe(t) for t in builtin.sig.params)
    keywords = builtin.keywords
    if keywords == builtins.FILTERS:
        said += "; keywords filter by field or property"
    elif keywords:
        said += "; keywords " + ", ".join(f"`{k}`" for k in sorted(keywords))
    return _cell(said)


def _returns(builtin: builtins.Builtin) -> str:
    if builtin.sig is None:
        return "any"
    return _cell(describe(builtin.sig.returns))


def _count(least: int, most: int) -> str:
    return str(least) if least == most else f"{least} to {most}"


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")


def schema_page(kind: str, title: str) -> str:
    """A reference page of one file kind: every key with its type and description."""
    schema = _schema(kind)
    lines = [f"# {title}", "",
             f"Made by `regola docs build` from `rules/schema/{kind}.schema.json`, the "
             "schema `regola validate` checks the file against.", ""]
    if schema.get("description"):
        lines += [schema["description"], ""]
    lines += _keys(schema, schema, 0, set())
    return "\n".join(lines) + "\n"


def _schema(kind: str) -> dict:
    text = resources.files("regola.rules").joinpath(f"schema/{kind}.schema.json").read_text()
    return json.loads(text)


def _resolve(node: Any, root: dict) -> Any:
    while isinstance(node, dict) and "$ref" in node and node["$ref"].startswith("#/$defs/"):
        node = {**root["$defs"][node["$ref"].rsplit("/", 1)[1]],
                **{k: v for k, v in node.items() if k != "$ref"}}
    return node


def _keys(node: dict, root: dict, depth: int, seen: set[int]) -> list[str]:
    node = _resolve(node, root)
    required = set(node.get("required", []))
    indent = "    " * depth
    lines: list[str] = []
    for key, child in node.get("properties", {}).items():
        child = _resolve(child, root)
        said = f"{indent}- `{key}`" + (" (required)" if key in required else "")
        said += f": {_type_of(child, root)}"
        if isinstance(child, dict) and child.get("description"):
            said += f". {child['description']}"
        lines.append(said)
        lines += _children(child, root, depth + 1, seen)
    extra = node.get("additionalProperties")
    if isinstance(extra, dict) and not node.get("properties"):
        extra = _resolve(extra, root)
        lines.append(f"{indent}- *any name*: {_type_of(extra, root)}"
                     + (f". {extra['description']}" if extra.get("description") else ""))
        lines += _children(extra, root, depth + 1, seen)
    return lines


def _children(node: Any, root: dict, depth: int, seen: set[int]) -> list[str]:
    if not isinstance(node, dict) or depth > MOST_LEVELS or id(node) in seen:
        return []
    if node.get("type") == "array" and isinstance(node.get("items"), dict):
        node = _resolve(node["items"], root)
    if "properties" in node or isinstance(node.get("additionalProperties"), dict):
        return _keys(node, root, depth, seen | {id(node)})
    return []


def _type_of(node: Any, root: dict) -> str:
    node = _resolve(node, root)
    if not isinstance(node, dict):
        return "any value"
    if "enum" in node:
        return "one of " + ", ".join(f"`{json.dumps(v)}`" for v in node["enum"])
    if "const" in node:
        return f"`{json.dumps(node['const'])}`"
    for choice in ("anyOf", "oneOf"):
        if choice in node:
            kinds = dict.fromkeys(_type_of(option, root) for option in node[choice])
            return " or ".join(kinds)
    kind = node.get("type")
    if isinstance(kind, list):
        return " or ".join(_plain_type(k) for k in kind)
    if kind == "array":
        items = node.get("items")
        return f"a list of {_type_of(items, root)}" if items else "a list"
    if kind:
        return _plain_type(kind)
    return "any value"


def _plain_type(kind: str) -> str:
    return {"object": "a mapping", "string": "text", "integer": "a whole number",
            "number": "a number", "boolean": "true or false", "null": "null"}.get(kind, kind)
