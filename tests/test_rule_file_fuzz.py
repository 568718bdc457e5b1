"""Seeded mutants of every built-in game file (lines dropped, doubled, cut or shifted; values,
bytes and numbers replaced): each loads or is refused with located problems, never with a
Python exception or a hang. The larger run: benchmarks/fuzz_rule_files.py."""

from __future__ import annotations

import pytest

from benchmarks.fuzz_rule_files import mutant, outcome
from regola.loading.sources import builtin_games

MUTANTS = 60     # per game


@pytest.mark.parametrize("game", builtin_games())
def test_mutated_game_files_load_or_are_refused_with_located_problems(tmp_path, game):
    results = {seed: outcome(mutant(game, seed, tmp_path)) for seed in range(MUTANTS)}
    wrong = {seed: r for seed, r in results.items() if r not in ("loaded", "refused")}
    assert wrong == {}
    assert list(results.values()).count("refused") > MUTANTS // 2   # the mutants do bite
