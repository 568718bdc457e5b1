"""The terminal's screen at 80x24 and 100x30 when much is asked: many options keep their
effects (one a line, a long one cut between words), and a grid's key never ends inside an
entry nor says "key:" alone."""

from __future__ import annotations

import io
import random
import re

from rich.console import Console

import regola
from regola.cli.session import Session
from regola.game import Game, GameState
from regola.i18n.game_words import GameWords


class _Asked(Exception):
    """The screen was drawn and the person is asked: stop there."""


def drawn(game: Game, state: GameState, seat: int, width: int, height: int) -> list[str]:
    """The lines of `seat`'s screen for its decision in `state`, on a terminal of that size."""
    out = io.StringIO()
    console = Console(file=out, width=width, height=height, color_system=None)
    kinds = ["human" if p == seat else "random" for p in range(state.players)]

    def ask(_prompt: str) -> str:
        raise _Asked

    session = Session(console, game, kinds, 1, GameWords(game.definition), ask, state.clone())
    try:
        session.person(seat)
    except _Asked:
        pass
    return out.getvalue().rstrip("\n").split("\n")


def first_with(game_id: str, ask: str, count: int, players: int = 3):
    """Seat 0's first decision at `ask` with `count` options in a seeded random game."""
    game = regola.load_game(game_id)
    for seed in range(10):
        state = game.new_state(players=players, seed=seed)
        rng = random.Random(seed)
        while not state.is_over:
            seat = state.to_move[0]
            acts = state.legal_actions(seat)
            if seat == 0 and acts[0]["ask"] == ask and len(acts) == count:
                return game, state
            state.apply(seat, rng.choice(acts))
    raise AssertionError(f"no {ask} with {count} options")


def test_many_offices_keep_their_effects_one_a_line_on_a_small_screen():
    """17 offices at 80x24 and 23 at 100x30: each on its line with what it does (a long
    effect cut between words, ending in "…"), where names alone were listed before."""
    for count, (width, height) in ((17, (80, 24)), (23, (100, 30))):
        game, state = first_with("copycat", "which_office", count)
        lines = drawn(game, state, 0, width, height)
        assert len(lines) <= height - 1 and all(len(x) <= width for x in lines), lines
        offered = [x for x in lines if re.match(r"\[\d+\] ", x)]
        assert len(offered) == count, lines
        assert all(" — " in x for x in offered), lines
        for line in offered:
            if line.endswith("…"):
                assert line.endswith(" …") and not line[:-2].endswith(" "), line
        assert not any("? tells what each option does" in x for x in lines)


def key_block(lines: list[str]) -> str | None:
    """A grid's key on a screen, its lines joined (None without one)."""
    start = next((i for i, x in enumerate(lines) if x.startswith("key:")), None)
    if start is None:
        return None
    end = start + 1
    while end < len(lines) and lines[end].startswith("   "):
        end += 1
    return " ".join(lines[start:end])


def test_a_grids_key_never_stands_alone_nor_ends_inside_an_entry():
    """A district whose key does not fit whole names each mark only: before, the screen
    said "key:" on a line of its own and cut "(icons add up per area: a cultural area
    scores" in the middle."""
    game = regola.load_game("warsaw")
    state = game.new_state(players=2, seed=0)
    rng = random.Random(0)
    keys = decisions = 0
    while not state.is_over:
        seat = state.to_move[0]
        acts = state.legal_actions(seat)
        if seat == 0:
            decisions += 1
            for width, height in ((80, 24), (100, 30)):
                lines = drawn(game, state, 0, width, height)
                assert not any(x.strip() == "key:" for x in lines), "\n".join(lines)
                block = key_block(lines)
                if block is not None:
                    keys += 1
                    assert block.count("(") == block.count(")"), "\n".join(lines)
        state.apply(seat, rng.choice(acts))
    assert keys > 20 and decisions > 20



def test_question_mark_and_a_key_says_that_option_whole():
    """`? 1` prints the option of key 1 in full, without an id (a newcomer read "([0, -1])"
    as noise); an unknown key is answered with the keys on the screen."""
    from play_helpers import play
    result = play("copycat", "--seats", "human,random,random", "--seed", "7",
                  stdin="? 1\n? zz\nquit\n")
    out = result.output
    said = out[out.index("? 1"):] if "? 1" in out else out
    assert re.search(r"\[1\] Fatherly Friend \(turn order \d+\) — Gain 1 coin\.\n", out), \
        out[-2000:]
    assert "not a key here: 'zz'" in said, said[-1500:]
    assert "? KEY" in play("copycat", "--seats", "human,random,random", "--seed", "7",
                           stdin="?\nquit\n").output


def test_question_mark_and_a_name_says_what_a_thing_not_offered_does():
    """`? Central Bank` tells what that office does though nobody is asked about it yet (a
    newcomer saw "Taken already, so not offered: Central Bank" and could learn no more)."""
    from play_helpers import play
    game = regola.load_game("copycat")
    state = game.new_state(players=3, seed=7)
    view = state.observe(0)
    from regola.i18n.game_words import GameWords
    from regola.present.labels import Namer
    namer = Namer(game, GameWords(game.definition, None), view)
    office = next(a for a in game.definition.areas if namer.effect(a))
    name = namer.value(office)
    out = play("copycat", "--seats", "human,random,random", "--seed", "7",
               stdin=f"? {name.upper()}\nquit\n").output
    assert f"{name} — {namer.effect(office)}" in " ".join(out.split()), out[-1500:]


def test_no_action_gets_a_letter_the_table_keeps_for_itself():
    """"h" opens the help (as "u" undoes and "q" quits): before, Leduc poker keyed
    "check" as h and Doge in Dutch "none" as h, so typing them showed the help."""
    from regola.cli.keys import KeyBook
    from regola.interpreter.decision_context import named_options
    for game_id in ("doge", "rialto", "warsaw", "copycat", "leduc", "kuhn", "goofspiel"):
        game = regola.load_game(game_id)
        names = sorted(named_options(game.definition))
        for lang in (None, "es", "nl"):
            book = KeyBook(game, GameWords(game.definition, lang))
            if names:
                book.letter(names[0])
            assert not {"h", "u", "q"} & set(book.letters.values()), (game_id, lang)


def test_the_log_command_wraps_its_lines_between_words_at_80_columns():
    """`log` at 80 columns: every line fits, and the lines carried over hold the same words
    as the unwrapped story (a newcomer read 'buy and scor' / 'e).': a word cut in two)."""
    from play_helpers import finished

    from regola.cli.screen import Screen
    game, state = finished("copycat", 4, 23)
    view = state.observe(0)

    def log_words(width: int) -> tuple[list[str], list[str]]:
        screen = Screen(Console(file=io.StringIO(), width=width), game,
                        GameWords(game.definition))
        screen.seat = 0
        lines = [line.plain for line in screen.full_log_lines(view)]
        return lines, " ".join(lines).split()

    narrow, narrow_words = log_words(80)
    wide, wide_words = log_words(10_000)
    assert all(len(line) <= 80 for line in narrow)
    assert len(narrow) > len(wide), "no story line long enough to wrap"
    assert narrow_words == wide_words
