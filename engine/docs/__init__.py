"""Rulebooks generated from the rule data: every rule put into words from phrase templates
(English source, translated through the catalogs), with pictures drawn from the data.
"""

from .book import Rulebook, build_rulebook

__all__ = ["Rulebook", "build_rulebook"]
