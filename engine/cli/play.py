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
from ..i18n.catalog import Words
from ..i18n.game_words import GameWords
from .grid_view import token_labels
from .render import event_text, result_lines, seat_kind
from .view import action_keys, show_actions, show_view, token_text

HUMAN = "human"
SEAT_KINDS = [HUMAN, *BOTS]


class SeatsError(ValueError):
    """--players and --seats do not make a valid table."""


class Abandoned(Exception):
    """The human stopped the game (end of input or Ctrl-C)."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


def parse_seats(spec: str | None, players: int | None, game: Game,
                w: Words | None = None) -> tuple[int, list[str]]:
    """The player count and the kind of every seat (default: seat 0 human, others random)."""
    w = w or Words()
    if spec is None:
        n = game.definition.max_players if players is None else players
        return n, [HUMAN] + ["random"] * (n - 1)
    kinds = [k.strip().lower() for k in spec.split(",")]
    for kind in kinds:
        if kind not in SEAT_KINDS:
            raise SeatsError(w("unknown seat kind {kind} in --seats; use {kinds}",
                               kind=repr(kind), kinds=", ".join(SEAT_KINDS)))
    if players is not None and players != len(kinds):
        raise SeatsError(w.plural(None, "--seats names {n} seat but --players is {players}",
                                  "--seats names {n} seats but --players is {players}",
                                  len(kinds), players=players))
    return len(kinds), kinds


def read_action(console: Console, actions: list[dict], ask: Callable[[str], str],
                gw: GameWords | None = None) -> dict:
    """Ask until the answer is a listed key, an action id or an action's name (keys are
    tried first)."""
    w = gw.w if gw is not None else Words()
    keys = action_keys(actions)
    span = f"{keys[0]}-{keys[-1]}"
    while True:
        answer = ask(w("action ({keys} or its id)", keys=span) + ": ").strip()
        if answer in keys:
            return actions[keys.index(answer)]
        for action in actions:
            if action["id"] == answer:
                return action
        if gw is not None:
            for action in actions:
                if gw.value(action["value"]).lower() == answer.lower():
                    return action
        console.print(w("not an action: {answer}; enter one of {keys} or one of the ids shown",
                        answer=repr(answer), keys=span),
                      style="red", markup=False, highlight=False)


class Table:
    """The seats of one game: who is human, the bots, and what each human has seen."""

    def __init__(self, game: Game, kinds: list[str], seed: int, gw: GameWords | None = None):
        self.game = game
        self.kinds = kinds
        self.gw = gw or GameWords(game.definition)
        self.bots = {p: BOTS[k](f"{seed}/{p}") for p, k in enumerate(kinds) if k != HUMAN}
        self.seen = {p: 0 for p, k in enumerate(kinds) if k == HUMAN}

    def decide(self, state: GameState, seat: int, console: Console,
               ask: Callable[[str], str]) -> dict:
        """The action of `seat`: from its bot, or asked of the human at the terminal."""
        if seat in self.bots:
            return self.bots[seat].choose(state, seat)
        gw = self.gw
        view = state.observe(seat)
        console.rule(gw.w("{seat} to decide", seat=gw.seat(seat)), style="bold")
        show_view(console, self.game, view, self.seen[seat], gw)
        self.seen[seat] = len(view["log"])
        actions = state.legal_actions(seat)
        show_actions(console, gw, seat, actions, token_labels(self.game, gw, view, token_text))
        return read_action(console, actions, ask, gw)


def run_game(console: Console, game: Game, players: int, kinds: list[str], seed: int,
             show_log: bool = True, ask: Callable[[str], str] | None = None,
             w: Words | None = None, replay: str | None = None) -> GameState:
    """Play to the end; Abandoned if a human stops. Prints the log and the result, then the
    seed and the `replay` command: the seed tells every hidden order, so no seat sees it
    before the game is over."""
    ask = ask or console.input
    gw = GameWords(game.definition, w)
    w = gw.w
    state = game.new_state(players=players, seed=seed)
    table = Table(game, kinds, seed, gw)
    seats = ", ".join(w("{seat} ({kind})", seat=gw.seat(p), kind=seat_kind(gw, k))
                      for p, k in enumerate(kinds))
    console.print(w.plural(None, "{game}: {n} player; {seats}", "{game}: {n} players; {seats}",
                           players, game=gw.game_name(), seats=seats),
                  markup=False, highlight=False)
    try:
        while not state.is_over:
            for seat in state.to_move:
                if seat in state.to_move:
                    state.apply(seat, table.decide(state, seat, console, ask))
                if state.is_over:
                    break
    except EOFError:
        raise Abandoned(w("input ended: game abandoned"), 1) from None
    except KeyboardInterrupt:
        raise Abandoned(w("interrupted: game abandoned"), 130) from None
    if table.seen:
        for seat, start in table.seen.items():
            view = state.observe(seat)
            tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
            console.rule(w("since {seat}'s last decision", seat=gw.seat(seat)), style="dim")
            for event in view["log"][start:]:
                console.print("  " + event_text(event, gw, tokens), markup=False,
                              highlight=False)
    elif show_log:
        view = state.observe(None)
        tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
        for event in view["log"]:
            console.print(event_text(event, gw, tokens), markup=False, highlight=False)
    console.rule(w("result"), style="bold")
    for line in result_lines(state.result, gw):
        console.print(line, markup=False, highlight=False)
    console.print(w("seed: {seed}", seed=seed), markup=False, highlight=False)
    if replay:
        console.print(w("to replay this game: {command}", command=replay), markup=False,
                      highlight=False)
    return state
