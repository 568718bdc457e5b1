"""Goals: a prize (a tile, a bonus) that goes to the one player who best meets a measure.

The game file's `goals` section names each goal's measure (an expression over player p),
which players qualify (an expression over p and the measured value v) and tie-breakers
(expressions over p, higher wins; write -x for "fewer x wins"). Players still tied after
every tie-breaker all stay winners; the scripts decide what a tie means.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..errors import ScriptRuntimeError
from .ranking import rank_groups


@dataclass
class GoalRule:
    """Compiled goals: measure per goal id, the qualifying test and the tie-breakers."""

    measures: dict[str, Any]                       # id -> fn(c, p)
    qualifies: Any = None                          # fn(c, p, v) or None (everyone)
    tiebreakers: list[Any] = field(default_factory=list)   # fns(c, p)
    sources: dict[str, str] = field(default_factory=dict)  # id -> expression text
    qualifies_source: str = ""
    tiebreaker_sources: list[str] = field(default_factory=list)


def _rule(c) -> GoalRule:
    rule = c.g.goals
    if rule is None:
        raise ScriptRuntimeError("the game file declares no goals")
    return rule


def value(c, goal: str, p: int) -> Any:
    """How well player p meets the goal."""
    measure = _rule(c).measures.get(goal)
    if measure is None:
        raise ScriptRuntimeError(f"{goal!r} is not a goal; goals: "
                                 + ", ".join(sorted(_rule(c).measures)))
    return measure(c, p)


def ranking(c, goal: str) -> list[list[int]]:
    """Qualifying players grouped by measure then tie-breakers, best group first."""
    rule = _rule(c)
    measured = {p: value(c, goal, p) for p in c.players}
    chosen = [p for p in c.players
              if rule.qualifies is None or rule.qualifies(c, p, measured[p])]
    return rank_groups(chosen, lambda p: (measured[p],)
                       + tuple(t(c, p) for t in rule.tiebreakers))


def winners(c, goal: str) -> list[int]:
    """The best qualifying players after every tie-breaker: one, several (a tie) or none."""
    groups = ranking(c, goal)
    return groups[0] if groups else []
