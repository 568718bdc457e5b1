"""Short pauses for a busy server's event loop: the views are drawn in a thread, so the loop
waits for the GIL and for the garbage collector. Python's defaults suit neither: a drawing
thread may hold the GIL 5 ms after each of the loop's system calls (an action's answer makes
half a dozen: its message read, its database statements, its answer sent), and a full
collection walks every object of every game (measured: pauses of 0.3-1.6 s with 500
games). So the switch interval is shortened to 0.1 ms, young collections run less often,
full collections never run by themselves, and the objects that have lived a while (the
games) are frozen out of the collector's walks now and then (`gc.freeze`: they are still
freed when nothing refers to them; a game removed with a reference cycle is collected
when the freeze is lifted, after a sweep that removed games)."""

from __future__ import annotations

import asyncio
import gc
import sys

SWITCH_SECONDS = 0.0001
"""How long another thread may hold the GIL while the loop waits for it (1 ms left the
loop of a server with 1,000 people-paced clients waiting seconds for its turns)."""
YOUNG_OBJECTS = 20_000
"""New container objects between two young collections (Python's default: 700)."""
OLD_COLLECTIONS = 1_000_000
"""Middle-aged collections between two full ones: so many that a full collection (a pause
of a fifth of a second and more with 500 games) never comes by itself; the old objects are
frozen instead, and the collector walks them all when they are thawed."""
FREEZE_SECONDS = 1
"""How often the objects alive are frozen out of the collector's walks (every 10 s left
the games made in a burst to middle-aged collections of 0.15 s)."""


class ShortPauses:
    """The process's GIL and collector settings while a server runs, restored after."""

    def __init__(self) -> None:
        self._saved: tuple[float, tuple[int, int, int]] | None = None
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        """Apply the settings and freeze the objects alive now and then (on the running
        loop)."""
        self._saved = (sys.getswitchinterval(), gc.get_threshold())
        sys.setswitchinterval(min(self._saved[0], SWITCH_SECONDS))
        young, middle, _ = self._saved[1]
        gc.set_threshold(max(young, YOUNG_OBJECTS), middle, OLD_COLLECTIONS)
        gc.freeze()
        self._task = asyncio.get_running_loop().create_task(self._freeze_now_and_then())

    async def _freeze_now_and_then(self) -> None:
        while True:
            await asyncio.sleep(FREEZE_SECONDS)
            gc.freeze()

    def thaw(self) -> None:
        """Let the collector walk every object again and collect now (games were removed:
        their cycles can go)."""
        gc.unfreeze()
        gc.collect()

    def stop(self) -> None:
        """Stop freezing and put the settings back as they were."""
        if self._task is not None:
            self._task.cancel()
        gc.unfreeze()
        if self._saved is not None:
            sys.setswitchinterval(self._saved[0])
            gc.set_threshold(*self._saved[1])
            self._saved = None
