"""Rialto's rulebook states every item of the notes' "Checklist for a generated
rulebook" (shared/rules-notes/rialto.md), shows the provisional data, and the Spanish and
Dutch books build with no English left."""

from __future__ import annotations

import pytest
from test_rulebook_languages import _english_fragments

from regola.rulebook import build_rulebook


@pytest.fixture(scope="module")
def book():
    return build_rulebook("rialto", lang="en")


CHECKLIST = {
    1: ["Rialto is played by 2 to 5 players", "The game lasts 6 rounds of three phases"],
    2: ["77 cards: 11 for each of the six actions (Doge, Gold, Building, Bridge, Gondola and "
        "Councilman) and 11 Jokers"],
    3: ["18 councilmen and two discs in each colour",
        "Each player puts 5 councilmen on their player board and the rest in the general "
        "supply"],
    4: ["- 30 coins", "| 2 | 1 and 2 |", "| 3 | 1, 2, and 3 |", "| 4 | 1, 2, 2, and 3 |",
        "| 5 | 1, 2, 2, 2, and 3 |", "Clockwise from the start player, the players take their "
        "starting coins"],
    5: ["Each player puts their other disc on space 3 of the victory point track"],
    6: ["each player takes a building of value 1 (green, yellow or blue) from the stock",
        "With 2 or 3 players, everyone must take a different colour; with 4 or 5, no more than "
        "2 players may take the same one"],
    7: ["each player puts a disc on the first space of the Doge track, on top of the discs "
        "already there: the start player's disc ends on top", "a disc is ahead of those "
        "beneath it"],
    8: ["Whenever players are tied, or the order in which they act matters, the player further "
        "ahead on the Doge track comes first"],
    9: ["Shuffle the round tiles and put one face up on each district",
        "Move it to the district whose round tile shows this round's number"],
    10: ["Deal rows of 6 face-up cards, one row more than there are players"],
    11: ["each player takes a whole row into their hand, then draws 2 cards from the draw pile",
          "Keep no more than 7 cards, your **hand limit**"],
    12: ["The colour says when it works: **green** in phase I, **yellow** in your play turn in "
         "phase II, **blue** in phase III"],
    13: ["To use a building, put one of your coins on it",
         "the coins on buildings go back to the bank"],
    14: ["**A** Doge, **B** Gold, **C** Building, **D** Bridge, **E** Gondola, **F** Councilman"],
    15: ["Clockwise from the start player, each player has one **play turn**"],
    16: ["The player furthest ahead on the Doge track starts stage A; each later stage is "
         "started by the winner of the previous bonus"],
    17: ["the player with the most cards (Jokers and yellow buildings included) wins the "
         "stage's **bonus**", "If nobody played a card, nobody wins it"],
    18: ["a Joker can never be played alone", "Only if you hold no card of the stage's type at "
         "all do two Jokers together count as one such card"],
    19: ["Move your disc one space forward for each card; the bonus winner moves one space "
         "more"],
    20: ["Take one coin from the bank for each card; the bonus winner takes one more"],
    21: ["each player takes a building from the stock worth no more than that",
          "with values from 1 to 4", "Your player board holds 7 buildings"],
    22: ["Score one victory point for each Bridge card. Every player who played none loses "
          "one victory point", "lays the face-up bridge tile on any free connection"],
    23: ["choosing which end faces which district",
          "The values at the ends of the bridge tiles (3/4, 3/5, 3/6, 4/5, 4/6, 5/6)"],
    24: ["move one of your councilmen from the general supply to your personal supply",
          "For each one you cannot move, because none of yours is left there, score one "
          "victory point instead"],
    25: ["a gondola tile is worth one at each end", "lays a gondola tile on any free connection "
         "and puts one of their councilmen from the general supply into one of the two "
         "districts it joins"],
    26: ["move one councilman from your personal supply into the current district; the bonus "
          "winner places one more"],
    27: ["scores 5 victory points and turns that side's bonus tile face down",
          "2 district bonus tiles", "The first player to have a councilman in every district "
          "on one side of the Grand Canal"],
    28: ["each district has four, and each connection has room for one bridge or one gondola"],
    29: ["half the total of your councilmen in your personal supply and your coins, rounded "
          "down", "the value of each of your buildings"],
    30: ["A district's value is the sum of the tile ends that face it", "the second half of "
         "that, the third half of the second's points, and so on, always rounded down"],
    31: ["A player with no councilman in a district scores nothing there"],
    32: ["The player with the most victory points wins. A tie goes to the player further ahead "
         "on the Doge track"],
}


@pytest.mark.parametrize("item", sorted(CHECKLIST))
def test_the_book_states_each_checklist_item(book, item):
    text = " ".join(book.markdown.split()).lower()
    for phrase in CHECKLIST[item]:
        assert phrase.lower() in text, f"checklist {item}: {phrase!r} not in the rulebook"


def test_the_book_shows_the_provisional_data_and_every_reading(book):
    text = book.markdown
    assert "**About this edition**" in text
    for words in ("bridge tiles (3/4, 3/5", "each side of the Grand Canal", "map of connections",
                  "blue buildings", "value 4", "no end here"):
        assert words in text
    for reading in range(1, 15):
        assert f"**Reading {reading}.**" in text
    assert not book.missing


def test_the_book_has_the_map_picture(book):
    examples = {f"rialto-example-{eid}-{n}.svg" for n in (1, 2)
                for eid in ("jokers", "bridge_bonus", "gondola_short", "district_scoring")}
    assert set(book.pictures) == {"rialto-city_map.svg", "rialto-setup.svg"} | examples
    svg = book.pictures["rialto-city_map.svg"]
    assert svg.count("<line") == 12 and ">Grand Canal</text>" in svg       # the canal
    assert ">west side of the Grand Canal</text>" in svg                   # the legend
    for name in ("Santa Croce", "San Polo", "Dorsoduro", "Cannaregio", "San Marco", "Castello"):
        assert f">{name}</text>" in svg


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_spanish_and_dutch_books_have_no_english_left(lang):
    translated = build_rulebook("rialto", lang=lang)
    assert not translated.missing
    fragments = _english_fragments(lang)
    left = [f for f in fragments if f in translated.markdown]
    assert not left, f"English left in the {lang} rulebook: {left[:5]}"


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_the_stiff_phrasings_an_editor_flagged_stay_out(lang):
    """Wordings an editor flagged: scores added "to their victory points", tiles "put to"
    a district or "onto the top of" a stack, "that kind" with nothing to refer to, "6 for 1/1"
    for tiles that are all alike, every glossary place "a place off the board", and articles
    that do not agree with the property's gender."""
    text = build_rulebook("rialto", lang=lang).markdown
    flagged = {"en": ["to their victory points", "put it to", "onto the top of the bridge stack",
                      "If that kind is", "6 for 1/1", "a place off the board"],
               "es": ["el clase", "6 para 1/1", "un lugar fuera del tablero",
                      "los cartas", "los losetas", "los clases", "los pilas"],
               "nl": ["het waarde", "het kleur", "6 voor 1/1", "een plek buiten het speelbord",
                      "het aantal van gebouwen", "dat de speler heeft een",
                      "zolang de speler heeft een"]}[lang]
    left = [words for words in flagged if words in text]
    assert not left, f"flagged phrasings in the {lang} rulebook: {left}"
    if lang == "en":
        assert "The player gains victory points equal to the total value of the player's " \
            "buildings" in text
        assert "put it face up on top of the bridge stack" in text
        assert "If the kind used is “green building 4”" in text
