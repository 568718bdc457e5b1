"""Built-ins for goals (interpreter/goals.py): a player's measure and the goal's winners."""

from __future__ import annotations

from ...interpreter import goals
from ..trees import part
from ..types import NUMBER, PLAYER, TEXT, list_of, sig
from .registry import Builtin


def check_goal_arg(compiler, node) -> None:
    """At load time: a goal named in quotes must be declared in the game file."""
    name = str(part(node, "name"))
    if not compiler.g.goals_declared:
        compiler.fail(node, f"{name} needs a 'goals' section in the game file")
    arguments = part(part(node, "args"), "arguments") if part(node, "args") is not None else []
    first = arguments[0] if arguments else None
    if first is not None and first.data == "pos_arg" and part(first, "value").data == "string":
        goal = str(part(part(first, "value"), "token"))[1:-1]
        if goal not in compiler.g.goals_declared:
            compiler.fail(first, f"{name}: {goal!r} is not a goal; goals: "
                                 + ", ".join(sorted(compiler.g.goals_declared)))



# -- how the rulebook reads each call: phrase(reader, args, kwargs, env), where reader is
# the rulebook's reader of expressions (or of statements) in one language --------------
def phrase_goal_value(reader, args, kwargs, env) -> str:
    return reader.w("how well {player} meets {goal}", player=reader.expr(args[1], env),
                  goal=reader.expr(args[0], env))


def phrase_goal_winners(reader, args, kwargs, env) -> str:
    return reader.w("the players who best meet {goal} after the tie-breakers",
                  goal=reader.expr(args[0], env))


EXPRESSIONS: dict[str, Builtin] = {
    "goal_value": Builtin(goals.value, 2, 2, doc="how well a player meets a goal",
                          check=check_goal_arg, sig=sig(TEXT, PLAYER, returns=NUMBER),
                          phrase=phrase_goal_value),
    "goal_winners": Builtin(goals.winners, 1, 1, doc="the qualifying players who best meet a "
                                                     "goal after its tie-breakers (several if "
                                                     "still tied, none if nobody qualifies)",
                            check=check_goal_arg, sig=sig(TEXT, returns=list_of(PLAYER)),
                            phrase=phrase_goal_winners),
}
