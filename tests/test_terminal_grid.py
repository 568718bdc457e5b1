"""Decisions on a grid at the terminal: offered spaces drawn on the seat's grid with their
keys (in reading order, kept while a space stays offered), named by row and column, and a
token drawn in each of its quarter turns before one is chosen."""

from __future__ import annotations

import random
import re

import pytest
from rich.console import Console
from test_terminal_fit import drawn

from regola import load_game
from regola.cli.grid_choice import grid_choice
from regola.cli.grid_view import cell_names, grid_map, rotation_pictures
from regola.cli.keys import KeyBook
from regola.cli.screen import Screen
from regola.i18n.game_words import GameWords


@pytest.fixture(scope="module")
def warsaw():
    return load_game("warsaw")


def cells(*values):
    return [{"id": f"c{i}", "value": list(v), "ask": "where"} for i, v in enumerate(values)]


def test_cell_keys_follow_reading_order_and_stay_with_their_space(warsaw):
    book = KeyBook(warsaw, GameWords(warsaw.definition))
    first = [(0, -1), (-1, 0), (1, 0), (0, 1), (0, 0)]
    keys = dict(zip(first, book.keys(cells(*first), [])))
    in_order = sorted(first, key=lambda c: (c[1], c[0]))
    assert [int(keys[c]) for c in in_order] == sorted(int(k) for k in keys.values())
    later = [(1, 0), (0, 0), (2, 0), (-1, -1), (0, 1)]      # (0, -1) taken, new ones
    again = dict(zip(later, book.keys(cells(*later), [])))
    assert all(again[c] == keys[c] for c in later if c in keys)
    in_order = sorted(later, key=lambda c: (c[1], c[0]))
    assert [int(again[c]) for c in in_order] == sorted(int(k) for k in again.values())


def test_cell_keys_on_an_unlimited_grid_keep_their_number_and_fill_in_order(
        warsaw, monkeypatch):
    monkeypatch.setattr(KeyBook, "_reach", lambda self: None)
    book = KeyBook(warsaw, GameWords(warsaw.definition))
    first = [(0, -1), (-1, 0), (1, 0), (0, 1)]
    assert book.keys(cells(*first), []) == ["1", "2", "3", "4"]
    later = [(1, 0), (0, 1), (-1, 0), (5, 0)]
    assert book.keys(cells(*later), []) == ["3", "4", "2", "5"]


def test_named_options_and_cells_share_no_key(warsaw):
    book = KeyBook(warsaw, GameWords(warsaw.definition))
    actions = [{"id": "d", "value": "discard", "ask": "where"}, *cells((0, 0), (1, 0))]
    keys = book.keys(actions, ["discard"])
    assert len(set(keys)) == 3 and keys[0].isalpha()


def _first_question(warsaw, reached, build: bool = False):
    """Warsaw (2 players, random picks) at seat 0's first question whose actions `reached`
    accepts; with `build`, seat 0 never discards its tile (so a turn question comes)."""
    state = warsaw.new_state(players=2, seed=3)
    rng = random.Random(1)
    while True:
        for seat in list(state.to_move):
            actions = state.legal_actions(seat)
            if seat == 0 and reached(actions):
                return state
            if build and seat == 0 and actions[0]["ask"] == "build_or_discard":
                state.apply(seat, next(a for a in actions if a["value"] != "discard"))
            else:
                state.apply(seat, rng.choice(actions))


def _view_with_tiles(warsaw):
    """Warsaw at its first build question of seat 0 (random picks before it)."""
    return _first_question(warsaw, lambda actions: actions[0]["ask"] == "build_or_discard")


def test_the_map_marks_each_offered_space_with_its_key_inside_it(warsaw):
    state = _view_with_tiles(warsaw)
    gw = GameWords(warsaw.definition)
    view = state.observe(0)
    actions = state.legal_actions(0)
    keys = KeyBook(warsaw, gw).keys(actions, state.decision_context(0)["named"])
    marks = {tuple(a["value"]): k for a, k in zip(actions, keys) if isinstance(a["value"], list)}
    lines = [line.plain for line in grid_map(warsaw, view, gw, "district", 0, marks)]
    drawn = "\n".join(lines)
    assert "a space you may choose" in lines[0]
    for key in marks.values():
        assert re.search(rf"(\|| )\s*\[{key}\]\s*\|", drawn), drawn
    names = cell_names(warsaw, view, gw, "district", 0, marks)
    # a district of at most 4 spaces a side: rows and columns count from 3 up and left of
    # the start tile, so a space keeps its name however the district grows
    assert names[(0, -1)] == "row 3, column 4"
    assert names[(0, 0)] == "row 4, column 4, holding park×2/residential×2 (cost 0)"
    assert names[(-1, 0)] == "row 4, column 3"
    alone = cell_names(warsaw, view, gw, "district", 0, [(-1, 0)])
    assert alone[(-1, 0)] == names[(-1, 0)]


def _turn_question(warsaw):
    """Warsaw at seat 0's first question of how to turn its tile, with 4 turns to choose."""
    return _first_question(
        warsaw, lambda actions: actions[0]["ask"] == "turn_tile" and len(actions) == 4,
        build=True)


def test_a_rotation_question_draws_the_tile_in_each_turn_on_its_space(warsaw):
    state = _turn_question(warsaw)
    gw = GameWords(warsaw.definition)
    actions = state.legal_actions(0)
    keys = KeyBook(warsaw, gw).keys(actions, [])
    context = state.decision_context(0)
    drawn = grid_choice(warsaw, state, gw, 0, state.observe(0), actions, keys, context, 100)
    assert drawn is not None and list(drawn.names) == [tuple(context["prompt"]["where"])]
    assert re.fullmatch(r"row \d, column \d(, holding .*)?", *drawn.names.values())
    text = "\n".join(line.plain for line in drawn.pictures)
    assert re.search(r"\[0\] 0 turns\s+\[1\] 1 turn\s+\[2\] 2 turns\s+\[3\] 3 turns", text)
    rows = [line for line in text.splitlines() if line.count("|") == 2 * len(actions)]
    assert len(rows) == 2                        # a 2 x 2 tile, drawn in each turn
    looks = {tuple(line[i * 18:(i + 1) * 18] for line in rows) for i in range(4)}
    assert len(looks) == 4                       # each turn looks different
    assert any("[*]" in line.plain for line in drawn.map)


def test_rotation_pictures_wrap_on_a_narrow_screen(warsaw):
    state = _view_with_tiles(warsaw)
    gw = GameWords(warsaw.definition)
    view = state.observe(0)
    tile = next(t for t in view["tokens"] if t.get("at") == "picked" and t.get("owner") == 0)
    lines = rotation_pictures(warsaw, view, gw, "district", 0, tile, [0, 1, 2, 3],
                              ["0", "1", "2", "3"], 40)
    assert all(line.cell_len <= 40 for line in lines)
    assert sum("turn" in line.plain for line in lines) == 2     # two rows of two


def test_the_screen_shows_the_whole_map_at_80x24(warsaw):
    state = _view_with_tiles(warsaw)
    gw = GameWords(warsaw.definition)
    console = Console(width=80, height=24, record=True, force_terminal=False)
    screen = Screen(console, warsaw, gw)
    view = state.observe(0)
    actions = state.legal_actions(0)
    keys = KeyBook(warsaw, gw).keys(actions, ["discard"])
    drawn = grid_choice(warsaw, state, gw, 0, view, actions, keys, state.decision_context(0),
                        80)
    options = [(k, drawn.names.get(tuple(a["value"]), "discard")) for a, k in
               zip(actions, keys)]
    screen.draw(view, 0, 0, ["build"], "Where?", options, None, drawn.map, [],
                list(drawn.names), [k for k in keys if k.isdigit()])
    out = console.export_text()
    assert len(out.splitlines()) <= 24
    for line in drawn.map:
        assert line.plain.rstrip() in out


def test_help_pairs_each_listed_space_with_its_own_id(warsaw):
    """The list is in reading order, not the rules' order: `?` still gives each key the id
    of its own option, and a wrong key is answered with the keys in the listed order."""
    from play_helpers import keyed_game, play, random_pick
    keys, state = keyed_game("warsaw", 2, 3, random_pick(2), stop_after=1)
    while state.legal_actions(0)[0]["ask"] != "build_or_discard":
        keys, state = keyed_game("warsaw", 2, 3, random_pick(2), stop_after=len(keys) + 1)
    actions = state.legal_actions(0)
    result = play("warsaw", "--seats", "human,random", "--seed", "3",
                  stdin="\n".join([*keys, "?", "nonsense", "q"]) + "\n")
    out = result.output.split("— help —")[-1]
    listed = re.findall(r"\[(\w+)\] (.+?)  \((.+)\)\n", out)
    ids = {a["id"] for a in actions}
    assert {i for _, _, i in listed} == ids
    cells = [(k, i) for k, label, i in listed if label.startswith("row")]
    by_id = {a["id"]: a["value"] for a in actions}
    in_order = sorted(cells, key=lambda c: (by_id[c[1]][1], by_id[c[1]][0]))
    assert cells == in_order                    # listed in reading order, ids with them
    assert [int(k) for k, _ in cells] == sorted(int(k) for k, _ in cells)
    wrong = re.search(r"Type one of ([\w, ]+), or", result.output).group(1).split(", ")
    assert wrong == [k for k, _, _ in listed]


def test_a_space_keeps_its_key_in_every_question_of_a_whole_game():
    """Warsaw's milestones may lie beyond the district's size limit: the other spaces keep
    their keys all the same, in every question (build, milestone, war) of whole games."""
    import random

    from regola import load_game
    from regola.cli.keys import KeyBook, is_cell
    from regola.i18n.game_words import GameWords
    game = load_game("warsaw")
    gw = GameWords(game.definition, "en")
    for seed in (4, 5):
        state = game.new_state(players=2, seed=seed)
        rng = random.Random(seed)
        books = [KeyBook(game, gw) for _ in range(2)]
        known: list[dict] = [{}, {}]
        while not state.is_over:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            context = state.decision_context(seat)
            keys = books[seat].keys(actions, context["named"] if context else [])
            for action, key in zip(actions, keys):
                if is_cell(action["value"]):
                    cell = tuple(action["value"])
                    assert known[seat].setdefault(cell, key) == key, (seed, cell, action)
            state.apply(seat, rng.choice(actions))


def test_a_number_never_names_a_space_in_one_question_and_a_tile_in_another(warsaw):
    """Over a whole game, the numbers that key spaces and those that key tiles (or any
    value that is no place) are apart: a tile's number comes after every space's."""
    state = warsaw.new_state(players=2, seed=11)
    gw = GameWords(warsaw.definition)
    book = KeyBook(warsaw, gw)
    rng = random.Random(11)
    spaces, others = set(), set()
    while state.to_move:
        for seat in list(state.to_move):
            actions = state.legal_actions(seat)
            if seat == 0:
                keys = book.keys(actions, state.decision_context(0)["named"])
                for action, key in zip(actions, keys):
                    if isinstance(action["value"], list):
                        spaces.add(key)
                    elif key.isdigit() and isinstance(action["value"], str):
                        others.add(key)
            state.apply(seat, rng.choice(actions))
    assert spaces and others and not spaces & others, sorted(spaces & others)


def test_a_space_may_be_typed_by_its_short_name_or_its_name(warsaw):
    """At 80x24 the list names spaces short ("[18] r3c4"); a newcomer typed "r5c4" and was
    refused. The short name and the name before the note are taken as answers too."""
    from regola.cli.session import pick
    gw = GameWords(warsaw.definition)
    screen = Screen(Console(width=80, height=24), warsaw, gw)
    actions = [{"id": "a", "value": [4, 3], "ask": "where"},
               {"id": "b", "value": [5, 4], "ask": "where"}]
    labels = ["row 4, column 3 — pay 1 coin", "row 5, column 4 — pay 1 coin"]
    keys = ["24", "32"]
    assert pick("r5c4", keys, actions, labels, screen.short_space) is actions[1]
    assert pick("R4C3", keys, actions, labels, screen.short_space) is actions[0]
    assert pick("row 5,  column 4", keys, actions, labels, screen.short_space) is actions[1]
    assert pick("r9c9", keys, actions, labels, screen.short_space) is None


def _own_turns(game, seed: int, players: int, ask: str, width: int, height: int):
    """Seat 0's screens at `ask` over a seeded random game, with the decision's state."""
    state = game.new_state(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        if seat == 0 and actions[0]["ask"] == ask:
            yield state, drawn(game, state, 0, width, height)
        state.apply(seat, rng.choice(actions))


def test_a_map_too_tall_for_the_screen_says_which_rows_it_leaves_out(warsaw):
    """At 80x24 a grown district does not fit beside a question: every offered space is
    still on screen (on the map or in the list), and a map drawn in part names the rows
    it leaves out, never cut silently."""
    cut = 0
    for seed, ask in ((seed, ask) for seed in range(4)
                      for ask in ("build_or_discard", "place_milestone")):
        for state, lines in _own_turns(warsaw, seed, 2 + seed % 3, ask, 80, 24):
            text = "\n".join(lines)
            assert len(lines) <= 24
            offered = [a for a in state.legal_actions(0) if isinstance(a["value"], list)]
            assert len(set(re.findall(r"\[(\d+)\]", text))) >= len(offered)
            rows = [int(n) for n in re.findall(r"^row (\d+) ", text, re.M)]
            hidden = re.search(r"… rows? ([\d–, ]+) not shown: type board", text)
            if hidden:
                cut += 1
                named = set()
                for part in hidden.group(1).split(", "):
                    low, _, high = part.partition("–")
                    named |= set(range(int(low), int(high or low) + 1))
                assert not named & set(rows)
                assert not rows or rows == list(range(rows[0], rows[-1] + 1))
    assert cut, "no map was too tall in these games: the test no longer covers a cut"


def test_the_seat_s_own_district_keeps_its_room_over_the_table_at_80x24(warsaw):
    """When a tile is picked, the seat's district is the subject: its coins and points in
    one line leave the map its room (the table is under `board`)."""
    cut = whole = 0
    for _state, lines in _own_turns(warsaw, 3, 3, "pick_tile", 80, 24):
        text = "\n".join(lines)
        assert len(lines) <= 24
        if "not shown: type board" in text:
            cut += 1
        else:
            whole += 1
        assert "Red: victory points: " in text or "victory points " in text
    assert whole >= 5 * cut


def test_a_map_drawn_without_its_key_says_where_the_key_is(warsaw):
    """Newcomer pass 19: on a short screen the map of a question lost its key with no
    word (a new "T" mark stood unexplained): a map without its key says where it is."""
    checked = 0
    for seed in (0, 1, 2):
        for ask in ("build_or_discard", "place_milestone"):
            for _state, lines in _own_turns(warsaw, seed, 2 + seed, ask, 80, 24):
                text = "\n".join(lines)
                if "[n]: a space you may choose" in text and "|" in text:
                    assert "key:" in text, text
                    checked += 1
    assert checked
