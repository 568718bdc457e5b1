"""regola from Python: load a game, play it, look at it as one seat, save and load it.

Run it from anywhere: `python examples/play_from_python.py [GAME]` (default: doge).
"""

from __future__ import annotations

import random
import sys

import regola


def main(name: str = "doge") -> None:
    """Play one seeded game of random choices and show each part of the API once."""
    # Load: a built-in id or the path of a game folder; a variant and option values are
    # optional (a wrong option name or value is an InvalidOption that names it).
    game = regola.load_game(name)
    if "shared_victory" in game.definition.options:
        game = regola.load_game(name, options={"shared_victory": False})
    print(f"game: {game.id}, players {game.player_counts}, loaded as {game.source}")

    # Start: the number of players and the seed (whoever knows the seed knows the deck).
    state = game.new_state(players=game.player_counts[0], seed=7, max_decisions=20_000)
    rng = random.Random(7)
    saved_at, saved_events = None, 0
    while not state.is_over:
        seat = state.to_move[0]               # who must decide (several during secret choices)
        actions = state.legal_actions(seat)   # [{"id", "value", "ask", "step"}, ...]
        state.apply(seat, rng.choice(actions))
        if not state.is_over and saved_events <= 20:   # the first point past 20 events
            saved_at = regola.save_game(state)    # JSON text: the state and how it was loaded
            saved_events = len(state.events(0))   # (a short game: its last point)

    # The result, and the game as seat 0 saw it.
    print(f"result: {state.result['winners']} ({state.result['reason']})")
    view = state.observe(0)                   # only what seat 0 may see
    print(f"seat 0 sees {len(view['tokens'])} tokens and {len(state.events(0))} events; "
          f"a spectator sees {len(state.events(None))}")

    # A copy is independent; a save comes back as the same game and position.
    copy = state.clone()
    assert copy.to_json() == state.to_json()
    back = regola.load_saved(saved_at)
    print(f"saved mid-game and loaded again: {len(back.events(None))} public events, "
          f"{'over' if back.is_over else 'running'}, waiting for seats {back.to_move}")
    try:
        back.apply(99, "anything")
    except regola.IllegalAction as err:          # nothing changed
        print(f"refused: {err}")


if __name__ == "__main__":
    main(*sys.argv[1:2])
