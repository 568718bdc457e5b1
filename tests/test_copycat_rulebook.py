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
    return build_rulebook("copycat", lang="en").published


def sheet_rows(book: str, title: str) -> list[list[str]]:
    """The rows of a reference sheet (its cells), found by its bold title."""
    part = book[book.index(f"**{title}**"):]
    rows = []
    for line in part.split("\n\n", 2)[1].splitlines():
        if line.startswith("|") and not line.startswith("|---"):
            rows.append([c.strip() for c in line.strip("|").split("|")])
    return rows[1:]                                      # without the header


# Each item of the notes' checklist as the written book states it (its chapters, their
# placeholders filled from the data), and where a procedure carries it, in the appendix.
CHECKLIST = {
    1: ["Copycat is for 2 to 4 players.", "The game lasts at most 11 rounds"],
    3: ["Keep 3 of your workers in front of you: these are your workers **at home**.",
        "Keep 3 at home and return any extra workers to your reserve.",
        "The player takes all their workers back home, keeps 3 of them there and returns the "
        "others to their reserve"],
    4: ["Draw 5 cards from your draw pile into your hand.",
        "The player draws 5 cards from their draw pile and puts them into their hand"],
    5: ["Choose one card from your hand and lay it face down in front of you. When everyone "
        "has chosen, reveal the cards together. The player with the highest number goes first",
        "At the same time and in secret, each of the players who have cards in hand chooses a "
        "card from their hand and lays it face down for the turn order"],
    6: ["Players who reveal the same number reverse the order they had among themselves in "
        "the previous round"],
    7: ["Your revealed card then goes sideways onto your temporary pile, and you cannot use "
        "its action this round.",
        "Move the cards laid out for the turn order sideways onto their temporary pile."],
    8: ["Each office holds only one worker, unless an action says otherwise.",
        "The player chooses one of the empty offices where the player may place a worker "
        "now."],
    9: ["If VP markers lie on that office, take them and keep them in front of you",
        "The player places a worker from home on the office and takes the VP markers lying "
        "there"],
    10: ["During your turn, before and after placing your worker, you may also:",
         "use the purple and blue actions of the cards in your play area"],
    11: ["If your turn comes and you have no worker left at home, you are out too"],
    12: ["You never have to place all your workers."],
    13: ["| purple | 2: actions |", "| blue | 2: actions |", "| yellow | 3: buying and scoring |",
         "| green | 3: buying and scoring |", "| yellow-green | 3: buying and scoring |",
         "| grey | 3: buying and scoring |", "| red | never | nothing: red cards have no action |"],
    14: ["First play all the cards left in your hand into your play area.",
         "The player plays each of the cards in the player's hand face up into their play area"],
    15: ["Purple and blue actions can no longer be used: if you did not use them in phase 2, "
         "they are lost."],
    16: ["You buy cards only with the buy actions of offices where you have a worker.",
         "Central Purchasing lets you buy up to 2.",
         "| Central Purchasing | yellow | Buy up to 2 cards. |"],
    17: ["the **street** of 11 spaces"],
    18: ["nothing extra on spaces 1 to 4, 1 coin more on spaces 5 to 8, and 2 coins more on "
         "spaces 9 to 11",
         "the price of the card plus the surcharge of the street space"],
    19: ["Money you have not spent at the end of your turn is lost",
         "The player loses the money they have not spent"],
    20: ["When you buy a card, you must also take every red card lying to its left in the "
         "street, for free.",
         "For each of the street spaces to the left of the target space",
         "The player takes each card in that street space whose colour is red"],
    21: ["Every new card, bought or red, goes sideways onto your temporary pile",
         "The player takes the card in the target space sideways onto their temporary pile"],
    22: ["Spaces emptied by buying are not refilled until the clean-up"],
    23: ["**Scoring.** At the end of your turn, add up the VP of your round",
         "adds the VP markers they took this round (twice, if they count double) to their VP of "
         "the round, moves their career piece that many VP along the career path, and puts the "
         "markers back beside the board"],
    24: ["Put a VP marker on each office in play that has no worker.",
         "If nobody has a worker on the office, a VP marker is put on the office"],
    25: ["Only when you have to draw and your draw pile is empty do you shuffle your discard "
         "pile into a new draw pile.",
         "an empty pile is first made again from their cards on their discard pile, shuffled"],
    26: ["return any extra workers to your reserve"],
    27: ["Place the top office card in the next free window of its section",
         "The 3 windows of section 1 fill first",
         "The top office card, if any is left, goes into the next free window of its section: "
         "it is in play from now on"],
    28: ["Remove from the game any cards still lying on the first 3 (2 players), 2 (3 players), "
         "or 1 (4 players) spaces of the street.",
         "the cards on the first street spaces go into the box, out of the game (how many "
         "spaces: 3 with 2 players, 2 with 3 players, and 1 with 4 players)"],
    29: ["Slide the other cards to the left to close every gap, then fill the empty spaces at "
         "the right end from the supply",
         "The cards of the street spaces slide towards the start of the row to close every gap",
         "If the street space is empty and cards are left in the supply stack, the top card of "
         "the supply stack is laid face up on the street space"],
    30: ["only grey actions let you use one again, and never more than 2 times in a round"],
    31: ["When a card or an office says something different from these rules, the card or the "
         "office wins."],
    32: ["- a player has 95 VP or more;",
         "- a player bought the last doctorate this round: when they bought it, no other "
         "doctorate was left in the supply stack or the street",
         "- round 11 is over.", "After the clean-up, the game ends if at least one of these "
         "has happened:"],
    33: ["The player with the most VP is elected president and wins. If several players tie "
         "for the most VP, the one among them who gained the most VP in the last round wins."],
    34: ["at the bottom as many doctorates as there are players",
         "The supply stack is built face down beside the board: at the bottom one doctorate for "
         "each player (the others go back into the box), on top of them the cards of section "
         "IV, then those of section III, and last those of section II, each section shuffled",
         "The cards of section I are shuffled and laid face up on the street spaces, one on "
         "each"],
}


@pytest.mark.parametrize("item", sorted(CHECKLIST))
def test_checklist_item_is_stated(book, item):
    flat = " ".join(book.split()).lower()      # a sentence may open a longer one
    for text in CHECKLIST[item]:
        assert " ".join(text.split()).lower() in flat, \
            f"checklist {item}: {text!r} not in the rulebook"


def test_checklist_2_start_deck(book):
    # checklist 2: 10 start cards numbered 9-18; 7 give 1 coin, 3 give 1 VP (one set each).
    assert "4 identical sets of **start cards**, marked A to D, one set for each player" in book
    # each start card's number: the 7 Fatherly Friends (9-15, one row) give a coin, the
    # Local Newspaper, Radio and TV (16-18) a VP
    start = sheet_rows(book, "The start cards (one set per player)")
    assert [r[:2] for r in start if r[3] == "Gain 1 coin."] == [["9–15", "Fatherly Friend"]]
    assert [(int(r[0]), r[1]) for r in start if r[3] == "Score 1 VP."] == [
        (16, "Local Newspaper"), (17, "Local Radio"), (18, "Local TV")]


def test_checklist_34_sections_and_doctorates(book):
    # checklist 34: sections I 11, II 15, III 13, IV 12; doctorates (one per player) at the
    # bottom of the supply, and every card's action in the reference sheets.
    def cards(row: list[str]) -> int:
        """How many cards a row stands for: "1–2" is two School Diplomas."""
        first, _, last = row[0].partition("–")
        return int(last or first) - int(first) + 1
    counts = {n: sum(cards(r) for r in sheet_rows(book, f"The action cards of section {n}"))
              for n in ("I", "II", "III", "IV")}
    assert counts == {"I": 11, "II": 15, "III": 13, "IV": 12}
    assert sheet_rows(book, "The doctorates (section V)")[0][:2] == ["4", "Doctorate"]
    offices = ["The offices printed on the board", "The player-count offices for 3 or more players",
               "The player-count offices for 4 players"] + \
        [f"The office cards of section {n}" for n in (1, 2, 3, 4)] + \
        ["The office card of section 5"]
    assert sum(len(sheet_rows(book, title)) for title in offices) == 25   # every office, named
    for title in [f"The action cards of section {n}" for n in counts] + offices:
        assert all(row[-1] not in ("", "—") for row in sheet_rows(book, title)), title


def test_provisional_note_and_pictures():
    built = build_rulebook("copycat", lang="en")
    assert "## About this edition" in built.markdown      # the book's last section
    assert "About this edition" not in built.full_rules
    assert "each card's name, number, price, section and action are this edition's" in \
        built.published
    assert "9 to 18" not in built.published       # the numbers are in the start-card table
    assert "not available" not in built.published          # no production talk
    assert set(built.pictures) == {"copycat-setup.svg",   # the board, ready to play
                                   "copycat-example-placing-1.svg",     # the worked examples
                                   "copycat-example-placing-2.svg",
                                   "copycat-example-buying-1.svg",
                                   "copycat-example-buying-2.svg",
                                   "copycat-example-cleanup-1.svg",
                                   "copycat-example-cleanup-2.svg"}
    board = built.pictures["copycat-setup.svg"]
    for space in range(1, 12):                          # the street: number · surcharge
        surcharge = 0 if space <= 4 else 1 if space <= 8 else 2
        assert f">{space} · +{surcharge}</text>" in board
    assert "Central Purchasing" in board and "Federal Presidency" in board
    assert board.count(">from 3 players</text>") == 2 and \
        board.count(">from 4 players</text>") == 2


def test_every_reading_is_explained_in_a_chapter(book):
    # the written book explains each reading in the chapter it belongs to (its explains), so
    # it needs no section of Clarifications that repeats the chapters
    from regola.loading.loader import load_game
    from regola.rulebook.book.outline import game_folder, load_outline
    game = load_game("copycat").definition
    outline = load_outline(game, game_folder(game))
    chapters = {sid: names for sid, names in outline.explains.items() if sid != "appendix"}
    explained = {name for names in chapters.values() for name in names}
    readings = {name for name, option in game.options.items() if option.reading}
    assert len(readings) == 22 and readings <= explained
    assert "## Clarifications" not in book


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_no_english_sentence_is_left_in_the_rulebook(lang):
    text = build_rulebook("copycat", lang=lang).published
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
    assert book.count("Repeat the following until the game ends") == 1   # the round loop,
    # whole in the appendix (the written chapters and the turn summary say it in words)
    assert "Otherwise, repeat the following until a step below says to stop:" in book
    assert "            1. The player is out of the phase." in book
    assert "For each player in turn order, one after another, if the player has not passed in " \
        "this phase and either" in book
    assert "any number from 0 to the player's money" in book
    assert "marker row" not in book     # the VP markers on each office: bookkeeping
    chapters = re.sub(r'\{: style="width: \d+%"\}', "", book.split("## Appendix")[0])
    for dump in ("hall_", "street_", "_office", "yellow_green", "{"):   # (a picture's width
        assert dump not in chapters, dump     # is markup) no ids or placeholders in chapters


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_the_stiff_phrasings_an_editor_flagged_stay_out(lang):
    """Wordings an editor flagged: "the player's VP of the collected markers", workers moved
    home "as many as the number of workers the player has in the office", the terse "(of
    those tied on all of these, only the first)", cards "put to" a street space, and
    Spanish articles that do not agree with the property ("el cantidad", "los cartas")."""
    text = build_rulebook("copycat", lang=lang).published
    flagged = {"en": ["VP of the collected markers", "as many as the number of workers the "
                      "player has in the office", "of those tied on all of these",
                      "put it to the street space"],
               "es": ["el cantidad", "el acción", "el sección", "el posición",
                      "el bonificación", "los cartas"],
               "nl": ["het kleur", "het sectie", "het actie", "het positie"]}[lang]
    left = [words for words in flagged if words in text]
    assert not left, f"flagged phrasings in the {lang} rulebook: {left}"
    if lang == "en":
        assert "The player takes all their workers back home, keeps 3 of them there" in text


def glossary_rows(text: str, names: list[str]) -> dict[str, str]:
    """The glossary's meaning of each of `names` (the table's first column)."""
    rows = {}
    for line in text.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] in names:
            rows[cells[0]] = cells[1]
    return rows


def test_every_glossary_place_has_its_own_meaning():
    """Each place off the board is explained from what the rules do with it (the text file's
    location_meanings), never the generic "a place off the board". The written book defines
    its terms where they are first used; the generated glossary block still reads them."""
    from regola.i18n.catalog import Words
    from regola.rulebook.book.rulebook import Book
    glossary = Book("copycat", None, Words("en")).blocks["glossary"]()
    places = ["Reserve", "Box", "Draw pile", "Hand", "Turn-order card", "Play area",
              "Temporary pile", "Discard pile", "At home"]
    rows = glossary_rows(glossary, places)
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
    text = build_rulebook("copycat", lang=lang).published
    wanted, flagged = {"es": ("y el dinero del jugador", ["y dinero del jugador",
                                                               "de los cartas"]),
                       "nl": ("het geld van de speler", ["de geld van de speler"])}[lang]
    assert wanted in text
    left = [words for words in flagged if words in text]
    assert not left, f"articles that do not agree in the {lang} rulebook: {left}"


@pytest.mark.parametrize(("lang", "said"), [
    ("en", "so, not counting the player-count offices, the number of office cards in play is "
           "the number of the round"),
    ("es", "sin contar los despachos según el número de jugadores, el número de cartas de despacho "
           "en juego es el número de la ronda"),
    ("nl", "zonder de extra bureaus mee te tellen is het aantal bureaukaarten "
           "in het spel het nummer van de ronde"),
])
def test_the_rounds_are_counted_by_the_section_offices_alone(lang, said):
    """Rule (the end of the game, round 11): one section office opens at the start and one
    in every clean-up. A reader found "the number of office cards in play is the number of
    the round" false with 3 or 4 players, whose player-count offices are cards too."""
    text = " ".join(build_rulebook("copycat", lang=lang).published.split())
    assert said in text
    assert "so the number of office cards in play is the number of the round" not in text
