"""Mutated rule files end in a located problem or a game that runs (issue 9's fuzzing).

The mutants come from tools/fuzz_rules.py (seeded, so a failure can be replayed with
`python tools/fuzz_rules.py --mutants N --seed S`); a larger campaign runs from there.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location(
    "fuzz_rules", Path(__file__).resolve().parents[1] / "tools" / "fuzz_rules.py")
fuzz_rules = importlib.util.module_from_spec(_SPEC)
sys.modules["fuzz_rules"] = fuzz_rules
_SPEC.loader.exec_module(fuzz_rules)


def _findings(count: int, seed: int) -> list[str]:
    """Run a seeded campaign; the findings, after checking that the mutants do bite."""
    found: list[str] = []

    def report(index, game, what, outcome):
        if outcome.is_finding:
            found.append(f"#{index} {game} {what}: {outcome.kind}: {outcome.detail}")
    kinds = fuzz_rules.fuzz(count, seed, time_limit=10.0, report=report)
    assert sum(kinds.values()) == count
    assert kinds["problem"] >= count // 3, kinds    # most mutations are mistakes to report
    assert kinds["runs"] >= 1, kinds                 # and some leave a game that still runs
    return found


@pytest.mark.slow
def test_a_few_mutants_each_end_located_or_run():
    """A quick campaign in every test run: 40 mutants, ten of each game."""
    assert _findings(40, seed=7) == []


@pytest.mark.slow
def test_hundreds_of_mutants_each_end_located_or_run():
    """The CI campaign: 300 seeded mutants of the four games."""
    assert _findings(300, seed=2026) == []
