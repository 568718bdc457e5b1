"""The end of a game: end conditions checked for every player, then tie-breakers."""

from __future__ import annotations

from .ranking import rank_groups
from .runtime import Runtime


def scores(c: Runtime) -> list[list]:
    """Each player's value of each tie-breaker (the game's scoring categories), in seat
    order: what the score table at the end shows."""
    rule = c.g.end
    out = []
    for p in c.players:
        values = []
        for tiebreaker in rule.tiebreakers:
            value = tiebreaker(c, p)
            values.append(int(value) if isinstance(value, bool) else value)
        out.append(values)
    return out


def finish(c: Runtime, winners: list[int], reason: str, conditions: dict | None = None) -> None:
    """Record the result (with every player's scores) and stop every thread: nobody has to
    decide any more."""
    c.s["result"] = {"winners": sorted(winners), "reason": reason,
                     "conditions": conditions or {}, "scores": scores(c)}
    if c.g.end is not None and c.g.end.payoff is not None:
        c.s["result"]["payoffs"] = [c.g.end.payoff(c, p) for p in c.players]
    for thread in c.s["threads"]:
        thread["stack"].clear()
        thread["wait"] = None
    del c.s["threads"][1:]
    c.s.pop("secret_step", None)          # a secret step open at the end is over too
    c.emit({"e": "game_over", "winners": sorted(winners), "reason": reason})


def conditions_met(c: Runtime, player: int) -> list[str]:
    """Ids of the game's end conditions that `player` meets now."""
    return [cid for cid, test in c.g.end.conditions.items() if test(c, player)]


def check_end(c: Runtime) -> bool:
    """If any player meets an end condition, rank the candidates and finish; say if it did.
    A game without end conditions ends here, with every player a candidate."""
    met = {p: conditions_met(c, p) for p in c.players}
    candidates = [p for p in c.players if met[p] or not c.g.end.conditions]
    if not candidates:
        return False
    rule = c.g.end
    groups = rank_groups(candidates, lambda p: tuple(t(c, p) for t in rule.tiebreakers))
    winners = groups[0] if rule.share_ties else groups[0][:1]
    finish(c, winners, "end_condition", {str(p): met[p] for p in candidates if met[p]})
    return True
