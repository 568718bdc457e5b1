"""Rialto's districts said in full at the terminal and in every question offering one: each
district's line names the current one, its worth and each seat's councilmen there, on the
first screen at 80x24 as at 100x30."""

from __future__ import annotations

import re

import pytest
from play_helpers import keyed_game, play, random_pick, seats

import regola
from regola.i18n.game_words import GameWords
from regola.present.area_lines import all_area_lines, area_values, lines_panel
from regola.present.facts import table_layout
from regola.present.labels import Namer

DISTRICTS = ["Santa Croce", "San Polo", "Dorsoduro", "Cannaregio", "San Marco", "Castello"]


@pytest.fixture(autouse=True)
def english(monkeypatch):
    """These tests read English output."""
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(var, raising=False)


def _screens(size: tuple[str, str], decisions: int) -> list[str]:
    keys, _ = keyed_game("rialto", 3, 5, random_pick(2), stop_after=decisions)
    result = play("rialto", "--seed", "5", "--seats", seats(3),
                  stdin="\n".join(keys) + "\nq\n", env={"COLUMNS": size[0], "LINES": size[1]})
    return [s for s in result.stdout.split("your choice (? for help): ") if s.strip()]


@pytest.mark.parametrize("size", [("80", "24"), ("100", "30")])
def test_every_screen_lists_all_six_districts_with_the_current_one_marked(size):
    screens = _screens(size, 30)
    assert len(screens) > 20
    for screen in screens[:-1]:
        lines = screen.splitlines()
        assert len(lines) <= int(size[1]), screen
        options = sum(1 for line in lines if line.startswith(("[", "    ")))
        question = next(line for line in lines if line.startswith("Red (1): "))
        about_the_map = "district" in question or "connection" in question
        if not about_the_map and (options > 8 or size[1] == "24"):
            # a long list of buildings, or a long rule in the breadcrumb on a short screen,
            # may take some districts' room (never the current one's)
            # (before the first round the status line is left out: no "Round 0, none")
            assert "none" not in lines[0] and ("Round" not in lines[0] or any(
                re.match(r"\d [A-Z].* ◀ now", line) for line in lines)), screen
            continue
        for number, name in enumerate(DISTRICTS, start=1):
            assert any(line.startswith(f"{number} {name}") for line in lines), screen
        assert sum("◀ now" in line for line in lines if re.match(r"\d ", line)) <= 1, screen
    assert sum("◀ now" in screen for screen in screens) > len(screens) - 3
    seen = "\n".join(screens)
    assert re.search(r"^\d [A-Z][a-z ]+.*· worth \d+ .*· councilmen: \w+ \d", seen, re.M), seen


def test_district_options_say_worth_and_councilmen_not_the_round_tile_rule():
    game = regola.load_game("rialto")
    state = game.new_state(players=3, seed=7)
    areas = list(game.definition.areas)
    view = state.observe(0)
    view["pieces"]["councillor"][areas[2]] = [1, 2, 0]
    gw = GameWords(game.definition, "en")
    labels = Namer(game, gw, view).options(areas)
    assert not [label for label in labels if "the Councilman stage puts" in label], labels
    now = view["vars"]["district"]
    for area, label in zip(areas, labels):
        assert "worth 0" in label, label
        assert ("◀ now" in label) == (area == now), label
    assert "councilmen: Red 1, Blue 2" in labels[2]
    assert "Green" not in labels[2]


def test_area_lines_come_from_the_table_yaml_and_sum_the_tile_ends():
    game = regola.load_game("rialto")
    _, state = keyed_game("rialto", 3, 5, random_pick(2), stop_after=60)
    view = state.observe(0)
    panel = lines_panel(table_layout(game.definition), game.definition)
    assert panel is not None and panel["lines"]["current"] == "district"
    gw = GameWords(game.definition, "en")
    values = area_values(game.definition, view, list(game.definition.areas))
    laid = [link for link in view["links"].values() if link["tile"]]
    assert laid and sum(values.values()) > 0
    lines = dict(all_area_lines(game.definition, gw, view, panel))
    for area, line in lines.items():
        assert f"worth {values[area]}" in line, line
        counts = view["pieces"]["councillor"].get(area) or [0, 0, 0]
        for seat, n in enumerate(counts):
            assert (f"{gw.seat(seat)} {n}" in line) == bool(n), line


def test_the_story_says_what_each_stage_gave_and_how_a_bonus_tie_was_broken():
    from play_helpers import finished

    from regola.present.story import entry_text, story
    lines = []
    for seed in (7, 11, 21):
        loaded, state = finished("rialto", 3, seed)
        view = state.observe(0)
        gw = GameWords(loaded.definition, "en")
        tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
        lines += [entry_text(e, gw, tokens) for e in story(view["log"])]
    said = "\n".join(lines)
    assert re.search(r"takes \d+ coins? from the bank: \d+ in all", said)
    assert re.search(r"moves \d+ steps? up the Doge track, to \d+", said)
    assert re.search(r"brings \d+ councilm[ae]n from the general supply into their personal "
                     r"supply: \d+ there now", said)
    assert re.search(r"puts \d+ councilm[ae]n in [A-Z][a-z ]+: \d+ there now", said)
    assert re.search(r"wins the bonus by being ahead on the Doge track", said)
    assert "a count of" not in said


def _asked(ask: str):
    import random
    for seed in range(1, 40):
        state = regola.load_game("rialto").new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            if seat == 0 and actions[0]["ask"] == ask:
                return state, actions
            state.apply(seat, rng.choice(actions))
    raise AssertionError(ask)


def test_the_bridge_and_joker_questions_name_the_tile_and_the_rule():
    game = regola.load_game("rialto")
    gw = GameWords(game.definition, "en")
    state, actions = _asked("bridge_connection")
    top = next(t for t in state.observe(0)["tokens"] if t.get("at") == "bridge_top")
    low, high = top["ends"]
    text = Namer(game, gw, state.observe(0)).prompt(state.decision_context(0), actions[0]["ask"])
    assert text == f"Lay the bridge {low}·{high} (its ends add {low} and {high} to the " \
        "values of the two districts it joins) on which connection?"
    state, actions = _asked("play_jokers")
    text = Namer(game, gw, state.observe(0)).prompt(state.decision_context(0), actions[0]["ask"])
    assert "two Jokers make one" in text and "never alone" in text


def _board_message(state):
    from regola.i18n.catalog import Words
    from regola.present.table_layout import load_layout
    from regola.server.messages import seat_message, table_info
    table = table_info("g", 0, ["person"] * 3, "rialto", None, Words("en"))
    return seat_message(state.game, load_layout(state.game.definition), state.observe(0),
                        state.legal_actions(0), table, Words("en"),
                        context=state.decision_context(0))


def test_the_web_map_marks_the_current_district_at_both_widths():
    _, state = keyed_game("rialto", 3, 5, random_pick(2), stop_after=10)
    current = state.observe(0)["vars"]["district"]
    message = _board_message(state)
    for board in (message["board"], message["board_narrow"]):
        assert f'data-subject="{current}"' in board
        assert board.count("◀ now") == 1


def test_track_discs_lie_under_their_space_number_not_over_it():
    import xml.etree.ElementTree as ET

    from regola.server.svg.context import NARROW, WIDTH, Ctx
    from regola.server.svg.tracks import disc_shift, draw_tracks
    svg = "{http://www.w3.org/2000/svg}"
    game = regola.load_game("rialto")
    state = game.new_state(players=3, seed=7)       # every Doge disc on space 0: a stack
    view = state.observe(0)
    assert len(set(view["tracks"]["doge"]["pos"])) == 1
    gw = GameWords(game.definition, "en")
    for width in (WIDTH, NARROW):
        ctx = Ctx(game.definition, view, gw, table_layout(game.definition), width=width)
        drawing = draw_tracks(ctx, {"tracks": ["doge"]})
        root = ET.fromstring(f'<svg xmlns="http://www.w3.org/2000/svg">'
                             f'{"".join(drawing.body)}</svg>')
        numbers = [float(t.get("y")) for t in root.iter(f"{svg}text") if t.text == "0"]
        discs = []                  # (centre x, centre y, radius), each in its group
        for group in root.iter(f"{svg}g"):
            if group.get("data-track") is None:
                continue
            x, y = map(float, re.findall(r"[-\d.]+", group.get("transform"))[:2])
            circle = group.find(f"{svg}circle")
            discs.append((x + float(circle.get("cx")), y + float(circle.get("cy")),
                          float(circle.get("r"))))
        assert numbers and len(discs) == 3
        for _, cy, r in discs:      # each disc's top is below the number's baseline
            assert cy - r > max(numbers)
        assert len({cx for cx, _, _ in discs}) == 3     # side by side, fanned
    assert disc_shift(0, 1, 10) == 0 and disc_shift(0, 3, 10) == -disc_shift(2, 3, 10)


def test_tiles_and_lots_are_named_in_player_words_at_the_terminal():
    from rich.console import Console

    from regola.cli.concept_view import concept_tables
    from regola.present.labels import token_label
    game = regola.load_game("rialto")
    gw = GameWords(game.definition, "en")
    _, state = keyed_game("rialto", 3, 5, random_pick(2), stop_after=80)
    view = state.observe(0)
    names = {token_label(gw, t) for t in view["tokens"] if "id" in t}
    assert "bridge worth 3 and 4 to the districts it joins" in names
    assert "gondola worth 1 and 1 to the districts it joins" in names
    assert any(n.startswith("east bonus tile (the first player with a councilman in every")
               for n in names)
    console = Console(width=100, record=True)
    for table in concept_tables(view, gw):
        console.print(table)
    shown = console.export_text()
    assert not re.search(r"tile \d/\d", shown)
    laid = re.findall(r"(bridge|gondola) tile: ([A-Z][a-z]+(?: [A-Z][a-z]+)?) (\d), "
                      r"([A-Z][a-z]+(?: [A-Z][a-z]+)?) (\d)", shown)
    assert laid
    for kind, first, near, second, far in laid:
        assert f"{first} – {second}" in shown
        ends = sorted(int(v) for v in (near, far))
        assert ends == [1, 1] if kind == "gondola" else 3 <= ends[0] < ends[1] <= 6
    assert gw.place("start_lot") == "the start player's lot"
    assert gw.place("lots") == "start lots not drawn"


def test_connection_buttons_on_the_phone_map_stand_apart():
    import xml.etree.ElementTree as ET
    state, actions = _asked("gondola_connection")
    assert len(actions) >= 8
    message = _board_message(state)
    for board in (message["board"], message["board_narrow"]):
        root = ET.fromstring(board)
        spots = [(float(c.get("cx")), float(c.get("cy"))) for c in root.iter()
                 if c.tag.endswith("circle") and c.get("data-action") in
                 {a["id"] for a in actions}]
        assert len(spots) == len(actions)
        for i, (x, y) in enumerate(spots):
            for tx, ty in spots[:i]:
                assert (x - tx) ** 2 + (y - ty) ** 2 >= 30 ** 2, (x, y, tx, ty)


def test_connection_rings_are_named_and_district_boxes_keep_the_round_tile_text_to_its_popup():
    import xml.etree.ElementTree as ET
    state, actions = _asked("gondola_connection")
    message = _board_message(state)
    ends = state.game.definition.connections
    for board in (message["board"], message["board_narrow"]):
        root = ET.fromstring(board)
        rings = [c for c in root.iter() if c.tag.endswith("circle") and
                 c.get("data-action") in {a["id"] for a in actions}]
        assert rings
        for ring in rings:
            title = next(t for t in ring if t.tag.endswith("title")).text
            first, second = ends[ring.get("data-action")]
            assert title == ring.get("aria-label") and " – " in title, title
            assert all(word.replace("_", " ").title().split()[-1] in title
                       for word in (first, second)), title
        said = " ".join(t.text or "" for t in root.iter() if t.tag.endswith("text"))
        assert "is the current" not in said and "Councilman stage puts" not in said
        tiles = [g for g in root.iter() if (g.get("data-token") or "").startswith("round_tile")]
        assert tiles and all("the current district" in g.get("data-effect") for g in tiles)
        for g in tiles:         # a label wrapped over lines is named whole for the popup
            drawn = [t.text for t in g.iter() if t.tag.endswith("text")]
            if len(drawn) > 1:
                assert g.get("data-name") == " ".join(drawn), drawn
