"""`regola bench`: the interpreter's speed, state copies, saves and memory, and load times,
beside a hand-written baseline of the same game so its cost is a ratio.

    figures = run_bench(Settings(games=["some_game"], quick=True))

Everything is measured through the public API (load_game, new_state, legal_actions, apply,
clone, to_json, state_from_json, observe), so the benchmark keeps working whatever the core.
"""

from .suite import Settings, run_bench

__all__ = ["Settings", "run_bench"]
