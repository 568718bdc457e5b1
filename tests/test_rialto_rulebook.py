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
    1: ["Rialto is for 2 to 5 players",
        "The game lasts 6 rounds. Each round has three phases"],
    2: ["77 cards: 11 each of Doge, Gold, Building, Bridge, Gondola and Councilman, and 11 "
        "Jokers"],
    3: ["in each of the 5 player colours: 18 councilmen and two discs",
        "Each player puts 5 councilmen on their player board and the rest in the general "
        "supply"],
    4: ["- 30 coins", "| 2 | 1 and 2 |", "| 3 | 1, 2, and 3 |", "| 4 | 1, 2, 2, and 3 |",
        "| 5 | 1, 2, 2, 2, and 3 |", "Clockwise from the start player, the players take their "
        "starting coins"],
    5: ["Each player puts their other disc on space 3 of the victory point track"],
    6: ["each player takes a building of value 1 (green, yellow or blue) from the stock",
        "With 2 or 3 players, everyone must take a different colour; with 4 or 5, no more than "
        "2 players may take the same one"],
    7: ["each player puts a disc on space 0 of the Doge track, on top of the discs already "
        "there. The start player's disc ends on top", "a disc higher in the stack is ahead of "
        "those beneath it"],
    8: ["Whenever players are tied, or the order in which they act matters, the player further "
        "ahead on the Doge track comes first"],
    9: ["Shuffle the round tiles and put one face up on each district",
        "Move it to the district whose round tile shows this round's number"],
    10: ["Deal rows of 6 face-up cards beside the board, one row more than there are "
         "players"],
    11: ["you each take a whole row into your hand, then draw 2 cards from the draw pile",
          "You may keep 7 cards, your **hand limit**"],
    12: ["The colour says when a building works: green in phase I, yellow during your play "
         "turn in phase II, blue in phase III"],
    13: ["To use a building, put one of your coins on it",
         "the coins on buildings go back to the bank"],
    14: ["**A** Doge, **B** Gold, **C** Building, **D** Bridge, **E** Gondola and **F** "
         "Councilman"],
    15: ["Clockwise from the lead player, each player has one **play turn**"],
    16: ["In stage A the lead player is the player furthest ahead on the Doge track. In each "
         "later stage it is the player who won the previous stage's bonus"],
    17: ["the player with the highest count wins the **stage bonus**",
         "may you play two Jokers as one such card", "If every count is zero, nobody wins it"],
    18: ["a Joker can never count alone", "Only if you hold no card of the stage's type at all "
         "may you play two Jokers as one such card"],
    19: ["Move your disc forward on the Doge track as many spaces as your count; the winner "
         "of the stage bonus moves one space more"],
    20: ["Take as many coins from the bank as your count; the winner of the stage bonus "
         "takes one more"],
    21: ["You may take a building from the stock and put it on your player board. "
         "Its value may be at most your count, plus one if you won the stage bonus",
         "When that number is above 4, the highest value, you may take two buildings: one of "
         "value 4 and a second worth at most the rest",
         "Two buildings is the most you take in a stage",
          "with values from 1 to 4", "Your player board holds 7 buildings"],
    22: ["Score as many victory points as your count",
          "If your count is zero, you lose one victory point instead",
          "lay the top bridge tile on any free connection"],
    23: ["choosing which end faces which district",
          "The numbers on the bridge tiles: 3 and 4, 3 and 5, 3 and 6, 4 and 5, 4 and 6, 5 "
          "and 6"],
    24: ["Move as many of your councilmen from the general supply to your personal supply as "
          "your count",
          "For each one you cannot move, because none of yours is left in the general supply, "
          "score one victory point instead"],
    25: ["A gondola tile adds one to each of the two districts it joins",
         "lay a gondola tile on any free connection "
         "and put one of your councilmen from the general supply into one of the two "
         "districts it joins"],
    26: ["Move as many councilmen from your personal supply into the current district as "
          "your count; the winner of the stage bonus places one more"],
    27: ["scores 5 victory points and turns that side's district bonus tile face down",
          "2 district bonus tiles", "The first player to have a councilman in every district "
          "on one side of the Grand Canal"],
    28: ["the 12 connections, four for each district. Each has room for one tile, a bridge or "
         "a gondola"],
    29: ["half the sum of their coins and the councilmen in their personal supply, rounded "
          "down", "the value of each of their buildings"],
    30: ["A district's value is the sum of the tile ends that face it", "The player in second "
         "place scores half of that, the player in third place half of the second's points, "
         "and so on, always rounded down"],
    31: ["A player with no councilman in a district scores nothing there"],
    32: ["The player with the most victory points wins; the Doge track breaks a tie",
         "the player further ahead on the Doge track comes first"],
}


@pytest.mark.parametrize("item", sorted(CHECKLIST))
def test_the_book_states_each_checklist_item(book, item):
    text = " ".join(book.published.split()).lower()
    for phrase in CHECKLIST[item]:
        assert phrase.lower() in text, f"checklist {item}: {phrase!r} not in the rulebook"


def test_the_book_shows_the_provisional_data_and_every_reading(book):
    """The note on this edition's proposals ends the book (a reader who owns the game
    learns which details are this edition's), not the rules in full; every reading is told
    in the chapter that uses it (no Clarifications repeat them)."""
    text = book.markdown
    note = ("## About this edition\n\nThis edition sets the following details itself. If your "
            "copy of the game prints them differently, play as your copy says:")
    assert note in text and "This edition sets" not in book.full_rules
    assert text.index(note) > text.index("## Turn summary")
    for words in ("bridge tiles: 3 and 4", "each side of the Grand Canal",
                  "Which districts the connections join", "blue buildings do",
                  "yellow building 4 does", "What happens at the end of a track"):
        assert words in text
    assert "one lap further" in text
    assert "## Clarifications" not in text and "Reading 1" not in text
    chapters = " ".join(text[:text.index("## Turn summary")].split())
    for reading in ("rounded down", "never drop below zero", "even when every count is zero",
                    "Only if you hold no card of the stage's type at all",
                    "an empty connection adds nothing",
                    "An empty bank gives nothing", "A kind that is sold out cannot be taken",
                    "you may make up each missing councilman by moving one of yours from another "
                    "district",
                    "it cannot be won again", "one player may win both",
                    "even in the middle of dealing, shuffle the leftover pile and every discard "
                    "pile", "at the same time and in secret",
                    "several late turns go clockwise from the lead player",
                    "A building with a coin on it cannot be used again this round",
                    "draw 3 cards from the draw pile", "a card of another type (not a Joker)"):
        assert reading in chapters, reading
    assert not book.missing


def test_the_book_has_the_map_picture(book):
    examples = {f"rialto-example-{eid}-1.svg"
                for eid in ("jokers", "bridge_bonus", "gondola_short", "district_scoring")} | \
        {f"rialto-example-{eid}-2.svg" for eid in ("bridge_bonus", "gondola_short")}
    assert set(book.pictures) == {"rialto-city_map.svg", "rialto-setup.svg"} | examples
    svg = book.pictures["rialto-city_map.svg"]
    assert svg.count("<polyline") == 12 and ">Grand Canal</text>" in svg       # the canal
    assert ">west side of the Grand Canal</text>" in svg                   # the legend
    for name in ("Santa Croce", "San Polo", "Dorsoduro", "Cannaregio", "San Marco", "Castello"):
        assert f">{name}</text>" in svg


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_spanish_and_dutch_books_have_no_english_left(lang):
    translated = build_rulebook("rialto", lang=lang)
    assert not translated.missing
    fragments = _english_fragments(lang)
    left = [f for f in fragments if f in translated.published]
    assert not left, f"English left in the {lang} rulebook: {left[:5]}"


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_the_stiff_phrasings_an_editor_flagged_stay_out(lang):
    """Wordings an editor flagged: scores added "to their victory points", tiles "put to"
    a district or "onto the top of" a stack, "that kind" with nothing to refer to, "6 for 1/1"
    for tiles that are all alike, every glossary place "a place off the board", and articles
    that do not agree with the property's gender."""
    text = build_rulebook("rialto", lang=lang).published
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
        assert "The player scores as many victory points as the total value of the player's " \
            "buildings" in text
        assert "Turn the top tile of the bridge stack face up: it is the next bridge to lay" in text
        assert "Green building 4:" in text


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "If your personal supply runs short (or is empty), you may make up each missing "
           "councilman by moving one of yours from another district"),
    ("es", "Si en tu reserva no tienes suficientes (o no te queda ninguno), por cada concejal "
           "que te falte puedes trasladar al distrito actual uno tuyo que esté en otro distrito"),
    ("nl", "Heb je niet genoeg raadsleden in je voorraad (of helemaal geen), dan mag je voor "
           "elk raadslid dat ontbreekt er een van jezelf uit een andere wijk"),
])
def test_stage_f_says_what_happens_when_the_personal_supply_runs_short(lang, said):
    """Rule (Stage F, Councilman): a supply that holds fewer councilmen than the count is
    emptied first, and each one missing may come from another district. Readers found only
    the empty-supply case in the chapter; the partial case was in the appendix alone."""
    text = " ".join(build_rulebook("rialto", lang=lang).published.split())
    assert said in text
    assert "If your personal supply is empty, you may move" not in text
