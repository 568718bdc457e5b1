"""Reading a save's JSON before it is checked: text or a dict of plain data, no repeated
keys, finite numbers, not nested too deeply; and the log a save may hold beside the state.
"""

from __future__ import annotations

import json
import math
from itertools import accumulate
from typing import Any

from ..errors import InvalidSave
from .state import clone

MAX_DEPTH = 100
"""How deeply lists and objects may nest in a save (a real one nests a few levels)."""


def _object(pairs: list[tuple[str, Any]]) -> dict:
    out: dict = {}
    for key, value in pairs:
        if key in out:
            raise InvalidSave(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def _constant(name: str) -> Any:
    raise InvalidSave(f"{name} is not a number a save may hold")


_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_DEPTH_STEP = {ord("["): 1, ord("{"): 1, ord("]"): -1, ord("}"): -1}


def _text_depth(text: str) -> int:
    """How deeply the JSON text nests lists and objects (brackets in strings not counted:
    the text between unescaped quotes is left out)."""
    outside = "".join(text.replace("\\\\", "").replace('\\"', "").split('"')[::2])
    brackets = outside.encode().translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_DEPTH_STEP.__getitem__, brackets)), default=0)


def _json_loads(text: str) -> Any:
    """json.loads refusing repeated keys and numbers that are not finite; the second value
    says whether a number too large to hold (inf) was read."""
    huge = []

    def number(literal: str) -> float:
        value = float(literal)
        if not math.isfinite(value):
            huge.append(literal)
        return value
    data = json.loads(text, object_pairs_hook=_object, parse_constant=_constant,
                      parse_float=number)
    return data, bool(huge)


def strict_json(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """JSON text read as saves and the web table read it: nesting past `max_depth`, a
    repeated key and a number that is not finite are refused (InvalidSave, saying why);
    malformed text raises json.JSONDecodeError, as json.loads does."""
    if isinstance(text, bytes | bytearray):
        text = bytes(text).decode("utf-8")
    if _text_depth(text) > max_depth:
        raise InvalidSave(f"nested more than {max_depth} levels deep")
    data, huge = _json_loads(text)
    if huge:
        raise InvalidSave("a number too large to hold")
    return data


def parse_save(text: Any) -> dict:
    """The save as a new dict: JSON text (str or UTF-8 bytes) parsed, or a copy of a dict
    of plain data."""
    if isinstance(text, bytes | bytearray):
        try:
            text = bytes(text).decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidSave(f"not UTF-8 text (byte {error.start})") from None
    if isinstance(text, str):
        try:
            data, huge = _json_loads(text)
        except InvalidSave:
            raise
        except json.JSONDecodeError as error:
            raise InvalidSave(f"not JSON: {error.msg} at line {error.lineno} column "
                              f"{error.colno}") from None
        except RecursionError:
            raise InvalidSave("not a save: nested too deeply") from None
        except ValueError as error:                  # e.g. an integer with too many digits
            raise InvalidSave(f"not a save: {error}") from None
        if isinstance(data, dict) and (huge or _text_depth(text) > MAX_DEPTH):
            state = {k: v for k, v in data.items() if k != "log"}   # not too deep, finite
            if not _is_plain(state):
                _plain_with_paths(state)
    elif isinstance(text, dict):
        if not _is_plain(text):
            _plain_with_paths(text)
        data = clone(text)
    else:
        raise InvalidSave(f"a save is JSON text or a dict, not {type(text).__name__}")
    if not isinstance(data, dict):
        raise InvalidSave(f"a save is a JSON object, not {_json_type(data)}")
    return data


def _json_type(value: Any) -> str:
    names = {list: "a list", str: "a string", bool: "a boolean", int: "a number",
             float: "a number", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def _is_plain(data: dict) -> bool:
    """Only JSON's kinds of data, string keys, finite numbers, at most MAX_DEPTH levels."""
    todo: list[tuple[Any, int]] = [(data, 0)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict):
            if depth >= MAX_DEPTH or not all(isinstance(k, str) for k in value):
                return False
            todo.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            if depth >= MAX_DEPTH:
                return False
            todo.extend((v, depth + 1) for v in value)
        elif isinstance(value, float):
            if not math.isfinite(value):
                return False
        elif value is not None and not isinstance(value, str | int):
            return False
    return True


def _plain_with_paths(data: dict) -> None:
    """Like _is_plain, but refuses the first value that is not plain, naming its field."""
    todo: list[tuple[Any, str, int]] = [(data, "", 0)]
    while todo:
        value, where, depth = todo.pop()
        if isinstance(value, dict | list) and depth >= MAX_DEPTH:
            raise InvalidSave(f"nested more than {MAX_DEPTH} levels deep", where)
        if isinstance(value, dict):
            for key, item in value.items():
                if not isinstance(key, str):
                    raise InvalidSave(f"a key must be a string, not {key!r}", where)
                todo.append((item, f"{where}.{key}" if where else key, depth + 1))
        elif isinstance(value, list):
            todo.extend((item, f"{where}[{i}]", depth + 1) for i, item in enumerate(value))
        elif isinstance(value, float):
            if not math.isfinite(value):
                raise InvalidSave(f"{value} is not a number a save may hold", where)
        elif value is not None and not isinstance(value, str | int):
            raise InvalidSave(f"{type(value).__name__} is not JSON data", where)


def saved_log(data: dict) -> list[dict] | None:
    """Take the log out of a save that holds one (to_json(log=True)): a list of events,
    each an object with a kind ('e'); None if the save holds no log."""
    if "log" not in data:
        return None
    log = data.pop("log")
    if not isinstance(log, list):
        raise InvalidSave(f"must be a list of events, not {log!r:.60}", "log")
    for i, event in enumerate(log):
        if not isinstance(event, dict) or not isinstance(event.get("e"), str):
            raise InvalidSave("an event is an object with a kind ('e')", f"log[{i}]")
    return log
