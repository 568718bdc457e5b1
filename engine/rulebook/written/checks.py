"""Everything `regola validate` checks of a game's written book, as located problems.

    problems, warnings = book_checks(definition)

Problems: the book file does not read (YAML, schema, names it uses), a rule a player
notices is explained by no section, a written text's placeholders or hand-written numbers
(in English or a translation). Warnings: sections whose rules changed since their review.
"""

from __future__ import annotations

from typing import Any

from ...errors import Problem, RuleError
from ..book.outline import Outline, game_folder, load_outline
from .coverage import coverage_problems, stale_sections
from .honesty import catalog_texts, check_written


def book_outline(definition: Any) -> Outline:
    """The game's book file, checked (RuleError with every problem of the file)."""
    return load_outline(definition, game_folder(definition))


def book_checks(definition: Any) -> tuple[list[Problem], list[Problem]]:
    """(problems, warnings) of a game's written book."""
    try:
        outline = book_outline(definition)
    except RuleError as error:
        return list(error.problems), []
    problems = coverage_problems(definition, outline) + check_written(definition, outline)
    return problems, stale_sections(definition, outline)


def book_catalog_texts(definition: Any) -> list[tuple]:
    """The book's texts for the catalogs (empty if the book file does not read)."""
    try:
        outline = book_outline(definition)
    except RuleError:
        return []
    return catalog_texts(definition, outline)
