"""The goals of a game in words: each goal's measure, who qualifies, and the tie-breakers."""

from __future__ import annotations

from ..dsl.parse import parse
from .env import Env
from .expressions import Phrases
from .markdown import bullets, numbered
from .texts import sentence


class GoalsBlock:
    """Renders the outline block `goals` from the compiled goal rule's sources."""

    def __init__(self, phrases: Phrases):
        self.p = phrases
        self.t = phrases.t
        self.w = phrases.w
        self.rule = phrases.g.goals

    def expression(self, text: str):
        return parse(text, "goals", start="expression").children[0]

    def markdown(self) -> str:
        if self.rule is None:
            return ""
        env = Env(phrases={"p": self.w("the player"), "v": self.w("their measure")})
        items = [self.w("{goal}: {measure}", goal=self.t.value(gid),
                        measure=self.p.expr(self.expression(text), env))
                 for gid, text in self.rule.sources.items()]
        parts = [self.w("Each goal measures something in every player's game; the player with "
                        "the highest measure meets it best. The goals:"), bullets(items)]
        steps = []
        if self.rule.qualifies_source:
            steps.append(self.w("only a player for whom {condition} can win it",
                                condition=self.p.cond(self.expression(
                                    self.rule.qualifies_source), env)))
        steps.append(self.w("the highest measure wins"))
        each = Env(phrases={"p": self.w("each tied player")})
        for text in self.rule.tiebreaker_sources:
            tree = self.expression(text)
            if tree.data == "neg":
                steps.append(self.w("if players are still tied, compare {key}: the lowest wins",
                                    key=self.p.expr(tree.children[0], each)))
            else:
                steps.append(self.w("if players are still tied, compare {key}: the highest "
                                    "wins", key=self.p.expr(tree, each)))
        steps.append(self.w("players who are still tied all meet it best"))
        parts += [self.w("Who meets a goal best:"), numbered([sentence(s) for s in steps])]
        return "\n\n".join(parts)
