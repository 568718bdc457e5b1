"""The rulebook's pictures (issue 13, item 5): drawn from the data and the outline's layout
hints, right (what they show is the data, or a real new game) and readable (no label runs
out of its picture, no cost badge covers an icon number)."""

from __future__ import annotations

import math
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import yaml

import regola
from regola.rulebook.book import build_rulebook
from regola.rulebook.pictures import draw_position
from regola.rulebook.pictures.svg import text_width

SVG = "{http://www.w3.org/2000/svg}"
GAMES = ["doge", "rialto", "warsaw", "copycat"]


@pytest.fixture(scope="module")
def books():
    return {(g, lang): build_rulebook(g, lang=lang) for g in GAMES for lang in ("en", "es", "nl")}


def texts_of(svg: str) -> list[str]:
    return [t.text or "" for t in ET.fromstring(svg).iter(f"{SVG}text")]


def test_every_picture_is_well_formed_and_no_label_leaves_it(books):
    """A label that runs past the picture's edge is clipped (the issue's Warsaw picture)."""
    for (game, lang), book in books.items():
        assert book.pictures, (game, lang)
        for name, svg in book.pictures.items():
            root = ET.fromstring(svg)
            width = float(root.get("width"))
            for t in root.iter(f"{SVG}text"):
                size, x = float(t.get("font-size")), float(t.get("x"))
                w = text_width(t.text or "", size, t.get("font-weight"))
                left = {"start": x, "middle": x - w / 2, "end": x - w}[t.get("text-anchor")]
                assert left >= -2 and left + w <= width + 2, (lang, name, t.text)


def test_doge_city_is_a_map_of_the_seven_areas_with_the_palace_costs(books):
    """The board is drawn once, in the setup picture (the map above the voting-order cards)."""
    def board(labels):
        return labels[:labels.index("Brown voting-order cards")]
    labels = board(texts_of(books["doge", "en"].pictures["doge-setup.svg"]))
    for area in ("Cannaregio", "Castello", "Dorsoduro", "San Marco", "San Polo", "Santa Croce",
                 "Quarantia"):
        assert area in labels
    for cost in "34567":                       # game.yaml: palace_costs [3, 4, 5, 6, 7]
        assert labels.count(cost) == 6
    cheap = board(texts_of(build_rulebook("doge", "cheap_palaces")
                           .pictures["doge-cheap_palaces-setup.svg"]))
    assert cheap.count("2") == 6 and "7" not in cheap


def test_doge_voting_order_is_a_real_shuffled_row():
    """The face-up row is the brown deck as new_state(seed 1) deals it, not the list order
    (drawn in the setup picture, under the board)."""
    book = build_rulebook("doge")
    labels = texts_of(book.pictures["doge-setup.svg"])
    labels = labels[labels.index("Brown voting-order cards"):]
    advisors = labels.index("The advisor spaces (top right of the board)")
    labels, spaces = labels[:advisors], labels[advisors + 1:]
    assert spaces.count("Quarantia") == 3 and len(spaces) == 9   # one piece per advisor
    dealt = regola.load_game("doge").new_state(seed=1).observe(None)["decks"]["brown"]
    names = {"cannaregio": "Cannaregio", "castello": "Castello", "dorsoduro": "Dorsoduro",
             "san_marco": "San Marco", "san_polo": "San Polo", "santa_croce": "Santa Croce",
             "quarantia": "Quarantia"}
    shown = [t for t in labels if t in names.values()]
    assert shown == [names[c] for c in dealt]
    assert shown != list(names.values())                     # not the order of game.yaml
    assert labels.count("?") == 7                             # the blue row face down


def test_rialto_map_has_the_canal_its_sides_and_a_legend(books):
    svg = books["rialto", "en"].pictures["rialto-city_map.svg"]
    labels = texts_of(svg)
    assert "Grand Canal" in labels
    assert "west side of the Grand Canal" in labels and "east side of the Grand Canal" in labels
    assert "room for one bridge or gondola" in labels
    assert svg.count("<polyline") == 12                           # the 12 connections
    fills = {a: re.search(rf'fill="(#\w+)"[^>]*/>\n[^\n]*>{a}<', svg) for a in
             ("Santa Croce", "Castello")}
    assert all(fills.values())
    assert fills["Santa Croce"].group(1) != fills["Castello"].group(1)   # west vs east


def _circles(svg: str) -> list[tuple[float, float, float, str]]:
    root = ET.fromstring(svg)
    return [(float(c.get("cx")), float(c.get("cy")), float(c.get("r")), c.get("fill"))
            for c in root.iter(f"{SVG}circle")]


def test_warsaw_cost_badges_leave_the_icon_numbers_free(books):
    """The issue: cost badges drawn over the icon numbers. Badges (yellow) and icon discs
    (white) never overlap in any tile picture."""
    for name, svg in books["warsaw", "en"].pictures.items():
        circles = _circles(svg)
        badges = [c for c in circles if c[3] == "#f5d76e"]
        icons = [c for c in circles if c[3] == "#ffffff"]
        for bx, by, br, _ in badges:
            for ix, iy, ir, _ in icons:
                assert math.dist((bx, by), (ix, iy)) >= br + ir, name


def test_warsaw_sampler_replaces_the_tile_table_and_start_tiles_are_counted(books):
    """A sampler of the tiles by kind (not an inventory by epoch): the start tiles drawn
    once (x4) and some ordinary tiles of every epoch (public buildings and milestones, plain
    boxes in a picture, are told in the chapters)."""
    book = books["warsaw", "en"]
    labels = texts_of(book.pictures["warsaw-tiles.svg"])
    assert "The start tile (marked S on the back), the same for every player" in labels
    assert "×4" in labels
    assert "Some ordinary tiles, from different epochs" in labels
    assert not [t for t in labels if t.startswith(("Milestones:", "Public buildings:"))]
    assert not [t for t in labels if t.startswith("Epoch ")]
    components = book.markdown.split("## Components")[1].split("\n## ")[0]
    assert "| start tile (back S) |" not in components           # no 105-row table there
    setup = texts_of(book.pictures["warsaw-setup.svg"])
    assert setup.count("0") == 4 and "Beside the board" not in setup   # four start tiles


def test_copycat_board_is_laid_out_as_on_the_table(books):
    labels = texts_of(books["copycat", "en"].pictures["copycat-setup.svg"])
    assert "The federal department: the offices printed on the board" in labels
    assert [f"section {s}" for s in range(1, 6)] == [t for t in labels if t.startswith("section")]
    assert "section 0" not in labels
    street = [t for t in labels if re.fullmatch(r"\d+ · \+\d", t)]
    assert street == [f"{s} · +{0 if s <= 4 else 1 if s <= 8 else 2}" for s in range(1, 12)]


def test_office_cards_not_yet_open_are_drawn_face_down(books):
    """`closed: face_down`: a window whose office card has not opened is a blank back (its
    pile is shuffled, so no name shows through), and the legend says so; the open one is not."""
    from regola.rulebook.pictures.position import BACK
    svg = books["copycat", "en"].pictures["copycat-setup.svg"]
    backs = [r for r in ET.fromstring(svg).iter(f"{SVG}rect") if r.get("fill") == BACK]
    assert len(backs) == 10 + 1                   # 11 office cards, one open; the legend's swatch
    assert "offices not open yet (their cards still in the piles)" in texts_of(svg)
    assert "faded: not in play yet" not in texts_of(svg)
    assert all(float(r.get("fill-opacity", 1)) == 1 for r in backs)


def test_a_piece_laid_on_its_side_is_drawn_flat(books):
    """`laid_var`: after the placing example, the one worker Anna laid down (the office she
    used at once) is a long flat chip; before it, and every other worker, a standing one."""
    def flat(svg: str) -> list[ET.Element]:
        return [r for r in ET.fromstring(svg).iter(f"{SVG}rect")
                if r.get("width") == "34" and r.get("height") == "11"]
    pictures = books["copycat", "en"].pictures
    assert len(flat(pictures["copycat-example-placing-2.svg"])) == 1
    assert flat(pictures["copycat-example-placing-1.svg"]) == []


@pytest.mark.parametrize("game", GAMES)
def test_setup_picture_is_a_real_new_game(game, books):
    """notes: each game's setup picture is new_state(players=4, seed=1) drawn as seen by all:
    what it shows (the book chooses its parts) is named in words, never by an id, and the
    players' panels, if drawn, come in seat order."""
    svg = books[game, "en"].pictures[f"{game}-setup.svg"]
    labels = texts_of(svg)
    assert not [t for t in labels if re.search(r"[a-z]_[a-z]", t)], labels
    seats = list(dict.fromkeys(t for t in labels if t in ("Red", "Blue", "Green", "Yellow")))
    assert seats == ["Red", "Blue", "Green", "Yellow"][:len(seats)]
    view = regola.load_game(game).new_state(players=4, seed=1).observe(None)
    if game == "rialto":
        assert not any("lot" in t for t in labels)
    if game == "copycat":
        street = sorted((int(t["at"].split("_")[1]), t) for t in view["tokens"]
                        if t["at"].startswith("street_"))
        assert len(street) == 11
        assert "initial turn-order cards" not in " ".join(labels)


def test_draw_position_shows_a_game_in_play():
    """The palaces on the board fill the palace spaces; every house count is a chip."""
    game = regola.load_game("doge")
    state = game.new_state(players=4, seed=5)
    rng = random.Random(5)
    for _ in range(400):
        if state.is_over:
            break
        seat = state.to_move[0]
        state.apply(seat, rng.choice(state.legal_actions(seat)))
    view = state.observe(None)
    svg = draw_position(state, lang="es", title="x")
    ET.fromstring(svg)
    districts = [a for a, d in game.definition.areas.items() if d["kind"] == "district"]
    palaces = sum(sum(view["pieces"]["palace"].get(a, [0])) for a in districts)
    seat_fills = {"#d84c4c", "#3f6fc4", "#3f9b4f", "#e9c31c"}
    assert sum(1 for c in _circles(svg) if c[3] in seat_fills) == palaces
    houses = [n for a in game.definition.areas for n in view["pieces"]["house"].get(a, []) if n]
    chips = texts_of(svg)
    for n in houses:
        assert str(n) in chips
    assert "Junto al tablero" in chips                            # Spanish labels


def test_bad_picture_hints_are_located_problems(tmp_path):
    """An outline whose map names an unknown area, or whose position names no board, is
    refused with the file, line and path; nothing is written, no traceback."""
    import shutil

    from typer.testing import CliRunner

    from regola.cli.app import app
    from regola.loading.sources import rules_root
    folder = tmp_path / "broken"
    shutil.copytree(rules_root() / "doge", folder)
    outline = folder / "rulebook.yaml"
    text = outline.read_text(encoding="utf-8")
    text = text.replace("at: {santa_croce: [0, 0],", "at: {santa_cruz: [0, 0],")
    text = text.replace("    board: city\n", "    board: nowhere\n")
    outline.write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    result = CliRunner().invoke(app, ["rulebook", str(folder), "--out", str(out)])
    assert result.exit_code == 2, result.output
    assert re.search(r"rulebook\.yaml:\d+:\d+: .*no area 'santa_cruz'", result.output)
    assert re.search(r"rulebook\.yaml:\d+:\d+: .*no area_map or area_blocks picture 'nowhere'",
                     result.output)
    assert "Traceback" not in result.output and not out.exists()


def test_a_connection_drawn_round_other_areas_passes_its_cells():
    """Rialto's example map sends Santa Croce's two crossings of the canal round San Polo and
    Dorsoduro (`connection_via`): each line is a polyline through the cell it names, and its
    room lies on that line, not on the straight line through San Polo."""
    from regola.i18n.catalog import Words
    from regola.loading.loader import load_game
    from regola.rulebook.book.outline import game_folder, load_outline
    from regola.rulebook.pictures.area_map import AreaMap
    from regola.rulebook.texts import Texts
    game = load_game("rialto").definition
    outline = load_outline(game, game_folder(game))
    board = AreaMap(Texts(game, Words("en")), outline.pictures["example_map"])
    line = board.connection_line("santa_croce_san_marco")
    assert len(line) == 3 and line[1] == board.point([0, 0])
    x, y = board.connection_at("santa_croce_san_marco")
    assert y == line[1][1]                       # on the top leg, above San Polo
    assert not board.boxes["san_polo"].y <= y <= board.boxes["san_polo"].y + board.box_h


def test_a_count_variable_is_drawn_on_a_badge_in_the_games_words(books):
    """notes Phase 2 (Copycat): a VP marker lies on each office nobody took; the placing
    example's pictures show them (the `counts` of the position picture: the variable
    `markers`, said by the table text `markers_here`), before and after the workers go out,
    and each badge's text fits its office."""
    for lang, words in [("en", "1 VP marker here"), ("es", "aquí hay 1 marcador de PV")]:
        pictures = books[("copycat", lang)].pictures
        before = ET.fromstring(pictures["copycat-example-placing-1.svg"])
        after = ET.fromstring(pictures["copycat-example-placing-2.svg"])
        badges = [r for r in before.iter(f"{SVG}rect") if r.get("data-count")]
        assert [r.get("data-count") for r in badges] == ["1"] * 5, lang
        assert texts_of(ET.tostring(before, encoding="unicode")).count(words) == 5, lang
        assert len([r for r in after.iter(f"{SVG}rect") if r.get("data-count")]) == 2, lang


def test_a_picture_without_panels_shows_the_scores_it_names():
    """`scores`: with the players' panels off, one chip per player in seat order gives the
    named player variables (here the points, set apart for each seat); without `scores`,
    no such chip is drawn. (Copycat's book draws none: its examples' scenarios do not
    carry the points won before them.)"""
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=1)
    for seat, points in enumerate((7, 0, 12)):
        state.data["pvars"][seat]["vp"] = points
    book = Path(__file__).parents[1] / "rules" / "copycat" / "rulebook.yaml"
    pictures = yaml.safe_load(book.read_text())["pictures"]
    spec = {**pictures["street_view"], "scores": ["vp"]}
    board = pictures[spec["board"]]
    labels = texts_of(draw_position(state, spec=spec, board=board))
    assert [t for t in labels if t.endswith(" VP")] == ["Red: 7 VP", "Blue: 0 VP", "Green: 12 VP"]
    spec.pop("scores")
    assert not [t for t in texts_of(draw_position(state, spec=spec, board=board))
                if t.endswith(" VP")]
