"""regola games as PettingZoo AEC environments (`pip install 'regola[pettingzoo]'`).

    from regola.adapters.pettingzoo import env
    e = env("<game>", players=3, some_option=False)     # any game id or path
    e.reset(seed=1)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        mask = obs["action_mask"]
        e.step(None if terminated or truncated else int(np.flatnonzero(mask)[0]))

Agents are `player_0` ... `player_{n-1}` (regola's seats 0..n-1). Observations are
`{"observation": vector, "action_mask": mask}`: the vector is observe(seat) laid out by
observation.py (a fixed size for the game and player count), the mask marks the legal
actions of the game-wide action index (actions.py) when it is the agent's turn. When
several seats choose at once (secret choices), the lowest one is asked first, then the
next: the choices are secret, so nobody learns another's choice by waiting. Rewards come at
the end: winners share +1, the others -1, a draw gives 0 (the game terminates); a game
stopped by `max_decisions` truncates with 0 for everyone. `reset(seed=N)` starts the game
from regola's seed N (without one, an unguessable seed). An illegal action ends the game
for everyone with -1 for the agent that sent it, and an action outside the action space
fails an assertion: what PettingZoo's TerminateIllegalWrapper and AssertOutOfBoundsWrapper
do in its classic environments, done by the environment itself (each wrapper costs an
attribute lookup chain on every access); only OrderEnforcingWrapper is kept. Each seat's
vector is kept up from step to step (incremental.py): only the parts of the state that
changed are encoded again.
"""

from __future__ import annotations

import difflib
import json
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers
from pettingzoo.utils.env_logger import EnvLogger

from ..errors import InvalidArgument, InvalidOption, Problem, brief
from ..game import UNFINISHED, GameState
from .common import MAX_DECISIONS, Table, deciding_seat, returns
from .incremental import VectorKeeper

ENV_KEYWORDS = ("players", "variant", "options", "max_decisions", "render_mode")


def env(game: str, **options: Any) -> AECEnv:
    """The wrapped AEC environment of a game (an id or a path). Keywords: players, variant,
    options (a dict of option values), max_decisions, render_mode ("ansi" or None); any
    other keyword is an option value of the game (InvalidOption if the game has no such
    option or it does not fit)."""
    settings = {k: options.pop(k) for k in ENV_KEYWORDS if k in options}
    given = settings.pop("options", None) or {}
    if not isinstance(given, dict):
        raise InvalidArgument(f"env(options=...) takes a dict of option values, such as "
                              f"{{'shared_victory': False}} (or give them as keywords), "
                              f"not {brief(given)}")
    game_options = {**given, **options}
    try:
        raw = RegolaEnv(game, options=game_options, **settings)
    except InvalidOption as error:             # a misspelt keyword of env() itself?
        close = {f"options.{k}": difflib.get_close_matches(k, ENV_KEYWORDS, n=1)
                 for k in options}
        raise InvalidOption([Problem(p.location, f"{p.message}; did you mean env()'s "
                                                 f"keyword {close[p.location.path][0]!r}?")
                             if close.get(p.location.path) else p
                             for p in error.problems]) from None
    return OrderEnforced(raw)


class OrderEnforced(wrappers.OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper whose last(), agents and agent_selection ask the
    environment at once: the same answers, without a lookup through the wrapper for each
    attribute (the wrapper's __getattr__, then BaseWrapper's: eight per step of agent_iter).
    """

    @property
    def agents(self) -> list[str]:
        """The environment's agents (AttributeError before reset, as the wrapper says)."""
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents

    @property
    def agent_selection(self) -> str:
        """The environment's agent to act (AttributeError before reset)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection

    def last(self, observe: bool = True) -> tuple:
        """The environment's last() (AttributeError before reset, as the wrapper says)."""
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.last(observe)

    def __str__(self) -> str:
        return str(self.env)


class RegolaEnv(AECEnv):
    """One regola game as an agent-environment-cycle environment."""

    metadata = {"render_modes": ["ansi"], "name": "regola", "is_parallelizable": False}

    def __init__(self, game: str, players: int | None = None, variant: str | None = None,
                 options: dict[str, Any] | None = None, max_decisions: int = MAX_DECISIONS,
                 render_mode: str | None = None):
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode {render_mode!r} is not offered: regola renders "
                             f"only as text ('ansi'), or not at all (None)")
        self.table = Table.get(game, players, variant, options, max_decisions)
        self.metadata = {**self.metadata, "name": f"regola_{self.table.game.id}"}
        self.render_mode = render_mode
        self.possible_agents = [f"player_{i}" for i in range(self.table.players)]
        self._seat_of = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        self._asked: tuple | None = None    # (seat, its legal action ids): the decision now
        self.agents = self.possible_agents[:]
        size = len(self.table.actions)
        obs = spaces.Box(low=-np.inf, high=np.inf, shape=(self.table.layout.size(False),),
                         dtype=np.float32)
        mask = spaces.Box(low=0, high=1, shape=(size,), dtype=np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": obs, "action_mask": mask})
                                   for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.state_: GameState | None = None
        self._keeper = VectorKeeper(self.table.encoder)   # each seat's vector, kept up

    def observation_space(self, agent: str) -> spaces.Space:
        """The agent's observation space (the same for every agent)."""
        return self.observation_spaces[self._agent(agent)]

    def action_space(self, agent: str) -> spaces.Space:
        """The game-wide action index as a Discrete space."""
        return self.action_spaces[self._agent(agent)]

    def _agent(self, agent: str) -> str:
        """`agent`, if it is one of this game's (InvalidArgument naming them if not)."""
        if agent not in self._seat_of:
            raise InvalidArgument(f"no agent {brief(agent)}: the agents are "
                                  f"{', '.join(self.possible_agents)}")
        return agent

    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game from regola's seed `seed` (None: an unguessable one)."""
        self.state_ = self.table.start(seed) if seed is not None else \
            self.table.game.new_state(players=self.table.players,
                                      max_decisions=self.table.max_decisions)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._select()

    def _select(self) -> None:
        state = self.state_
        seat = deciding_seat(state)
        self._asked = None
        if seat is not None and state.chance_bound is None:
            decision = state.decision(seat)
            if decision is not None:
                self._asked = (seat, self._keeper.action_ids(decision["options"]))
        if seat is not None:
            self.agent_selection = self.possible_agents[seat]
        elif self.agents and getattr(self, "agent_selection", None) not in self.agents:
            self.agent_selection = self.agents[0]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        """What the agent's seat sees, and the mask of its legal actions now."""
        seat = self._seat_of[self._agent(agent)]
        vector = self._keeper.observation(self.state_, seat).copy()
        mask = np.zeros(len(self.table.actions), np.int8)
        asked = self._asked
        if asked is not None and asked[0] == seat:
            mask[asked[1]] = 1
        return {"observation": vector, "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Take the selected agent's action (None once it is terminated or truncated); an
        illegal one ends the game with -1 for the agent (AssertionError if the action is
        not in the action space)."""
        agent = self.agent_selection
        dead = self.terminations[agent] or self.truncations[agent]
        assert (action is None and dead) or (
            type(action) is int and 0 <= action < len(self.table.actions)
            or self.action_spaces[agent].contains(action)), "action is not in action space"
        if dead:
            self._was_dead_step(action)
            return
        seat = self._seat_of[agent]
        asked = self._asked
        if asked is None or asked[0] != seat or int(action) not in asked[1]:
            self._illegal(agent)
            return
        self.state_.apply(seat, self.table.actions.value_of(int(action)))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.state_.is_over:
            unfinished = self.state_.result.get("reason") == UNFINISHED   # max_decisions
            for a, value in zip(self.possible_agents, returns(self.state_, len(self.agents))):
                self.rewards[a] = value
                self.terminations[a] = not unfinished
                self.truncations[a] = unfinished
        self._accumulate_rewards()
        self._select()
        if self.render_mode == "ansi":
            self.render()

    def _illegal(self, agent: str) -> None:
        """End the game for everyone: -1 for `agent`, 0 for the others (as PettingZoo's
        TerminateIllegalWrapper does)."""
        EnvLogger.warn_on_illegal_move()
        self._cumulative_rewards[agent] = 0
        self.terminations = dict.fromkeys(self.agents, True)
        self.truncations = dict.fromkeys(self.agents, True)
        self.rewards = dict.fromkeys(self.truncations, 0)
        self.rewards[agent] = -1.0
        self._accumulate_rewards()
        self._deads_step_first()

    def render(self) -> str | None:
        """The public view of the game as JSON text (render_mode "ansi")."""
        if self.render_mode != "ansi" or self.state_ is None:
            return None
        view = self.state_.observe(None, log=False)
        return json.dumps(view, sort_keys=True)

    def close(self) -> None:
        """Nothing to release."""
