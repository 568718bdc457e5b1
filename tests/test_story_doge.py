"""The story of a game of Doge (rules/doge notes): every public act and every automatic step
is told by a note, with its numbers, in every language, and no note tells a secret."""

from __future__ import annotations

import pytest
from play_helpers import finished as finished_game

from regola.i18n.game_words import GameWords
from regola.present.story import entry_text, story


def finished(players: int, seed: int):
    return finished_game("doge", players, seed)


@pytest.mark.parametrize("players, seed", [(3, 2), (4, 5)])
def test_every_public_choice_gives_way_to_a_note(players, seed):
    """A seat's story keeps a bare choice only for its own secret picks of phase 1: every
    public decision (advisor, house move, building) is told by the note that follows it."""
    _, state = finished(players, seed)
    for seat in range(players):
        bare = [e.headline for e in story(state.observe(seat)["log"]) if e.is_choice]
        assert all(h.get("private") and h["player"] == seat for h in bare), bare[:3]


def test_each_election_is_told_with_its_votes():
    _, state = finished(4, 5)
    notes = [e for e in state.log if e.get("e") == "note"]
    results = [e for e in notes if e["msg"] == "election_result"]
    empty = [e for e in notes if e["msg"] == "nobody_votes"]
    years = [e for e in notes if e["msg"] == "year_begins"]
    assert len(results) + len(empty) == 7 * len(years)
    for e in results:
        votes = e["votes"]
        assert e["n"] == len(e["winners"]) and e["most"] == max(votes)
        assert {votes[w] for w in e["winners"]} == {e["most"]}
        rest = [v for p, v in enumerate(votes) if p not in e["winners"]]
        assert e["second"] == (max(rest) if e["runners_up"] else 0)


def test_markers_are_told_only_once_their_card_is_turned_up():
    """The note of a placement comes after the card's reveal: it names the area and the
    size of the stack, never a marker's value."""
    _, state = finished(3, 2)
    log = list(state.log)
    for i, e in enumerate(log):
        if e.get("msg") == "markers_placed":
            reveal = log[i - 1]
            assert reveal.get("e") == "reveal" and reveal.get("player") == e["player"]
            assert set(e) <= {"e", "msg", "player", "area", "n"}


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_the_story_reads_in_each_language(lang):
    loaded, state = finished(3, 2)
    gw = GameWords(loaded.definition, lang)
    view = state.observe(None)
    tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
    lines = [entry_text(e, gw, tokens) for e in story(view["log"], choices=False)]
    notes = [e for e in view["log"] if e.get("e") == "note"]
    assert len(lines) >= len(notes)
    assert not [line for line in lines if "{" in line or "}" in line or "_" in line]
