"""Driving `regola play` through its input: the keys a person would type, worked out beside
the engine exactly as the table shows them (the same bots, seeds and keys)."""

from __future__ import annotations

import random
from collections.abc import Callable

from typer.testing import CliRunner

from regola import load_game
from regola.bots import RandomBot
from regola.cli.app import app
from regola.cli.keys import KeyBook, keyed_as
from regola.i18n.game_words import GameWords

runner = CliRunner()
SCREEN = {"COLUMNS": "80", "LINES": "24"}
"""The smallest terminal the table is made for."""


def play(*args: str, stdin: str | None = None, env: dict | None = None):
    """`regola play ARGS` with `stdin` typed in, on an 80x24 screen."""
    return runner.invoke(app, ["play", *args], input=stdin, env={**SCREEN, **(env or {})})


Pick = Callable[[list[dict], list[str]], int]


def random_pick(seed: int) -> Pick:
    """A person who picks any shown option."""
    rng = random.Random(seed)
    return lambda actions, keys: rng.randrange(len(actions))


def keyed_game(game_id: str, players: int, seed: int, pick: Pick, person: int = 0,
               variant: str | None = None, lang: str | None = None,
               stop_after: int | None = None):
    """The keys the person at seat `person` types through a game (random bots elsewhere,
    seeded as `regola play` seeds them), and the state at the end (or after `stop_after`
    of the person's decisions)."""
    game = load_game(game_id, variant)
    state = game.new_state(players=players, seed=seed)
    bots = {p: RandomBot(f"{seed}/{p}") for p in range(players) if p != person}
    book = KeyBook(game, GameWords(game.definition, lang))
    keys_typed: list[str] = []
    while not state.is_over:
        for seat in state.to_move:
            if seat not in state.to_move:
                continue
            if seat in bots:
                state.apply(seat, bots[seat].choose(state, seat))
            else:
                if stop_after is not None and len(keys_typed) >= stop_after:
                    return keys_typed, state
                actions = state.legal_actions(seat)
                context = state.decision_context(seat)
                keys = book.keys(keyed_as(actions, context, state.observe(seat)), context["named"],
                                 context.get("option_kind", ""))
                chosen = pick(actions, keys)
                keys_typed.append(keys[chosen])
                state.apply(seat, actions[chosen])
            if state.is_over:
                break
    return keys_typed, state


def seats(players: int, person: int = 0) -> str:
    """--seats for one person and random bots."""
    return ",".join("human" if p == person else "random" for p in range(players))


def finished(game_id: str, players: int, seed: int):
    """A whole game of random choices (random.Random(seed)): the game and its last state."""
    import random

    import regola
    loaded = regola.load_game(game_id)
    state = loaded.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return loaded, state
