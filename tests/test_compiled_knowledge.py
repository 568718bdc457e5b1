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


def test_the_questions_that_lay_a_tile_are_read_at_load():
    """Warsaw's tile is turned (`grid_rotations`) and built in one procedure: both questions
    are about the tile waiting at `picked`; a game without grids has none. The web table
    reads this off the loaded game instead of walking the scripts' parse trees."""
    from regola.interpreter.model import TileQuestion
    questions = load_game("warsaw").definition.tile_questions
    assert questions == {"turn_tile": TileQuestion("district", "picked", True),
                         "build_or_discard": TileQuestion("district", "picked", False)}
    assert load_game("rialto").definition.tile_questions == {}
