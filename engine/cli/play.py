"""`regola play`: a game between people at this terminal and bots.

A person's seat is shown only state.observe(seat) (session.py, screen.py); several seats
may have to decide at once (secret simultaneous choices): each person is asked in turn and
the bots choose for their seats. An all-bot game prints its story (or with --log every
event of its public log) and the score table.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from rich.text import Text

from ..bots import BOTS, make_bot
from ..errors import InvalidArgument
from ..game import Game, GameState
from ..i18n.catalog import Words
from ..i18n.game_words import GameWords
from ..present.events import event_text, seat_kind
from ..present.labels import seat_label
from ..present.scores import whole_log
from ..present.story import ended_log, entry_text, story
from .saves import Saved
from .scores_view import end_renderables
from .session import HUMAN, Abandoned, Session

SEAT_KINDS = [HUMAN, *BOTS]
__all__ = ["SEAT_KINDS", "Abandoned", "SeatsError", "parse_seats", "run_game"]


class SeatsError(ValueError):
    """--players and --seats do not make a valid table."""


def parse_seats(spec: str | None, players: int | None, game: Game,
                w: Words | None = None) -> tuple[int, list[str]]:
    """The player count and the kind of every seat (default: seat 0 human, others random)."""
    w = w or Words()
    if spec is None:
        n = game.definition.max_players if players is None else players
        return n, [HUMAN] + ["random"] * (n - 1)
    kinds = [k.strip().lower() for k in spec.split(",")]
    for kind in kinds:
        if kind.partition(":")[0] not in SEAT_KINDS:
            raise SeatsError(w("unknown seat kind {kind} in --seats; use {kinds}",
                               kind=repr(kind), kinds=", ".join(SEAT_KINDS)))
        if kind != HUMAN:
            try:
                make_bot(kind)
            except InvalidArgument as err:
                raise SeatsError(err.translated(w)) from None
    if players is not None and players != len(kinds):
        raise SeatsError(w.plural(None, "--seats names {n} seat but --players is {players}",
                                  "--seats names {n} seats but --players is {players}",
                                  len(kinds), players=players))
    return len(kinds), kinds


def run_game(console: Console, game: Game, players: int, kinds: list[str], seed: int,
             show_log: bool = False, ask: Callable[[str], str] | None = None,
             w: Words | None = None, replay: str | None = None,
             state: GameState | None = None, saved: Saved | None = None,
             saved_as: tuple[str, str | None] | None = None) -> GameState:
    """Play to the end; Abandoned if a person stops. Prints the story (every event with
    `show_log`) and the score table, then the
    seed and the `replay` command: the seed tells every hidden order, so no seat sees it
    before the game is over. `state` and `saved` resume a saved game."""
    ask = ask or console.input
    gw = GameWords(game.definition, w)
    w = gw.w
    if state is None:
        state = game.new_state(players=players, seed=seed)
    session = Session(console, game, kinds, seed, gw, ask, state, saved_as)
    if saved is not None:
        session.restore_bots(saved.bots)
        log_size = len(state.observe(None)["log"])
        session.seen.update({p: min(n, log_size) for p, n in saved.seen.items()
                             if p in session.seen})
        for p, book in (saved.keys or {}).items():
            if p in session.keys:
                session.keys[p].restore(book)
    seats = ", ".join(w("{seat} ({number}, {kind})", seat=gw.seat(p), number=p + 1,
                        kind=seat_kind(gw, k)) for p, k in enumerate(kinds))
    console.print(w.plural(None, "{game}: {n} player; {seats}", "{game}: {n} players; {seats}",
                           players, game=gw.game_name(), seats=seats),
                  markup=False, highlight=False)
    try:
        state = session.play()
    except EOFError:
        raise Abandoned(w("input ended: game abandoned"), 1) from None
    except KeyboardInterrupt:
        raise Abandoned(w("interrupted: game abandoned"), 130) from None
    if session.seen:
        for seat, start in session.seen.items():
            view = state.observe(seat)
            console.rule(w("since {seat}'s last decision", seat=seat_label(gw, seat)),
                         style="dim")
            for line in session.screen.log_lines(view, start):
                console.print(Text("  ").append_text(line), markup=False, highlight=False)
    else:
        view = state.observe(None)
        tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
        if show_log:
            for event in view["log"]:
                console.print(event_text(event, gw, tokens), markup=False, highlight=False)
        else:
            for entry in story(ended_log(view), choices=False):
                console.print(entry_text(entry, gw, tokens), markup=False, highlight=False)
    console.rule(w("result"), style="bold")
    for renderable in end_renderables(game, gw, state.result, whole_log(state)):
        console.print(renderable, markup=False, highlight=False)
    console.print(w("seed: {seed}", seed=seed), markup=False, highlight=False)
    if replay:
        console.print(w("to replay this game:"), markup=False, highlight=False)
        # (one line however narrow the screen: the terminal wraps it, so a copy pastes whole)
        console.print(replay, markup=False, highlight=False, soft_wrap=True)
    return state
