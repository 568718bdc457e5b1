"""What a built-in is, for the compiler, the type checker and the rulebook: its
implementation (the runtime first), how many positional arguments it takes, which keywords
it accepts, the types of its parameters and result (`sig`), a line of documentation, and
how the rulebook reads a call of it (`phrase`).

Each module of this package declares the built-ins of one concept as two tables,
EXPRESSIONS (calls that compute a value) and STATEMENTS (calls that change the state);
the package gathers them into one registry (builtins/__init__.py).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..types import Sig

FILTERS = "filters"
"""`keywords` of a built-in whose keywords filter pieces by field or property (checked
against the game's declared properties)."""


@dataclass(frozen=True)
class Builtin:
    """A built-in: implementation (runtime first), arity bounds and accepted keywords."""

    impl: Callable[..., Any]
    min_args: int
    max_args: int
    keywords: frozenset[str] | str = frozenset()
    doc: str = ""
    check: Callable[..., None] | None = None   # check(compiler, call_tree) at load time
    sig: Sig | None = None                     # parameter and result types (None: unknown)
    never_ties: bool = False
    """Its value differs for every player (a standing): as a tie-breaker it settles every
    tie, so the rulebook says nothing of ties left after it."""
    phrase: Callable[..., Any] | None = None
    """How the rules in full read a call: phrase(reader, args, kwargs, env) -> its words
    (None: nothing to say, a story line). `reader` is the rulebook's reader of expressions
    (for EXPRESSIONS) or of statements (for STATEMENTS) in one language; args and kwargs
    are the call's argument trees."""
