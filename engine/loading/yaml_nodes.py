"""Compose YAML text into a tree of located nodes with PyYAML's parser (libyaml's C parser
where present), within limits: nesting depth, alias expansion, known tags, number sizes.

Plain scalars follow the YAML 1.2 core schema (`yes`, `on` and `2024-01-01` stay texts).
Anchors and aliases are allowed, but an alias counts as the values it repeats, so an alias
bomb is refused at the alias that crosses the limit instead of exhausting memory.
"""

from __future__ import annotations

import math
import re

import yaml
from yaml.events import (
    AliasEvent,
    DocumentStartEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

try:
    from yaml import CSafeLoader as _Loader
except ImportError:  # PyYAML built without libyaml: the pure Python parser
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

MAX_DEPTH = 100                 # nesting of lists and mappings
MAX_ALIAS_VALUES = 100_000      # values that aliases may repeat, in all
MAX_INT = 2**53                 # the largest integer a rule file may write (JSON-safe)

SCALAR, SEQ, MAP, ALIAS = 0, 1, 2, 3
MERGE = object()                # the value of a plain `<<` key

_CORE = "tag:yaml.org,2002:"
_NULL = {"", "~", "null", "Null", "NULL"}
_BOOL = {"true": True, "True": True, "TRUE": True, "false": False, "False": False,
         "FALSE": False}
_INT = re.compile(r"[-+]?[0-9]+")
_OCT = re.compile(r"0o[0-7]+")
_HEX = re.compile(r"0x[0-9a-fA-F]+")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?")
_SPECIAL = re.compile(r"[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN)")
_NUMERIC_START = set("0123456789+-.")


class YamlProblem(Exception):
    """A located problem found while composing: 0-based line and column, and a message."""

    def __init__(self, line: int, column: int, message: str):
        super().__init__(message)
        self.line, self.column, self.message = line, column, message


class Node:
    """A list, mapping or alias of the document: its kind, value (children for lists and
    mappings, flat key, value, key, value... for a mapping; the target for an alias),
    0-based position, expanded size and height. A scalar is a tuple (value, line, column),
    the cheapest thing to make for each of a file's many plain values."""

    __slots__ = ("kind", "value", "line", "column", "size", "height")

    def __init__(self, kind: int, value: object, line: int, column: int):
        self.kind, self.value, self.line, self.column = kind, value, line, column
        self.size, self.height = 1, 1


Item = Node | tuple                # a node, or a scalar: (value, line, column)


def target(item: Item) -> Item:
    """What an item stands for: an alias's target, else the item itself."""
    return item.value if type(item) is Node and item.kind == ALIAS else item  # type: ignore


def kind(item: Item) -> int:
    """SCALAR, SEQ, MAP or ALIAS."""
    return SCALAR if type(item) is tuple else item.kind  # type: ignore[union-attr]


def position(item: Item) -> tuple[int, int]:
    """The 0-based line and column where an item is written."""
    return (item[1], item[2]) if type(item) is tuple else (item.line, item.column)  # type: ignore


def short_tag(tag: str) -> str:
    """A tag as written: tag:yaml.org,2002:python/object -> !!python/object."""
    return "!!" + tag[len(_CORE):] if tag.startswith(_CORE) else tag


def _number(text: str, line: int, column: int) -> object:
    """A plain scalar that starts like a number: int, float, or the text itself."""
    if _INT.fullmatch(text):
        digits = len(text.lstrip("+-").lstrip("0"))
        value = int(text) if digits <= 20 else MAX_INT + 1
    elif _OCT.fullmatch(text):
        value = int(text[2:], 8) if len(text) <= 24 else MAX_INT + 1
    elif _HEX.fullmatch(text):
        value = int(text[2:], 16) if len(text) <= 20 else MAX_INT + 1
    elif _FLOAT.fullmatch(text):
        number = float(text)
        if not math.isfinite(number) or abs(number) > MAX_INT:
            raise YamlProblem(line, column, f"number too large: {_shorten(text)} "
                                            f"(the limit is {MAX_INT})")
        return number
    elif _SPECIAL.fullmatch(text):
        raise YamlProblem(line, column, f"{text} is not a number a rule can use "
                                        "(write a finite number)")
    else:
        return text
    if abs(value) > MAX_INT:
        raise YamlProblem(line, column, f"number too large: {_shorten(text)} "
                                        f"(the limit is {MAX_INT})")
    return value


def _shorten(text: str) -> str:
    """A long number as its first digits and its length."""
    return text if len(text) <= 24 else f"{text[:12]}… ({len(text)} characters)"


def plain_value(text: str, line: int, column: int) -> object:
    """A plain (unquoted, untagged) scalar by the YAML 1.2 core schema."""
    if text in _NULL:
        return None
    first = text[0]
    if first in "tTfF" and text in _BOOL:
        return _BOOL[text]
    if first in _NUMERIC_START:
        return _number(text, line, column)
    return text


def _tagged(tag: str, text: str, line: int, column: int) -> object:
    """A scalar with an explicit core tag (!!str, !!int, ...)."""
    if tag == "!" or tag == _CORE + "str":
        return text
    core = tag[len(_CORE):] if tag.startswith(_CORE) else ""
    if core in ("int", "float", "bool", "null"):
        value = plain_value(text, line, column) if text else None
        wanted = {"int": int, "float": (int, float), "bool": bool, "null": type(None)}[core]
        if isinstance(value, wanted) and (core == "bool" or not isinstance(value, bool)):
            return float(value) if core == "float" else value
        raise YamlProblem(line, column, f"{text!r} is not a valid {short_tag(tag)} value")
    raise YamlProblem(line, column, f"unknown tag {short_tag(tag)}: rule files hold plain "
                                    "values (texts, numbers, true/false, lists and mappings)")


def _scalar(event: ScalarEvent) -> tuple:
    """A scalar event as (value, line, column)."""
    mark = event.start_mark
    line, column, text = mark.line, mark.column, event.value
    if event.tag is None:
        if not event.implicit[0]:
            value: object = text
        elif text.isdigit() and len(text) < 16 and text.isascii():
            value = int(text)
        elif text == "<<":
            value = MERGE
        else:
            value = plain_value(text, line, column)
    else:
        value = _tagged(event.tag, text, line, column)
    return (value, line, column)


def compose(text: str) -> Item | None:
    """The document's root node (None for an empty document); YamlProblem or a PyYAML
    error if the text is not a valid rule document."""
    parser = _Loader(text)
    try:
        return _Composer().run(parser)
    finally:
        parser.dispose()


class _Composer:
    """Builds the node tree from the parser's events, keeping count of the limits."""

    def __init__(self) -> None:
        self.stack: list[Node] = []
        self.anchors: dict[str, Item] = {}
        self.open_anchors: list[str | None] = []
        self.alias_values = 0

    def run(self, parser: yaml.Loader) -> Item | None:
        """Compose the one document of the stream."""
        stack = self.stack
        root: Item | None = None
        documents = 0
        while True:
            event = parser.get_event()
            kind = type(event)
            if kind is ScalarEvent:
                node = _scalar(event)
                if event.anchor is not None:
                    self.anchors[event.anchor] = node
            elif kind is SequenceStartEvent or kind is MappingStartEvent:
                self.open(event, SEQ if kind is SequenceStartEvent else MAP)
                continue
            elif kind is SequenceEndEvent or kind is MappingEndEvent:
                node = self.close()
            elif kind is AliasEvent:
                node = self.alias(event)
            elif kind is DocumentStartEvent:
                documents += 1
                if documents > 1:
                    mark = event.start_mark
                    raise YamlProblem(mark.line, mark.column, "a rule file holds one document "
                                                              "(a second one starts here)")
                continue
            elif kind is StreamEndEvent or event is None:
                return root
            else:
                continue
            if stack:
                stack[-1].value.append(node)  # type: ignore[union-attr]
            else:
                root = node

    def open(self, event: SequenceStartEvent | MappingStartEvent, kind: int) -> None:
        """Start a list or mapping (refused past the depth limit or with an unknown tag)."""
        mark = event.start_mark
        tag = event.tag
        if tag is not None and tag != "!" and tag != _CORE + ("seq" if kind == SEQ else "map"):
            raise YamlProblem(mark.line, mark.column,
                              f"unknown tag {short_tag(tag)}: rule files hold plain values "
                              "(texts, numbers, true/false, lists and mappings)")
        self.stack.append(Node(kind, [], mark.line, mark.column))
        self.open_anchors.append(event.anchor)
        if len(self.stack) > MAX_DEPTH:
            raise YamlProblem(mark.line, mark.column,
                              f"lists and mappings nested more than {MAX_DEPTH} deep")

    def close(self) -> Node:
        """End the innermost list or mapping: its size and height are now known."""
        node = self.stack.pop()
        children: list[Item] = node.value  # type: ignore[assignment]
        size = height = 0
        for child in children:
            if type(child) is tuple:
                size += 1
                height = height or 1
            else:
                size += child.size
                if child.height > height:
                    height = child.height
        node.size, node.height = size + 1, height + 1
        anchor = self.open_anchors.pop()
        if anchor is not None:
            self.anchors[anchor] = node
        return node

    def alias(self, event: AliasEvent) -> Node:
        """An alias: counts as the values it repeats, within the limits."""
        mark = event.start_mark
        anchored = self.anchors.get(event.anchor)
        if anchored is None:
            why = "is used inside its own anchor" if event.anchor in self.open_anchors \
                else "has no anchor before it"
            raise YamlProblem(mark.line, mark.column, f"alias *{event.anchor} {why}")
        size, height = (1, 1) if type(anchored) is tuple else \
            (anchored.size, anchored.height)  # type: ignore[union-attr]
        self.alias_values += size
        if self.alias_values > MAX_ALIAS_VALUES:
            raise YamlProblem(mark.line, mark.column,
                              f"aliases repeat more than {MAX_ALIAS_VALUES} values in all; "
                              "this file would grow too large")
        if len(self.stack) + height > MAX_DEPTH:
            raise YamlProblem(mark.line, mark.column,
                              f"alias *{event.anchor} nests lists and mappings more than "
                              f"{MAX_DEPTH} deep")
        node = Node(ALIAS, anchored, mark.line, mark.column)
        node.size, node.height = size, height
        return node
