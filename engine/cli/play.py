"""`regola play`: a game between humans at this terminal and bots.

A human seat is shown only state.observe(seat) and its numbered legal actions; several seats
may have to decide at once (secret simultaneous choices): each human is asked in turn and
the bots choose for their seats.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console

from ..bots import BOTS
from ..game import Game, GameState
from .render import event_text, result_lines, seat_name, secret_kinds
from .view import action_keys, show_actions, show_view

HUMAN = "human"
SEAT_KINDS = [HUMAN, *BOTS]


class SeatsError(ValueError):
    """--players and --seats do not make a valid table."""


class Abandoned(Exception):
    """The human stopped the game (end of input or Ctrl-C)."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


def parse_seats(spec: str | None, players: int | None, game: Game) -> tuple[int, list[str]]:
    """The player count and the kind of every seat (default: seat 0 human, others random)."""
    if spec is None:
        n = players or game.definition.max_players
        return n, [HUMAN] + ["random"] * (n - 1)
    kinds = [k.strip().lower() for k in spec.split(",")]
    for kind in kinds:
        if kind not in SEAT_KINDS:
            raise SeatsError(f"unknown seat kind {kind!r} in --seats; "
                             f"use {', '.join(SEAT_KINDS)}")
    if players is not None and players != len(kinds):
        raise SeatsError(f"--seats names {len(kinds)} seats but --players is {players}")
    return len(kinds), kinds


def read_action(console: Console, actions: list[dict], ask: Callable[[str], str]) -> dict:
    """Ask until the answer is a listed key or an action id (keys are tried first)."""
    keys = action_keys(actions)
    span = f"{keys[0]}-{keys[-1]}"
    while True:
        answer = ask(f"action ({span} or its id): ").strip()
        if answer in keys:
            return actions[keys.index(answer)]
        for action in actions:
            if action["id"] == answer:
                return action
        console.print(f"not an action: {answer!r}; enter one of {span} "
                      "or one of the ids shown", style="red", markup=False, highlight=False)


class Table:
    """The seats of one game: who is human, the bots, and what each human has seen."""

    def __init__(self, game: Game, kinds: list[str], seed: int):
        self.game = game
        self.kinds = kinds
        self.bots = {p: BOTS[k](f"{seed}/{p}") for p, k in enumerate(kinds) if k != HUMAN}
        self.seen = {p: 0 for p, k in enumerate(kinds) if k == HUMAN}

    def decide(self, state: GameState, seat: int, console: Console,
               ask: Callable[[str], str]) -> dict:
        """The action of `seat`: from its bot, or asked of the human at the terminal."""
        if seat in self.bots:
            return self.bots[seat].choose(state, seat)
        seats = self.game.definition.seats
        view = state.observe(seat)
        console.rule(f"{seat_name(seats, seat)} to decide", style="bold")
        show_view(console, self.game, view, self.seen[seat])
        self.seen[seat] = len(view["log"])
        actions = state.legal_actions(seat)
        show_actions(console, seats, seat, actions)
        return read_action(console, actions, ask)


def run_game(console: Console, game: Game, players: int, kinds: list[str], seed: int,
             show_log: bool = True, ask: Callable[[str], str] | None = None) -> GameState:
    """Play to the end; Abandoned if a human stops. Prints the log and the result."""
    ask = ask or console.input
    state = game.new_state(players=players, seed=seed)
    table = Table(game, kinds, seed)
    seats = game.definition.seats
    hidden = secret_kinds(game.definition)
    console.print(f"{game.definition.name}: {players} players, seed {seed}; " +
                  ", ".join(f"{seats[p]} {k}" for p, k in enumerate(kinds)),
                  markup=False, highlight=False)
    try:
        while not state.is_over:
            for seat in state.to_move:
                if seat in state.to_move:
                    state.apply(seat, table.decide(state, seat, console, ask))
                if state.is_over:
                    break
    except EOFError:
        raise Abandoned("input ended: game abandoned", 1) from None
    except KeyboardInterrupt:
        raise Abandoned("interrupted: game abandoned", 130) from None
    if table.seen:
        for seat, start in table.seen.items():
            log = state.observe(seat)["log"][start:]
            console.rule(f"since {seats[seat]}'s last decision", style="dim")
            for event in log:
                console.print("  " + event_text(event, seats, hidden), markup=False,
                              highlight=False)
    elif show_log:
        for event in state.observe(None)["log"]:
            console.print(event_text(event, seats, hidden), markup=False, highlight=False)
    console.rule("result", style="bold")
    for line in result_lines(state.result, seats):
        console.print(line, markup=False, highlight=False)
    return state
