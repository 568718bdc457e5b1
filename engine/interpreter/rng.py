"""Counter-based randomness: draw k of a stream is a pure function of (seed, k).

Clones of a state share the stream position, so they stay in step, and the state stays
plain data (the counter is just an integer in it).
"""

from __future__ import annotations

import hashlib
from typing import Any


def stream(seed: int) -> Any:
    """The hash state every draw of stream `seed` starts from (make it once per state)."""
    return hashlib.blake2b(f"{seed}:".encode(), digest_size=8)


def draw_from(base: Any, counter: int, bound: int) -> int:
    """A uniform integer in [0, bound) for position `counter` of the stream `base`."""
    h = base.copy()
    h.update(b"%d" % counter)
    return int.from_bytes(h.digest(), "big") % bound


def draw(seed: int, counter: int, bound: int) -> int:
    """A uniform integer in [0, bound) for position `counter` of stream `seed`."""
    return draw_from(stream(seed), counter, bound)


def shuffle(items: list, seed: int, counter: int, base: Any = None) -> int:
    """Shuffle `items` in place (Fisher-Yates); return the advanced counter."""
    base = stream(seed) if base is None else base
    for i in range(len(items) - 1, 0, -1):
        j = draw_from(base, counter, i + 1)
        counter += 1
        items[i], items[j] = items[j], items[i]
    return counter


class ChanceNeeded(Exception):  # noqa: N818 - a signal, not an error
    """Raised in explicit-chance mode when a draw is needed beyond the outcomes chance gave:
    the random operation that stopped needs one outcome in [0, b) for each b of `bounds`,
    in order, after the `done` outcomes it had (`what` names the operation, for people).
    The caller undoes the step."""

    def __init__(self, bounds: list[int], what: str, done: int = 0):
        super().__init__(f"chance must draw an integer in [0, {bounds[0]})")
        self.bounds = bounds
        self.what = what
        self.done = done
