"""How long loading a game takes: cold (the first load_game in a fresh Python process) and
cached (a second load_game of the same game in that process)."""

from __future__ import annotations

import json
import statistics
import subprocess
import sys

from ..errors import RegolaError

PROBE = """
import json, time
start = time.perf_counter()
import regola
imported = time.perf_counter()
regola.load_game({game!r})
loaded = time.perf_counter()
regola.load_game({game!r})
again = time.perf_counter()
print(json.dumps([imported - start, loaded - imported, again - loaded]))
"""


class LoadProbeFailed(RegolaError):
    """The fresh process that measures a game's load time failed."""


def load_times(game: str, rounds: int) -> dict[str, float]:
    """Medians over `rounds` fresh processes: import_s (import regola), cold_s (first
    load_game) and cached_s (the second load_game)."""
    runs = []
    for _ in range(rounds):
        done = subprocess.run([sys.executable, "-c", PROBE.format(game=game)],
                              capture_output=True, text=True, check=False)
        if done.returncode != 0:
            last = (done.stderr.strip().splitlines() or ["no output"])[-1]
            raise LoadProbeFailed(f"measuring the load time of {game} failed: {last}")
        runs.append(json.loads(done.stdout.strip().splitlines()[-1]))
    return {key: statistics.median(run[i] for run in runs)
            for i, key in enumerate(("import_s", "cold_s", "cached_s"))}
