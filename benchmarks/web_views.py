"""What one view of the web table costs to draw: `python benchmarks/web_views.py`.

Per game, a random game (two person seats, bots in the others) is played for --decisions
decisions and every --every-th state is kept; each kept state's view is drawn for both
person seats with the boards of a desktop ("wide"), of a phone ("narrow") and both (what a
client that does not say its width gets). Prints the median over --rounds rounds of the
CPU time per view (time.process_time, one process) and the view's size, the ratios of one
layout to both, and the time of a view (both layouts) with each seat's story told again
from the whole log at every view instead of kept from its last view (the table keeps it:
messages.story_entries, present/story.py KeptStory). Needs the web extra
(`pip install '.[web]'`).
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from regola.adapters.common import deciding_seat
from regola.i18n.catalog import Words
from regola.server.app import draw_view
from regola.server.storage import Store
from regola.server.tables import Tables

SEATS = {"doge": ["person", "person", "random", "random"],
         "rialto": ["person", "person", "random"],
         "warsaw": ["person", "person", "random"],
         "copycat": ["person", "person", "random"]}
LAYOUTS = {"both": ("wide", "narrow"), "wide": ("wide",), "narrow": ("narrow",),
           "again": ("wide", "narrow")}
"""The boards drawn per way of drawing ("again": both, the story told again at each view)."""


def measure(rules: str, decisions: int, every: int, rounds: int, folder: Path) -> dict:
    """CPU milliseconds and kilobytes per view of one game, for each layout."""
    tables = Tables(Store(folder / f"{rules}.sqlite3"))
    session = tables.prepare({"game": rules, "seats": SEATS[rules]}).session
    rng = random.Random(1)
    states = []
    for i in range(decisions):
        state = session.state
        if state.is_over:
            break
        seat = deciding_seat(state)
        state.apply(seat, rng.choice(state.legal_actions(seat))["value"])
        if i % every == 0:
            states.append(state.clone())
    words = Words("en")
    for state in states:                        # warm up: the game's words, its types
        draw_view(session, state, 1, None, 0, words)
    times: dict[str, list[float]] = {name: [] for name in LAYOUTS}
    sizes: dict[str, int] = {}
    for _ in range(rounds):                     # the ways in turn, round after round
        for name, layouts in LAYOUTS.items():
            if name == "again":
                session.story_of = lambda seat: None    # no story kept: told again
            else:
                session.__dict__.pop("story_of", None)
            session.stories.clear()                     # each round from the first view
            start, size = time.process_time(), 0
            for state in states:
                for seat in (0, 1):
                    size += len(draw_view(session, state, 1, None, seat, words, layouts))
            times[name].append((time.process_time() - start) * 1000 / (2 * len(states)))
            sizes[name] = size
    figures = {name: {"ms": statistics.median(times[name]),
                      "kb": sizes[name] / (2 * len(states)) / 1024} for name in LAYOUTS}
    tables.close()
    return figures


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--decisions", type=int, default=400)
    parser.add_argument("--every", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print("| game | both: ms / KB | desktop: ms / KB | phone: ms / KB | desktop/both | "
          "phone/both | story told again: ms | kept/again |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    with tempfile.TemporaryDirectory() as folder:
        for rules in SEATS:
            f = measure(rules, args.decisions, args.every, args.rounds, Path(folder))
            cells = " | ".join(f"{f[n]['ms']:.1f} / {f[n]['kb']:.0f}"
                               for n in ("both", "wide", "narrow"))
            print(f"| {rules} | {cells} | {f['wide']['ms'] / f['both']['ms']:.2f} | "
                  f"{f['narrow']['ms'] / f['both']['ms']:.2f} | {f['again']['ms']:.1f} | "
                  f"{f['both']['ms'] / f['again']['ms']:.2f} |")


if __name__ == "__main__":
    main()
