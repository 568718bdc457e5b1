"""Random play of another checkout of regola, in its own process (see checkout.py).

Run as `python checkout_worker.py CHECKOUT`: it imports the `regola` of CHECKOUT (its
package folders as its pyproject.toml maps them, e.g. engine/ and rules/), never the one
installed, then answers one JSON request per line of stdin with one JSON line on stdout:

- {"op": "players", "games": [...]} -> {"players": {game: [player counts]}} for the games
  the checkout has;
- {"op": "play", "game", "players", "seeds", "min_seconds", "clock"} -> {"rate",
  "game_rate", "lengths"}: random games played and timed as the benchmark plays them
  (measure.play_round; "clock": "cpu" or "wall").

Only the public API that every version has is used (load_game, new_state, to_move,
legal_actions, apply, is_over), so an old checkout can be measured beside the new one.
"""

from __future__ import annotations

import importlib.abc
import importlib.util
import json
import random
import sys
import time
import tomllib
from pathlib import Path
from typing import Any


class CheckoutFinder(importlib.abc.MetaPathFinder):
    """Finds `regola` and its mapped sub-packages in a checkout's folders."""

    def __init__(self, roots: dict[str, Path]):
        self.roots = roots

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        """The spec of a mapped package (its __init__.py in the checkout), else None."""
        folder = self.roots.get(name)
        if folder is None:
            return None
        return importlib.util.spec_from_file_location(
            name, folder / "__init__.py", submodule_search_locations=[str(folder)])


def use_checkout(checkout: Path) -> None:
    """Make `import regola` import the checkout's package."""
    config = tomllib.loads((checkout / "pyproject.toml").read_text(encoding="utf-8"))
    mapped = config.get("tool", {}).get("setuptools", {}).get("package-dir", {})
    roots = {name: checkout / folder for name, folder in mapped.items()}
    roots.setdefault("regola", checkout / "engine")
    sys.meta_path.insert(0, CheckoutFinder(roots))


def play(game: Any, players: int, seed: int) -> int:
    """One random game to its end; the decisions taken (as RegolaRunner.play)."""
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    decisions = 0
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        state.apply(seat, actions[rng.randrange(len(actions))])
        decisions += 1
    return decisions


CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def play_round(game: Any, players: int, seeds: list[int], min_seconds: float,
               clock: Any = time.process_time) -> dict:
    """Random games with `seeds`, and further seeds until `min_seconds` have passed (by
    `clock`)."""
    lengths: list[int] = []
    extra = max(seeds) + 1 if seeds else 0
    start = clock()
    while True:
        for seed in seeds:
            lengths.append(play(game, players, seed))
        elapsed = clock() - start
        if elapsed >= min_seconds:
            break
        seeds = [extra]
        extra += 1
    return {"rate": sum(lengths) / elapsed, "game_rate": len(lengths) / elapsed,
            "lengths": lengths}


def serve(regola: Any) -> None:
    """Answer requests until stdin closes."""
    from regola.loading.sources import builtin_games
    loaded: dict[str, Any] = {}

    def game(name: str) -> Any:
        if name not in loaded:
            loaded[name] = regola.load_game(name)
        return loaded[name]

    for line in sys.stdin:
        request = json.loads(line)
        if request["op"] == "players":
            have = set(builtin_games())
            answer: dict = {"players": {name: list(game(name).player_counts)
                                        for name in request["games"] if name in have}}
        else:
            answer = play_round(game(request["game"]), request["players"], request["seeds"],
                                request["min_seconds"], CLOCKS[request.get("clock", "cpu")])
        sys.stdout.write(json.dumps(answer) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    use_checkout(Path(sys.argv[1]))
    import regola as checkout_regola
    serve(checkout_regola)
