"""Rialto at the table explains itself: the story says what bonuses gave and how district
ties were broken, tiles say what they mean, questions name their numbers, and the web map
shows each district's worth and every connection on a phone."""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET

import pytest
from play_helpers import finished

import regola
from regola.i18n.catalog import Words
from regola.i18n.game_words import GameWords
from regola.present.effects import Effects
from regola.present.labels import Namer
from regola.present.story import entry_text, story
from regola.present.table_layout import load_layout
from regola.server.messages import seat_message, table_info

SVG = "{http://www.w3.org/2000/svg}"
REWARDS = {"doge": "1 more step on the Doge track", "gold": "1 more coin",
           "building": "a building worth 1 more", "bridge": "the top bridge tile",
           "gondola": "a gondola tile to lay", "councilman": "1 more councilman in"}


@pytest.fixture(scope="module")
def games():
    """Whole random games of three and four players: their stories, in English."""
    out = []
    for players, seed in ((3, 7), (4, 11), (3, 21)):
        loaded, state = finished("rialto", players, seed)
        view = state.observe(0)
        gw = GameWords(loaded.definition, "en")
        tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
        lines = [entry_text(e, gw, tokens) for e in story(view["log"])]
        out.append((loaded, state, view, lines))
    return out


def test_stage_bonuses_say_what_they_gave(games):
    seen = set()
    for _, _, view, lines in games:
        for event in view["log"]:
            if event.get("e") == "note" and event["msg"].startswith("bonus_"):
                seen.add(event["msg"][len("bonus_"):])
        for line in lines:
            for stage, reward in REWARDS.items():
                if f"wins the {stage.capitalize()} bonus" in line:
                    assert reward in line, line
    assert seen == set(REWARDS)


def test_no_bare_choice_of_a_building_left_unused_and_buildings_taken_read_plainly(games):
    for _, _, _, lines in games:
        assert not [line for line in lines if "chooses do not use it" in line]
        assert not [line for line in lines if "(worth up to" in line]
    assert any("unused this round" in line for *_, lines in games for line in lines)
    assert any(re.search(r"takes \w+ building \d \(\d+ Building cards?, bonus included", line)
               for *_, lines in games for line in lines)


def test_bridges_in_the_story_name_districts_not_numbers_in_brackets(games):
    laid = [line for *_, lines in games for line in lines if "lays a bridge between" in line]
    assert laid
    for line in laid:
        assert not re.search(r"\(\d\)", line), line
        assert re.search(r"adds \d to the value of [A-Z]", line), line


def test_district_scoring_says_each_value_and_how_ties_were_broken(games):
    ties = 0
    for *_, view, lines in games:
        values = [e for e in view["log"] if e.get("e") == "note" and e["msg"] == "district_value"]
        assert len(values) == 6
        scored = [e for e in view["log"] if e.get("e") == "note"
                  and e["msg"] in ("district_scored", "district_scored_tie")]
        for event in scored:
            there = [p for p in range(view["players"])
                     if view["pieces"]["councillor"].get(event["area"], [0] * 5)[p]
                     == event["councilmen"]]
            assert (event["msg"] == "district_scored_tie") == (len(there) > 1), event
            ties += event["msg"] == "district_scored_tie"
        first = next(i for i, e in enumerate(view["log"]) if e.get("msg") == "district_value")
        worth = view["log"][first]
        top = next(e for e in view["log"][first:] if e.get("msg", "").startswith(
            "district_scored"))
        if top["area"] == worth["area"]:
            assert top["n"] == worth["n"]       # the first place scores the whole value
        assert any("is worth" in line for line in lines)
    assert ties, "no tie in these games: choose other seeds"


@pytest.mark.parametrize("lang", ["en", "es", "nl"])
def test_tiles_round_tiles_and_bonus_tiles_say_what_they_mean(lang):
    game = regola.load_game("rialto")
    effects = Effects(GameWords(game.definition, lang))
    rows = [("round_tile", {"number": n}) for n in range(1, 7)] + \
        [("bonus_tile", {"side": s}) for s in ("west", "east")] + \
        [("gondola_tile", {"ends": [1, 1]})] + \
        [("bridge_tile", {"ends": ends}) for ends in
         game.definition.tokens["bridge_tile"].props["ends"]]
    for kind, row in rows:
        said = effects.of(kind, row)
        assert said and "{" not in said, (kind, row, said)
    if lang == "en":
        assert "3" in effects.of("round_tile", {"number": 3})
        assert "adds 4" in effects.of("bridge_tile", {"ends": [4, 6]})
        assert "Joker" in effects.of("edifice", {"code": "y3"})
        assert "never counts alone" in effects.of("edifice", {"code": "y3"})


def _until(state, ask: str, seed: int, limit: int = 3000):
    """Random play until seat 0 is asked `ask`; the state then (None if never)."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return None
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        if seat == 0 and actions[0]["ask"] == ask:
            return state
        state.apply(seat, rng.choice(actions))
    return None


def _message(state):
    context = state.decision_context(0)
    table = table_info("g", 0, ["person"] * state.data["n"], "rialto", None, Words("en"))
    return seat_message(state.game, load_layout(state.game.definition), state.observe(0),
                        state.legal_actions(0), table, Words("en"), context=context)


def test_the_bridge_question_names_its_numbers_and_marks_its_connection():
    state = None
    for seed in range(1, 40):
        state = _until(regola.load_game("rialto").new_state(players=3, seed=seed),
                       "bridge_facing", seed)
        if state is not None:
            break
    assert state is not None
    message = _message(state)
    low, high = state.decision_context(0)["prompt"]["low"], \
        state.decision_context(0)["prompt"]["high"]
    assert f"{low}·{high}" in message["prompt"]["text"]
    assert f"worth {low}" in message["prompt"]["text"]
    conn = state.decision_context(0)["prompt"]["conn"]
    assert conn in state.game.definition.connections
    for board in (message["board"], message["board_narrow"]):
        assert f'data-subject="{conn}"' in board


def test_discarding_says_how_many_cards_are_still_to_go():
    state = _until(regola.load_game("rialto").new_state(players=3, seed=7), "discard_card", 7)
    assert state is not None
    held = sum(1 for t in state.observe(0)["tokens"]
               if t.get("owner") == 0 and t.get("at") == "hand")
    over = held - state.data["pvars"][0]["limit"]
    text = _message(state)["prompt"]["text"]
    assert f"({over} more card" in text, text


def test_district_options_and_boxes_name_the_round_they_are_current_in():
    game = regola.load_game("rialto")
    state = game.new_state(players=3, seed=7)
    gw = GameWords(game.definition, "en")
    labels = Namer(game, gw, state.observe(0)).options(list(
        a for a, d in game.definition.areas.items() if d.get("kind") == "district"))
    assert all(re.search(r"current in round [1-6]", label) for label in labels), labels
    assert "current in round" in _message(state)["board"]


def _played_to_the_end():
    _, state = finished("rialto", 3, 7)
    return state


def test_the_map_shows_each_districts_worth_before_and_after_scoring():
    state = _played_to_the_end()
    message = _message(state)
    definition = state.game.definition
    view = state.observe(0)
    tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
    sums = {a: 0 for a, d in definition.areas.items() if d.get("kind") == "district"}
    for conn, (a, b) in definition.connections.items():
        held = view["links"][conn]
        if held["tile"]:
            first, second = tokens[held["tile"]]["ends"]
            sums[held["facing"]] += first
            sums[b if held["facing"] == a else a] += second
    noted = {e["area"]: e["n"] for e in view["log"] if e.get("msg") == "district_value"}
    assert noted == sums                    # the story and the board agree
    for board in (message["board"], message["board_narrow"]):
        shown = [t.text for t in ET.fromstring(board).iter(SVG + "text")
                 if (t.text or "").startswith("worth ")]
        assert sorted(shown) == sorted(f"worth {n}" for n in sums.values())
    early = _message(regola.load_game("rialto").new_state(players=3, seed=7))
    assert [t.text for t in ET.fromstring(early["board"]).iter(SVG + "text")
            ].count("worth 0") == 6


def test_phone_map_routes_past_the_middle_boxes_and_draws_every_tile_on_top():
    state = _played_to_the_end()
    root = ET.fromstring(_message(state)["board_narrow"])
    bends = [p for p in root.iter(SVG + "polyline") if p.get("stroke") in ("#8a6d3b",
                                                                           "#cdbf9f")]
    assert len(bends) == 2                  # Santa Croce–Dorsoduro, Cannaregio–Castello
    order = [g.get("data-area") or g.get("data-token") for g in root.iter(SVG + "g")]
    laid = {v["tile"] for v in state.observe(0)["links"].values() if v["tile"]}
    last_area = max(i for i, v in enumerate(order) if v in state.game.definition.areas)
    plates = [i for i, v in enumerate(order) if v in laid]
    assert len(plates) == len(laid) and min(plates) > last_area
    boxes = _plates(root, laid)
    for i, (x, y, w) in enumerate(boxes):
        for x2, y2, w2 in boxes[i + 1:]:
            assert abs(x - x2) >= (w + w2) / 2 or abs(y - y2) >= 22, "plates overlap"


def _plates(root, laid: set) -> list[tuple[float, float, float]]:
    """Where the plate of each tile laid lies (its centre and width), from its translate()."""
    out = []
    for g in root.iter(SVG + "g"):
        rect = g.find(SVG + "rect")
        if g.get("data-token") not in laid or rect is None:
            continue
        x, y = map(float, re.findall(r"[-\d.]+", g.get("transform"))[:2])
        w = float(rect.get("width"))
        out.append((x + w / 2, y + 11, w))
    return out


def test_a_coin_on_a_building_reads_used_this_round():
    state = regola.load_game("rialto").new_state(players=3, seed=7)
    rng = random.Random(7)
    for _ in range(400):
        if state.data["bank"]["coin"]["on"]:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    assert state.data["bank"]["coin"]["on"]
    board = _message(state)["board"]
    assert "used this round" in board and " +1" not in board


def test_a_tall_terminal_keeps_five_story_lines_beside_the_district_lines():
    """At 100x30 a decision screen keeps at least five lines of the story (the board gives
    up its rows first), and at 80x24 at least one; the screen still fits."""
    import io as _io
    import random as _random

    from rich.console import Console

    from regola.cli.screen import Screen
    from regola.present.labels import Namer
    state = regola.load_game("rialto").new_state(players=3, seed=3)
    rng, n, checked = _random.Random(3), 0, 0
    gw = GameWords(state.game.definition, "en")
    while not state.is_over and checked < 6:
        seat = state.to_move[0]
        acts = state.legal_actions(seat)
        if seat == 0:
            n += 1
            if n % 5 == 0:
                for (columns, lines), least in [((100, 30), 5), ((80, 24), 1)]:
                    console = Console(file=_io.StringIO(), width=columns, height=lines,
                                      record=True, force_terminal=False, color_system=None)
                    view = state.observe(0)
                    namer = Namer(state.game, gw, view)
                    context = state.decision_context(0)
                    values = [a["value"] for a in acts]
                    labels = namer.options(values, context["named"], context["option_kind"],
                                           context)
                    Screen(console, state.game, gw).draw(
                        view, 0, 0, ["play the game", "a step"],
                        namer.prompt(context, acts[0]["ask"], values),
                        [(str(i), label) for i, label in enumerate(labels)])
                    screen = console.export_text().splitlines()
                    assert len(screen) <= lines, "\n".join(screen)
                    top = next(i for i, line in enumerate(screen)
                               if "since your last decision" in line)
                    step = next(i for i, line in enumerate(screen) if "a step" in line)
                    assert step - top - 1 >= least, "\n".join(screen)
                checked += 1
        state.apply(seat, rng.choice(acts))
    assert checked == 6


def test_a_laid_bridge_on_the_web_map_reads_its_ends_in_the_order_they_lie():
    from regola.server.svg.board import draw_board
    from regola.server.svg.context import Ctx
    loaded = regola.load_game("rialto")
    state = loaded.new_state(seed=1)
    rng = random.Random(1)
    while not state.is_over and sum(e.get("msg") == "bridge_laid" for e in state.log) < 3:
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.observe(0)
    definition = loaded.definition
    layout = load_layout(definition)
    at = next(p for p in layout.panels if p.get("kind") == "map")["at"]
    tiles = {t["id"]: t for t in view["tokens"] if "id" in t}
    gw = GameWords(definition, "en")
    wanted, told = [], []
    for conn, held in view["links"].items():
        if held.get("tile") and tiles[held["tile"]]["kind"] == "bridge_tile":
            low, high = tiles[held["tile"]]["ends"]
            a, b = definition.connections[conn]
            value = {held["facing"]: low, (b if held["facing"] == a else a): high}
            first, second = sorted((a, b), key=lambda area: tuple(at[area]))
            wanted.append(f"{value[first]}·{value[second]}")   # left (or top) end first
            told.append(f"end {low} toward {gw.place(held['facing'])} — ")   # its tap text
    assert len(wanted) >= 3 and any(w != "·".join(sorted(w.split("·"))) for w in wanted)
    svg = draw_board(Ctx(definition, view, gw, layout, {}), "rialto")
    drawn = [t.text for t in ET.fromstring(svg).iter(SVG + "text")]
    for plate in wanted:
        assert plate in drawn
    for words in told:
        assert words in svg


def test_councilmen_moved_between_districts_are_told_as_moves_and_the_question_counts_them():
    from rialto_helpers import cards_to_hand, fresh, run, set_councillors
    state = fresh(3)
    game = state.game
    gw = GameWords(game.definition, "en")
    state.data["vars"]["district"] = "castello"
    set_councillors(state, 0, {"personal": 1, "san_marco": 2, "santa_croce": 1})
    cards_to_hand(state, 0, ["councilman"] * 3)
    questions, sources = [], ["san_marco", "san_marco", "santa_croce"]

    def from_where(seat, options):
        """Red's answers, with the question Red is asked each time."""
        if seat != 0:
            return options[0]
        questions.append(Namer(game, gw, state.observe(0)).prompt(
            state.decision_context(0), "councilman_from", options))
        return sources.pop(0) if sources and sources[0] in options else "none"

    run(state, "play_stage", {"play_cards": lambda p, o: o[-1] if p == 0 else o[0],
                              "play_jokers": lambda p, o: o[0],
                              "councilman_from": from_where}, s="councilman")
    assert questions == [f"Take a councilman from which district into Castello? ({n})"
                         for n in ("3 to move, this one included",
                                   "2 to move, this one included", "the last one to move")]
    tokens = {t["id"]: t for t in state.observe(0)["tokens"] if "id" in t}
    told = [entry_text(e, gw, tokens) for e in story(state.observe(0)["log"])]
    red = [line for line in told if line.startswith("Red ") and "Castello" in line]
    assert "Red puts 1 councilman in Castello: 1 there now." in red, told
    assert "Red moves a councilman from San Marco into Castello: 2 there now." in red, told
    assert "Red moves a councilman from San Marco into Castello: 3 there now." in red, told
    assert "Red moves a councilman from Santa Croce into Castello: 4 there now." in red, told
    assert not any("puts 3 councilmen" in line for line in red), red


def test_the_second_building_question_says_what_the_second_may_be_worth():
    """Stage C above 4: after a value-4 building, the question for the second one names
    the rest ("worth up to 1"), not the whole count (a newcomer read "worth up to 5" over
    options of value 1)."""
    import random

    import regola
    game = regola.load_game("rialto")
    for seed in range(40):
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        previous = None
        while not state.is_over:
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            ask = acts[0]["ask"]
            if ask == "take_building" and previous is not None and previous[0] == seat:
                n = state.decision_context(seat)["prompt"]["n"]
                assert n == previous[1] - 4 and n >= 1, (seed, n, previous)
                worth = [a["value"] for a in acts if a["value"] != "none"]   # "g1", "y1"
                assert all(int(code[1:]) <= n for code in worth), (n, worth)
                return
            choice = rng.choice(acts)
            previous = None
            if ask == "take_building":
                fours = [a for a in acts if a["value"].endswith("4")]
                count = state.decision_context(seat)["prompt"]["n"]
                if fours and count > 4:
                    choice, previous = fours[0], (seat, count)
            state.apply(seat, choice)
    raise AssertionError("no second building question in 40 games")


def test_phone_map_rings_lie_apart_and_off_the_district_boxes():
    """A phone tester saw five connection rings stacked on the canal, one over San Marco's
    "now" tag, and one on a laid bridge: each ring of a connection question lies clear of
    the others and of the tiles laid, and of every district's box while no tile takes the
    room between them, so each can be told apart and tapped."""
    game = regola.load_game("rialto")
    checked = 0
    for seed in (1, 2, 3):
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and checked < 6 * seed:
            seat = state.to_move[0]
            actions = state.legal_actions(seat)
            if seat == 0 and actions[0]["value"] in game.definition.connections:
                root = ET.fromstring(_message(state)["board_narrow"])
                rings = [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")))
                         for c in root.iter(SVG + "circle") if c.get("data-confirm") is not None]
                assert len(rings) == len(actions)
                boxes = _area_boxes(root)
                assert len(boxes) == 6
                laid = {v["tile"] for v in state.observe(0)["links"].values() if v["tile"]}
                plates = _plates(root, laid)
                for i, (x, y, r) in enumerate(rings):
                    for x2, y2, _ in rings[i + 1:]:
                        assert (x - x2) ** 2 + (y - y2) ** 2 >= (2 * r + 8) ** 2, "rings touch"
                    assert all(abs(x - px) >= pw / 2 + r or abs(y - py) >= 11 + r
                               for px, py, pw in plates), "a ring covers a laid tile"
                    # (a ring whose stretch between the boxes holds a laid tile's plate
                    # goes on along its line, over an end of a box, not over the tile)
                    assert plates or not any(left < x < right and top < y < bottom
                                             for left, top, right, bottom in boxes), \
                        "ring on a box"
                checked += 1
            state.apply(seat, rng.choice(actions))
    assert checked >= 6


def _area_boxes(root) -> list[tuple[float, float, float, float]]:
    """Each district box's rectangle on the map (left, top, right, bottom)."""
    out = []
    for g in root.iter(SVG + "g"):
        rect = g.find(SVG + "rect")
        if g.get("data-area") is None or rect is None or not g.get("transform"):
            continue
        x, y = map(float, re.findall(r"[-\d.]+", g.get("transform"))[:2])
        out.append((x, y, x + float(rect.get("width")), y + float(rect.get("height"))))
    return out


def test_track_discs_and_councilmen_say_what_they_are_on_hover_and_tap():
    """A tester found the Doge-track discs, the victory point discs and the councilmen
    silent on hover: each disc says whose it is and where, and councilmen say what they
    are for (the game's effect text of the piece), also under "What the pieces do"."""
    state = regola.load_game("rialto").new_state(players=3, seed=7)
    message = _message(state)
    board = ET.fromstring(message["board"])
    told = {e.get("data-effect") for e in board.iter() if e.get("data-track")}
    doge = state.observe(0)["tracks"]["doge"]["pos"][0]
    assert f"Red: {doge} on the Doge track" in told
    assert any(name == "councilmen" and "the Doge track breaks ties" in effect
               for name, effect in message["pieces_help"])


def test_help_on_a_small_screen_keeps_the_step_that_asks():
    """Newcomer pass 19: at 80x24 `?` on a second building question dropped the
    breadcrumb whole, so the reason it was asked was nowhere: the last step stays."""
    from regola.cli.help_text import fitted_help
    game = regola.load_game("rialto")
    gw = GameWords(game.definition)
    for seed in range(1, 40):
        state = _until(game.new_state(players=3, seed=seed), "take_building", seed)
        if state is None:
            continue
        actions = state.legal_actions(0)
        if len(actions) < 8:
            continue
        context = state.decision_context(0)
        namer = Namer(game, gw, state.observe(0))
        values = [a["value"] for a in actions]
        options = list(zip([str(i) for i in range(len(actions))],
                           namer.options(values, context["named"], "", context), strict=True))
        steps = namer.steps(context)
        out = fitted_help(gw, options, actions, steps, namer.prompt(
            context, actions[0]["ask"], values), 80, 24)
        assert len(out) <= 22 and any(line.startswith("where: ") for line in out), out
        assert steps[-1].split()[0] in " ".join(out)
        return
    raise AssertionError("no building question with 8 options")
