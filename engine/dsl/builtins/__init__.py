"""The engine's built-in functions and statements, as scripts see them: one registry the
compiler and the type checker read, gathered from one module per concept.

- core: plain values (len, range, sum, ...), seat names, the log;
- pieces: counted pieces and tokens; decks: decks of cards; piles: card piles and rows;
- tracks, bank (money), links (connections), grid (tile grids), goals, draft.

`EXPRESSIONS` compute a value, `STATEMENTS` change the state (each a `Builtin`: impl,
arity, keywords, types, doc). `FILTERS` marks built-ins whose keywords filter pieces by
field or property. `CONCEPT_BUILTINS` need declarations a game may lack (a track, a
resource, connections, a grid, goals). `NAMED_ARGS` says which arguments must name a
declared thing (a track, a resource). `FLOW_STATEMENTS` are implemented by the VM itself.
"""

from __future__ import annotations

from ..types import PLAYER, TEXT, list_of, sig
from . import bank, core, decks, draft, goals, grid, links, pieces, piles, tracks
from .registry import FILTERS, Builtin

__all__ = ["CONCEPT_BUILTINS", "EXPRESSIONS", "FILTERS", "FLOW_SIGNATURES", "FLOW_STATEMENTS",
           "NAMED_ARGS", "STATEMENTS", "Builtin"]

BASIC = (core, pieces, decks, piles)
"""Modules whose built-ins every game may use."""
CONCEPTS = (tracks, bank, links, grid, goals, draft)
"""Modules whose built-ins need declarations a game may lack."""

EXPRESSIONS: dict[str, Builtin] = {}
STATEMENTS: dict[str, Builtin] = {}
CONCEPT_BUILTINS: set[str] = set()
NAMED_ARGS: dict[str, dict[int, str]] = {}
for _module in (*BASIC, *CONCEPTS):
    EXPRESSIONS.update(_module.EXPRESSIONS)
    STATEMENTS.update(getattr(_module, "STATEMENTS", {}))
    NAMED_ARGS.update(getattr(_module, "NAMED_ARGS", {}))
    if _module in CONCEPTS:
        CONCEPT_BUILTINS.update(_module.EXPRESSIONS, getattr(_module, "STATEMENTS", {}))

# Statements the VM itself implements (they touch the flow, not just the state).
FLOW_STATEMENTS = {"end_game": (1, 2), "check_end": (0, 0)}
FLOW_SIGNATURES = {"end_game": sig(list_of(PLAYER), TEXT), "check_end": sig()}
