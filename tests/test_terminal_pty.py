"""`regola play` in a real pseudo-terminal: the table is drawn as a person sees it (rich
believes it writes to a terminal of the pty's size), keys are typed one answer at a time,
and what each screen shows is read back without its terminal controls.

The keys are worked out beside the engine as the table gives them (play_helpers), with the
same seed and bots, so the person answers every question until the game is over."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

from play_helpers import keyed_game, random_pick

PROMPT = "your choice (? for help):"
CONTROLS = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]|\r")
MARKED_CELL = re.compile(r"\|\s+\[\d+\]\s+\||\[\d+\]\s*\|")
"""A space of a drawn grid with its key inside it: "|    [18]    |" or "pa  pa  [25] |"."""


def plain(raw: bytes) -> str:
    """Terminal output as text: escape sequences and carriage returns removed."""
    return CONTROLS.sub("", raw.decode("utf-8", "replace"))


class Terminal:
    """`regola play ARGS` running in a pty of `columns` x `lines`."""

    def __init__(self, args: list[str], columns: int, lines: int):
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", lines, columns, 0, 0))
        env = {k: v for k, v in os.environ.items()
               if k not in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "COLUMNS", "LINES",
                            "NO_COLOR", "FORCE_COLOR")}
        env["TERM"] = "xterm-256color"
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from regola.cli.app import main; main()", "play", *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
            start_new_session=True)
        os.close(slave)
        self.master = master
        self.raw = b""

    def read_until(self, text: str, start: int, timeout: float = 30) -> str:
        """The output from byte `start` once it holds `text` (or the program ended)."""
        deadline = time.monotonic() + timeout
        while True:
            got = plain(self.raw[start:])
            if text in got:
                return got
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError(f"no {text!r} within {timeout}s; the screen:\n{got[-3000:]}")
            ready, _, _ = select.select([self.master], [], [], min(left, 0.5))
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:                 # the program ended: the pty is closed
                    chunk = b""
                if not chunk:
                    return plain(self.raw[start:])
                self.raw += chunk

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode() + b"\r")

    def close(self) -> int:
        try:
            code = self.process.wait(timeout=30)
        finally:
            if self.process.poll() is None:
                self.process.kill()
            os.close(self.master)
        return code


def screens(args: list[str], keys: list[str], columns: int, lines: int,
            finish: bool = True) -> tuple[list[str], str, int]:
    """Play with `keys` typed at each question (then, unless `finish`, quit): each
    question's screen, what follows the last answer, and the exit code."""
    term = Terminal(args, columns, lines)
    shown = []
    try:
        for key in keys:
            start = len(term.raw)
            screen = term.read_until(PROMPT, start)
            assert PROMPT in screen, screen[-3000:]
            shown.append(screen)
            term.type(key)
        rest = term.read_until("seed:" if finish else PROMPT, len(term.raw))
        if not finish:                                  # stopped before the end
            term.type("q")
            rest += term.read_until("y/N: ", len(term.raw))    # quit asks first
            term.type("y")
            rest += term.read_until("not saved", len(term.raw))
    finally:
        code = term.close()
    return shown, rest, code


def in_reading_order(screen: str) -> bool:
    """Whether the listed spaces' keys grow down each column of the list, then across, or
    (spaces packed several to a line) along each line, then down."""
    found = [(m.start(), n, int(m.group(1))) for n, line in enumerate(screen.splitlines())
             for m in re.finditer(r"\[(\d+)\] row", line)]
    listed = [key for _, _, key in sorted(found)]
    packed = [key for _, _, key in sorted(found, key=lambda f: (f[1], f[0]))]
    return listed == sorted(listed) or packed == sorted(packed)


def grid_screens(shown: list[str]) -> tuple[list[str], list[str]]:
    """The screens asking for a space of the grid, and those asking for a tile's turn."""
    spaces = [s for s in shown if "a space you may choose" in s]
    turns = [s for s in shown if "0 turns" in s and "1 turn" in s]
    return spaces, turns


def test_a_whole_game_of_warsaw_at_a_100x30_terminal():
    """Every question answered until the end: the district is drawn with a key in each
    offered space, each turn of the tile is drawn before it is chosen, the game ends."""
    seed = 5
    keys, state = keyed_game("warsaw", 2, seed, random_pick(1))
    assert state.is_over
    shown, rest, code = screens(["warsaw", "--seats", "human,random", "--seed", str(seed)],
                                keys, 100, 30)
    assert code == 0, rest[-2000:]
    assert len(shown) == len(keys)
    spaces, turns = grid_screens(shown)
    assert spaces and turns
    for screen in spaces:
        drawn = screen.split("a space you may choose")[1]
        assert MARKED_CELL.search(drawn), drawn
        assert re.search(r"\[\d+\] row \d+, column \d+", drawn) or \
            re.search(r"pay \d+ coins? \([a-z ]+\): \[\d+\] r\d+c\d+", drawn)  # priced, named
        assert "(0, " not in drawn and "(1, " not in drawn     # no coordinates
        assert in_reading_order(drawn)
    for screen in turns:
        question = screen.split("quarter turns clockwise")[1]
        assert re.search(r"\[0\] 0 turns +\[1\] 1 turn", question), question
        assert re.search(r"\|\w\w.? \w\w.?\|", question)       # the tile's parts, drawn
    assert "result" in rest and f"seed: {seed}" in rest


def test_the_first_questions_at_80x24_show_the_whole_grid():
    """The smallest screen: the build question shows every offered space on the map (the
    list of options gives way to the map), and the turns are drawn."""
    seed = 3
    keys, _ = keyed_game("warsaw", 2, seed, random_pick(2), stop_after=12)
    shown, _, code = screens(["warsaw", "--seats", "human,random", "--seed", str(seed)],
                             keys, 80, 24, finish=False)
    assert code == 0
    spaces, turns = grid_screens(shown)
    assert spaces and turns
    for screen in spaces:
        drawn = screen.split("a space you may choose")[1].split(PROMPT)[0]
        listed = re.findall(r"\[(\d+)\]", drawn.split("Where do you build it?")[-1])
        on_map = set(re.findall(r"\[(\d+)\]", drawn.split("since your last")[0]))
        assert listed and set(listed) <= on_map, drawn
        assert all(len(line) <= 80 for line in drawn.splitlines())


EFFECT = re.compile(r"\] [^\[\]]+ — (Gain|Score|Buy|Draw|Take|Place|Put|Shred|Use|Double|"
                    r"Pay|Copy|Keep|You)\b")
"""An option shown with what it does: "[16] Finance Office — Gain 2 coins."."""


def test_a_whole_game_of_copycat_at_a_100x30_terminal():
    """Every question answered until the end: the cards and offices offered say what they
    do, the turn-order card is named with its number, the log tells the story, and the
    end is a score table."""
    seed = 4
    keys, state = keyed_game("copycat", 3, seed, random_pick(3))
    assert state.is_over
    shown, rest, code = screens(["copycat", "--seats", "human,random,random", "--seed",
                                 str(seed)], keys, 100, 30)
    assert code == 0, rest[-2000:]
    assert len(shown) == len(keys)
    offices = [s for s in shown if "Place your worker on which office?" in s]
    cards = [s for s in shown if "Play which card from your hand?" in s]
    order = [s for s in shown if "Choose a card for the turn order" in s]
    assert offices and cards and order
    for screen in offices + cards:           # too many to say whole: `?` tells them
        question = screen.split(PROMPT)[-2] if screen.count(PROMPT) > 1 else screen
        assert EFFECT.search(question) or "? tells what each option does" in question, \
            question[-1500:]
        said = [line for line in question.split("›")[-1].splitlines()   # an effect too
                if not re.match(r"\[[\d.]+\] .+ — .+\S …$", line)]      # long for its
        assert "…" not in "\n".join(said), question[-1500:]            # line: cut between
                                                                        # words
    assert any(EFFECT.search(screen) for screen in offices)
    assert any(EFFECT.search(screen) for screen in cards)
    for screen in order:                     # cards are keyed 1..n in each question
        found = re.findall(r"\[(\d+)\] [A-Z][\w ]+? \(turn order \d+\) — ", screen)
        assert found, screen[-1500:]
        assert all(int(key) <= len(found) for key in found), found
    told = "\n".join(shown)
    assert re.search(r"(Red|Blue|Green) (uses|places a worker on|buys) ", told)
    assert "chooses use an action" not in told.split("since your last decision")[-1]
    # the table turned: a column per player, a row per part of the score, then the total
    assert re.search(r"^place( +[1-3]){3}", rest, re.MULTILINE), rest[-1500:]
    assert re.search(r"^VP from VP markers( +\d+){3}", rest, re.MULTILINE), rest[-1500:]
    assert re.search(r"^Victory points( +\d+){3}", rest, re.MULTILINE), rest[-1500:]
    assert re.search(r"^(Red|Blue|Green) wins", rest, re.MULTILINE)
    assert f"seed: {seed}" in rest
