"""What `regola validate` reads: every file of a game folder, every problem located.

    problems, warnings = game_problems(game, loaded)     # the game loaded
    problems = unread_file_problems(game, load_problems) # the game did not load

A game that loads has its written book (rulebook.yaml: outline and coverage), its table
layout (table.yaml), its catalogs (for the languages it ships) and its scenarios (static
checks) checked too. A game that does not load still has the YAML syntax and the schema of
its other files checked, so one run names every broken file.
"""

from __future__ import annotations

from pathlib import Path

from ..errors import Location, Problem, RegolaError, RuleError
from ..game import Game
from ..i18n.catalog import game_catalog
from ..i18n.check import catalog_problems, shipped_translations
from ..loading import schema
from ..loading.sources import display_name, resolve_game
from ..loading.yaml_source import load_yaml
from ..present.scores import score_title_problems
from ..present.table_layout import FILE as TABLE_FILE
from ..present.table_layout import load_layout
from ..rulebook.book.outline import FILE as BOOK_FILE
from ..scenarios.checking import scenario_files, scenario_problems

TEXT_FILE = "text.yaml"


def game_problems(game: str, loaded: Game) -> tuple[list[Problem], list[Problem]]:
    """(problems, warnings) of a loaded game's files beyond its rules: its book, table
    layout, catalogs and scenarios."""
    from ..rulebook.written.checks import book_catalog_texts, book_checks
    definition = loaded.definition
    problems, warnings = book_checks(definition)
    warnings += score_title_problems(definition)
    warnings += value_text_problems(definition)
    problems += table_problems(loaded)
    problems += catalog_problems(definition, extra=book_catalog_texts(definition))
    problems += scenario_problems(game, loaded)
    return problems, warnings


def value_text_problems(definition) -> list[Problem]:
    """A warning for each word a token property holds (a card's name) that the text file's
    `values` section does not name: the story and the book would show the id, untranslated."""
    text = getattr(definition, "text", None) or {}
    if not text:
        return []
    named: set = set()              # a value some section names (values, effects...)
    nodes = [entries for entries in text.values() if isinstance(entries, dict)]
    while nodes:
        node = nodes.pop()
        named.update(node)
        nodes += [v for v in node.values() if isinstance(v, dict)]
    file = str(Path(definition.folder) / "game.yaml") if definition.folder else "game.yaml"
    problems = []
    for kind, tok in definition.tokens.items():
        for prop, values in tok.props.items():
            missing = sorted({v for v in values if isinstance(v, str)} - named)
            if missing:
                problems.append(Problem(
                    Location(file, 0, 0, f"tokens.{kind}.{prop}"),
                    f"no text for {', '.join(repr(v) for v in missing)} in the values section "
                    f"of the game's text file: the story and the book show the id, and no "
                    f"language can translate it"))
    return problems


def other_files(game: str, loaded: Game) -> list[str]:
    """The files beyond the rules that `game_problems` reads, as named in messages: the
    book, the table layout, the catalogs of the languages shipped, the scenarios."""
    folder = Path(loaded.definition.folder)
    paths = [folder / BOOK_FILE, folder / TABLE_FILE]
    paths += [game_catalog(folder, lang) for lang in shipped_translations(loaded.definition)]
    paths += scenario_files(game)
    return [display_name(path) for path in paths if path.is_file()]


def table_problems(loaded: Game) -> list[Problem]:
    """The problems of a game's table layout (table.yaml), none if it has none."""
    try:
        load_layout(loaded.definition)
    except RuleError as error:
        return list(error.problems)
    return []


def unread_file_problems(game: str, reported: list[Problem]) -> list[Problem]:
    """The YAML syntax and schema problems of a game's text file, book, table layout and
    scenarios (syntax only), for a game that did not load: every file not already named
    in `reported`."""
    try:
        folder = resolve_game(game).parent
    except RegolaError:
        return []
    named = {p.location.file for p in reported}
    files = [(folder / _text_file(folder), "text"), (folder / BOOK_FILE, "rulebook"),
             (folder / TABLE_FILE, "table")]
    files += [(path, "") for path in scenario_files(str(folder))]
    problems = []
    for path, kind in files:
        name = display_name(path)
        if name in named or not path.is_file():
            continue
        doc, pos, found = load_yaml(path, name)
        if not found and kind:
            found = schema.check(doc if doc is not None else {}, kind, pos, name)
        problems += found
    return problems


def _text_file(folder: Path) -> str:
    """The text file a game file names (`text:`), if it reads; else the usual name."""
    doc, _, problems = load_yaml(folder / "game.yaml", "game.yaml")
    text = doc.get("text") if not problems and isinstance(doc, dict) else None
    return text if isinstance(text, str) else TEXT_FILE
