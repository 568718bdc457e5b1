"""Counter-based randomness: draw k of a stream is a pure function of (seed, k).

Clones of a state share the stream position, so they stay in step, and the state stays
plain data (the counter is just an integer in it).
"""

from __future__ import annotations

import hashlib


def draw(seed: int, counter: int, bound: int) -> int:
    """A uniform integer in [0, bound) for position `counter` of stream `seed`."""
    digest = hashlib.blake2b(f"{seed}:{counter}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % bound


def shuffle(items: list, seed: int, counter: int) -> int:
    """Shuffle `items` in place (Fisher-Yates); return the advanced counter."""
    for i in range(len(items) - 1, 0, -1):
        j = draw(seed, counter, i + 1)
        counter += 1
        items[i], items[j] = items[j], items[i]
    return counter
