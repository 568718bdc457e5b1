"""Scripts parse in several threads at once (the web table compiles new games in worker
threads): each thread has its own parser, whose indenter keeps state while it parses."""

from __future__ import annotations

import threading

import pytest

from regola.dsl.parse import _parse

SCRIPT = "".join(f"def step_{i}(p):\n    let x = [a for a in [1, 2, {i}] where a > 0]\n"
                 f"    if len(x) > 1:\n        log(\"n\", player=p)\n" for i in range(300))


@pytest.mark.slow
def test_scripts_parse_in_many_threads_at_once():
    failures: list[BaseException] = []
    start = threading.Barrier(6)

    def work() -> None:
        start.wait()
        try:
            for _ in range(3):
                tree = _parse(SCRIPT, "threads.regola", "start", 0, 0)
                assert len(tree.children) == 300
        except BaseException as error:         # noqa: BLE001 - reported below
            failures.append(error)
    threads = [threading.Thread(target=work) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert failures == []
