"""Rulebooks generated from the rule data: every rule put into words from phrase templates
(English source, translated through the catalogs), with pictures drawn from the data.

    texts.py    the words: the translator and the game's own texts (shared by all below)
    phrases/    scripts into words: expressions as phrases, procedures as numbered steps
    pictures/   the SVG pictures, one module per kind of picture
    book/       the rulebook: outline, its blocks, Markdown, and the documentation site
    proofread/  checks of a generated rulebook's language (what a translator would check)
"""

from .book import Rulebook, build_rulebook

__all__ = ["Rulebook", "build_rulebook"]
