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
    written = write_reference(target)
    return sorted(set(target.rglob("*.md")) - set(written)) + written


def reference_pages() -> dict[str, str]:
    """The reference pages made from the code: file name -> Markdown."""
    pages = {"builtins.md": builtins_page()}
    for kind, title in SCHEMAS.items():
        pages[f"{kind}-file.md"] = schema_page(kind, title)
    return pages


def write_reference(manual: Path) -> list[Path]:
    """Write the reference pages under `manual`/reference (the written manual keeps a copy,
    so its links work where it is read as Markdown); the pages written."""
    folder = manual / "reference"
    folder.mkdir(exist_ok=True)
    written = []
    for name, text in reference_pages().items():
        (folder / name).write_text(text, encoding="utf-8")
        written.append(folder / name)
    return written



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
    if builtin.sig.result is not None:        # the type checker works it out from the call
        return "depends on the arguments"
    return _cell(describe(builtin.sig.returns))


def _count(least: int, most: int) -> str:
    if least == most:
        return str(least)
    return f"{least} or {most}" if most == least + 1 else f"{least} to {most}"


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
    if isinstance(extra, dict):
        extra = _resolve(extra, root)
        name = "*any other name*" if node.get("properties") else "*any name*"
        lines.append(f"{indent}- {name}: {_type_of(extra, root)}"
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
    if "anyOf" in node or "oneOf" in node or isinstance(node.get("type"), list):
        return _either(_kinds(node, root))
    kind = node.get("type")
    if kind == "array":
        items = node.get("items")
        return f"a list of {_items_of(items, root)}" if items else "a list"
    if kind:
        return _plain_type(kind)
    return "any value"


def _kinds(node: Any, root: dict) -> list[str]:
    """The kinds a value may be, nested choices flattened: ["text", "a whole number", ...]."""
    node = _resolve(node, root)
    if not isinstance(node, dict):
        return ["any value"]
    for choice in ("anyOf", "oneOf"):
        if choice in node:
            return [kind for option in node[choice] for kind in _kinds(option, root)]
    if isinstance(node.get("type"), list):
        return [_plain_type(kind) for kind in node["type"]]
    return [_type_of(node, root)]


def _either(kinds: list[str]) -> str:
    """Kinds as one choice: "a or b", "a, b or c" (each kind said once)."""
    said = list(dict.fromkeys(kinds))
    if len(said) == 1:
        return said[0]
    said = ["true/false" if kind == "true or false" else kind for kind in said]
    return ", ".join(said[:-1]) + " or " + said[-1]


def _items_of(node: Any, root: dict) -> str:
    """The items of a list, in the plural: "texts", "lists of numbers", "values, each ..."."""
    node = _resolve(node, root)
    kind = node.get("type") if isinstance(node, dict) else None
    if isinstance(kind, str) and not {"enum", "const", "anyOf", "oneOf"} & node.keys():
        if kind == "array":
            items = node.get("items")
            return f"lists of {_items_of(items, root)}" if items else "lists"
        return {"object": "mappings", "string": "texts", "integer": "whole numbers",
                "number": "numbers", "boolean": "true/false values",
                "null": "nulls"}.get(kind, kind)
    return f"values, each {_type_of(node, root)}"


def _plain_type(kind: str) -> str:
    return {"object": "a mapping", "string": "text", "integer": "a whole number",
            "number": "a number", "boolean": "true or false", "null": "null",
            "array": "a list"}.get(kind, kind)


if __name__ == "__main__":     # python -m regola.rulebook.book.manual site/manual
    import sys
    for page in write_reference(Path(sys.argv[1] if len(sys.argv) > 1 else "site/manual")):
        print(page)
