"""Warsaw at the table explains itself: the story says every player's count when a
milestone is awarded and how a tie was broken; the grid has a key at the terminal and on the
web; tiles say what they are on hover and tap; the build question names the tile and the
price of building over a tile or discarding; the war names what stands on each space."""

from __future__ import annotations

import re

from warsaw_helpers import GAME, C, R, clear, fresh, lay, run, set_coins

from regola.i18n.catalog import Words
from regola.i18n.game_words import GameWords
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


def _residential_tie():
    """Red and Blue with 2 residential areas each, Red with fewer coins, after epoch 1's
    residential-areas milestone is awarded."""
    state = fresh()
    clear(state, 0)
    clear(state, 1)
    lay(state, 0, [0, 0], [R, C, C, R])
    lay(state, 1, [0, 0], [R, C, C, R])
    set_coins(state, 0, 4)
    set_coins(state, 1, 6)
    _award(state, 1, "residential_areas")
    return state


def test_milestone_tie_says_how_it_was_broken():
    """Equal counts: the player with fewer coins takes it, and the story says so."""
    state = _residential_tie()
    event, text = _note(state, "milestone_won")
    assert event["player"] == 0 and event["players"] == [1]
    assert text == ("Red wins the milestone for most residential areas: Red 2, Blue 2. "
                    "Tied with Blue, Red takes it for having fewer coins.")
    assert "menos monedas" in _note(state, "milestone_won", "es")[1]
    assert "minder munten" in _note(state, "milestone_won", "nl")[1]


def test_a_settled_milestone_leaves_the_list_of_goals_to_win():
    """Once this epoch's milestone is won, the face-up goal the table lists says who won it
    and what was counted, in words: the winner's count against the other's."""
    state = fresh()
    clear(state, 0)
    clear(state, 1)
    lay(state, 0, [0, 0], [R, C, C, R])
    lay(state, 0, [1, 0], [R, R, C, C])
    lay(state, 1, [0, 0], [R, C, C, R])
    _award(state, 1, "residential_areas")
    faces = state.data["vars"]["faces"]
    assert faces[0][0] == "milestone_won"
    assert all(isinstance(f, str) for f in faces[1:])     # the goals still to win
    assert _goals_line(state) .startswith("Red has the most residential areas: 3 against 2, ")
    assert _goals_line(state, "es").startswith(
        "Rojo tiene más zonas residenciales: 3 frente a 2, ")


def test_the_list_of_goals_says_how_a_tie_was_broken_or_that_nobody_won():
    """A tie broken by coins, and a tie nobody wins, each say who tied and at what count."""
    state = _residential_tie()
    assert _goals_line(state).startswith(
        "Red ties with Blue for the most residential areas at 2 and takes it for having "
        "fewer coins, ")
    _award(state, 2, "transport_groups")
    assert ", won by nobody: Red and Blue tie for the most transport groups at 0, " in \
        _goals_line(state)


def _goals_line(state, lang="en") -> str:
    """The table's line of face-up goals, as both surfaces say it."""
    from regola.present.facts import game_var_facts
    gw = GameWords(GAME.definition, Words(lang))
    facts = dict(game_var_facts(GAME, gw, state.observe(0), ["faces"]))
    return next(iter(facts.values()))


# ---- the terminal ----------------------------------------------------------------------

def _play(stdin: str) -> str:
    from typer.testing import CliRunner

    from regola.cli.app import app
    result = CliRunner().invoke(app, ["play", "warsaw", "--seats", "human,random", "--seed",
                                      "7"], input=stdin, env={"COLUMNS": "100", "LINES": "40"})
    return result.stdout


def test_terminal_build_question_names_the_tile_and_what_each_space_costs():
    """The picked tile is named in the question; each space says whether it builds over a
    tile and its price; discarding says what it pays; the grid has its key."""
    import re
    out = _play("50\n")   # the first tile in hand (keys follow the areas and the spaces)
    assert re.search(r"Your tile: cultural \(cost 3\), icon: cultural \d\. You have 6 coins\. "
                     r"Where do you build it\?", out)
    assert "discard the tile — take 3 coins" in out
    assert "row 4, column 4 — pay 3 coins (over a tile: the cost difference)" in out
    assert re.search(r"\[18\] row 3, column 4 — pay 3 coins \(empty space: the full cost\)", out)
    assert "key: pa park · re residential · a lone number: cost" in out


def test_terminal_legend_names_numbers_stacks_and_marks():
    """The key is built from what is drawn: a part's number, a stack's height and a
    transport mark each get their row."""
    from regola.cli.grid_view import grid_legend
    from regola.i18n.catalog import Words
    game = GAME.definition
    gw = GameWords(game, Words("en"))
    grid = game.grids["district"]
    base = {"kind": "tile", "cost": 2, "quarters": ["park", "park", "residential", "residential"],
            "icons": [0, 0, 0, 0]}
    top = {"kind": "tile", "cost": 4, "quarters": ["industrial"] * 4, "icons": [2, 0, 0, 0],
           "transport": True}
    text = " ".join(line.plain for line in grid_legend(gw, grid, [[base], [base, base, top]]))
    for row in ("pa park", "re residential", "in industrial", "a lone number: cost",
                "in2: industrial with icon 2", "x3: a stack of 3 tiles", "T: transport icon"):
        assert row in text, row


def test_the_full_log_folds_repeated_setup_moves():
    """`log` says the setup's many identical moves once, with their count."""
    out = _play("log\n")
    assert "city tile: box -> epoch piles (×" in out
    assert out.count("city tile: box -> epoch piles") < 5


# ---- the web ------------------------------------------------------------------------------

def _message_at(ask: str, after: int = 0):
    from test_web_board import warsaw_until
    return warsaw_until(ask, after)


def test_web_build_question_draws_the_tile_and_prices_every_option():
    """The question shows the picked tile; each button says where and for how much."""
    import xml.etree.ElementTree as ET
    state, context, message = _message_at("build_or_discard", 30)
    prompt = message["prompt"]
    assert prompt["text"].startswith("Your tile: ")
    ET.fromstring(prompt["picture"])
    labels = {a["id"]: a["label"] for a in prompt["actions"]}
    assert labels["discard"] == "discard the tile — take 3 coins"
    spaces = [label for key, label in labels.items() if key != "discard"]
    import re
    priced = (r" — pay \d+ coins? \((?:over a tile: the cost difference|empty space: the full "
              r"cost)\)")
    assert spaces and all(re.fullmatch(rf"row \d, column \d{priced}", s) for s in spaces)
    assert prompt["text"].endswith("Where do you build it?")


def test_web_tiles_have_titles_and_the_districts_a_legend():
    """Every tile in hand and in a district says what it is on hover or tap; the districts
    panel has a key of the colours and badges."""
    import xml.etree.ElementTree as ET
    svg = "{http://www.w3.org/2000/svg}"
    state, context, message = _message_at("pick_tile", 12)
    board = ET.fromstring(message["board"])
    words = [t.text or "" for t in board.iter(svg + "text")]
    for row in ("park", "residential", "cost", "a stack of 3 tiles, the top one shown"):
        assert row in words, row
    seat = state.to_move[0]
    built = {t["id"] for t in state.observe(seat)["tokens"] if t.get("at") == "district"}
    tiles = [g for g in board.iter(svg + "g") if g.get("data-token") in built]
    assert tiles and all(g.find(svg + "title") is not None and "(cost " in g.find(
        svg + "title").text for g in tiles)
    hand = ET.fromstring(message["hand"])
    held = [g for g in hand.iter(svg + "g") if g.get("data-token")]
    assert held and all("(cost " in g.find(svg + "title").text for g in held)
    public = [g.find(svg + "title").text for g in held if
              g.find(svg + "title").text.startswith("public building")]
    assert all("next to this building" in t or "Score" in t or "Take" in t or
               "counts as" in t or "pollution" in t for t in public)


def test_web_war_question_says_what_stands_on_each_space():
    """The war's options name the tile on each space and never say "over the tile"."""
    state, context, message = _message_at("war_remove")
    labels = [a["label"] for a in message["prompt"]["actions"]]
    assert labels and all(", holding " in label and "(cost " in label for label in labels)
    assert not any("over" in label for label in labels)


def test_two_tiles_alike_but_for_their_numbers_read_apart():
    """Two cultural tiles of cost 3 with icons 2 and 3 never share one label, on the web's
    buttons nor in the terminal's names."""
    from test_web_board import ctx_for, played

    from regola.present.labels import token_label
    from regola.server.messages import token_words
    state = played("warsaw", 0)
    ctx = ctx_for(state, 0)
    gw = ctx.gw
    two = {"kind": "tile", "id": "a", "cost": 3, "quarters": ["cultural"] * 4,
           "icons": [2, 0, 0, 0], "family": "regular"}
    three = {**two, "id": "b", "icons": [3, 0, 0, 0]}
    assert token_label(gw, two) == "cultural (cost 3), icon: cultural 2"
    assert token_label(gw, two) != token_label(gw, three)
    assert token_words(gw, two, ctx) != token_words(gw, three, ctx)
    public = {"kind": "tile", "id": "c", "cost": 3, "quarters": ["public"] * 4, "whole": True,
              "family": "public", "effect": "vp_per_residential", "reward": "vp", "amount": 1,
              "per": "residential"}
    assert token_words(gw, public, ctx) == "public building (cost 3)"


def test_the_war_line_names_the_spaces_each_player_lost():
    """A war's story line says where each player lost ("row 4, column 2"), in every
    language: a newcomer read only "loses 1 space to the war; tiles destroyed: 1"."""
    from play_helpers import finished
    game, state = finished("warsaw", 2, 3)
    lines = {lang: [event_text(e, GameWords(game.definition, Words(lang)))
                    for e in state.log if e.get("msg") == "ruined"] for lang in ("en", "es", "nl")}
    assert lines["en"] and all(re.search(r"\(row \d+, column \d+", line) for line in lines["en"])
    assert all(re.search(r"\(fila \d+, columna \d+", line) for line in lines["es"]), lines["es"]
    assert all(re.search(r"\(rij \d+, kolom \d+", line) for line in lines["nl"]), lines["nl"]
