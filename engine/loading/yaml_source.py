"""Read YAML keeping where every value came from, so problems can name file:line:col."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import MarkedYAMLError

from ..errors import Location, Problem

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


def _walk(node: Any, path: Path_, file: str, pos: Positions) -> Any:
    if isinstance(node, CommentedMap):
        out = {}
        for key, value in node.items():
            line, col = node.lc.value(key) if not isinstance(value, (CommentedMap, CommentedSeq)) \
                else node.lc.key(key)
            here = (*path, str(key))
            pos[here] = Location(file, line + 1, col + 1, dotted(here))
            out[str(key)] = _walk(value, here, file, pos)
        return out
    if isinstance(node, CommentedSeq):
        out_list = []
        for i, value in enumerate(node):
            line, col = node.lc.item(i)
            here = (*path, i)
            pos[here] = Location(file, line + 1, col + 1, dotted(here))
            out_list.append(_walk(value, here, file, pos))
        return out_list
    return node


def load_yaml(path: Path, display: str | None = None) -> tuple[Any, Positions, list[Problem]]:
    """Parse a YAML file into plain data plus positions; syntax errors become problems."""
    name = display or str(path)
    pos = Positions()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as err:
        return None, pos, [Problem(Location(name), f"cannot read file: {err.strerror}")]
    yaml = YAML(typ="rt")
    yaml.allow_duplicate_keys = False
    try:
        doc = yaml.load(text)
    except MarkedYAMLError as err:
        mark = err.problem_mark or err.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        message = (err.problem or err.context or "invalid YAML").strip()
        return None, pos, [Problem(Location(name, line, col), f"YAML syntax: {message}")]
    except Exception as err:  # ruamel raises a few unmarked errors (e.g. duplicate keys)
        return None, pos, [Problem(Location(name, 1, 1), f"YAML: {err}")]
    pos[()] = Location(name, 1, 1)
    return _walk(doc, (), name, pos), pos, []
