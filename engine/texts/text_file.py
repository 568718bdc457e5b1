"""The texts of a game's text file, each with its catalog context and its place, and the
check the loader makes of them (every text must be safe to fill)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..errors import Location, Problem
from .safe_format import format_problem


def text_file_texts(definition: Any
                    ) -> Iterator[tuple[str, str, str | tuple[str, str], Location]]:
    """(catalog context, key, English text or (one, other), where) for each text of a
    loaded game's text file (GameDef)."""
    text_file = definition.files[-1] if definition.text and definition.files else ""  # last
    locations = definition.text_locations
    for section, entries in (definition.text or {}).items():
        context = f"{definition.id}.{section}"
        if isinstance(entries, str):
            yield context, section, entries, locations.get(section, Location(text_file))
            continue
        if not isinstance(entries, dict):
            continue
        if section == "effects":
            for kind, texts in entries.items():
                if isinstance(texts, str):          # a piece kind's one text
                    path = f"effects.{kind}"
                    yield context, path, texts, locations.get(path, Location(text_file,
                                                                            path=path))
                for key, entry in (texts if isinstance(texts, dict) else {}).items():
                    path = f"effects.{kind}.{key}"
                    yield context, path, entry, locations.get(path, Location(text_file,
                                                                            path=path))
            continue
        for key, entry in entries.items():
            where = locations.get(f"{section}.{key}", Location(text_file, path=f"{section}.{key}"))
            if isinstance(entry, str):
                yield context, f"{section}.{key}", entry, where
            elif isinstance(entry, dict) and "one" in entry and "other" in entry:
                yield context, f"{section}.{key}", (entry["one"], entry["other"]), where
                if isinstance(entry.get("none"), str):
                    yield context, f"{section}.{key}.none", entry["none"], where


def is_gender_section(section: str) -> bool:
    """Whether a text file's section gives the grammatical genders of another's names
    (`genders` for pieces, `<singular>_genders` for the others)."""
    return section == "genders" or section.endswith("_genders")


def text_file_problems(definition: Any) -> list[Problem]:
    """The texts of a game's text file that cannot be filled safely, and gender entries that
    would share one translation, located (a load error: a text is untrusted input, see
    safe_format.py)."""
    problems = []
    first_of: dict[tuple[str, str], str] = {}
    for context, key, english, where in text_file_texts(definition):
        for text in english if isinstance(english, tuple) else (english,):
            why = format_problem(text) if isinstance(text, str) else None
            if why:
                problems.append(Problem(where, f"the text {key}: {why}"))
                break
        section = context.split(".", 1)[1]
        if not is_gender_section(section) or not isinstance(english, str):
            continue
        earlier = first_of.setdefault((section, english), key)
        if earlier != key:
            problems.append(Problem(where, (
                f"the same text as {earlier} ({english!r}), so the catalogs would give "
                f"both one gender: write each entry as its own question, e.g. "
                f"\"grammatical gender of '{key.split('.', 1)[1]}' (f, m or n)\"")))
    return problems
