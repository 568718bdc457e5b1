"""Warsaw at the table, round 4: spaces named from row 1, column 1 on every surface (also
when a district has drifted past the usual corner), the log naming a space as it was then,
and the key and the subject of each question shown."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from rich.console import Console
from warsaw_helpers import GAME, builtins_grid, fresh, lay

from regola.cli.grid_view import grid_map
from regola.cli.screen import Screen
from regola.i18n.catalog import Words
from regola.i18n.game_words import GameWords
from regola.present.labels import cell_words, token_label
from regola.present.table_layout import load_layout

SVG = "{http://www.w3.org/2000/svg}"


def _drifted():
    """A game whose first district lies from column -4 to -1 (its start tile destroyed):
    one column further left than the usual corner counts from."""
    state = fresh()
    for x in (-1, -2, -3):
        lay(state, 0, (x, 0), ["park"] * 4, cost=1)
    builtins_grid.remove(state._runtime(), "district", 0, [0, 0], "box")
    lay(state, 0, (-4, 0), ["residential"] * 4, cost=2)
    return state


def _numbers(text: str) -> list[int]:
    return [int(n) for n in re.findall(r"(?:row|column) (-?\d+)", text)]


def test_a_drifted_district_counts_from_one_and_the_log_keeps_the_old_names():
    state = _drifted()
    gw = GameWords(GAME.definition)
    view = state.observe(0)
    assert cell_words(gw, GAME.definition, (-4, 0), view) == "row 4, column 1"
    assert cell_words(gw, GAME.definition, (-1, 0), view) == "row 4, column 4"
    drawn = [line.plain for line in grid_map(GAME, view, gw, "district", 0)]
    # the edges say "row" and "column", so no edge number reads as a tile's cost
    assert re.findall(r"column (\d+)", drawn[1]) == ["1", "2", "3", "4"]
    assert [line.split("|")[0].strip() for line in drawn[2:] if line.startswith("row")] == [
        "row 4"]
    screen = Screen(Console(width=100), GAME, gw)
    screen.seat = 0
    log = [line.plain for line in screen.full_log_lines(view) if "district, row" in line.plain]
    # the start tiles were laid on row 4, column 4 and the log still says so; the tile
    # laid left of column 1 is named as the grids were counted when it was laid
    assert "row 4, column 4" in log[0]
    assert [line.split("district, ")[1].split(", turned")[0] for line in log[1:4]] == [
        "row 4, column 3", "row 4, column 2", "row 4, column 1"]
    assert "row 4, column 1" in log[-1]
    assert all(n >= 1 for line in log for n in _numbers(line))


def _to_build(state, seat: int = 0):
    """Play on at random (seat `seat` always builds) until `seat` is asked where to build."""
    rng = random.Random(2)
    while True:
        for p in list(state.to_move):
            actions = state.legal_actions(p)
            if p == seat and actions[0]["ask"] == "build_or_discard":
                return state
            state.apply(p, rng.choice(actions))


def test_web_buttons_and_rulers_of_a_drifted_district_count_from_one():
    from regola.server.messages import seat_message, table_info
    state = _to_build(_drifted())
    actions = state.legal_actions(0)
    table = table_info("g", 0, ["person"] * 2, "warsaw", None, Words("en"))
    message = seat_message(GAME, load_layout(GAME.definition), state.observe(0), actions,
                           table, Words("en"), context=state.decision_context(0))
    labels = [a["label"] for a in message["prompt"]["actions"] if a["id"] != "discard"]
    assert labels and all(re.match(r"row \d, column \d", label) for label in labels)
    assert all(n >= 1 for label in labels for n in _numbers(label))
    assert len({label.split(" — ")[0] for label in labels}) == len(labels)
    board = ET.fromstring(message["board"])
    rulers = [t.text for t in board.iter(SVG + "text") if t.get("class") == "ruler"]
    assert rulers and all(int(n) >= 1 for n in rulers)
    assert {"1", "4"} <= set(rulers)


def _screen(stdin: str, columns: int, lines: int) -> list[str]:
    """The terminal's screens of a game of Warsaw (seed 11) fed `stdin`, one per question."""
    from typer.testing import CliRunner

    from regola.cli.app import app
    result = CliRunner().invoke(app, ["play", "warsaw", "--seats", "human,random", "--seed",
                                      "11"], input=stdin,
                                env={"COLUMNS": str(columns), "LINES": str(lines)})
    return re.split(r"(?=Warsaw: City of Ruins · )", result.stdout)[1:]


def test_the_pick_screen_shows_the_whole_district_with_its_key_once_at_both_sizes():
    for columns, lines in ((100, 30), (80, 24)):
        first = _screen("q\n", columns, lines)[0].splitlines()
        at = next(i for i, line in enumerate(first) if line.startswith("Red: district"))
        assert first[at + 1].strip() == "column 4", first   # the edges in words, not costs
        assert first[at + 2].startswith("row 4 |pa  pa  0 |"), first
        assert first[at + 3].startswith("      |re  re    |"), first
        assert sum(line.startswith("key: pa park") for line in first) == 1, first
        assert any(line.startswith("hand (you): ") for line in first), first


def test_the_turn_question_prints_the_key_once_and_names_the_others_revealed_pick():
    screens = _screen("51\n26\nq\n", 100, 30)
    build, turn = screens[1].splitlines(), screens[2].splitlines()
    assert sum(line.startswith("key: ") for line in turn) == 1, turn
    assert sum(line.startswith("key: ") for line in build) == 1, build
    # the other player's public building says what it does, as the seat's own do
    said = " ".join(line.strip() for line in build[next(i for i, line in enumerate(build)
                    if line.startswith("picked tile (Blue): ")):][:2])
    assert said.startswith("picked tile (Blue): public building (cost 3) — Score 1 victory "
                           "point for each residential area next to this building."), build
    assert not any("picked face down" in line for line in build)


def test_web_seat_panel_names_a_revealed_pick():
    from regola.server.messages import seat_message, table_info
    state = _to_build(fresh(seed=11), seat=0)
    actions = state.legal_actions(0)
    table = table_info("g", 0, ["person"] * 2, "warsaw", None, Words("en"))
    message = seat_message(GAME, load_layout(GAME.definition), state.observe(0), actions,
                           table, Words("en"), context=state.decision_context(0))
    blue = [text for text, _ in message["seats"][1]["facts"] if text.startswith("picked")]
    tile = next(t for t in state.observe(0)["tokens"]
                if t.get("at") == "picked" and t.get("owner") == 1)
    assert blue == [f"picked tile: {token_label(GameWords(GAME.definition), tile)}"]
    assert "(cost " in blue[0] and "city tile" not in blue[0]


def test_web_key_covers_the_hand_and_says_what_icons_and_transport_count_for():
    from regola.server.messages import seat_message, table_info
    state = fresh(seed=11)
    view = state.observe(0)
    in_hand = {q for t in view["tokens"] if t.get("at") == "hand" and t.get("owner") == 0
               for q in t.get("quarters") or []}
    table = table_info("g", 0, ["person"] * 2, "warsaw", None, Words("en"))
    message = seat_message(GAME, load_layout(GAME.definition), view, state.legal_actions(0),
                           table, Words("en"), context=state.decision_context(0))
    words = " ".join(t.text or "" for t in ET.fromstring(message["board"]).iter(SVG + "text"))
    gw = GameWords(GAME.definition)
    assert in_hand - {"park", "residential"}
    for quarter in in_hand:
        assert gw.value(quarter) in words, quarter
    assert "icons add up per area" in words


def test_terminal_key_says_what_an_icon_counts_for():
    from regola.cli.grid_view import grid_legend
    state = fresh()
    lay(state, 0, (1, 0), ["cultural"] * 4, cost=3, icons=[2, 0, 0, 0], transport=True)
    view = state.observe(0)
    stacks = [[t] for t in view["tokens"] if t.get("at") == "district" and t.get("owner") == 0]
    key = " ".join(line.plain for line in grid_legend(GameWords(GAME.definition),
                                                      GAME.definition.grids["district"],
                                                      stacks, 98))
    assert "cu2: cultural with icon 2 (icons add up per area" in key
    assert "T: transport icon (touching transport tiles make one group" in key


def test_the_war_question_says_how_many_spaces_and_why_some_are_not_offered():
    from test_web_board import warsaw_until
    state, context, message = warsaw_until("war_remove")
    text = message["prompt"]["text"]
    assert text.startswith("The war destroys which space of your district? It destroys ")
    assert re.search(r"It destroys \d in all; after this one, \d more\.", text)
    assert "keeps your district in one piece" in text


def test_the_story_says_where_a_milestone_is_built():
    from test_web_board import warsaw_until

    from regola.present.story import entry_text, story
    state, context, message = warsaw_until("place_milestone")
    seat = state.to_move[0]
    space = state.legal_actions(seat)[-1]
    state.apply(seat, space)
    gw = GameWords(GAME.definition)
    lines = [entry_text(e, gw) for e in story(state.observe(seat)["log"])]
    built = [line for line in lines if "builds the milestone" in line]
    assert built == [f"{gw.seat(seat)} builds the milestone in their district, on "
                     f"{cell_words(gw, GAME.definition, space['value'])}."]
    assert re.search(r"on row \d, column \d\.$", built[0])


def test_a_question_on_spaces_carries_its_own_map_for_a_phone():
    from test_web_board import warsaw_until
    state, context, message = warsaw_until("place_milestone")
    drawn = ET.fromstring(message["prompt"]["map"])
    picks = {g.get("data-action") for g in drawn.iter(SVG + "g") if g.get("data-action")}
    cells = {a["id"] for a in message["prompt"]["actions"] if a["id"].startswith("[")}
    assert cells and picks == cells
    assert [t.text for t in drawn.iter(SVG + "text") if t.get("class") == "ruler"]
    state, context, message = warsaw_until("pick_tile")
    assert "map" not in message["prompt"]
    css = (Path(__file__).parents[1] / "engine/server/static/style.css").read_text()
    assert ".prompt .prompt-map { display: none; }" in css


def test_web_raw_moves_name_spaces_by_row_and_column():
    from test_web_board import warsaw_until
    state, context, message = warsaw_until("pick_tile", 20)
    details = [d for entry in message["log"] for d in entry["details"]]
    placed = [d for d in details if "-> district" in d]
    assert placed and all(re.search(r"district, row \d, column \d, turned", d) for d in placed)
    assert not any(re.search(r"\(-?\d+, -?\d+\)", d) for d in details)
