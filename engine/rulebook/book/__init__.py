"""The rulebook: the outline's sections in order, each block rendered from the data
(components, setup, steps, the end, notes, reference, glossary, pictures), as Markdown; and
the documentation site of every built-in game in every language.

    book = build_rulebook("some_game", variant=None, lang="es")
"""

from .rulebook import Book, Rulebook, build_rulebook

__all__ = ["Book", "Rulebook", "build_rulebook"]
