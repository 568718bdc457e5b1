"""Read YAML keeping where every value came from, so problems can name file:line:col.

PyYAML parses (libyaml's C parser where present, see yaml_nodes); the node tree is walked
into plain data (dicts, lists, texts, numbers, booleans, None) and a Positions map from each
value's path to its Location. Duplicate keys, bad merge keys and non-scalar keys are located
problems; so is every syntax error.
"""

from __future__ import annotations

import gc
import re
from pathlib import Path
from typing import Any

import yaml

from ..errors import Location, Problem
from .files import SourceProblem, read_source
from .yaml_nodes import (
    MAP,
    MERGE,
    SCALAR,
    SEQ,
    Item,
    Node,
    YamlProblem,
    compose,
    kind,
    position,
    target,
)

Path_ = tuple  # a path inside a document: keys and indexes


class Positions(dict):
    """Maps a path inside a document to the Location of its value."""

    def find(self, path: Path_, file: str) -> Location:
        """The location of `path`, or of its nearest ancestor that has one."""
        path = tuple(path)
        while path:
            if path in self:
                return self[path]
            path = path[:-1]
        return self.get((), Location(file, 1, 1))


def dotted(path: Path_) -> str:
    """A path as rule authors write it: areas.north.costs[2]."""
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out


class _Walker:
    """Turns a node tree into plain data, recording each value's Location."""

    def __init__(self, file: str, pos: Positions):
        self.file, self.pos = file, pos
        self.problems: list[Problem] = []

    def at(self, item: Item, message: str, dpath: str = "") -> None:
        line, column = position(item)
        self.problems.append(Problem(Location(self.file, line + 1, column + 1, dpath), message))

    def value(self, item: Item, path: Path_, dpath: str) -> Any:
        """The plain value of `item` at `path` (dotted: `dpath`), recording positions."""
        item = target(item)
        if type(item) is tuple:
            return "<<" if item[0] is MERGE else item[0]
        if item.kind == MAP:
            mapping: dict[str, Any] = {}
            self.entries(item, path, dpath, mapping, merged=False)
            return mapping
        out = []
        pos, file = self.pos, self.file
        for i, child in enumerate(item.value):
            here, dhere = (*path, i), f"{dpath}[{i}]"
            if type(child) is tuple:
                pos[here] = Location(file, child[1] + 1, child[2] + 1, dhere)
                out.append("<<" if child[0] is MERGE else child[0])
            else:
                pos[here] = Location(file, child.line + 1, child.column + 1, dhere)
                out.append(self.value(child, here, dhere))
        return out

    def entries(self, node: Node, path: Path_, dpath: str, out: dict, merged: bool) -> None:
        """Put a mapping node's entries into `out`; merged ones never replace a key."""
        items: list[Item] = node.value  # type: ignore[assignment]
        merges = []
        for key_item, value_item in zip(items[::2], items[1::2]):
            key_target = target(key_item)
            if type(key_target) is not tuple:
                self.at(key_item, "a key must be a single value (a name), not a list or a "
                                  "mapping", dpath)
                continue
            if key_target[0] is MERGE and type(key_item) is tuple:
                merges.append(value_item)
                continue
            key = "<<" if key_target[0] is MERGE else str(key_target[0])
            here = (*path, key)
            dhere = f"{dpath}.{key}" if dpath else key
            if key in out:
                if not merged:
                    first = self.pos.get(here)
                    also = f" (first at line {first.line})" if first else ""
                    self.at(key_item, f"duplicate key {key!r}{also}", dhere)
                continue
            if type(value_item) is tuple:
                self.pos[here] = Location(self.file, value_item[1] + 1, value_item[2] + 1, dhere)
                out[key] = "<<" if value_item[0] is MERGE else value_item[0]
                continue
            line, column = position(key_item if kind(target(value_item)) != SCALAR
                                    else value_item)
            self.pos[here] = Location(self.file, line + 1, column + 1, dhere)
            out[key] = self.value(value_item, here, dhere)
        for source in merges:
            found = target(source)
            sources = [found] if kind(found) == MAP else \
                [target(c) for c in found.value] if kind(found) == SEQ else []  # type: ignore
            if not sources or any(kind(s) != MAP for s in sources):
                self.at(source, "a merge key (<<) takes a mapping or a list of mappings",
                        dpath)
                continue
            for mapping in sources:
                self.entries(mapping, path, dpath, out, merged=True)  # type: ignore[arg-type]


_NOT_PRINTABLE = re.compile("[^\x09\x0a\x0d\x20-\x7e\x85\xa0-\ud7ff\ue000-\ufffd"
                            "\U00010000-\U0010ffff]")


def _syntax_problem(err: yaml.YAMLError, text: str, name: str) -> Problem:
    """A PyYAML error as a located problem."""
    if isinstance(err, yaml.MarkedYAMLError):
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = (err.problem or err.context or "invalid YAML").strip()
        return Problem(Location(name, line, col), f"YAML syntax: {message}")
    bad = _NOT_PRINTABLE.search(text)
    if bad:
        start = bad.start()
        line = text.count("\n", 0, start) + 1
        col = start - text.rfind("\n", 0, start)
        return Problem(Location(name, line, col),
                       f"YAML: the character U+{ord(bad.group()):04X} is not allowed in a "
                       "rule file")
    return Problem(Location(name, 1, 1), f"YAML: {err}")


def parse_yaml(text: str, name: str) -> tuple[Any, Positions, list[Problem]]:
    """Parse YAML text into plain data plus positions; every problem is located."""
    collecting = gc.isenabled()
    gc.disable()  # building many objects that hold no cycles: the collector only slows it
    try:
        return _parse(text, name)
    finally:
        if collecting:
            gc.enable()


def _parse(text: str, name: str) -> tuple[Any, Positions, list[Problem]]:
    pos = Positions()
    try:
        root = compose(text)
    except YamlProblem as err:
        return None, pos, [Problem(Location(name, err.line + 1, err.column + 1), err.message)]
    except yaml.YAMLError as err:
        return None, pos, [_syntax_problem(err, text, name)]
    pos[()] = Location(name, 1, 1)
    if root is None:
        return None, pos, []
    walker = _Walker(name, pos)
    doc = walker.value(root, (), "")
    if walker.problems:
        return None, pos, walker.problems
    return doc, pos, []


def load_yaml(path: Path, display: str | None = None) -> tuple[Any, Positions, list[Problem]]:
    """Parse a YAML file into plain data plus positions; every problem is located."""
    name = display or str(path)
    try:
        text = read_source(path, name)
    except OSError as err:
        return None, Positions(), [Problem(Location(name), f"cannot read file: {err.strerror}")]
    except SourceProblem as err:
        return None, Positions(), [err.problem]
    return parse_yaml(text, name)
