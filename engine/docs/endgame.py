"""The end of the game: its conditions and tie-breakers, rendered from their expressions.

The expressions come from the game file (and its variant) as written; they are parsed
with the script grammar and put into words like any other expression.
"""

from __future__ import annotations

from ..dsl.parse import parse
from ..loading.sources import resolve_game, resolve_variant
from ..loading.variants import merge
from ..loading.yaml_source import load_yaml
from .env import Env
from .expressions import Phrases
from .markdown import bullets, numbered
from .texts import sentence


def end_document(game: str, variant: str | None) -> dict:
    """The `end` section of a game file with its variant merged in (as the loader does)."""
    path = resolve_game(game)
    doc, _, _ = load_yaml(path, str(path))
    if variant:
        vdoc, _, _ = load_yaml(resolve_variant(doc["id"], variant), variant)
        doc = merge(doc, {k: v for k, v in vdoc.items() if k == "end"})
    return doc.get("end") or {}


class Ending:
    """Renders the end of the game."""

    def __init__(self, phrases: Phrases, end: dict):
        self.p = phrases
        self.t = phrases.t
        self.w = phrases.w
        self.end = end

    def expression(self, text: str):
        return parse(text, "end", start="expression").children[0]

    def markdown(self) -> str:
        if not self.end:
            return self.w("The game ends only as its steps say.")
        parts = []
        if self.t.has("end", "checked"):
            parts.append(self.t.name("end", "checked"))
        env = Env(phrases={"p": self.w("the player")})
        conditions = [sentence(self.p.cond(self.expression(text), env))
                      for text in self.end.get("conditions", {}).values()]
        parts.append(self.w.plural(None, "The game ends if at least one player meets this "
                                         "condition:",
                                   "The game ends if at least one player meets one of these "
                                   "{n} conditions:", len(conditions)))
        parts.append(bullets(conditions))
        parts.append(self.w("Every player who meets a condition is a candidate. The winner is "
                            "found among the candidates:"))
        parts.append(numbered(self.tiebreakers()))
        return "\n\n".join(parts)

    def tiebreakers(self) -> list[str]:
        env = Env(phrases={"p": self.w("each candidate")})
        steps = []
        for text in self.end.get("tiebreakers", []):
            tree = self.expression(text)
            if self.p.known(tree, env)[0]:
                continue            # a constant (an option turned it off) breaks no tie
            key = self.p.expr(tree, env)
            if not steps:
                steps.append(self.w("compare {key}: the highest wins", key=key))
            else:
                steps.append(self.w("if candidates are still tied, compare {key} among them: "
                                    "the highest wins", key=key))
        share = self.end.get("share_ties", True)
        if isinstance(share, str):
            option = self.t.g.options.get(share)
            share = bool(option.value) if option else True
        if not steps:
            steps.append(self.w("a single candidate wins"))
        if share:
            steps.append(self.w("candidates who are still tied share the victory"))
        else:
            steps.append(self.w("of the candidates who are still tied, the first in seat "
                                "order wins"))
        return steps
