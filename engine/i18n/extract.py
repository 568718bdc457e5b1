"""A Babel extractor for rule text files (text.yaml): every text a player or reader sees.

Declared in babel.cfg (`[regola_text: rules/**/text.yaml]`) through the entry point
`babel.extractors: regola_text`. Each text becomes a message with the context
`<game>.<section>`; a {one, other} pair becomes a plural message.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ruamel.yaml import YAML
from ruamel.yaml.comments import CommentedMap


def _game_id(fileobj) -> str:
    name = getattr(fileobj, "name", "")
    parts = str(name).replace("\\", "/").split("/")
    return parts[-2] if len(parts) >= 2 else "game"


def text_messages(doc: CommentedMap, game: str) -> Iterator[tuple[int, str, Any, list[str]]]:
    """(line, keyword, message, comments) for every text of a text.yaml document."""
    for section, value in doc.items():
        if section == "game":
            yield doc.lc.value("game")[0] + 1, "pgettext", (f"{game}.game", value), []
            continue
        if not isinstance(value, CommentedMap):
            continue
        context = f"{game}.{section}"
        for key, text in value.items():
            line = value.lc.key(key)[0] + 1
            note = [f"{section}: {key}"]
            if isinstance(text, CommentedMap) and "one" in text:
                yield line, "npgettext", (context, text["one"], text["other"]), note
            elif isinstance(text, str):
                yield line, "pgettext", (context, text), note


def extract_text_yaml(fileobj, keywords, comment_tags, options):
    """The Babel extractor entry point for text.yaml files."""
    doc = YAML(typ="rt").load(fileobj.read().decode(options.get("encoding", "utf-8")))
    if isinstance(doc, CommentedMap):
        yield from text_messages(doc, _game_id(fileobj))
