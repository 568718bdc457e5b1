"""Warsaw at the table explains itself: the story says every player's count when a
milestone is awarded and how a tie was broken."""

from __future__ import annotations

from warsaw_helpers import GAME, C, R, clear, fresh, lay, run, set_coins

from regola.i18n.game_words import GameWords
from regola.i18n.catalog import Words
from regola.present.events import event_text


def _award(state, slot, goal):
    state.data["vars"]["epoch"] = slot
    state.data["vars"]["faces"][slot - 1] = goal
    return run(state, "award_milestone", choose=lambda a, o: o[-1])


def _note(state, msg, lang="en"):
    event = next(e for e in state.log if e.get("msg") == msg)
    return event, event_text(event, GameWords(GAME.definition, Words(lang)))


def test_milestone_award_names_every_players_count():
    """The winner's count and the other player's, highest first."""
    state = fresh()
    clear(state, 0)
    clear(state, 1)
    lay(state, 0, [0, 0], [R, C, C, R])
    lay(state, 1, [0, 0], [R, R, R, R])
    lay(state, 1, [1, 0], [C, C, C, C])
    lay(state, 1, [2, 0], [R, C, C, R])
    _award(state, 1, "residential_areas")
    event, text = _note(state, "milestone_won")
    assert event["counts"] == [2, 3] and event["player"] == 1
    assert text == "Blue wins the milestone for most residential areas: Blue 3, Red 2."
    assert "Azul 3, Rojo 2" in _note(state, "milestone_won", "es")[1]


def test_milestone_tie_says_how_it_was_broken():
    """Equal counts: the player with fewer coins takes it, and the story says so."""
    state = fresh()
    clear(state, 0)
    clear(state, 1)
    lay(state, 0, [0, 0], [R, C, C, R])
    lay(state, 1, [0, 0], [R, C, C, R])
    set_coins(state, 0, 4)
    set_coins(state, 1, 6)
    _award(state, 1, "residential_areas")
    event, text = _note(state, "milestone_won")
    assert event["player"] == 0 and event["players"] == [1]
    assert text == ("Red wins the milestone for most residential areas: Red 2, Blue 2. "
                    "Tied with Blue, Red takes it for having fewer coins.")
    assert "menos monedas" in _note(state, "milestone_won", "es")[1]
    assert "minder munten" in _note(state, "milestone_won", "nl")[1]
