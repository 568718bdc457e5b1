"""A Babel extractor for rule text files (text.yaml): every text a player or reader sees.

Declared in babel.cfg (`[regola_text: rules/**/text.yaml]`) through the entry point
`babel.extractors: regola_text`. Each text becomes a message with the context
`<game>.<section>`; a {one, other} pair becomes a plural message.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..loading.yaml_source import Positions, parse_yaml


def _game_id(fileobj) -> str:
    name = getattr(fileobj, "name", "")
    parts = str(name).replace("\\", "/").split("/")
    return parts[-2] if len(parts) >= 2 else "game"


def text_messages(doc: dict, pos: Positions, game: str) -> Iterator[tuple[int, str, Any,
                                                                          list[str]]]:
    """(line, keyword, message, comments) for every text of a text.yaml document."""
    for section, value in doc.items():
        if section == "game":
            yield pos[("game",)].line, "pgettext", (f"{game}.game", value), []
            continue
        if not isinstance(value, dict):
            continue
        context = f"{game}.{section}"
        for key, text in value.items():
            line = pos[(section, key)].line
            note = [f"{section}: {key}"]
            if isinstance(text, dict) and "one" in text:
                yield line, "npgettext", (context, text["one"], text["other"]), note
                if isinstance(text.get("none"), str):   # the form for a count of 0
                    yield line, "pgettext", (context, text["none"]), note
            elif isinstance(text, str):
                yield line, "pgettext", (context, text), note


def extract_text_yaml(fileobj, keywords, comment_tags, options):
    """The Babel extractor entry point for text.yaml files."""
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    doc, pos, problems = parse_yaml(text, str(getattr(fileobj, "name", "text.yaml")))
    if problems:
        raise ValueError("\n".join(str(p) for p in problems))
    if isinstance(doc, dict):
        yield from text_messages(doc, pos, _game_id(fileobj))
