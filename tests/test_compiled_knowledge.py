"""What the compiler knows reaches the runtime in the loaded game (GameDef), so nothing that
runs or shows a game asks the compiler: the kinds of the scripts' values, every `choose`
with its literal options and the call its options come from, and which tie-breakers are
standings."""

from __future__ import annotations

from regola import load_game
from regola.interpreter.decision_context import named_options, value_kinds
from regola.interpreter.model import Ask


def test_value_kinds_come_with_the_loaded_game():
    definition = load_game("rialto").definition
    kinds = value_kinds(definition)
    assert kinds["game"]["start_player"] == "player"
    assert kinds["game"]["round"] == "number"
    assert kinds is value_kinds(definition)          # worked out once


def test_every_choose_is_read_at_load():
    definition = load_game("warsaw").definition
    turned = [a for a in definition.asks if a.call == "grid_rotations"]
    assert turned == [Ask("plan_tile", "turn_tile", frozenset(), "grid_rotations",
                          (("name", "district"), ("name", "t")))]
    assert {"decline", "discard"} <= named_options(definition)
    assert named_options(definition, "no such ask") == frozenset()


def test_a_standing_tie_breaker_is_known_at_load():
    end = load_game("rialto").definition.end
    assert len(end.standings) == len(end.tiebreaker_sources)
    assert [source.split("(")[0].strip() for source, standing
            in zip(end.tiebreaker_sources, end.standings) if standing] == ["track_standing"]
