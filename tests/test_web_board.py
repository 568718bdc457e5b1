"""The web table's board (engine/server/svg/): drawn as SVG from the game's data and one
seat's observation, arranged by each game's table.yaml (checked, every problem located);
a game without one gets a default layout. Needs no web extra: nothing here serves."""

from __future__ import annotations

import random
import re
import shutil
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import regola
from conftest import edit_rule_file
from regola.errors import RuleError
from regola.i18n.game_words import GameWords
from regola.loading.sources import builtin_games
from regola.present.table_layout import load_layout
from regola.server.svg.board import draw_board, draw_mine, mine
from regola.server.svg.context import Ctx

DATA = Path(__file__).parent / "data"
SVG = "{http://www.w3.org/2000/svg}"


def played(game: str, decisions: int, seed: int = 3) -> regola.GameState:
    """A game after some random decisions."""
    state = regola.load_game(game).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(decisions):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    return state


def ctx_for(state: regola.GameState, seat: int | None, lang: str = "en") -> Ctx:
    definition = state.game.definition
    actions = state.legal_actions(seat) if seat is not None else []
    return Ctx(definition, state.observe(seat), GameWords(definition, lang),
               load_layout(definition), {a["id"]: a["id"] for a in actions})


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(SVG + "text")]


@pytest.mark.parametrize("game", builtin_games())
def test_every_builtin_layout_is_valid_and_names_a_panel_per_part(game):
    layout = load_layout(regola.load_game(game).definition)
    assert layout.panels and layout.colours


@pytest.mark.parametrize("game", builtin_games())
@pytest.mark.parametrize("decisions", [0, 120, 400])
def test_boards_are_well_formed_svg_in_every_language(game, decisions):
    state = played(game, decisions)
    seat = state.to_move[0] if state.to_move else 0
    for lang in ("en", "es", "nl"):
        svg = draw_board(ctx_for(state, seat, lang), game)
        root = ET.fromstring(svg)
        assert root.tag == SVG + "svg" and float(root.get("height")) > 100
        hand = draw_mine(ctx_for(state, seat, lang))
        if hand:
            ET.fromstring(hand)


def test_doge_board_shows_districts_palace_spaces_houses_advisors_markers_and_voting_order():
    state = played("doge", 1300)
    assert state.is_over
    svg = draw_board(ctx_for(state, None), "doge")
    words = texts(svg)
    for name in ("Cannaregio", "Castello", "Dorsoduro", "San Marco", "San Polo",
                 "Santa Croce", "Quarantia", "The districts", "Voting order"):
        assert name in words, name
    view = state.observe(None)
    built = sum(sum(row) for area, row in view["pieces"]["palace"].items()
                if area != "supply")
    # every palace fills a space drawn in its owner's colour (a space is a rect with a cost)
    colours = set(load_layout(state.game.definition).colours.values())
    filled = [r for r in ET.fromstring(svg).iter(SVG + "rect") if r.get("fill") in colours
              and r.get("width") == r.get("height") and float(r.get("width")) >= 20]
    assert built > 0 and len(filled) == built


def test_doge_palace_spaces_take_their_owners_from_the_palace_built_notes():
    from regola.server.svg.areas import space_owners
    state = played("doge", 1300)
    ctx = ctx_for(state, None)
    spec = {"property": "palace_costs", "piece": "palace", "note": "palace_built"}
    for area in ("cannaregio", "castello", "dorsoduro", "san_marco", "san_polo", "santa_croce"):
        notes = [e["player"] for e in ctx.view["log"] if e.get("msg") == "palace_built"
                 and e.get("area") == area]
        assert space_owners(ctx, area, spec) == notes


def test_a_spectator_board_has_no_buttons_and_no_hand():
    state = played("warsaw", 40)
    ctx = ctx_for(state, None)
    svg = draw_board(ctx, "warsaw")
    assert "data-action" not in svg and draw_mine(ctx) == ""


def test_warsaw_cells_the_seat_may_build_on_are_buttons_on_its_own_grid():
    state = played("warsaw", 0)
    while state.legal_actions(state.to_move[0])[0]["ask"] != "build_or_discard":
        seat = state.to_move[0]
        state.apply(seat, state.legal_actions(seat)[0])
    seat = state.to_move[0]
    ids = {a["id"] for a in state.legal_actions(seat)}
    svg = draw_board(ctx_for(state, seat), "warsaw")
    picks = {r.get("data-action") for r in ET.fromstring(svg).iter() if r.get("data-action")}
    assert picks and picks <= ids and all(p.startswith("[") for p in picks)


def test_the_hand_shows_the_seats_own_secret_tokens_only():
    state = played("rialto", 10)
    for seat in range(state.observe(None)["players"]):
        ctx = ctx_for(state, seat)
        own = mine(ctx)
        assert own and all(t["owner"] == seat and t["at"] == "hand" for t in own)
        assert len(own) == sum(1 for t in state.observe(seat)["tokens"]
                               if t.get("owner") == seat and t.get("at") == "hand")


@pytest.mark.parametrize("folder", ["concept_game", "grid_game"])
def test_a_game_without_a_layout_file_gets_every_panel_its_data_calls_for(folder, tmp_path):
    game = regola.load_game(str(DATA / folder))
    layout = load_layout(game.definition)
    kinds = {p["kind"] for p in layout.panels}
    if game.definition.grids:
        assert "grids" in kinds
    if game.definition.connections:
        assert "map" in kinds
    state = game.new_state(seed=1)
    rng = random.Random(1)
    for _ in range(30):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    ET.fromstring(draw_board(ctx_for(state, state.to_move[0] if state.to_move else 0), "x"))


def test_a_wrong_layout_is_refused_with_every_problem_at_its_line(doge_copy):
    edit_rule_file(doge_copy / "table.yaml",
                   ("pieces: [house]", "pieces: [hause]"),
                   ("title: voting_order", "title: voting_ordr"),
                   ("columns: 3", "columns: three"))
    game = regola.load_game(str(doge_copy))
    with pytest.raises(RuleError) as caught:
        load_layout(game.definition)
    shown = [str(p) for p in caught.value.problems]
    assert any("table.yaml:" in s and "columns" in s and "integer" in s for s in shown), shown
    edit_rule_file(doge_copy / "table.yaml", ("columns: three", "columns: 3"))
    game = regola.load_game(str(doge_copy))
    with pytest.raises(RuleError) as caught:
        load_layout(game.definition)
    shown = [str(p) for p in caught.value.problems]
    assert any("panels[0].pieces[0]" in s and "no counted piece 'hause'" in s for s in shown)
    assert any("panels[3].title" in s and "voting_ordr" in s for s in shown)
    line = next(i for i, text in enumerate((doge_copy / "table.yaml").read_text().splitlines(), 1)
                if "hause" in text)
    assert any(f"table.yaml:{line}:" in s for s in shown)


def test_without_its_layout_file_a_builtin_game_still_draws(doge_copy):
    (doge_copy / "table.yaml").unlink()
    game = regola.load_game(str(doge_copy))
    layout = load_layout(game.definition)
    assert [p["kind"] for p in layout.panels][:2] == ["areas", "areas"]
    state = game.new_state(seed=2)
    ET.fromstring(draw_board(ctx_for(state, 0), "doge"))
    shutil.rmtree(doge_copy)


@pytest.mark.parametrize("game", builtin_games())
@pytest.mark.parametrize("decisions", [0, 120, 400])
def test_the_narrow_board_fits_a_phone_and_no_text_is_under_11_units(game, decisions):
    """A phone (390 px) shows the narrow board at about 1:1: it is at most 364 units wide,
    and neither board has text under 11 units (the page never shrinks a board below 1:1)."""
    from dataclasses import replace

    from regola.server.svg.context import NARROW
    state = played(game, decisions)
    seat = state.to_move[0] if state.to_move else 0
    wide = ctx_for(state, seat)
    for ctx in (wide, replace(wide, width=NARROW)):
        for svg in (draw_board(ctx, game), draw_mine(ctx)):
            if not svg:
                continue
            root = ET.fromstring(svg)
            assert float(root.get("width")) <= ctx.width + 24
            sizes = [float(t.get("font-size")) for t in root.iter(SVG + "text")]
            assert sizes and min(sizes) >= 11


def test_the_question_names_its_steps_and_its_area_is_marked_on_the_board():
    """Doge asks about a district (an election, a palace): the seat's message says where
    the question is asked, and the district's box on the board is marked as its subject."""
    from regola.i18n.catalog import Words
    from regola.server.messages import seat_message, table_info
    state = played("doge", 0)
    rng = random.Random(5)
    areas = state.game.definition.areas
    layout = load_layout(state.game.definition)
    for _ in range(600):
        seat = state.to_move[0]
        context = state.decision_context(seat)
        actions = state.legal_actions(seat)
        named = {v for v in context["prompt"].values() if v in areas} | {
            v for s in context["steps"] for v in s["args"].values()
            if isinstance(v, str) and v in areas}
        if named:
            table = table_info("g", 0, ["person"] * 4, "doge", None, Words("en"))
            message = seat_message(state.game, layout, state.observe(seat), actions, table,
                                   Words("en"), context=context)
            assert message["prompt"]["steps"] and all(message["prompt"]["steps"])
            for area in named:
                assert f'data-subject="{area}"' in message["board"]
                assert f'data-subject="{area}"' in message["board_narrow"]
            return
        state.apply(seat, rng.choice(actions))
    raise AssertionError("no question named a district")


def drawn_tokens(ctx: Ctx) -> list[dict]:
    """The tokens the board or the hand draws face up or down: those at a place a panel
    shows (of its kinds), the top of each stack on a grid, and the seat's hand."""
    from regola.present.table_layout import area_names
    seen: list[dict] = list(mine(ctx))
    definition = ctx.definition
    for panel in ctx.layout.panels:
        if panel["kind"] in ("areas", "map"):
            for area in area_names(panel, definition):
                seen += ctx.tokens_at(area, panel.get("tokens"))
        elif panel["kind"] == "locations":
            for place in panel["locations"]:
                seen += [t for t in ctx.tokens_at(place, panel.get("tokens"))
                         if not (place in definition.grids and "cell" in t)]
        elif panel["kind"] == "grids":
            top: dict[tuple, dict] = {}
            for t in ctx.tokens_at(panel["grid"]):
                key = (t.get("owner"), tuple(t.get("cell") or ()))
                if "cell" in t and t.get("level", 0) >= top.get(key, {}).get("level", -1):
                    top[key] = t
            seen += top.values()
    return seen


@pytest.mark.parametrize("game", builtin_games())
@pytest.mark.parametrize("decisions", [0, 60, 200])
def test_every_piece_drawn_with_an_effect_says_it_on_hover_and_tap(game, decisions):
    """Every area and token the board or the hand draws whose effect the game writes
    (present.effects) carries it as `data-effect` and as its <title>; a face-down token,
    or one without a text, carries what its kind is when the game writes it (table text
    about_<kind>), else none; every `data-effect` is such a piece's, a deck's card's, a
    counted piece's or a track disc's (whose it is and where)."""
    from dataclasses import replace

    from regola.present.labels import effects_of
    from regola.present.table_layout import area_names
    from regola.server.svg.context import NARROW
    state = played(game, decisions)
    seat = state.to_move[0] if state.to_move else 0
    wide = ctx_for(state, seat)
    effects = effects_of(wide.gw)
    tokens = {t["id"]: t for t in wide.view["tokens"] if "id" in t}
    areas = {a for p in wide.layout.panels if p["kind"] in ("areas", "map")
             for a in area_names(p, wide.definition)}
    explained = 0
    for ctx in (wide, replace(wide, width=NARROW)):
        shapes = [e for svg in (draw_board(ctx, game), draw_mine(ctx)) if svg
                  for e in ET.fromstring(svg).iter()]
        told = {e.get("data-effect") for e in shapes if e.get("data-effect")}
        marked_areas = set()
        for e in shapes:
            if e.get("data-effect"):
                assert e.get("data-area") or e.get("data-token") or e.get("data-space") or \
                    e.get("data-deck") or e.get("data-piece") or e.get("data-track"), e.attrib
            if e.get("data-area"):
                want = effects.of_area(e.get("data-area"))
                marked_areas.add(e.get("data-area"))
            elif e.get("data-token"):
                want = ctx.explained(tokens[e.get("data-token")])
            else:
                continue
            if e.get("data-named"):     # a grid tile: its words, with its effect if any
                title = e.find(SVG + "title")
                assert title is not None and title.text == e.get("data-effect")
                assert want is None or want.rstrip(".") in e.get("data-effect"), (e.attrib,
                                                                                  want)
                explained += 1 if want else 0
                continue
            laid = {h.get("tile") for h in (ctx.view.get("links") or {}).values()}
            if want and e.get("data-token") in laid:   # a laid tile: where it lies first
                want = e.get("data-effect") if e.get("data-effect", "").endswith(
                    " — " + want) else want
            assert e.get("data-effect") == want, (e.attrib, want)
            if want:
                title = e.find(SVG + "title")
                assert title is not None and title.text == want
                explained += 1
        assert {a for a in areas if effects.of_area(a)} <= marked_areas
        for token in drawn_tokens(ctx):
            want = effects.of_token(token)
            assert want is None or any(want.rstrip(".") in t for t in told), (token, want)
    written = state.game.definition.text.get("effects") if state.game.definition.text else None
    if written and decisions:
        assert explained, "a game that writes effects explains some piece on its board"


def warsaw_until(ask: str, after: int = 0, seed: int = 3):
    """Warsaw played at random until the seat to move is asked `ask` (after `after`
    decisions), with the message that seat is sent."""
    from regola.i18n.catalog import Words
    from regola.server.messages import seat_message, table_info
    state = played("warsaw", 0, seed)
    rng = random.Random(seed)
    layout = load_layout(state.game.definition)
    for n in range(400):
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        if actions[0]["ask"] == ask and n >= after:
            context = state.decision_context(seat)
            table = table_info("g", 0, ["person"] * 4, "warsaw", None, Words("en"))
            return state, context, seat_message(state.game, layout, state.observe(seat),
                                                actions, table, Words("en"), context=context)
        state.apply(seat, rng.choice(actions))
    raise AssertionError(f"never asked {ask}")


@pytest.mark.parametrize("after", [0, 30, 120])
def test_a_rotation_is_chosen_from_pictures_of_the_tile_turned_on_its_cell(after):
    """Warsaw's quarter turns (options from grid_rotations): one picture per option, each
    the tile in hand turned so many quarter turns on its chosen cell; the cell the question
    names is marked on the seat's grid as its subject."""
    from regola.server.svg.placing import placing_asks
    state, context, message = warsaw_until("turn_tile", after)
    found = placing_asks(state.game.definition)
    assert found["turn_tile"].rotation and found["turn_tile"].place is not None
    assert not found["build_or_discard"].rotation
    actions = message["prompt"]["actions"]
    assert actions and all(a.get("picture") for a in actions)
    pictures = [ET.fromstring(a["picture"]) for a in actions]
    assert len({a["picture"] for a in actions}) == len(actions)     # each turn looks different
    assert all(p.tag == SVG + "svg" and float(p.get("width")) <= 3 * 46 + 4 for p in pictures)
    assert {a["label"] for a in actions} <= {"0°", "90°", "180°", "270°"}    # angles only
    x, y = context["prompt"]["where"]
    for board in (message["board"], message["board_narrow"]):
        assert f'data-subject-cell="{x},{y}"' in board


def test_a_candidate_cell_shows_the_tile_in_hand_under_the_pointer():
    state, context, message = warsaw_until("build_or_discard", 30)
    root = ET.fromstring(message["board"])
    cells = [g for g in root.iter(SVG + "g") if "cell-pick" in (g.get("class") or "")]
    options = {a["id"] for a in message["prompt"]["actions"]} - {"discard"}
    assert {g.get("data-action") for g in cells} == options
    assert all(any("ghost" in (k.get("class") or "") for k in g.iter(SVG + "g")) for g in cells)


def test_doge_advisors_palace_spaces_and_marker_rows_say_what_they_are():
    """Every advisor on the board is written "advisor of X" and says, on hover and tap,
    who controls it and what it does; each palace space says it is a cost in houses under
    a row label; revealed markers sit on a row named "ballot markers"; the marker question
    names every option "ballot marker N" and offers stop only as a button."""
    from regola.i18n.catalog import Words
    from regola.server.messages import seat_message, table_info
    state = played("doge", 0)
    rng = random.Random(4)
    layout = load_layout(state.game.definition)
    asked = 0
    for _ in range(400):
        seat = state.to_move[0]
        actions = state.legal_actions(seat)
        if actions[0]["ask"] == "choose_marker":
            context = state.decision_context(seat)
            table = table_info("g", 0, ["person"] * 4, "doge", None, Words("en"))
            prompt = seat_message(state.game, layout, state.observe(seat), actions, table,
                                  Words("en"), context=context)["prompt"]
            labels = [a["label"] for a in prompt["actions"]]
            assert all(re.fullmatch(r"ballot marker \d", x) or x == "stop adding markers"
                       for x in labels), labels
            assert "stop" not in prompt["text"]
            asked += 1
        state.apply(seat, rng.choice(actions))
    assert asked
    ctx = ctx_for(state, None)
    root = ET.fromstring(draw_board(ctx, "doge"))
    seats = {t["id"]: t for t in ctx.view["tokens"] if t["kind"] == "advisor"}
    shapes = [e for e in root.iter() if (e.get("data-token") or "") in seats]
    assert len(shapes) == len(seats) == 9
    controlled = 0
    for e in shapes:
        token = seats[e.get("data-token")]
        name = f"advisor of {ctx.gw.value(token['home'])}"
        assert e.get("data-effect").startswith(name) and "One vote" in e.get("data-effect")
        assert any((t.text or "").startswith("advisor of") for t in e.iter(SVG + "text"))
        if token.get("controller") is not None:
            assert f"controlled by {ctx.gw.seat(token['controller'])}" in e.get("data-effect")
            controlled += 1
    assert controlled
    spaces = [e for e in root.iter() if e.get("data-space") is not None]
    assert len(spaces) == 6 * 5
    assert all(re.search(r"takes \d of your houses", e.get("data-effect")) and
               e.find(SVG + "title") is not None for e in spaces)
    words = texts(draw_board(ctx, "doge"))
    assert words.count("palace cost in houses") == 6     # whole, not cut off (a newcomer)
    assert "ballot markers" in words


def _placed(svg: str) -> tuple[list[tuple[float, float, float, float]], list[tuple[float, float]]]:
    """The board's worth badges (dark round-cornered tags 20 high: x, y, width, height) and
    its pick rings (centres), where the page draws them (every translate applied)."""
    badges, rings = [], []

    def walk(node: ET.Element, dx: float, dy: float) -> None:
        moved = re.match(r"translate\(([-\d.]+),([-\d.]+)\)", node.get("transform") or "")
        if moved:
            dx, dy = dx + float(moved[1]), dy + float(moved[2])
        if node.tag == SVG + "rect" and node.get("fill") == "#2c3e50" \
                and float(node.get("height")) == 20:
            badges.append((dx + float(node.get("x")), dy + float(node.get("y")),
                           float(node.get("width")), 20.0))
        if node.tag == SVG + "circle" and node.get("stroke") == "#c0392b":
            rings.append((dx + float(node.get("cx")), dy + float(node.get("cy"))))
        for child in node:
            walk(child, dx, dy)
    walk(ET.fromstring(svg), 0, 0)
    return badges, rings


@pytest.mark.parametrize("game", ["rialto"])
def test_a_pick_ring_never_covers_a_worth_badge_on_either_board(game):
    """A connection's pick ring keeps clear of the areas' worth badges, on the wide board
    and on a phone's narrow one, so every badge's number stays readable."""
    from dataclasses import replace

    from regola.server.svg.context import NARROW
    checked = 0
    for seed, decisions in ((1, 111), (1, 117), (2, 51), (3, 156)):   # connections asked
        state = played(game, decisions, seed)
        seat = state.to_move[0]
        wide = ctx_for(state, seat)
        for ctx in (wide, replace(wide, width=NARROW)):
            badges, rings = _placed(draw_board(ctx, game))
            for cx, cy in rings:
                for x, y, w, h in badges:
                    checked += 1
                    assert not (x - 10 < cx < x + w + 10 and y - 10 < cy < y + h + 10), \
                        (seed, decisions, ctx.width, (cx, cy), (x, y, w))
    assert checked


@pytest.mark.parametrize("game", builtin_games())
def test_a_long_panel_heading_wraps_inside_the_board_on_either_width(game):
    """A panel's heading (bold, 15 units) breaks into lines that fit the board, wide and on
    a phone, and the words are all there: none is cut at the board's edge."""
    from dataclasses import replace

    from regola.server.svg.board import panel_title
    from regola.server.svg.context import NARROW
    state = played(game, 30)
    seat = state.to_move[0] if state.to_move else 0
    wide = ctx_for(state, seat)
    for ctx in (wide, replace(wide, width=NARROW)):
        root = ET.fromstring(draw_board(ctx, game))
        lines = [t.text or "" for t in root.iter(SVG + "text") if t.get("font-size") == "15"]
        assert all(len(line) * 15 * 0.62 <= ctx.width for line in lines), lines
        said = " ".join(lines)
        for panel in ctx.layout.panels:
            title = panel_title(ctx, panel)
            if title and len(title) * 15 * 0.62 > ctx.width:
                assert title in said


@pytest.mark.parametrize("game_id, ask, outlined", [
    ("doge", "choose_area", True),              # which card to play: the hand is asked
    ("doge", "advisor_destination", False),     # an area of the board, not a card
    ("rialto", "take_or_draw", False),          # a type from the leftover row, not a card
    ("rialto", "discard_card", True),           # a type of card in the hand
])
def test_the_hand_is_outlined_only_when_the_question_picks_a_card_of_it(game_id, ask,
                                                                         outlined):
    """A newcomer saw the player cards in hand framed as the answers to "Where will the
    advisor of San Polo vote for you?" (cards are named for areas), and Rialto's hand
    cards framed for a type taken from the leftover row."""
    from regola.i18n.catalog import Words
    from regola.server.messages import seat_message, table_info
    game = regola.load_game(game_id)
    layout = load_layout(game.definition)
    seen = 0
    for seed in range(20):
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over and seen < 3:
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            if acts[0]["ask"] == ask:
                view = state.observe(seat)
                table = table_info("g", seat, ["person"] * 3, game_id, None, Words("en"))
                message = seat_message(game, layout, view, acts, table, Words("en"),
                                       context=state.decision_context(seat))
                picks = (message["hand"] or "").count("data-action=")
                assert (picks > 0) == outlined, (seed, [a["value"] for a in acts])
                seen += 1
            state.apply(seat, rng.choice(acts))
        if seen >= 3:
            break
    assert seen


def test_a_type_from_the_leftover_row_outlines_no_hand_card_even_when_the_hand_has_each():
    """Rialto's green building 1 offers the types of the leftover row (and "draw"): a
    newcomer still saw hand cards outlined when the hand held every type offered."""
    from regola.i18n.catalog import Words
    from regola.server.messages import seat_message, table_info
    game = regola.load_game("rialto")
    layout = load_layout(game.definition)
    covered = 0
    for seed in range(60):
        state = game.new_state(players=3, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            if acts[0]["ask"] == "take_or_draw":
                view = state.observe(seat)
                held = {t.get("type") for t in view["tokens"]
                        if t.get("owner") == seat and t.get("at") == "hand"}
                offered = {a["value"] for a in acts} - {"draw"}
                if offered <= held:
                    table = table_info("g", seat, ["person"] * 3, "rialto", None, Words("en"))
                    message = seat_message(game, layout, view, acts, table, Words("en"),
                                           context=state.decision_context(seat))
                    assert "data-action=" not in (message["hand"] or ""), (seed, offered)
                    covered += 1
            state.apply(seat, rng.choice(acts))
        if covered >= 2:
            break
    assert covered
