"""A study: many games of one game between the same seats, each game a pure function of
the study's seed and its index, so that any machine (or process) plays it alike.

Game i starts from the state seed `seed + i`; the bot at seat p plays with the random
stream `"{seed + i}/{p}"`, the one `regola play GAME --seed {seed + i} --seats ...` gives
it: a game of a study is replayed at the terminal with the command its record names.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import RegolaError
from ..game import Game, GameState
from ..loading.loader import load_game
from ..present.scores import score_parts
from ..simulate import on_board, public_vars
from .seats import SeatSpec

STEP_LIMIT = 100_000
"""Decisions after which a game that has not ended is stopped and reported as "step_limit"."""


@dataclass(frozen=True)
class Study:
    """What to play: the game as load_game loads it, the seats, how many games, the seed."""

    game: str
    seats: tuple[SeatSpec, ...]
    games: int
    seed: int
    variant: str | None = None
    options: dict[str, Any] = field(default_factory=dict)
    max_decisions: int | None = None
    step_limit: int = STEP_LIMIT

    @property
    def players(self) -> int:
        """The number of seats at the table."""
        return len(self.seats)

    def load(self) -> Game:
        """The game of this study (load_game keeps it once loaded in each process)."""
        return load_game(self.game, self.variant, self.options or None)

    def portable(self) -> Study:
        """The same study with the game and variant given as absolute paths when they are
        files here (ids of built-in games stay ids): what another process or machine loads."""
        def absolute(name: str | None) -> str | None:
            """A file's absolute path; an id as it is."""
            if name is None or not Path(name).exists():
                return name
            return str(Path(name).resolve())
        return Study(absolute(self.game), self.seats, self.games, self.seed,
                     absolute(self.variant), dict(self.options), self.max_decisions,
                     self.step_limit)


def game_seed(study: Study, index: int) -> int:
    """The state seed of game `index` of a study."""
    return study.seed + index


def bot_seed(state_seed: int, seat: int) -> str:
    """The random stream of the bot at `seat` in the game started with `state_seed` (the
    stream `regola play` gives it)."""
    return f"{state_seed}/{seat}"


def play(game: Game, study: Study, index: int) -> tuple[GameState, list[int], list[float],
                                                      list[float]]:
    """Game `index` of the study: the final state, and per seat its number of decisions,
    its bot's CPU seconds choosing and its slowest choice. Seats that must decide at once
    are asked in seat order, as at the table."""
    seed = game_seed(study, index)
    state = game.new_state(players=study.players, seed=seed,
                           max_decisions=study.max_decisions)
    bots = [spec.make(bot_seed(seed, p), game, p) for p, spec in enumerate(study.seats)]
    decisions = [0] * study.players
    thinking = [0.0] * study.players
    slowest = [0.0] * study.players
    steps = 0
    while not state.is_over and steps < study.step_limit:
        for seat in state.to_move:
            if seat not in state.to_move:
                continue
            started = time.process_time()
            action = bots[seat].choose(state, seat)
            took = time.process_time() - started
            thinking[seat] += took
            slowest[seat] = max(slowest[seat], took)
            state.apply(seat, action)
            decisions[seat] += 1
            steps += 1
            if state.is_over or steps >= study.step_limit:
                break
    return state, decisions, thinking, slowest


def record(game: Game, study: Study, index: int) -> dict:
    """Play game `index` of the study; its plain-data record. A game stopped by the step
    limit or by max_decisions has no winners (reason "step_limit" or "unfinished")."""
    started = time.perf_counter()
    try:
        state, decisions, thinking, slowest = play(game, study, index)
    except RegolaError as error:
        error.add_note(f"in simulated game {index} (state seed {game_seed(study, index)})")
        raise
    seconds = time.perf_counter() - started
    definition = game.definition
    seats = definition.seats
    result = state.result or {"winners": [], "reason": "step_limit", "conditions": {}}
    variables = public_vars(game, state)
    length = definition.length_variable
    return {
        "game": index,
        "seed": game_seed(study, index),
        "players": study.players,
        "bots": [spec.label for spec in study.seats],
        "winners": list(result["winners"]),
        "winner_seats": [seats[p] for p in result["winners"]],
        "reason": result["reason"],
        "conditions": result.get("conditions", {}),
        "steps": sum(decisions),
        "length": variables.get(length) if length else None,
        "scores": [list(state.standing(p)) for p in range(study.players)],
        "parts": score_parts(definition, state.log, study.players),
        "vars": variables,
        "on_board": on_board(game, state),
        "decisions": decisions,
        "seconds": round(seconds, 6),
        "thinking": [round(t, 6) for t in thinking],
        "slowest": [round(t, 6) for t in slowest],
    }


def run_games(study: Study, indices: list[int]) -> list[dict]:
    """The records of some games of a study, in the order given (what one worker does)."""
    game = study.load()
    return [record(game, study, i) for i in indices]


TIMING_FIELDS = ("seconds", "thinking", "slowest")
"""Fields of a record that measure time: the only ones that differ between two runs."""


def without_timings(records: list[dict]) -> list[dict]:
    """Records without their timings (equal for equal studies, wherever they ran)."""
    return [{k: v for k, v in r.items() if k not in TIMING_FIELDS} for r in records]
