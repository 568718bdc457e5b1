"""The benchmark of regola's core: `python benchmarks/bench.py [options]` is `regola bench`.

Random play (decisions and games per second, one core), a typical mid-game state's copy,
JSON round trip, JSON size and the memory of 1,000 live copies, the same figures at several
points of a long game, load times, and the same figures for the hand-written Doge beside
this file (hand_doge.py) so the interpreter's cost reads as a ratio. Medians of --rounds
rounds; --quick for a smoke run, --json FILE to keep the figures, --help for the rest.
The code lives in the package (regola.bench, regola.cli.bench) so the installed command runs it.
"""

from __future__ import annotations

import sys

from regola.cli.app import app

if __name__ == "__main__":
    app(["bench", *sys.argv[1:]], prog_name="regola")
