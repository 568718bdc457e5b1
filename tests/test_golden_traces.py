"""Golden traces: seeded random games recorded on the rules as they stand (tests/golden/),
replayed on the engine of today. Same decisions offered, same actions, same results; a
change of behaviour made on purpose re-records the traces in the same commit, with the
reason (`python tools/golden_traces.py record`)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

_SPEC = importlib.util.spec_from_file_location(
    "golden_traces", Path(__file__).resolve().parents[1] / "tools" / "golden_traces.py")
golden = importlib.util.module_from_spec(_SPEC)
sys.modules["golden_traces"] = golden
_SPEC.loader.exec_module(golden)

FILES = sorted(golden.FOLDER.glob("*.json"))
QUICK = 12    # games per game and player count in every test run; all of them when slow


def _case(path: Path) -> tuple[str, int]:
    game, players = path.stem.rsplit("-", 1)
    return game, int(players)


def test_every_game_and_player_count_has_traces():
    from regola import load_game
    from regola.loading.sources import builtin_games
    expected = {(g, n) for g in builtin_games() for n in load_game(g).player_counts}
    assert {_case(p) for p in FILES} == expected


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_the_first_games_replay_exactly(path):
    assert golden.differences(*_case(path), first=QUICK) == []


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_every_recorded_game_replays_exactly(path):
    assert golden.differences(*_case(path)) == []
