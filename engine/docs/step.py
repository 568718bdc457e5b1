"""One numbered step of a procedure in words: a clause, perhaps with sub-steps."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Step:
    """One numbered step: a clause, perhaps with sub-steps."""

    text: str
    children: list[Step] = field(default_factory=list)
