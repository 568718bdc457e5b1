"""The generated Copycat rulebook states every item of the notes' "Checklist for a generated
rulebook" (shared/rules-notes/copycat.md), shows the provisional data and its pictures, and
the Spanish and Dutch books are built with no English left over."""

from __future__ import annotations

import re

import pytest
from test_rulebook_languages import _english_fragments

from regola.rulebook import build_rulebook


@pytest.fixture(scope="module")
def book() -> str:
    return build_rulebook("copycat", lang="en").markdown


def card_rows(book: str) -> list[list[str]]:
    """The rows of the card table: name, number, price, section, colour, action, amount, n."""
    return [[c.strip() for c in line.strip("|").split("|")] for line in book.splitlines()
            if line.startswith("| “") and line.count("|") == 9]


CHECKLIST = {
    1: ["For 2 to 4 players.", "| Most rounds | 11 |"],
    3: ["| Workers at home at the start of each round | 3 |",
        "The player moves workers from home back to the supply, as many as the number of the "
        "player's workers at home minus 3."],
    4: ["The player draws 5 cards from their draw pile and puts them into their hand"],
    5: ["chooses one hand card in secret, and all reveal them together: the highest number "
        "goes first", "The turn order becomes the players in order of the number on their "
        "turn-order card and their place in the previous turn order, from highest to lowest"],
    6: ["Tied players reverse their order of the previous round."],
    7: ["The turn-order card cannot be used this round.",
        "Move the cards on the bus sideways onto their temporary pile."],
    8: ["one worker per office unless an action says otherwise",
        "The player chooses the office: one of the offices free for placing."],
    9: ["takes the VP markers lying there",
        "Add the VP markers on the office to the player's VP from collected markers.",
        "The VP markers on the office become 0."],
    10: ["Before or after placing, the player may play cards and use purple and blue actions."],
    11: ["a player out of workers can no longer play cards or use offices in this phase"],
    12: ["Placing every worker is optional"],
    13: ["Purple and blue actions belong to phase 2; yellow, green and yellow-green ones to "
         "phase 3; grey ones are special; red cards have no action."],
    14: ["plays all remaining hand cards",
         "The player plays each of the cards in the player's hand face up into their play area."],
    15: ["Blue and purple actions left for phase 3 are lost."],
    16: ["Buys come only from offices, and exactly one office gives two buys.",
         "| Central Purchasing | 0 | yellow | “buy cards” | 2 | 0 | 2 |"],
    17: ["11 street spaces"],
    18: ["| street space 4 | 4 | 0 |", "| street space 5 | 5 | 1 |", "| street space 8 | 8 | 1 |",
         "| street space 9 | 9 | 2 |", "| street space 11 | 11 | 2 |",
         "the price of the card in the street space plus the surcharge of the street space"],
    19: ["Unspent money is lost at the end of the turn.", "The player's money becomes 0."],
    20: ["Red cards left of a bought card are taken free.",
         "If the position of the other street space is less than the position of the street "
         "space, the player takes each card in the other street space whose colour is red"],
    21: ["New cards go to the temporary pile, not the hand.",
         "Move the card sideways onto their temporary pile."],
    22: ["Gaps in the street are filled only in phase 4."],
    23: ["VP are scored after buying, in turn order.",
         "Add the player's VP gained this round to the player's VP."],
    24: ["Each office left empty gains a VP marker.",
         "If the number of workers in the office is 0, the VP markers on the office become the "
         "VP markers on the office plus 1."],
    25: ["discards are shuffled only when drawing from an empty pile",
         "an empty pile is first made again from their cards on their discard pile, shuffled"],
    26: ["Extra workers go back."],
    27: ["One new office opens each round, filling the windows of its section.",
          "3 office cards of section 1", "Open the next office card"],
    28: ["| Street spaces cleared each round | 3 with 2 players, 2 with 3 players, and 1 with "
         "4 players |", "move the cards in the street space into the box"],
    29: ["the street cards slide left and the street is refilled",
         "The cards of the street spaces slide towards its start to close every gap",
         "Put 1 card whose section is the smallest of the sections of the cards in the "
         "supply, drawn at random from the supply, on the street space."],
    30: ["used at most twice a round", "| Most uses of one card or office in a round | 2 |"],
    31: ["Card or office text overrides the general rules."],
    32: ["The most VP of any player is at least 95.",
         "The last doctorate has been bought.", "The round number is at least 11.",
         "The end of the game is checked after every round."],
    33: ["Compare each player's VP: the highest wins.",
         "compare each player's VP gained this round among them: the highest wins"],
    34: ["Take cards whose section is 5 at random from the box and put them back to the "
         "supply: as many as there are players",
         "Put 1 card whose section is 1, drawn at random from the box"],
}


@pytest.mark.parametrize("item", sorted(CHECKLIST))
def test_checklist_item_is_stated(book, item):
    for text in CHECKLIST[item]:
        assert text in book, f"checklist {item}: {text!r} not in the rulebook"


def test_checklist_2_start_deck(book):
    # checklist 2: 10 start cards numbered 9-18; 7 give 1 coin, 3 give 1 VP (one per set).
    start = [r for r in card_rows(book) if r[3] == "0"]
    assert sorted(int(r[1]) for r in start) == list(range(9, 19))
    assert all(r[7] == "4" for r in start)       # one card of each number in each of 4 sets
    coins = [r for r in start if r[5] == "“gain coins”" and r[6] == "1"]
    vp = [r for r in start if r[5] == "“victory points”" and r[6] == "1"]
    assert len(coins) == 7 and len(vp) == 3


def test_checklist_34_sections_and_doctorates(book):
    # checklist 34: sections I 11, II 15, III 13, IV 12; doctorates at the bottom of the supply.
    counts = {}
    for row in card_rows(book):
        counts[row[3]] = counts.get(row[3], 0) + int(row[7])
    assert counts == {"0": 40, "1": 11, "2": 15, "3": 13, "4": 12, "5": 4}


def test_provisional_note_and_pictures():
    built = build_rulebook("copycat", lang="en")
    assert "**About this edition**" in built.markdown
    assert "No source lists the real cards" in built.markdown or \
        "no source lists the real cards" in built.markdown
    assert set(built.pictures) == {"copycat-board.svg", "copycat-setup.svg",
                                   "copycat-example-order_tie.svg"}      # the worked example
    board = built.pictures["copycat-board.svg"]
    for space in range(1, 12):                          # the street: number · surcharge
        surcharge = 0 if space <= 4 else 1 if space <= 8 else 2
        assert f">{space} · +{surcharge}</text>" in board
    assert "Central Purchasing" in board and "Federal Presidency" in board
    assert board.count(">from 3 players</text>") == 2 and \
        board.count(">from 4 players</text>") == 2


def test_every_reading_is_a_clarification(book):
    for n in range(1, 21):
        assert f"**Reading {n}.**" in book


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_no_english_sentence_is_left_in_the_rulebook(lang):
    text = build_rulebook("copycat", lang=lang).markdown
    left = [f for f in _english_fragments(lang) if f in text]
    assert not left, f"English left in the {lang} rulebook: {left[:5]}"
    assert not re.search(r"\bde el\b", text)


def test_the_book_reads_as_prose_not_as_data(book):
    # Generic phrases an editor flagged: list sizes, true/false flags, endless inner loops.
    for dump in ("the number of items in", "only if always", "only if never",
                 "becomes true", "becomes false", "becomes yes", "becomes no",
                 "it is not the case that the player's", "plus 1, not included",
                 "0, 0, 0", "a set of 1 cards", ".).", "is none"):
        assert dump not in book, dump
    assert book.count("Repeat the following until the game ends") == 2   # the round loop,
    # in the rules and whole in the appendix (the turn summary says it in its own words)
    assert "Repeat the following until a step below says to stop:" in book
    assert "From now on, the player has passed." in book
    assert "If the player has not passed and either" in book
    assert "For each player in turn order, one after another:" in book
    assert "one of the whole numbers from 0 to the player's money" in book
    assert "The VP marker counts of the offices becomes 0 for each of the offices." in book
    assert "Each player keeps the name, number, price, section, colour, action, amount, and "\
        "start set of their cards secret until they are turned face up." in book


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_the_stiff_phrasings_an_editor_flagged_stay_out(lang):
    """Wordings an editor flagged: "the player's VP of the collected markers", workers moved
    home "as many as the number of workers the player has in the office", the terse "(of
    those tied on all of these, only the first)", cards "put to" a street space, and
    Spanish articles that do not agree with the property ("el cantidad", "los cartas")."""
    text = build_rulebook("copycat", lang=lang).markdown
    flagged = {"en": ["VP of the collected markers", "as many as the number of workers the "
                      "player has in the office", "of those tied on all of these",
                      "put it to the street space"],
               "es": ["el cantidad", "el acción", "el sección", "el posición",
                      "el bonificación", "los cartas"],
               "nl": ["het kleur", "het sectie", "het actie", "het positie"]}[lang]
    left = [words for words in flagged if words in text]
    assert not left, f"flagged phrasings in the {lang} rulebook: {left}"
    if lang == "en":
        assert "The player moves all their workers from the office home." in text


def glossary_rows(text: str, names: list[str]) -> dict[str, str]:
    """The glossary's meaning of each of `names` (the table's first column)."""
    rows = {}
    for line in text.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] in names:
            rows[cells[0]] = cells[1]
    return rows


def test_every_glossary_place_has_its_own_meaning(book):
    """Each place off the board is explained from what the rules do with it (the text file's
    location_meanings), never the generic "a place off the board"."""
    places = ["Supply", "Box", "Draw pile", "Hand", "Turn-order card", "Play area",
              "Temporary pile", "Discard pile", "At home"]
    rows = glossary_rows(book, places)
    assert sorted(rows) == sorted(places)
    generic = [name for name, meaning in rows.items() if "a place off the board" in meaning]
    assert not generic, f"glossary places with no meaning of their own: {generic}"
    assert len(set(rows.values())) == len(rows)
    assert rows["At home"].startswith("the workers a player can still place on offices")


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_a_player_variable_takes_the_article_of_its_gender(lang):
    """A player variable's article agrees with its gender (player_variable_genders): Dutch
    "het geld van de speler", Spanish "el dinero del jugador"; plural variables the gender of
    their noun (variable_genders): Spanish "cualquiera de las cartas"."""
    text = build_rulebook("copycat", lang=lang).markdown
    wanted, flagged = {"es": ("hasta el dinero del jugador", ["hasta dinero del jugador",
                                                               "de los cartas"]),
                       "nl": ("het geld van de speler", ["de geld van de speler"])}[lang]
    assert wanted in text
    left = [words for words in flagged if words in text]
    assert not left, f"articles that do not agree in the {lang} rulebook: {left}"
