"""The web server's GIL and collector settings (issue 22, item 9: the people-paced load): the
loop waits at most 0.1 ms for a drawing thread, full collections never come by themselves,
and a thaw after a sweep still frees what removed games left in reference cycles."""

from __future__ import annotations

import asyncio
import gc
import sys
import weakref

from regola.server.pauses import OLD_COLLECTIONS, SWITCH_SECONDS, ShortPauses


class Node:
    """A piece of a reference cycle, as a removed game's objects may be."""

    def __init__(self) -> None:
        self.other: Node | None = None


def test_a_running_server_shortens_the_switch_and_never_collects_everything_by_itself():
    saved = (sys.getswitchinterval(), gc.get_threshold())

    async def run() -> tuple[float, tuple[int, int, int]]:
        pauses = ShortPauses()
        pauses.start()
        try:
            return sys.getswitchinterval(), gc.get_threshold()
        finally:
            pauses.stop()

    switch, threshold = asyncio.run(run())
    assert switch <= SWITCH_SECONDS == 0.0001
    assert threshold[2] == OLD_COLLECTIONS >= 1_000_000
    assert (sys.getswitchinterval(), gc.get_threshold()) == saved


def test_a_thaw_frees_a_cycle_that_was_frozen():
    async def run() -> bool:
        pauses = ShortPauses()
        pauses.start()
        try:
            first, second = Node(), Node()
            first.other, second.other = second, first
            gone = weakref.ref(first)
            gc.freeze()                     # as the server does every few seconds
            del first, second
            gc.collect()
            kept_while_frozen = gone() is not None
            pauses.thaw()
            return kept_while_frozen and gone() is None
        finally:
            pauses.stop()

    assert asyncio.run(run())
