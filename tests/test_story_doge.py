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


@pytest.mark.parametrize("players, seed", [(3, 2), (4, 5)])
def test_every_advisor_vote_is_told_before_its_election_result(players, seed):
    """Each advisor standing in an area that votes is told as a vote for its controller
    ("The advisor of X votes for Red in Y"), and the votes of the result are the revealed
    markers there plus exactly those advisors."""
    _, state = finished(players, seed)
    log, told_advisors, revealed = list(state.log), [], {}
    seen = 0
    for e in log:
        if e.get("e") == "reveal" and e.get("piece") == "marker":
            key = (e.get("at"), e.get("player"))
            revealed[key] = revealed.get(key, 0) + e.get("value", 0)
        if e.get("msg") == "advisor_votes":
            told_advisors.append(e)
        if e.get("msg") in ("election_result", "nobody_votes", "nobody_votes_neutral"):
            area = e["area"]
            assert all(a["area"] == area for a in told_advisors)
            for p, v in enumerate(e.get("votes", [])):
                advisors = sum(1 for a in told_advisors if a["player"] == p)
                assert v == revealed.get((area, p), 0) + advisors, (e, told_advisors)
            seen += len(told_advisors)
            told_advisors, revealed = [], {}
    assert seen, "some advisor voted in these games"
    text = GameWords(state.game.definition, "en").note(
        "advisor_votes", {"advisor": "dorsoduro", "player": 0, "area": "castello"})
    assert text == "The advisor of Dorsoduro votes for Red in Castello: 1 vote."


def test_my_own_marker_keeps_its_value_on_a_narrow_terminal_board():
    """At 80 columns a row whose other cells are counted ("2b") still shows the seat's
    own face-up marker in words, with its value."""
    from io import StringIO

    from rich.console import Console

    import regola
    from regola.cli.board import Board
    game = regola.load_game("doge")
    state = game.new_state(seed=7, players=3)
    # Red lays San Marco with its 3; Blue and Green lay two markers on San Marco too
    for seat in range(3):
        pick = {a["value"]: a for a in state.legal_actions(seat)}
        state.apply(seat, pick["san_marco"])
        state.apply(seat, {a["value"]: a for a in state.legal_actions(seat)}[3])
        if seat:
            state.apply(seat, {a["value"]: a for a in state.legal_actions(seat)}[2])
        state.apply(seat, {a["value"]: a for a in state.legal_actions(seat)}["done"])
    table, _ = Board(game, GameWords(game.definition, "en"), state.observe(0)).table(80, 30)
    out = StringIO()
    Console(file=out, width=80).print(table)
    row = next(line for line in out.getvalue().splitlines() if "San Marco" in line)
    assert "ballot marker 3" in row and "2 ballot" in row, row


@pytest.mark.parametrize("lang, words", [("en", "move a house"),
                                         ("es", "trasladar una casa"),
                                         ("nl", "een huis verplaatsen")])
def test_abstaining_says_what_it_gives(lang, words):
    """Rule: an election winner who does not take the advisor may move a house instead; the
    option says so before it is chosen (a note the same each time it is offered)."""
    import random

    from regola import load_game
    from regola.present.labels import option_notes
    game = load_game("doge")
    gw = GameWords(game.definition, lang)
    state = game.new_state(players=3, seed=5)
    rng = random.Random(5)
    while state.legal_actions(state.to_move[0])[0]["ask"] != "advisor_action":
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    seat = state.to_move[0]
    values = [a["value"] for a in state.legal_actions(seat)]
    notes = dict(zip(values, option_notes(gw, state.decision_context(seat), values)))
    assert words in gw.text("choices", "abstain")          # the option's own name says it
    assert notes["abstain"] and notes.get("take") is None   # the note: the advisor is neutral


def test_my_own_markers_are_told_with_their_values_only_to_me():
    """The story of a seat's own markers gives their values ("Red lays ballot markers 2 and
    3 on the San Marco card"); no other seat, nor a spectator, reads them."""
    import regola
    from regola.i18n.game_words import GameWords
    from regola.present.story import entry_text, story
    game = regola.load_game("doge")
    state = game.new_state(seed=7, players=3)
    for seat in range(3):
        state.apply(seat, {a["value"]: a for a in state.legal_actions(seat)}["san_marco"])
        for value in (3, 2):
            state.apply(seat, {a["value"]: a for a in state.legal_actions(seat)}[value])
        state.apply(seat, {a["value"]: a for a in state.legal_actions(seat)}["done"])
    gw = GameWords(game.definition, "en")
    lines = [entry_text(e, gw) for e in story(state.observe(0)["log"])]
    assert "Red lays ballot markers 2 and 3 on the San Marco card (only Red sees their " \
        "values)." in lines
    assert "Red puts 2 markers in San Marco." in lines
    for seat in (1, None):
        seen = [entry_text(e, gw) for e in story(state.observe(seat)["log"])]
        assert not any(line.startswith("Red lays") for line in seen)
