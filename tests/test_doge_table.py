"""Doge at the table (round 4): the terminal board gives each district's palace costs and
keeps the districts on screen when a question is asked (the story is shortened first), an
advisor is said by its home area's number, abstaining says it moves a house, the story has
no bare choice lines, `board` shows no bookkeeping, and the web's pieces explain themselves."""

from __future__ import annotations

import io
import random
import re
import xml.etree.ElementTree as ET

import pytest
from play_helpers import keyed_game, play, random_pick, seats
from rich.console import Console

import regola
from regola.cli.board import Board
from regola.cli.colours import seat_style
from regola.cli.screen import Screen
from regola.i18n.game_words import GameWords
from regola.present.labels import Namer, option_notes
from regola.present.table_layout import load_layout
from regola.server.messages import story_entries
from regola.server.svg.board import draw_board
from regola.server.svg.context import Ctx

SIZES = [(80, 24), (100, 30)]
SVG = "{http://www.w3.org/2000/svg}"


def seat0_decisions(seed: int = 11, limit: int = 4000):
    """Seat 0's decisions in a seeded game of random choices: (state, actions) before each
    is answered."""
    state = regola.load_game("doge").new_state(players=3, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        seat = state.to_move[0]
        acts = state.legal_actions(seat)
        if seat == 0:
            yield state, acts
        state.apply(seat, rng.choice(acts))


def drawn(state, acts, columns: int, lines: int, lang: str = "en") -> list[str]:
    """Seat 0's terminal screen of a decision, as its lines."""
    game = state.game
    gw = GameWords(game.definition, lang)
    console = Console(file=io.StringIO(), width=columns, height=lines, record=True,
                      force_terminal=False, color_system=None)
    view = state.observe(0)
    namer = Namer(game, gw, view)
    context = state.decision_context(0)
    values = [a["value"] for a in acts]
    labels = namer.options(values, context["named"], context["option_kind"], context)
    question = namer.prompt(context, acts[0]["ask"], values)
    Screen(console, game, gw).draw(view, 0, 0, ["play the game", "a step"], question,
                                   [(str(i), label) for i, label in enumerate(labels)])
    return console.export_text().splitlines()


@pytest.mark.parametrize("columns,lines", SIZES)
def test_a_question_keeps_every_district_row_with_its_palace_costs(columns, lines):
    """Whatever the story holds, every district holding something keeps its row, with its
    palace spaces ("■ 4 5 6 7"), and the screen fits; the story is what gets shortened."""
    checked = 0
    for n, (state, acts) in enumerate(seat0_decisions()):
        if n % 7:
            continue
        view = state.observe(0)
        board = Board(state.game, GameWords(state.game.definition), view)
        rows = [r for r in board.rows() if r.spaces is not None]
        screen = drawn(state, acts, columns, lines)
        assert len(screen) <= lines, "\n".join(screen)
        for row in rows:
            shown = [line for line in screen if line.startswith(row.label + " ")]
            assert shown, f"{row.label!r} dropped:\n" + "\n".join(screen)
            assert row.spaces.plain in shown[0]
            assert re.search(r"([RBG] |\d )*([RBG]|\d)", row.spaces.plain)
        if rows:
            flat = " ".join(" ".join(screen).split())
            if any(r.spaces.plain.split()[0] in "RBG" for r in rows):
                # the key says what a letter and what a number is on the palace track
                assert "palaces: a number: palace cost in houses" in flat, flat
                assert "a letter: who built there (R Red, B Blue, G Green)" in flat, \
                    "\n".join(screen)
            else:
                assert "palaces: palace cost in houses" in flat, flat
        checked += 1
    assert checked > 10


def test_palace_spaces_fill_in_order_in_the_builders_colour():
    """A district's spaces say the built ones by the builder's letter ("R" Red), in its
    colour (as the palace_built notes tell), then the free costs."""
    built = 0
    for state, _ in seat0_decisions():
        view = state.observe(0)
        board = Board(state.game, GameWords(state.game.definition), view)
        for area, row in view["pieces"]["palace"].items():
            if area not in state.game.definition.areas or not sum(row):
                continue
            spaces = board.spaces_text(area)
            costs = state.game.definition.areas[area]["palace_costs"]
            n = sum(row)
            builders = [e["player"] for e in view["log"] if e.get("msg") == "palace_built"
                        and e.get("area") == area]
            assert spaces.plain.split() == ["RBG"[p] for p in builders] + [
                str(c) for c in costs[n:]]
            styles = [str(span.style) for span in spaces.spans]
            assert styles == [str(seat_style(state.game, p)) for p in builders]
            built += 1
    assert built


def test_an_advisor_is_told_by_its_home_areas_name():
    """A counted cell names each advisor in words, by its home area ("1 advisor
    (Castello)"), with no code to look up in a legend."""
    for state, _ in seat0_decisions():
        view = state.observe(0)
        placed = [t for t in view["tokens"] if t["kind"] == "advisor"
                  and t.get("controller") is not None]
        if not placed:
            continue
        board = Board(state.game, GameWords(state.game.definition), view)
        table, _ = board.table(80, 20)
        areas = list(state.game.definition.areas)
        for token in placed:
            held = board.places[token["at"]][token["controller"]]
            assert held.homes[("advisor", areas.index(token["home"]) + 1)] >= 1
            cell = board.cell(held, True)
            home = GameWords(state.game.definition).place(token["home"])
            assert re.search(rf"\d advisors? \({home}\)", cell), cell
        assert not any("area N" in t.plain for t in board.legend())
        return
    pytest.fail("no advisor was ever controlled")


def test_abstaining_says_that_it_moves_a_house():
    """The advisor's question and its abstain option say a house moves, and the house-move
    question's no-move option says what it does."""
    game = regola.load_game("doge")
    gw = GameWords(game.definition)
    seen = set()
    for state, acts in seat0_decisions():
        ask = acts[0]["ask"]
        if ask not in ("advisor_action", "move_house_from"):
            continue
        namer = Namer(game, gw, state.observe(0))
        context = state.decision_context(0)
        values = [a["value"] for a in acts]
        labels = dict(zip(values, namer.options(values, context["named"],
                                                context["option_kind"], context)))
        if ask == "advisor_action":
            assert "or abstain and move one of your houses?" in \
                namer.prompt(context, ask, values)
            assert labels["abstain"] == "abstain and move a house"
            notes = dict(zip(values, option_notes(gw, context, values)))
            assert notes["abstain"] == "the advisor stays neutral and votes for nobody"
        elif "none" in labels:
            assert labels["none"] == "move no house"
        seen.add(ask)
    assert seen == {"advisor_action", "move_house_from"}


def test_no_bare_choice_line_in_the_story_on_either_table():
    """Neither a seat's secret choices nor its own bare choices ("Red chooses take control")
    are story lines, at the terminal or at the web table."""
    _, output = screens_output(30)
    assert "(secret)" not in output
    assert not re.search(r"^Red chooses ", output, re.M), output
    game = regola.load_game("doge")
    gw = GameWords(game.definition)
    for n, (state, _) in enumerate(seat0_decisions()):
        if n > 60:
            break
        view = state.observe(0)
        tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
        for entry in story_entries(gw, view["log"], tokens, 0):
            assert "(secret)" not in entry["text"]
            assert not entry["text"].startswith("Red chooses"), entry["text"]


def screens_output(decisions: int, then: str = "", lang: str = "en") -> tuple[list[str], str]:
    """`regola play doge` at 80x24 for the person's first decisions (seed 7), its output."""
    keys, _ = keyed_game("doge", 3, 7, random_pick(1), stop_after=decisions, lang=lang)
    result = play("doge", "--seed", "7", "--seats", seats(3), "--lang", lang,
                  stdin="\n".join([*keys, then]) + "\n")
    return keys, result.output


def test_board_shows_no_bookkeeping_and_breaks_lines_between_words():
    """`board` at 80 columns: no player variable the table.yaml leaves out ("number of
    houses just placed"), player words for the voting order, no line starting with a
    comma."""
    _, output = screens_output(12, then="board")
    shown = output.split("your choice (? for help):")[-2]
    assert "just placed" not in shown
    assert "this year's voting order:" in shown and "the current row" not in shown
    assert not re.search(r"^\s*,", shown, re.M), shown
    assert "palaces: palace cost in houses" in shown
    assert re.search(r"^Cannaregio +3 4 5 6 7$", shown, re.M), shown
    assert "next year's voting order: blue voting-order cards" in shown


def test_web_cards_markers_and_houses_explain_themselves():
    """On the web board the voting-order cards (face up or down), the face-down ballot
    markers and the house counters carry a hover and tap text."""
    for state, acts in seat0_decisions():
        view = state.observe(0)
        hidden = [t for t in view["tokens"] if t["kind"] == "marker" and "value" not in t
                  and t.get("at") in state.game.definition.areas]
        houses = any(sum(row) for area, row in view["pieces"]["house"].items()
                     if area in state.game.definition.areas)
        if not hidden or not houses:
            continue
        definition = state.game.definition
        ctx = Ctx(definition, view, GameWords(definition), load_layout(definition),
                  {a["id"]: a["id"] for a in acts})
        titles = [t.text for t in ET.fromstring(draw_board(ctx, "doge")).iter(SVG + "title")]
        assert sum(t.startswith("Voting-order cards:") for t in titles) == 14
        assert any(t.startswith("A ballot marker, face down") for t in titles)
        assert any(t.startswith("Houses: each player's houses") for t in titles)
        return
    pytest.fail("no board with face-down markers and houses")


def test_help_breaks_its_long_lines_between_words():
    """`?` at 80 columns: every line fits, and a long one goes on between words."""
    _, output = screens_output(12, then="?")
    lines = output.split("— help —")[-1].splitlines()
    assert all(len(line) <= 80 for line in lines), "\n".join(lines)
    said = lines[lines.index(next(x for x in lines if x.startswith("Type a key"))) + 1]
    assert said.startswith("  ") and said[2:].split()[0] in (
        "its", "number", "on", "the", "board,", "a", "is", "own", "key);", "letters"), said


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_wrapped_line_under_the_board_is_shown_whole_or_not_at_all(lang):
    """Under the board, a line wrapped over two (the seat's supply in Spanish) is never cut
    after its first: it is left out whole, and the last line says how many `board` shows."""
    game = regola.load_game("doge")
    state = game.new_state(players=3, seed=7)
    gw = GameWords(game.definition, lang)
    console = Console(file=io.StringIO(), width=80, height=24)
    screen = Screen(console, game, gw)
    board = Board(game, gw, state.observe(0))
    more = screen.fitted(board.mine() + board.notes())
    assert more[1].plain.startswith("  "), [m.plain for m in more]  # the supply, wrapped
    shown = [t.plain for t in screen.under(more, 2)]
    assert len(shown) == 1 and shown[0].startswith("…"), shown
    assert str(len(more)) in shown[0]
    shown = [t.plain for t in screen.under(more, 3)]
    assert shown[:2] == [more[0].plain, more[1].plain] and shown[2].startswith("…")


def _web_message(state):
    from regola.i18n.catalog import Words
    from regola.server.messages import seat_message, table_info
    table = table_info("g", 0, ["person"] * state.data["n"], "doge", None, Words("en"))
    return seat_message(state.game, load_layout(state.game.definition), state.observe(0),
                        state.legal_actions(0), table, Words("en"),
                        context=state.decision_context(0))


def test_what_ends_the_game_is_said_all_game_on_both_tables():
    """The end conditions are on the table from the first question: a fact of the web's
    seats panel and a line of the terminal's board (at 100x30 and 80x24)."""
    state = regola.load_game("doge").new_state(players=3, seed=7)
    facts = dict(_web_message(state)["facts"])
    # one player's goal, not the city's: all 6 districts must hold that player's palaces
    assert facts["the game ends"] == \
        "after the year a player gets palaces in all 6 districts, or 7 in 5, or 8 in 4"
    for columns, lines in [(100, 30), (80, 24)]:
        screen = drawn(state, state.legal_actions(0), columns, lines)
        assert any(line.startswith("the game ends: after the year a player gets palaces in "
                                   "all 6") for line in screen), "\n".join(screen)


def test_a_palace_space_says_the_houses_are_paid_back_to_supply():
    """The web's palace spaces say that building spends houses back to the supply (on
    hover and tap; the row's caption is short enough to be read whole on a phone)."""
    state = regola.load_game("doge").new_state(players=3, seed=7)
    message = _web_message(state)
    assert "palace cost in houses" in message["board"]
    assert "they go back to your supply" in message["board"]
    assert "(paid back to your" not in message["board"] + message["board_narrow"]


def test_board_cells_say_pieces_in_words_and_wrap():
    """No code at the terminal: a cell too long for one line wraps between words, or counts
    its pieces in words ("15 houses, 8 palaces"); no legend of short names is needed."""
    for n, (state, _) in enumerate(seat0_decisions()):
        if n % 9:
            continue
        board = Board(state.game, GameWords(state.game.definition), state.observe(0))
        table, _ = board.table(100, 40)
        out = io.StringIO()
        Console(file=out, width=100).print(table)
        text = out.getvalue()
        assert not re.search(r"\b\d+(h|p|c|b|pl|a\d)\b", text), text
        assert "…" not in text, text
        assert not any(" houses ·" in t.plain for t in board.legend())


@pytest.mark.parametrize("columns,lines", SIZES)
def test_no_district_cell_is_cut_and_a_short_one_is_explained(columns, lines):
    """A district row on one line says its pieces in shorter words ("2 houses, 4 markers"),
    else in letters the key under the table explains ("1p 4b a7", "aN: the advisor of area
    N"), never cut with "…" (at 80x24 and 100x30)."""
    names = [GameWords(regola.load_game("doge").definition).place(a)
             for a in regola.load_game("doge").definition.areas]
    checked = 0
    for n, (state, acts) in enumerate(seat0_decisions()):
        if n % 5:
            continue
        screen = drawn(state, acts, columns, lines)
        rows = [line for line in screen if re.match(r"\d ", line)
                and line[2:].startswith(tuple(names))]
        for line in rows:
            assert "…" not in line, "\n".join(screen)
        letters = [c for line in rows for c in re.findall(r"\b\d*([a-z]{1,2})\d*\b",
                                                          line.split("  ", 1)[-1])
                   if re.search(r"\b\d+[a-z]{1,2}\b|\b[a-z]{1,2}\d\b", line)]
        if letters:
            assert any(re.search(r"\b(h houses|b ballot markers|aN: the advisor)", line)
                       for line in screen), "\n".join(screen)
        checked += 1
    assert checked > 10


def test_a_one_line_cell_takes_short_words_then_letters():
    from collections import Counter

    from regola.cli.board import Held
    game = regola.load_game("doge")
    state = game.new_state(players=3, seed=7)
    board = Board(game, GameWords(game.definition), state.observe(0))
    held = Held(["2 houses", "4 ballot markers"], Counter({"house": 2, "marker": 4}))
    assert board.short_cell(held, "2 houses, 4 ballot markers", 24) == "2 houses, 4 markers"
    assert not board.used_short
    assert board.short_cell(held, "2 houses, 4 ballot markers", 12) == "2h 4b"
    assert "b ballot markers" in [t.plain for t in board.legend()]
