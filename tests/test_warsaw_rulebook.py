"""Warsaw's generated rulebook states every item of the notes' "Checklist for a generated
rulebook" (shared/rules-notes/warsaw.md), shows the provisional-data note and its pictures,
and builds in Spanish and Dutch with no English left; the docs site has its pages."""

from __future__ import annotations

import pytest
from test_rulebook_languages import _english_fragments
from typer.testing import CliRunner

from regola.cli.app import app
from regola.rulebook import build_rulebook

CHECKLIST = {
    1: ["For 2 to 4 players", "The game lasts 6 epochs", "For each number from 1 to 6, in order"],
    2: ["105 city tiles", "36 coins", "4 mermaid markers", "3 player aids"],
    3: ["4 start tiles (back S)",
        "| start tile (back S) | 0 | 0 | park, park, residential, and residential |",
        "The start tiles: the four are alike (park on top, residential below"],
    4: ["the 5 two-sided milestones", "onto its milestone space, a random side face up",
        "one of the pair of goals of the milestone at random"],
    5: ["Each player takes 6 coins from the bank", "and takes 6 coins from the bank"],
    6: ["Each has a construction phase, in which the players draft tiles and build them "
        "into their districts, and an income phase",
        "Play the construction phase (see", "Play the income phase (see"],
    7: ["Take 4 city tiles whose epoch on the back is the epoch at random from the epoch stack",
        "go back to the box unseen"],
    8: ["At the same time and in secret, each player picks a tile",
        "all picked tiles are turned face up together"],
    9: ["A discarded tile goes back to the box and its owner takes 3 coins from the bank",
        "The player takes 3 coins from the bank.",
        "The player pays coins to the bank, as many as the cost."],
    10: ["to the next player in odd epochs and to the previous player in even ones"],
    11: ["Repeat the following 4 times", "Then, 4 times over: every player secretly picks"],
    12: ["share a full edge with a tile of the district: touching at a corner is not enough",
         "sharing a full edge"],
    13: ["3 by 4 or 4 by 3 spaces, so it has at most 12 spaces"],
    14: ["A tile may be turned freely before it is placed, never afterwards"],
    15: ["the cost of the tile minus the cost of what is covered on the space, but no less than 0",
         "never below 0, and nothing is refunded"],
    16: ["which may itself have been overbuilt before"],
    17: ["Each city tile is divided into 4 quarters", "also across tiles"],
    18: ["Public buildings and milestones fill a whole tile and are always an area of their "
         "own"],
    19: ["three steps, in this order - war, milestone, scoring"],
    20: ["end of epoch III: each player removes 1 space",
         "end of epoch IV: each player removes 2 different spaces, with every tile under them"],
    21: ["After a war every district must still be one connected group",
         "stays one group of spaces connected by edges"],
    22: ["at the end of each of epochs I to V, none after epoch VI"],
    23: ["builds it at once and for free", "its cost is 0"],
    24: ["compare the number of coins each tied player has: the lowest wins",
         "compare each tied player's victory points: the lowest wins",
         "If there is not exactly one best player", "nobody gets it and it is discarded"],
    25: ["Only one park scores", "| Park points by adjacent residential areas"],
    26: ["Each commercial area earns 1 coin for each residential area next to it"],
    27: ["Each cultural area scores the points printed on its icons"],
    28: ["Each industrial area earns the coins printed on its icons",
         "each residential area next to one or more industrial areas costs 1 point"],
    29: ["Each transport tile gives 2 points, connected transport tiles count as one",
         "at least 2 are needed to score"],
    30: ["divided by 5, rounded down", "Compare each player's victory points",
         "compare the number of coins each player has", "share the victory"],
}


@pytest.fixture(scope="module")
def english():
    return build_rulebook("warsaw", lang="en")


@pytest.mark.parametrize("item", sorted(CHECKLIST))
def test_every_checklist_item_is_stated(english, item):
    """notes: Checklist for a generated rulebook (items 1-30), incl. Components: the 3 player
    aids, which exist only in the rulebook."""
    text = " ".join(english.markdown.split())
    missing = [words for words in CHECKLIST[item] if words not in text]
    assert not missing, f"checklist item {item}: {missing}"


def test_provisional_note_readings_and_pictures(english):
    text = english.markdown
    assert "**About this edition**" in text and "16 per epoch" in text
    for reading in range(1, 20):
        assert f"**Reading {reading}.**" in text
    assert "A milestone gives its effect already in the income phase that awards it" in text
    assert "choose the spaces a war destroys at the same time and in secret" in text
    assert set(english.pictures) - {"warsaw-example-overbuild.svg",
                                    "warsaw-example-final_exchange.svg"} == {
        "warsaw-tiles.svg", "warsaw-start_tiles.svg", "warsaw-setup.svg", "warsaw-district.svg",
        "warsaw-areas_example.svg"}
    for svg in english.pictures.values():
        assert svg.startswith("<svg") and "<rect" in svg
    assert not english.missing


@pytest.mark.parametrize("lang", ["es", "nl"])
def test_spanish_and_dutch_have_no_english_left(lang):
    book = build_rulebook("warsaw", lang=lang)
    fragments = _english_fragments(lang)
    left = [f for f in fragments if f in book.markdown]
    assert not left, f"English left in the {lang} rulebook: {left[:5]}"
    assert not book.missing
    assert {"es": "Varsovia", "nl": "Warschau"}[lang] in book.markdown


def test_docs_site_has_the_pages(tmp_path):
    result = CliRunner().invoke(app, ["docs", "build", "--out", str(tmp_path), "--pages-only"])
    assert result.exit_code == 0, result.output
    for lang in ("en", "es", "nl"):
        for page in ("warsaw/index.md", "warsaw/index-district.svg"):
            assert (tmp_path / "docs" / lang / page).exists(), (lang, page)


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_the_stiff_phrasings_an_editor_flagged_stay_out(lang):
    """Wordings an editor flagged: a loss scored "as many points as minus ...", a list size
    read as "the number of items in ...", a milestone's goal read as a list entry "at
    position the epoch minus 1", the kind of scoring repeated inside its own branch, and
    Dutch "het wijk"."""
    text = build_rulebook("warsaw", lang=lang).markdown
    flagged = {"en": ["as many points as minus", "the number of items in", "at position",
                      "counting from 0", "for the kind of scoring"],
               "es": ["tantos puntos como menos", "el número de elementos", "contando desde 0"],
               "nl": ["zoveel punten als min", "het wijk", "het eigen wijk", "het aantal van",
                      "de speler blijft verbonden"]}[lang]
    left = [words for words in flagged if words in text]
    assert not left, f"flagged phrasings in the {lang} rulebook: {left}"
    if lang == "en":
        flat = " ".join(text.split())
        assert "The player loses as many points to industrial pollution as the number of the " \
            "player's residential areas next to an industrial area and not shielded." in flat
        assert "the goal printed on the face-up side of this epoch's milestone" in flat
        assert "the smallest of the number of spaces the war destroys and the number of " \
            "spaces of the player's district minus 1" in flat


def test_every_glossary_place_has_its_own_meaning(english):
    """Each place off the board is explained from what the rules do with it (the text file's
    location_meanings), never the generic "a place off the board"; and the Dutch player
    variable takes the article of its gender ("het plan", player_variable_genders)."""
    places = ["Game box", "Epoch stacks", "Dealt tiles", "Hand", "Picked face down",
              "Milestone spaces of the board", "District"]
    rows = {}
    for line in english.markdown.split("\n"):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 2 and cells[0] in places:
            rows[cells[0]] = cells[1]
    assert sorted(rows) == sorted(places)
    generic = [name for name, meaning in rows.items() if "a place off the board" in meaning]
    assert not generic, f"glossary places with no meaning of their own: {generic}"
    assert len(set(rows.values())) == len(rows)
    assert rows["Epoch stacks"].startswith("the tiles of each epoch waiting to be dealt")
    dutch = build_rulebook("warsaw", lang="nl").markdown
    assert "Het plan voor de gekozen tegel van de speler" in dutch
    assert "de plan voor" not in dutch.lower()


READINGS_18_19 = {
    "en": ["**Reading 18.** A milestone gives its effect already in the income phase that "
           "awards it", "**Reading 19.** The players choose the spaces a war destroys at the "
           "same time and in secret",
           "**Reading 18.** A milestone gives no effect in the income phase that awards it",
           "**Reading 19.** The players choose the spaces a war destroys one after another"],
    "es": ["**Interpretación 18.** Un hito da su efecto ya en la fase de ingresos que lo "
           "concede", "**Interpretación 19.** Los jugadores eligen a la vez y en secreto",
           "**Interpretación 18.** Un hito no da ningún efecto en la fase de ingresos",
           "**Interpretación 19.** Los jugadores eligen los espacios que destruye una guerra "
           "uno tras otro"],
    "nl": ["**Interpretatie 18.** Een mijlpaal geeft zijn effect al in de inkomstenfase",
           "**Interpretatie 19.** De spelers kiezen tegelijk en in het geheim",
           "**Interpretatie 18.** Een mijlpaal geeft geen effect in de inkomstenfase",
           "**Interpretatie 19.** De spelers kiezen de vakken die een oorlog verwoest na "
           "elkaar"],
}


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_readings_18_and_19_are_stated_in_every_language(lang, tmp_path):
    """notes: Reading 18 (milestone_scores) and Reading 19 (war_choice) - the rulebook
    states both readings in every language; a variant with next_income and seat_order
    states those values instead, and its steps follow them."""
    same, at_once, next_income, seat_order = READINGS_18_19[lang]
    book = build_rulebook("warsaw", lang=lang).markdown
    assert same in book and at_once in book
    variant = tmp_path / "other.yaml"
    variant.write_text("extends: warsaw\nvariant: other\nname: Other readings\noptions:\n"
                       "  milestone_scores: {value: next_income}\n"
                       "  war_choice: {value: seat_order}\n", encoding="utf-8")
    changed = build_rulebook("warsaw", str(variant), lang=lang)
    assert next_income in changed.markdown and seat_order in changed.markdown
    assert same not in changed.markdown and at_once not in changed.markdown
    assert not {m for m in changed.missing if m.startswith(("option", "functions", "procedures"))}
    if lang == "en":
        assert "1. At the same time and in secret, each player chooses the spaces" in book
        assert "was awarded in an earlier income phase" not in book
        assert "1. For each player, one after another:" in changed.markdown
        assert "was awarded in an earlier income phase" in changed.markdown
