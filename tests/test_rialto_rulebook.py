"""Rialto's generated rulebook states every item of the notes' "Checklist for a generated
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
    1: ["For 2 to 5 players", "The game lasts six rounds. Each round has three phases",
        "| Rounds in a game | 6 |"],
    2: ["77 cards, each showing its type (see the table)", "| “Doge” | 11 |",
        "| “Councilman” | 11 |", "| “Joker” | 11 |"],
    3: ["- 18 councilmen", "moves 5 councilmen from their general supply to their personal "
        "supply", "Each player moves 5 of their councilmen into their personal supply"],
    4: ["The bank holds 30 coins", "| Starting coins, clockwise from the start player | 1 and 2 "
        "| 1, 2, and 3 | 1, 2, 2, and 3 | 1, 2, 2, 2, and 3 |"],
    5: ["the victory point track: every disc starts on space 3"],
    6: ["takes a starting building of value 1",
        "| Most players with the same starting building | 1 | 1 | 2 | 2 |"],
    7: ["Each of the players in counterclockwise order from the start player's right-hand "
        "neighbour puts their disc on space 0 of the Doge track, on top of any discs already "
        "there", "higher in a stack is ahead"],
    8: ["the Doge track decides", "compare how far each player is ahead on the Doge track"],
    9: ["Put 1 round tile, drawn at random from the box, on each of the districts",
        "the district whose round tile shows the round number"],
    10: ["one more row of six face-up cards is dealt than there are players",
         "| Cards in a row | 6 |", "Deal one card face up onto"],
    11: ["each player takes a whole row and two cards from the pile",
          "The player takes each card in the row into their hand, face down",
          "| Hand limit | 7 |", "discards down to their hand limit"],
    12: ["Green buildings work in phase I, yellow ones during a play turn in phase II, blue "
         "ones in phase III"],
    13: ["puts a coin on one of their buildings", "every coin lying on a piece goes back to "
         "the bank"],
    14: ["six stages: Doge, Gold, Building, Bridge, Gondola and Councilman"],
    15: ["every player has one play turn, clockwise from the stage's start player"],
    16: ["The start player of the stage becomes the first of the players in Doge order",
          "the start player of the stage becomes the bonus winner"],
    17: ["the players who played cards, ranked by the number played, then by the Doge track",
          "If the bonus winner exists"],
    18: ["A Joker adds to cards of the stage's type but never counts alone",
          "Two Jokers count as one card of the stage's type only when the player holds no card "
          "of that type at all"],
    19: ["Their action count is the number of cards the player played, plus 1 if the player "
         "is the bonus winner", "“Doge”: the player moves their disc forward "
         "on the Doge track by their action count"],
    20: ["“Gold”: the player takes coins from the bank, as many as their "
         "action count (while the bank lasts)"],
    21: ["the player takes buildings worth up to their action count",
          "| “green building 1” | Green | 1 | 5 |",
          "| “blue building 4” | Blue | 4 | 5 |",
          "| Building spaces on a player board | 7 |", "| Highest building value | 4 |"],
    22: ["The player loses 1 victory point",
         "The player gains victory points equal to the player's number of cards played in the "
         "stage",
         "lays the top bridge tile on a free connection"],
    23: ["6 bridge tiles (pair of end values: one each for 3/4, 3/5, 3/6, 4/5, 4/6, and 5/6)",
          "chooses the district toward which the first end points"],
    24: ["The player moves councilmen from their general supply to their personal supply",
          "the player gains victory points equal to the number of councilmen missing from "
          "their general supply"],
    25: ["6 gondola tiles (each with the pair of end values 1/1)",
         "lays a gondola tile on a free connection and places a councilman beside it",
         "The player moves 1 councilman from their general supply to the district"],
    26: ["the player places councilmen in the current district, as many as their action "
         "count",
         "the player moves 1 councilman from their personal supply to the current district"],
    27: ["The player gains 5 victory points",
         "the player has a councilman in every district on the side of the Grand Canal of the "
         "tile", "2 district bonus tiles"],
    28: ["The board has 12 connections between two areas", "Every area has 4 connections."],
    29: ["gains victory points equal to half of the player's councilmen in their personal "
         "supply plus their coins", "the amount divided by 2, rounded down",
         "The player gains victory points equal to the total value of the player's buildings"],
    30: ["the sum of the tile ends that touch it", "The points of the current rank becomes "
         "the points of the current rank divided by 2, rounded down"],
    31: ["Rank the players whose number of councilmen in the district is more than 0 by "
         "number of councilmen in the district and how far the player is ahead on the Doge "
         "track"],
    32: ["Compare the space of each player's disc on the victory point track: the highest "
         "wins"],
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
    assert set(book.pictures) == {"rialto-city_map.svg", "rialto-setup.svg",       # + examples
                                  "rialto-example-gondola_short.svg",
                                  "rialto-example-bridge_bonus.svg"}
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
            "buildings." in text
        assert "put it face up on top of the bridge stack" in text
        assert "If the kind used is “green building 4”" in text
