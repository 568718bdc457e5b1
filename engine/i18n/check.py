"""Checks of the catalogs, as located problems: what `regola validate` and the tests report.

- every text of a game's text file has an entry, translated, in the game's catalog of every
  language (<folder>/locales/<lang>.po; problem located in the text file);
- every translation has the same {placeholders} as its English source (problem located in
  the .po file, at the entry's line).

Run `python -m regola.i18n.check` to list the problems of every entry of every catalog
(untranslated, fuzzy, placeholders) after `pybabel update`.
"""

from __future__ import annotations

import re
import string
import sys
from collections.abc import Iterable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from ..errors import Location, Problem
from ..texts.safe_format import format_problem
from ..texts.text_file import text_file_texts
from .catalog import DEFAULT, DOMAIN, LANGUAGES, game_catalog, locales_dir

TRANSLATED = tuple(lang for lang in LANGUAGES if lang != DEFAULT)
"""The languages with a catalog (English is the source)."""


def po_path(lang: str) -> Path:
    """The .po catalog of a language."""
    return locales_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def po_name(lang: str) -> str:
    """How a catalog is named in problems: locales/<lang>/LC_MESSAGES/regola.po."""
    return f"locales/{lang}/LC_MESSAGES/{DOMAIN}.po"


def read_catalog(path: Path) -> Catalog:
    """A .po file read with Babel (cached while the file is unchanged)."""
    stat = path.stat()
    return _read_catalog(str(path), stat.st_mtime_ns, stat.st_size)


@cache
def _read_catalog(path: str, mtime: int, size: int) -> Catalog:
    with open(path, "rb") as fp:
        return read_po(fp)


def placeholders(text: str) -> set[str] | None:
    """The names of the {placeholders} of a format string; None if its braces are broken."""
    try:
        return {re.split(r"[.\[!:]", field)[0] for _, field, _, _ in string.Formatter().parse(text)
                if field is not None}
    except ValueError:
        return None


def _forms(value: Any) -> list[str]:
    if isinstance(value, list | tuple):
        return [str(v) for v in value]
    return [value] if value else []


def _shown(names: set[str] | None) -> str:
    if names is None:
        return "unbalanced braces"
    return ", ".join("{" + n + "}" for n in sorted(names)) or "none"


def placeholder_problem(message: Message) -> str | None:
    """Why a translation's placeholders differ from its English source (None: they agree).

    A plural translation's forms may each use fewer placeholders than the English forms
    together ("un cubo" needs no {n}), but every placeholder both English forms use, other
    than {n}, and no placeholder English does not have.
    """
    english = [placeholders(t) for t in _forms(message.id)]
    translated = [t for t in _forms(message.string) if t]
    if not translated or any(e is None for e in english):
        return None
    if not message.pluralizable:
        wanted = english[0]
        got = placeholders(translated[0])
        if got != wanted:
            return (f"the translation's placeholders ({_shown(got)}) differ from the "
                    f"English ones ({_shown(wanted)})")
        return None
    allowed = set().union(*english)
    required = set.intersection(*english) - {"n"}
    for i, text in enumerate(translated):
        got = placeholders(text)
        if got is None or not got <= allowed or not required <= got:
            return (f"plural form {i} of the translation has placeholders ({_shown(got)}) "
                    f"that differ from the English ones ({_shown(allowed)})")
    return None


def unsafe_problem(message: Message) -> str | None:
    """Why a translation cannot be filled safely (safe_format.py), or None."""
    for text in _forms(message.string):
        why = format_problem(text) if text else None
        if why:
            return f"the translation: {why}"
    return None


def untranslated(message: Message) -> str | None:
    """Why an entry does not count as translated (None: it is translated)."""
    if message.fuzzy:
        return "the translation is marked fuzzy (check it, then remove the fuzzy flag)"
    forms = message.string if isinstance(message.string, list | tuple) else [message.string]
    if not all(forms):
        return "no translation"
    return None


def _label(message: Message) -> str:
    ident = message.id[0] if isinstance(message.id, list | tuple) else message.id
    context = f" (msgctxt {message.context!r})" if message.context else ""
    return f"msgid {ident!r}{context}"


def entry_problems(lang: str, path: Path | None = None,
                   contexts: Any = None) -> list[Problem]:
    """Problems of a catalog's entries: untranslated, fuzzy, placeholders differing from
    the English source. `contexts`, if given, picks the entries to check (a function of the
    message context)."""
    path = path or po_path(lang)
    name = po_name(lang) if path == po_path(lang) else str(path)
    problems = []
    for message in read_catalog(path):
        if not message.id or (contexts is not None and not contexts(message.context)):
            continue
        why = untranslated(message) or placeholder_problem(message) or unsafe_problem(message)
        if why:
            problems.append(Problem(Location(name, message.lineno or 0, 1),
                                    f"{_label(message)}: {why}"))
    return problems


def game_texts(definition: Any, extra: Iterable[tuple] = ()
               ) -> Iterator[tuple[str, str, str | tuple[str, str], Location]]:
    """(context, key, English text or (one, other), where) for each text of a game: its
    text file's, then `extra` (the written book's, given the same way)."""
    yield from text_file_texts(definition)
    seen = set()
    for context, key, english, where in extra:
        if (context, english) not in seen:
            seen.add((context, english))
            yield context, key, english, where


def game_po_name(definition: Any, lang: str) -> str:
    """How a game's catalog is named in problems: rules/<game>/locales/<lang>.po for a
    built-in game, else its path."""
    from ..loading.sources import display_name
    return display_name(game_catalog(definition.folder, lang))


def shipped_translations(definition: Any) -> tuple[str, ...]:
    """The languages other than English a game declares it ships (game.yaml's `languages`)."""
    return tuple(lang for lang in getattr(definition, "languages", (DEFAULT,))
                 if lang != DEFAULT)


def catalog_problems(definition: Any, languages: tuple[str, ...] | None = None,
                     extra: Iterable[tuple] = ()) -> list[Problem]:
    """Every catalog problem of a loaded game (GameDef) in each of `languages` (default:
    those it ships): its texts missing from its own catalog of a language or not translated
    there, and translations whose placeholders differ from the English."""
    problems: list[Problem] = []
    for lang in shipped_translations(definition) if languages is None else languages:
        path = game_catalog(definition.folder, lang)
        name = game_po_name(definition, lang)
        if not path.exists():
            problems.append(Problem(Location(name), f"the game has no {lang} catalog; "
                                                    f"`regola catalogs update` makes it"))
            continue
        catalog = read_catalog(path)
        for context, _key, english, where in game_texts(definition, extra):
            one = english[0] if isinstance(english, tuple) else english
            message = catalog.get(one, context=context)
            if message is None or (isinstance(english, tuple)
                                   and _forms(message.id) != list(english)):
                problems.append(Problem(where, f"no entry for {one!r} (msgctxt "
                                               f"{context!r}) in {name}; `regola catalogs "
                                               "update` adds it"))
            elif untranslated(message):
                problems.append(Problem(where, f"{one!r} is not translated in "
                                               f"{name} (line {message.lineno}): "
                                               f"{untranslated(message)}"))
        for message in catalog:
            why = (placeholder_problem(message) or unsafe_problem(message)) if message.id \
                else None
            if why:
                problems.append(Problem(Location(name, message.lineno or 0, 1),
                                        f"{_label(message)}: {why}"))
    return problems


def all_catalogs(lang: str) -> list[Path]:
    """The package's catalog of a language and each built-in game's."""
    from ..loading.sources import builtin_games, rules_root
    games = [game_catalog(rules_root() / game, lang) for game in builtin_games()]
    return [po_path(lang)] + [path for path in games if path.exists()]


def main(argv: list[str] | None = None) -> int:
    """List the problems of every entry of every catalog; exit 1 if there are any."""
    langs = (argv if argv is not None else sys.argv[1:]) or list(TRANSLATED)
    problems = [p for lang in langs for path in all_catalogs(lang)
                for p in entry_problems(lang, path)]
    for problem in problems:
        print(problem)
    print(f"{len(problems)} problem(s) in {', '.join(langs)}")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
