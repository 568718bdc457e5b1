"""What the table shows of the game's state: the rows the game's table.yaml lists (`vars`,
`player_vars`) on the terminal's main screen, always and in words, nothing of the engine's
bookkeeping besides them; texts wrapped, never cut with "…"; `board` in words with players
named; the web's seat panels written as a person says them."""

from __future__ import annotations

import re

import pytest
from play_helpers import keyed_game, play, random_pick, seats

import regola
from regola.i18n.catalog import Words
from regola.i18n.game_words import GameWords
from regola.present.facts import var_kinds
from regola.present.table_layout import load_layout
from regola.server.messages import seat_message, table_info

GAMES = ["doge", "rialto", "warsaw", "copycat"]
SIZES = [(80, 24), (100, 30)]
OPTION = re.compile(r"^\[[^\]]+\] ")


def screens(game_id: str, columns: int, lines: int, decisions: int,
            then: str = "") -> tuple[list[list[str]], str]:
    """The screens `regola play` draws for the person's first `decisions` decisions (seed 7,
    random bots), each as its lines, and all the output (with `then` typed last)."""
    keys, _ = keyed_game(game_id, 3, 7, random_pick(1), stop_after=decisions)
    result = play(game_id, "--seed", "7", "--seats", seats(3),
                  stdin="\n".join([*keys, then]) + "\n",
                  env={"COLUMNS": str(columns), "LINES": str(lines)})
    name = GameWords(regola.load_game(game_id).definition).game_name()
    drawn: list[list[str]] = []
    for chunk in result.output.split("your choice (? for help):"):
        chunk_lines = chunk.lstrip(" ").splitlines()
        start = next((i for i, line in enumerate(chunk_lines)
                      if line.startswith(f"{name} · ") and "? help" in line), None)
        if start is not None:
            drawn.append(chunk_lines[start:])
    assert drawn, result.output
    return drawn, result.output


def row_label(line: str, labels: set[str]) -> str | None:
    """The label a board row starts with (a label, then two spaces), if it is one of
    `labels`."""
    return next((label for label in sorted(labels, key=len, reverse=True)
                 if line.startswith(label + "  ")), None)


@pytest.mark.parametrize("columns,lines", SIZES)
@pytest.mark.parametrize("game_id", GAMES)
def test_the_screen_shows_the_listed_rows_and_no_other_variable(game_id, columns, lines):
    """Each screen shows a row for every player variable the table.yaml lists, even while
    it is 0, and none for the game's other player variables; no option is cut with "…"."""
    game = regola.load_game(game_id)
    gw = GameWords(game.definition)
    listed = load_layout(game.definition).player_vars or []
    others = {gw.variable(k, "player") for k in game.definition.player_vars
              if k not in listed} - {gw.variable(k, "player") for k in listed}
    drawn, _ = screens(game_id, columns, lines, 6)
    first = drawn[0]
    for name in listed:
        label = gw.variable(name, "player")
        rows = [line for line in first if row_label(line, {label})]
        assert rows, f"no {label!r} row:\n" + "\n".join(first)
        initial = game.definition.player_vars[name].initial
        if initial == 0:
            assert rows[0].split()[-1] == "0"
    for screen in drawn:
        assert len(screen) < lines, "\n".join(screen)
        for line in screen:
            assert row_label(line, others) is None, f"an engine variable as a row: {line!r}"
            assert len(line) <= columns
            if OPTION.match(line) or line.startswith("    "):
                assert "…" not in line, f"an option cut short: {line!r}"


@pytest.mark.parametrize("game_id", GAMES)
def test_board_says_every_variable_in_words_with_players_named(game_id):
    """`board` lists the game's and each seat's variables as "label: value", a variable that
    holds a player (or a turn order) by the players' names, never a seat's number."""
    game = regola.load_game(game_id)
    gw = GameWords(game.definition)
    _, output = screens(game_id, 100, 30, 2, then="board")
    shown = output.split("your choice (? for help):")[-2]
    assert " = " not in shown.split("Pieces")[0]
    state = game.new_state(players=3, seed=7)
    kinds = var_kinds(game, "game")
    for name, kind in kinds.items():
        if kind == "player":
            after = " ".join(shown.split()).split(" ".join(gw.variable(name).split()) + ":")
            assert len(after) > 1, shown[:800]
            assert re.match(r" (Red|Blue|Green)\b", after[1]), after[1][:80]
    assert state.observe(0)["players"] == 3


def test_the_turn_order_is_said_by_the_players_names():
    """A list that holds every seat once (Copycat's turn order) is said by the seats'
    names; a deck the table.yaml calls bookkeeping (its colour cards of the first round,
    four colours in a game of three) is not shown at all."""
    _, output = screens("copycat", 100, 30, 2, then="board")
    shown = output.split("your choice (? for help):")[-2]
    assert re.search(r"the turn order: (Red|Blue|Green), (Red|Blue|Green), and "
                     r"(Red|Blue|Green)", shown), shown[:600]
    assert "colour cards" not in shown, shown[-1500:]


def test_a_long_breadcrumb_takes_one_line_and_long_options_wrap():
    """Rialto's yellow buildings at 80 columns: the breadcrumb's long rule keeps one line
    (the question and its options come first; `?` says it whole), the building's option
    says its whole effect, over more lines."""
    drawn, _ = screens("rialto", 80, 24, 40)
    asked = [screen for screen in drawn
             if any("yellow building 1 — " in line for line in screen)
             and any(line.startswith("Red (1): Use a yellow building") for line in screen)]
    assert asked
    for screen in asked:
        at = next(i for i, line in enumerate(screen)
                  if line.startswith("Red (1): Use a yellow building"))
        assert screen[at - 1].rstrip().endswith("(? says it whole)"), screen
        assert "may use their yellow buildings" in screen[at - 1], screen
        text = " ".join(" ".join(screen).split())
        assert "that is not a Joker" not in text
        assert "take one coin from the bank (while it lasts) and play your turn after " \
               "everyone else." in text


@pytest.mark.slow
def test_help_says_a_link_by_its_words():
    """`?` shows a step's link as plain words ("see Placing a building"), no Markdown."""
    keys, _ = keyed_game("rialto", 3, 7, random_pick(1), stop_after=40)
    for n in range(1, len(keys)):
        result = play("rialto", "--seed", "7", "--seats", seats(3),
                      stdin="\n".join([*keys[:n], "?"]) + "\n",
                      env={"COLUMNS": "100", "LINES": "30"})
        help_part = result.output[result.output.rindex("— help —"):]
        where = help_part.splitlines()[1]
        if "see " in where:
            assert "](#" not in where and "[" not in where, where
            return
    pytest.skip("no step with a link was asked in these decisions")


@pytest.mark.parametrize("game_id", GAMES)
def test_seat_panels_say_what_a_seat_has_in_words(game_id):
    """The web's seat panels: no "houses (supply): 15" engine wording; what the seat has
    is said by place ("supply: 15 houses and 8 palaces"); listed variables come first."""
    game = regola.load_game(game_id)
    state = game.new_state(players=3, seed=7)
    layout = load_layout(game.definition)
    table = table_info("g", 0, ["person"] * 3, game_id, None, Words("en"))
    seat = state.to_move[0]
    message = seat_message(game, layout, state.observe(seat), state.legal_actions(seat),
                           table, Words("en"), context=state.decision_context(seat))
    gw = GameWords(game.definition)
    for panel in message["seats"]:
        texts = [f"{k}: {v}" if v else k for k, v in panel["facts"]]
        assert not any(re.search(r"\([^)]*\): \d", t) for t in texts), texts
        listed = [gw.variable(k, "player") for k in layout.player_vars or []]
        labels = [k for k, _ in panel["facts"]]
        places = [labels.index(label) for label in listed]
        assert places == sorted(places)
        said_whole = [i for i, (_, v) in enumerate(panel["facts"]) if v == ""]
        assert all(i > max(places, default=-1) for i in said_whole)
    assert all(f[1] for f in message["facts"])
