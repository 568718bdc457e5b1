"""A game's own catalogs (<folder>/locales/<lang>.po), brought up to date with its texts.

    report = update_game_catalogs(definition)     # [(lang, added, changed, dropped), ...]

Every English text of the game (game_texts: its text file, its written rulebook) becomes a
message with the context `<game>.<role>`. A new text, or one whose English changed, is added
untranslated (Babel's fuzzy guesses are not made); a text the game no longer has is dropped.
Only the languages the game ships (game.yaml's `languages`) have catalogs to update.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from .catalog import game_catalog
from .check import game_texts, shipped_translations

WIDTH = 100
"""Line width of the written catalogs (the width of the rule files)."""


@dataclass
class CatalogUpdate:
    """What updating one language's catalog did."""

    lang: str
    path: Path
    added: int
    changed: int
    dropped: int
    untranslated: int


def template(definition: Any, extra: Iterable[tuple] = ()) -> Catalog:
    """Every English text of a game as an untranslated catalog (a .pot in memory)."""
    pot = Catalog(domain=definition.id, project=f"regola: {definition.id}", charset="utf-8",
                  fuzzy=False)
    folder = Path(definition.folder)
    for context, key, english, where in game_texts(definition, extra):
        file = Path(where.file).name if where.file else ""
        try:
            file = Path(where.file).resolve().relative_to(folder).as_posix()
        except (ValueError, OSError):
            pass
        pot.add(english, locations=[(file, where.line or 0)] if file else [],
                auto_comments=[key], context=context)
    return pot


def update_game_catalogs(definition: Any, languages: tuple[str, ...] | None = None,
                         extra: Iterable[tuple] = ()) -> list[CatalogUpdate]:
    """Bring each language's catalog of a game (default: each it ships) up to date with its
    texts (made if missing): its text file's and `extra` (its written book's, as
    check.game_texts takes them). A new text comes in untranslated: no fuzzy guess is made."""
    pot = template(definition, extra)
    wanted = {(m.context, _key(m.id)) for m in pot if m.id}
    report = []
    for lang in shipped_translations(definition) if languages is None else languages:
        path = game_catalog(definition.folder, lang)
        if path.exists():
            with open(path, "rb") as fp:
                catalog = read_po(fp, locale=lang)
        else:
            catalog = Catalog(locale=lang, domain=definition.id,
                              project=f"regola: {definition.id}", charset="utf-8",
                              fuzzy=False)
        _rename_contexts(catalog, definition.id)
        before = {(m.context, _key(m.id)): m for m in catalog if m.id}
        catalog.update(pot, no_fuzzy_matching=True, update_header_comment=False)
        catalog.fuzzy = False
        after = {(m.context, _key(m.id)): m for m in catalog if m.id}
        added = sum(1 for k, m in after.items() if k not in before and not m.fuzzy)
        changed = sum(1 for k, m in after.items() if k not in before and m.fuzzy)
        dropped = sum(1 for k in before if k not in wanted)
        untranslated = sum(1 for m in after.values() if m.fuzzy or not _translated(m))
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as fp:
            write_po(fp, catalog, width=WIDTH, ignore_obsolete=True, sort_output=False)
        report.append(CatalogUpdate(lang, path, added, changed, dropped, untranslated))
    return report


def compile_game_catalogs(definition: Any) -> list[Path]:
    """Write each shipped language's catalog of a game as a compiled .mo beside its .po
    (fuzzy entries left out); the paths written."""
    written = []
    for lang in shipped_translations(definition):
        path = game_catalog(definition.folder, lang)
        if not path.exists():
            continue
        with open(path, "rb") as fp:
            catalog = read_po(fp, locale=lang)
        target = path.with_suffix(".mo")
        with open(target, "wb") as fp:
            write_mo(fp, catalog, use_fuzzy=False)
        written.append(target)
    return written


def _rename_contexts(catalog: Catalog, game: str) -> None:
    """Give the entries of a game's catalog the game's id in their contexts (`<id>.<role>`):
    a game copied and given a new id keeps its translations."""
    for message in list(catalog):
        if not message.id or not message.context or "." not in message.context:
            continue
        old, role = message.context.split(".", 1)
        if old != game and catalog.get(message.id, context=f"{game}.{role}") is None:
            catalog.delete(message.id, context=message.context)
            message.context = f"{game}.{role}"
            catalog[message.id] = message


def _key(ident: Any) -> str:
    return ident[0] if isinstance(ident, list | tuple) else ident


def _translated(message: Any) -> bool:
    forms = message.string if isinstance(message.string, list | tuple) else [message.string]
    return all(forms)
