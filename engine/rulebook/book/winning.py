"""How a game is won: the end of the game (its conditions and tie-breakers) and the goals
(each goal's measure, who qualifies, and the tie-breakers), rendered from their expressions.

The expressions come from the game file (and its variant) as written, or from the compiled
goal rule's sources; they are parsed with the script grammar and put into words like any
other expression.
"""

from __future__ import annotations

from ...dsl.builtins import EXPRESSIONS
from ...dsl.parse import parse
from ...dsl.trees import part
from ...loading.sources import resolve_game, resolve_variant
from ...loading.variants import merge
from ...loading.yaml_source import load_yaml
from ..phrases.env import Env
from ..phrases.expressions import Phrases
from ..texts import sentence
from .markdown import bullets, numbered


def end_document(game: str, variant: str | None) -> dict:
    """The `end` section of a game file with its variant merged in (as the loader does)."""
    path = resolve_game(game)
    doc, _, _ = load_yaml(path, str(path))
    if variant:
        vdoc, _, _ = load_yaml(resolve_variant(doc["id"], variant, path.parent), variant)
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
        return part(parse(text, "end", start="expression"), "value")

    def markdown(self) -> str:
        if not self.end:
            return self.w("The game ends only as its steps say.")
        parts = []
        if self.t.has("end", "checked"):
            parts.append(self.t.name("end", "checked"))
        env = Env(phrases={"p": self.w("the player")})
        texts = list(self.end.get("conditions", {}).values())
        if not texts:                   # the game ends where its scripts check the end
            parts.append(self.w("Then the players are compared:"))
            parts.append(numbered(self.tiebreakers(self.w("each player"))))
            return "\n\n".join(parts)
        clauses = [self.p.cond(self.expression(text), env) for text in texts]
        conditions = [sentence(self.w.main(clause)) for clause in clauses]
        if not any(self.of_a_player(text) for text in texts):
            # no condition is a player's own: when one holds, every player is ranked
            if len(clauses) == 1:
                if self.t.has("end", "checked"):     # checked at the moment just named
                    parts.append(self.w("At that point, the game ends if {condition}.",
                                        condition=clauses[0]))
                else:
                    parts.append(sentence(self.w("the game ends when {conditions}",
                                                 conditions=clauses[0])))
            else:
                parts.append(self.w.plural(None, "The game ends when this holds:",
                                           "The game ends when one of these {n} holds:",
                                           len(conditions)))
                parts.append(bullets(conditions))
            parts.append(self.w("Then the players are compared:"))
            parts.append(numbered(self.tiebreakers(self.w("each player"))))
            return "\n\n".join(parts)
        own = [c for c, text in zip(conditions, texts) if self.of_a_player(text)]
        shared = [c for c, text in zip(clauses, texts) if not self.of_a_player(text)]
        parts.append(self.w.plural(None, "The game ends if at least one player meets this "
                                         "condition:",
                                   "The game ends if at least one player meets one of these "
                                   "{n} conditions:", len(own)))
        parts.append(bullets(own))
        if shared:
            # a state of the whole table (a stalemate) is no player's condition: said
            # apart, with what it means for the winner (every player is met by it); in
            # main-clause order, as the game's texts may write it (Dutch puts it after ":")
            if len(shared) == 1:
                parts.append(self.w("The game also ends if {condition}; then every player "
                                    "can win.", condition=self.w.main(shared[0])))
            else:
                parts.append(self.w("The game also ends when one of these holds, and then "
                                    "every player can win:"))
                parts.append(bullets([sentence(self.w.main(c)) for c in shared]))
            parts.append(self.w("In any other case, only a player who meets one of the "
                                "conditions above can win. Among the players who can win:"))
        else:
            parts.append(self.w("Only a player who meets one of these conditions can win; "
                                "among those players:"))
        parts.append(numbered(self.tiebreakers()))
        return "\n\n".join(parts)

    def of_a_player(self, text: str) -> bool:
        """An end condition that speaks of the player it tests (names `p`; a function sees
        only what it is given): only the players who meet it are candidates."""
        return any(node.data == "name" and str(part(node, "name")) == "p"
                   for node in self.expression(text).iter_subtrees())

    def brief(self, fixed_length: bool = False) -> str:
        """How to win, in one paragraph: when the game ends, the conditions (unless the game
        simply lasts a fixed number of rounds, `fixed_length`: the conditions then only count
        rounds) and who wins."""
        if not self.end:
            return ""
        parts = []
        if self.t.has("end", "checked"):
            parts.append(sentence(self.t.name("end", "checked")))
        conditions = self.end.get("conditions", {})
        if conditions and not fixed_length:
            env = Env(phrases={"p": self.w("a player")})
            clauses = [self.p.cond(self.expression(text), env) for text in conditions.values()]
            parts.append(sentence(self.w("the game ends when {conditions}",
                                         conditions=self.w.join(clauses, style="or"))))
            parts.append(self.w("Only a player who meets one of these conditions can win."))
            parts += [sentence(s) for s in self.tiebreakers()]
        else:
            parts += [sentence(s) for s in self.tiebreakers(self.w("each player"))]
        return " ".join(parts)

    def tiebreakers(self, who: str | None = None) -> list[str]:
        if who is not None:
            return self._ranking(who)
        env = Env(phrases={"p": self.w("each of them")})
        steps = []
        for text in self.end.get("tiebreakers", []):
            tree = self.expression(text)
            if self.p.known(tree, env)[0]:
                continue            # a constant (an option turned it off) breaks no tie
            key = self.p.expr(tree, env)
            if not steps:
                steps.append(self.w("compare {key}: the highest wins", key=key))
            else:
                steps.append(self.w("if some are still tied, compare {key} among them: "
                                    "the highest wins", key=key))
            if _never_ties(tree):
                return steps            # a standing: no tie is left after it
        share = self.end.get("share_ties", True)
        if isinstance(share, str):
            option = self.t.g.options.get(share)
            share = bool(option.value) if option else True
        if not steps:
            steps.append(self.w("if only one of them meets a condition, that player wins"))
        if share:
            steps.append(self.w("players who are still tied share the victory"))
        else:
            steps.append(self.w("of the players who are still tied, the first in seat order "
                                "wins"))
        return steps


    def _ranking(self, who: str) -> list[str]:
        """The tie-breakers when every player is ranked (no end condition picks candidates)."""
        env = Env(phrases={"p": who})
        steps = []
        for text in self.end.get("tiebreakers", []):
            tree = self.expression(text)
            if self.p.known(tree, env)[0]:
                continue
            key = self.p.expr(tree, env)
            steps.append(self.w("compare {key}: the highest wins", key=key) if not steps else
                         self.w("if players are still tied, compare {key} among them: the "
                                "highest wins", key=key))
            if _never_ties(tree):
                return steps            # a standing: no tie is left after it
        share = self.end.get("share_ties", True)
        if isinstance(share, str):
            option = self.t.g.options.get(share)
            share = bool(option.value) if option else True
        steps.append(self.w("players who are still tied share the victory") if share else
                     self.w("of the players who are still tied, the first in seat order wins"))
        return steps


class GoalsBlock:
    """Renders the outline block `goals` from the compiled goal rule's sources."""

    def __init__(self, phrases: Phrases):
        self.p = phrases
        self.t = phrases.t
        self.w = phrases.w
        self.rule = phrases.g.goals

    def expression(self, text: str):
        return part(parse(text, "goals", start="expression"), "value")

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
                                    key=self.p.expr(part(tree, "operand"), each)))
            else:
                steps.append(self.w("if players are still tied, compare {key}: the highest "
                                    "wins", key=self.p.expr(tree, each)))
        steps.append(self.w("players who are still tied all meet it best"))
        parts += [self.w("Who meets a goal best:"), numbered([sentence(s) for s in steps])]
        return "\n\n".join(parts)


def _never_ties(tree) -> bool:
    """The tie-breaker is a call of a built-in whose values differ for every player."""
    if tree.data != "call":
        return False
    builtin = EXPRESSIONS.get(str(part(tree, "name")))
    return builtin is not None and builtin.never_ties
