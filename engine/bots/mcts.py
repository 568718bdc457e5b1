"""The mcts bot: information-set Monte Carlo tree search (single observer, as in Cowling,
Powley and Whitehouse 2012; TAG and OpenSpiel have the same).

Each iteration samples a full state consistent with the seat's observation (its hidden
parts drawn anew: GameState.sample), walks down one tree shared by all samples (a node's
children are keyed by who acts and the action's id; UCB1 counts how often a child was
available, since a sample may not allow every action), adds one node, then plays random
actions until the rollout's horizon: the game's end, a change of the evaluation's
`horizon` variable (a new year or round), or ROLLOUT_LIMIT decisions. The position there is
scored for every seat (a finished game: its win shares; otherwise a logistic of each
seat's evaluation lead) and each node on the path learns the reward of the seat that
acted into it. The action tried most often at the root is played.

`mcts:200` runs 200 iterations per decision; `mcts:1s` (or `mcts:0.5s`) as many as fit in
that time.
"""

from __future__ import annotations

import math
import time
from typing import TYPE_CHECKING, Any

from babel.numbers import format_decimal

from ..errors import InvalidArgument, RegolaError, w
from .base import Bot, SeatView
from .scoring import rewards

if TYPE_CHECKING:
    from ..i18n.catalog import Words

ITERATIONS = 200
"""Iterations per decision when the seat spec gives none (`mcts`)."""
ROLLOUT_LIMIT = 200
"""Random decisions after which a rollout stops even before its horizon."""
EXPLORE = 0.7
"""The UCB1 exploration constant (rewards are in [0, 1])."""


class Node:
    """A tree node: the seat that acted into it, its visits, availability and rewards."""

    __slots__ = ("mover", "visits", "avail", "total", "children")

    def __init__(self, mover: int | None):
        self.mover = mover
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.children: dict[tuple[int, str], Node] = {}


def parse_budget(arg: str | None) -> tuple[int | None, float | None]:
    """(iterations, seconds) from a seat spec's argument: "200" or "1s" / "0.5s"."""
    if arg is None or arg == "":
        return ITERATIONS, None
    if arg.endswith("s"):
        try:
            seconds = float(arg[:-1])
        except ValueError:
            seconds = -1.0
        if seconds > 0 and math.isfinite(seconds):
            return None, seconds
    elif arg.isdigit() and int(arg) >= 1:
        return int(arg), None
    raise InvalidArgument.text(w("mcts takes a number of iterations (mcts:200) or a time per "
                                 "decision (mcts:1s), not {arg}"), arg=repr(arg))


class MctsBot(Bot):
    """Information-set MCTS with random rollouts to a horizon (see the module)."""

    name = "mcts"

    def __init__(self, seed: Any = None, arg: str | None = None):
        super().__init__(seed, arg)
        self.iterations, self.seconds = parse_budget(arg)
        self.last_iterations = 0
        """How many iterations the last decision ran."""

    def describe(self, words: Words) -> str:
        """"MCTS bot" with its budget: iterations, or seconds a decision."""
        if self.seconds is not None:
            return words.ctx("seat kind", "MCTS bot ({seconds} s a decision)",
                             seconds=format_decimal(self.seconds, locale=words.lang))
        return words.plural("seat kind", "MCTS bot ({n} iteration)",
                            "MCTS bot ({n} iterations)", self.iterations)

    def decide(self, view: SeatView) -> dict:
        """The root action visited most over the search."""
        actions = view.actions()
        if len(actions) == 1:
            return actions[0]
        rule = view.game.definition.evaluation
        horizon = rule.horizon if rule is not None else None
        scale = rule.scale if rule is not None else 10.0
        public = view.observation["vars"]
        if horizon not in public:
            horizon = None            # a horizon the seat cannot see: play to the limit
        mark = public.get(horizon) if horizon else None
        root = Node(None)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            if deadline is None:
                if done >= self.iterations:
                    break
            elif done > 0 and time.perf_counter() >= deadline:
                break
            self.iterate(view, root, horizon, mark, scale)
            done += 1
        self.last_iterations = done
        by_id = {a["id"]: a for a in actions}
        ranked = sorted(((child.visits, child.total, key[1]) for key, child
                         in root.children.items() if key[0] == view.seat and key[1] in by_id),
                        reverse=True)
        if not ranked:
            return actions[self.rng.randrange(len(actions))]
        return by_id[ranked[0][2]]

    def iterate(self, view: SeatView, root: Node, horizon: str | None, mark: Any,
                scale: float) -> None:
        """One iteration: sample, select, expand, roll out, back up."""
        rng = self.rng
        world = view.sample(rng)
        node, path = root, [root]
        first = True
        while not world.is_over and not _passed(world, horizon, mark):
            mover = view.seat if first else world.to_move[0]
            first = False
            legal = world.legal_actions(mover)
            children = node.children
            untried = []
            for action in legal:
                child = children.get((mover, action["id"]))
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = untried[rng.randrange(len(untried))]
                if not _play(world, mover, action):
                    break
                child = children[(mover, action["id"])] = Node(mover)
                child.avail += 1
                path.append(child)
                break
            action = _select(children, mover, legal)
            if not _play(world, mover, action):
                break
            node = children[(mover, action["id"])]
            path.append(node)
        for _ in range(ROLLOUT_LIMIT):
            if world.is_over or _passed(world, horizon, mark):
                break
            mover = world.to_move[0]
            legal = world.legal_actions(mover)
            start = rng.randrange(len(legal))
            if not any(_play(world, mover, legal[(start + k) % len(legal)])
                       for k in range(len(legal))):
                break     # nothing fits this sample: score it where it stopped
        reward = rewards(world, scale)
        root.visits += 1
        for visited in path[1:]:
            visited.visits += 1
            visited.total += reward[visited.mover]


def _play(world: Any, mover: int, action: dict) -> bool:
    """Play an action on a sample; False (the sample unchanged) if it does not fit it."""
    try:
        world.apply(mover, action)
    except RegolaError:
        return False
    return True


def _passed(world: Any, horizon: str | None, mark: Any) -> bool:
    """Whether the rollout's horizon variable has moved on."""
    return horizon is not None and world.variable(horizon) != mark


def _select(children: dict, mover: int, legal: list[dict]) -> dict:
    """UCB1 over the children available now (availability counts replace parent visits)."""
    best, top = legal[0], float("-inf")
    for action in legal:
        child = children[(mover, action["id"])]
        score = child.total / child.visits + EXPLORE * math.sqrt(
            math.log(child.avail) / child.visits) if child.visits else float("inf")
        if score > top:
            best, top = action, score
    return best
