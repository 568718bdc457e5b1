"""How long loading a game takes: cold (the first load_game in a fresh Python process, with
what earlier runs left in the cache folder: the grammar's tables and parse trees), cold with
nothing cached on disk (REGOLA_CACHE=off: parse, check, generate and compile everything),
and cached (a second load_game of the same game in that process)."""

from __future__ import annotations

import json
import os
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
    load_game), cached_s (the second load_game) and uncached_s (the first load_game with
    no disk cache)."""
    runs, bare = [], []
    for _ in range(rounds):
        runs.append(_probe(game, os.environ))
        bare.append(_probe(game, {**os.environ, "REGOLA_CACHE": "off"}))
    times = {key: statistics.median(run[i] for run in runs)
             for i, key in enumerate(("import_s", "cold_s", "cached_s"))}
    return times | {"uncached_s": statistics.median(run[1] for run in bare)}


def _probe(game: str, env: dict) -> list[float]:
    """One fresh process's import, first and second load times."""
    done = subprocess.run([sys.executable, "-c", PROBE.format(game=game)],
                          capture_output=True, text=True, check=False, env=env)
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        raise LoadProbeFailed(f"measuring the load time of {game} failed: {last}")
    return json.loads(done.stdout.strip().splitlines()[-1])
