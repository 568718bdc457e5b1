"""Stable keys for a seat's options: the same key means the same thing from one prompt to
the next.

- A named action (an option the rules write out literally: "build", "skip", "done") gets a
  letter, chosen once per game from its label (the letters of its first word first: "b"
  build a tower, "d" do not build) and never given to another action.
- A number is its own key ("0", "3"): a ballot marker of value 2 is always "2".
- An area is its number on the board (the areas in the game's order, from 1).
- A cell of a grid ([x, y]) is numbered in reading order (top row first, left to right)
  and keeps its number while it stays an option. On grids of limited size (every grid of
  the game has `fit`), a cell's number is its place in reading order among all the cells a
  token could ever lie on (the square around the first cell, (0, 0)): the same cell has
  the same number all game long (a cell beyond that square, where a rule lets a token
  lie outside the size limit, gets the next number after the square's, for good).
  Otherwise a cell keeps the number it had the last time
  the question was asked, and a new one takes a free number that keeps the reading order
  if one does (else the next free one after the number before it).
- In a question that offers no place (no area, no cell, and no area the last times it was
  asked) on a game whose grids are not all of limited size, any other value (a card, a
  row) is counted off 1, 2, 3 ... in the order listed (each option its own number, copies
  of a card too), after the numbers the question's other options use: a short key next
  to the card's name and effect.
- Otherwise any other value (a card, a row, a connection) keeps one number in every
  question all game long: a new one gets the lowest number never given, after the areas' numbers (so
  it never reads as an area on the board) and, on grids of limited size, after the
  numbers of the square's cells (so it never reads as a space). A value offered twice
  (copies of a card) has that number, then a suffix: 37, 37.2. A number the question
  labels by a token with a name is keyed as that name (keyed_as): a card asked for by its
  number or its name has one key.

Letters the table keeps for itself ("u" undo, "q" quit, "h" help) are never given to an
action.
"""

from __future__ import annotations

import json
import string
from typing import Any

from ..game import Game
from ..i18n.game_words import GameWords
from ..interpreter.decision_context import named_options
from ..present.labels import kinds_of_piece

RESERVED = frozenset("uqh")
"""Letters of the table's own commands: u (undo), q (quit), h (help)."""
PLACES_ASKED = "questions that offered a place"
"""The book's entry of the questions that ever offered an area: their cards keep the
numbers they had beside the areas when no area is left (a newcomer typed 39, meaning a
card, after the offices were used up and the cards had been counted off 1, 2, 3)."""


def _canon(value: Any) -> str:
    return json.dumps(value, sort_keys=True)


def is_cell(value: Any) -> bool:
    """Whether a value is a grid cell: [x, y], two whole numbers."""
    return isinstance(value, list) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


def reading_order(cell: Any) -> tuple[int, int]:
    """A cell's place in reading order: top row (smallest y) first, then left to right."""
    return cell[1], cell[0]


def keyed_as(actions: list[dict], context: dict | None, view: dict) -> list[dict]:
    """The actions as their keys are given: a number that the question labels by a token
    (the context's option_labels pair the option with a token's id) and whose token has a
    name is keyed as that name is in every other question: the same card has the same key
    whether it is asked for by its number or by its name (copies then get 37, 37.2, ...).
    A place labelled by the card on it (a street space) keeps its own number."""
    names = {t["id"]: t.get("name") for t in view.get("tokens") or [] if "id" in t}
    by_option: dict[str, str] = {}
    for pairs in ((context or {}).get("option_labels") or {}).values():
        for pair in pairs if isinstance(pairs, list) else []:
            if isinstance(pair, list) and len(pair) == 2 and isinstance(pair[0], int) and \
                    not isinstance(pair[0], bool) and isinstance(names.get(pair[1]), str):
                by_option.setdefault(_canon(pair[0]), names[pair[1]])
    if not by_option:
        return actions
    return [{**a, "value": by_option.get(_canon(a["value"]), a["value"])} for a in actions]


class KeyBook:
    """The keys one seat types, kept for the whole game."""

    def __init__(self, game: Game, gw: GameWords):
        self.game, self.gw = game, gw
        self.letters: dict[str, str] = {}           # named action -> its letter
        self.numbers: dict[str, dict[str, int]] = {}  # ask -> value -> number
        self.areas = {a: i + 1 for i, a in enumerate(game.definition.areas)}

    def saved(self) -> dict:
        """What the book remembers, as plain data (a save keeps the keys as they were)."""
        return {"letters": dict(self.letters), "numbers": self.numbers}

    def restore(self, saved: object) -> None:
        """Remember what saved() gave (anything malformed is ignored: keys are then given
        afresh)."""
        if not isinstance(saved, dict):
            return
        letters, numbers = saved.get("letters"), saved.get("numbers")
        if isinstance(letters, dict) and all(isinstance(v, str) for v in letters.values()):
            self.letters = dict(letters)
        if isinstance(numbers, dict) and all(
                isinstance(book, dict) and all(isinstance(n, int) for n in book.values())
                for book in numbers.values()):
            self.numbers = {ask: dict(book) for ask, book in numbers.items()}

    def _candidates(self, name: str) -> list[str]:
        label = self.gw.value(name).lower()
        words = [w for w in label.replace("-", " ").split() if w]
        first = words[0] if words else ""
        found = [*first, *(w[0] for w in words[1:]), *label, *name.lower(),
                 *string.ascii_lowercase]
        return [c for c in dict.fromkeys(found) if c in string.ascii_lowercase]

    def _allot(self, names: list[str]) -> None:
        """Letters for named actions: first every action whose label's first letter is
        still free gets it (in the order given), then the others their next free letter."""
        taken = set(self.letters.values()) | RESERVED
        for name in names:
            first = self._candidates(name)[:1]
            if name not in self.letters and first and first[0] not in taken:
                self.letters[name] = first[0]
                taken.add(first[0])
        for name in names:
            if name in self.letters:
                continue
            free = [c for c in self._candidates(name) if c not in taken]
            if not free:                         # more than 24 named actions: two letters
                free = [a + b for a in string.ascii_lowercase for b in string.ascii_lowercase
                        if a + b not in taken]
            self.letters[name] = free[0]
            taken.add(free[0])

    def letter(self, name: str) -> str:
        """The letter of a named action (all the game's are given at once, the first time
        one is needed, so none changes later)."""
        if name not in self.letters:
            every = sorted(named_options(self.game.definition))
            self._allot(every + [name] if name not in every else every)
        return self.letters[name]

    def keys(self, actions: list[dict], named: list[str] | frozenset[str],
             kind: str = "") -> list[str]:
        """The key of each action, in the order of `actions`; a player (`kind` "player")
        by the seat's number counted from 1, as the board shows it ("Blue (2)")."""
        if not actions:
            return []
        ask = actions[0]["ask"]
        named = set(named)
        out: list[str | None] = [None] * len(actions)
        used: set[str] = set()
        book = self.numbers.setdefault(ask, {})
        rest = []
        for i, action in enumerate(actions):
            value = action["value"]
            if isinstance(value, str) and value in named:
                out[i] = self.letter(value)
            elif isinstance(value, int) and not isinstance(value, bool):
                out[i] = str(value + 1 if kind == "player" else value)
            elif isinstance(value, str) and value in self.areas:
                out[i] = str(self.areas[value])
            else:
                rest.append(i)
                continue
            used.add(out[i])
        cells = [i for i in rest if is_cell(actions[i]["value"])]
        if cells:
            self._cell_numbers(book, actions, cells, out, used)
            rest = [i for i in rest if i not in cells]
        numbers: set[int] = {int(k) for k in out if k is not None and k.isdigit()}
        placed = self.numbers.setdefault(PLACES_ASKED, {})
        if any(isinstance(a["value"], str) and a["value"] in self.areas for a in actions):
            placed[ask] = 1
        if rest and not cells and self._reach() is None and ask not in placed:
            taken = numbers | {int(k) for k in used if k.isdigit()}
            if not self._by_kind_of_piece(actions, rest, out, taken):
                self._count_off(rest, out, taken)
            return [self._unique(k, out, i) for i, k in enumerate(out)]
        shared = self.numbers.setdefault("", {})   # one book for every question
        fresh = []
        here: dict[str, int] = {}            # a value offered twice: one number (3, 3.2)
        for i in rest:                       # values seen before keep their number
            canon = _canon(actions[i]["value"])
            number = shared.get(canon)
            if canon in here:
                out[i] = str(here[canon])
                continue
            if number is None or number in numbers or str(number) in used:
                fresh.append(i)
                continue
            numbers.add(number)
            here[canon] = number
            out[i] = str(number)
        held = set(shared.values())
        for i in fresh:                      # new values: the lowest number never given,
            canon = _canon(actions[i]["value"])
            if canon in here:
                out[i] = str(here[canon])
                continue
            number = self._after_places()    # after the areas' and cells' numbers
            while number in numbers or number in held or str(number) in used:
                number += 1
            shared[canon] = here[canon] = number
            held.add(number)
            numbers.add(number)
            out[i] = str(number)
        return [self._unique(k, out, i) for i, k in enumerate(out)]

    def _by_kind_of_piece(self, actions: list[dict], rest: list[int], out: list[str | None],
                          taken: set[int]) -> bool:
        """Keys for options that are the few kinds a piece comes in (the types of a card:
        a property of a token with at most nine values): each its place in the data's
        order, so a kind keeps its key from one question to the next (a newcomer typed
        ahead and discarded the wrong card when the keys shifted). False (nothing keyed)
        if the options are not such kinds or a key is already taken."""
        values = [actions[i]["value"] for i in rest]
        if not all(isinstance(v, str) for v in values) or len(set(values)) != len(values):
            return False
        kinds = kinds_of_piece(self.game.definition, values[0]) if values else None
        if kinds is None or not set(values) <= set(kinds):
            return False
        numbers = [kinds.index(v) + 1 for v in values]
        if any(n in taken for n in numbers):
            return False
        for i, number in zip(rest, numbers):
            out[i] = str(number)
        return True

    @staticmethod
    def _count_off(rest: list[int], out: list[str | None], taken: set[int]) -> None:
        """Keys 1, 2, 3 ... in the order listed for a question's cards, rows and other
        values that are no place (each option its own number, copies too), skipping the
        numbers the question's other options already use."""
        number = 0
        for i in rest:
            number += 1
            while number in taken:
                number += 1
            out[i] = str(number)

    def _after_places(self) -> int:
        """The first number a value that is no place may take: after the areas' numbers on
        the board and, on grids of limited size, after every cell's number, so a number
        never names a space in one question and a card or tile in the next."""
        reach = self._reach()
        cells = (2 * reach + 1) ** 2 if reach is not None else 0
        return max(len(self.areas), cells) + 1

    def _reach(self) -> int | None:
        """How far from the first cell (0, 0) a token may lie on any of the game's grids,
        if every grid limits its size (None if one does not)."""
        grids = list(self.game.definition.grids.values())
        if not grids or any(not g.fit for g in grids):
            return None
        return max(max(w, h) for g in grids for w, h in g.fit) - 1

    def _cell_numbers(self, book: dict[str, int], actions: list[dict], cells: list[int],
                      out: list[str | None], used: set[str]) -> None:
        """Numbers for the options that are cells (see the module's docstring)."""
        reach = self._reach()
        if reach is not None:
            side = 2 * reach + 1
            far = self.numbers.setdefault("far cells", {})   # beyond the square: in turn
            numbers = {}
            for i in cells:
                x, y = actions[i]["value"]
                if abs(x) <= reach and abs(y) <= reach:
                    numbers[i] = (y + reach) * side + x + reach + 1
                else:
                    key = _canon(actions[i]["value"])
                    if key not in far:
                        far[key] = side * side + len(far) + 1
                    numbers[i] = far[key]
            if not any(str(n) in used for n in numbers.values()):
                for i, number in numbers.items():
                    out[i] = str(number)
                return
        order = sorted(cells, key=lambda i: reading_order(actions[i]["value"]))
        given: dict[int, int] = {}
        for i in order:                      # a cell still offered keeps its number
            number = book.get(_canon(actions[i]["value"]))
            if number is not None and number not in given.values() and \
                    str(number) not in used:
                given[i] = number
        for at, i in enumerate(order):       # new ones: between their neighbours' numbers
            if i in given:
                continue
            before = max((given[j] for j in order[:at] if j in given), default=0)
            after = min((given[j] for j in order[at + 1:] if j in given), default=None)
            taken = set(given.values())
            free = [n for n in range(before + 1, after if after is not None else
                                     before + len(order) + 2)
                    if n not in taken and str(n) not in used]
            if not free:                     # no room between: the next free number
                number = before + 1
                while number in taken or str(number) in used:
                    number += 1
                free = [number]
            given[i] = free[0]
        for i, number in given.items():
            for old in [v for v, n in book.items() if n == number]:
                del book[old]
            book[_canon(actions[i]["value"])] = number
            out[i] = str(number)

    @staticmethod
    def _unique(key: str | None, keys: list[str | None], i: int) -> str:
        """A clash (a number value equal to an area's number) keeps the first, then a
        suffix: 3, 3b."""
        assert key is not None
        if key not in keys[:i]:
            return key
        n = 2
        while f"{key}.{n}" in keys:
            n += 1
        keys[i] = f"{key}.{n}"
        return keys[i]
