"""A game at the terminal: bots move by themselves, each person is shown their screen and
types a key; `?` helps, `u` undoes, `save` stops the game to resume it later.

Undo takes back the person's own last decision, with everything the bots did after it,
unless something hidden was revealed since: another seat's secret, or chance (a card drawn
or turned up, a shuffled deck seen). What a seat knows of hidden things is read from
observe(seat): the secret properties of the tokens it can see and the deck cards it can
see; if that grew since the decision, the decision stands. Bots' random choices are rewound
with the state, so a decision taken again meets the same bots.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from ..bots import make_bot
from ..game import Game, GameState
from ..i18n.game_words import GameWords
from ..present.labels import noted, option_notes
from .colours import colour_seats
from .grid_choice import GridNamer, grid_choice, in_reading_order
from .help_text import fitted_help, option_help, wrap_words
from .keys import KeyBook, is_cell, keyed_as
from .saves import Saved, write_save
from .screen import Screen, option_lines
from .view import show_view

HUMAN = "human"
ERASE_SCROLLBACK = "\x1b[3J"
"""The terminal control that also erases the scrollback (a clear screen alone leaves the
last player's view a scroll away)."""


class Abandoned(Exception):
    """The game stopped before its end: input ended, Ctrl-C, `quit` or `save`."""

    def __init__(self, message: str, code: int):
        super().__init__(message)
        self.code = code


@dataclass
class Decision:
    """A person's decision as the history keeps it, to undo it."""

    seat: int
    state: GameState
    bots: dict
    seen: dict[int, int]
    known: frozenset


def hidden_known(game: Game, view: dict) -> frozenset:
    """What a seat knows of hidden things: the secret properties of each token it sees and
    each deck card it sees."""
    facts = set()
    for token in view["tokens"]:
        kind = game.definition.tokens.get(token["kind"])
        if "id" in token and kind is not None and kind.secret:
            facts.add(("token", token["id"], json.dumps({p: token.get(p) for p in kind.secret},
                                                        sort_keys=True)))
    for deck, cards in view["decks"].items():
        facts |= {("deck", deck, i, json.dumps(c)) for i, c in enumerate(cards) if c is not None}
    return frozenset(facts)


class Session:
    """The seats of one game, its history of decisions, and the person's screen."""

    def __init__(self, console: Console, game: Game, kinds: list[str], seed: int,
                 gw: GameWords, ask: Callable[[str], str], state: GameState,
                 saved_as: tuple[str, str | None] | None = None):
        self.console, self.game, self.kinds, self.seed = console, game, kinds, seed
        self.gw, self.ask, self.state = gw, ask, state
        self.bots = {p: make_bot(k, game, p, f"{seed}/{p}") for p, k in enumerate(kinds)
                     if k != HUMAN}
        self.seen = {p: 0 for p, k in enumerate(kinds) if k == HUMAN}
        self.keys = {p: KeyBook(game, gw) for p in self.seen}
        self.history: list[Decision] = []
        self.screen = Screen(console, game, gw)
        self.saved_as = saved_as               # (the game as a save names it, its variant)
        self.last_person: int | None = None
        self.notice: Text | None = None        # a line for the next screen (after undo)

    # -- the game ----------------------------------------------------------------------
    def play(self) -> GameState:
        """Play to the end (Abandoned if a person stops)."""
        while not self.state.is_over:
            for seat in self.state.to_move:
                if seat not in self.state.to_move:
                    continue
                if seat in self.bots:
                    self.state.apply(seat, self.bots[seat].choose(self.state, seat))
                elif self.person(seat):
                    break                        # undone: start again from the new state
                if self.state.is_over:
                    break
        return self.state

    def bot_states(self) -> dict:
        """Each bot's random state (to rewind it, or to save it)."""
        return {p: bot.rng.getstate() for p, bot in self.bots.items()}

    def restore_bots(self, states: dict) -> None:
        """Put each bot's random state back."""
        for p, value in states.items():
            if p in self.bots:
                version, internal, gauss = value
                self.bots[p].rng.setstate((version, tuple(internal), gauss))

    # -- a person's decision ---------------------------------------------------------------
    def room_for_key(self, drawn: Any, options: list[tuple[str, str]],
                     key: list | None = None) -> bool:
        """Whether the screen has room for a map's key (or the given brief one, which
        leaves less room for the story: a mark nobody can read is worse) and still lists
        every option (the options, with their prices, come first)."""
        height = max(16, self.screen.console.height)
        listed = drawn.pictures or option_lines(options, self.screen.width,
                                                max_rows=max(3, height // 3))
        left = height - 5 - len(listed) - len(drawn.map) - len(drawn.key if key is None
                                                                else key)
        return left >= (7 if key is None else 3)

    def person(self, seat: int) -> bool:
        """Ask the person at `seat` until they decide (False) or undo (True)."""
        w, state = self.gw.w, self.state
        self.hand_over(seat)
        view = state.observe(seat)
        actions = state.legal_actions(seat)
        context = state.decision_context(seat)
        named = context["named"] if context else []
        kind = context.get("option_kind", "") if context else ""
        keys = self.keys[seat].keys(keyed_as(actions, context, view), named, kind)
        drawn = grid_choice(self.game, state, self.gw, seat, view, actions, keys, context,
                            self.screen.width)
        namer = GridNamer(self.game, self.gw, view, drawn.names if drawn else {})
        values = [a["value"] for a in actions]
        labels = namer.options(values, named, kind, context)
        labels = noted(self.gw, labels, option_notes(self.gw, context, values))
        question = namer.prompt(context, actions[0]["ask"], values)
        brief = namer.prompt(context, actions[0]["ask"], values, aside=False)
        steps = namer.steps(context)
        order = in_reading_order(actions)
        options = [(keys[i], labels[i]) for i in order]
        grid_map, pictures, marks = (drawn.map, drawn.pictures, list(drawn.names)) if drawn \
            else (None, None, None)
        if drawn and self.room_for_key(drawn, options):
            grid_map = drawn.with_key(drawn.key)
        elif drawn and drawn.short_key and self.room_for_key(drawn, options, drawn.short_key):
            grid_map = drawn.with_key(drawn.short_key)  # every mark named, if not explained
        elif drawn:                     # no room for a key: its title says where it is
            grid_map = drawn.with_key([], w(" · key: type board") if drawn.key else "")
        map_keys = [k for a, k in zip(actions, keys) if is_cell(a["value"])]
        # (on a short screen a space is listed briefly, its note without its reasons)
        notice, self.notice = self.notice, None
        self.screen.on_the_map = on_the_map(self.game, values)
        self.screen.asked = {v for v in values if isinstance(v, str)
                             and v in self.game.definition.areas}
        self.screen.draw(view, seat, self.seen[seat], steps, question, options, notice,
                         grid_map, pictures, marks, map_keys, brief)
        while True:
            answer = self.ask(w("your choice (? for help): ")).strip()
            word, _, rest = answer.partition(" ")
            command = word.lower()
            if answer == "":
                self.screen.draw(view, seat, self.seen[seat], steps, question, options,
                                 None, grid_map, pictures, marks, map_keys, brief)
            elif command in ("?", "h", "help") and rest.strip():
                said = option_help(options, rest, self.screen.width)
                asked = next((actions[i]["value"] for (key, _), i in zip(options, order)
                              if key.lower() == rest.strip().lower()), None)
                place = namer.value(asked) if isinstance(asked, str) and \
                    asked in self.game.definition.areas else rest
                about = namer.explained(place)       # an area's key: what happens there too
                told = " ".join(" ".join(said or []).split())
                if about and (said is None or place != rest) and \
                        about.split(" — ", 1)[-1] not in told:
                    said = (said or []) + [row for line in about.split("\n")
                                           for row in wrap_words(line, self.screen.width)]
                if said is None:
                    self.say(w("not a key here: {answer}. Type one of {keys}, or ? for help.",
                               answer=repr(rest.strip()),
                               keys=", ".join(k for k, _ in options)), "red")
                for line in said or []:
                    self.console.print(line, markup=False, highlight=False, soft_wrap=True)
            elif answer in ("?", "h", "help"):
                for line in fitted_help(self.gw, options, [actions[i] for i in order], steps,
                                        question, self.screen.width,
                                        self.screen.console.height):
                    self.console.print(line, markup=False, highlight=False, soft_wrap=True)
            elif command in ("u", "undo") and not rest:
                refused = self.undo(seat)
                if refused is None:
                    self.notice = Text(w("undone: your last decision is taken back"),
                                       style="green")
                    return True
                self.say(refused, "red")
            elif command == "save":
                self.save(rest.strip() or None)
            elif command in ("q", "quit") and not rest:
                self.quit_if_sure()
            elif command == "board" and not rest:
                show_view(self.console, self.game, view, len(view["log"]), self.gw)
            elif command == "log" and not rest:
                for line in self.screen.full_log_lines(view):
                    self.console.print(line, markup=False, highlight=False)
            else:
                chosen = pick(answer, keys, actions, labels, self.screen.short_space)
                if chosen is not None:
                    self.history.append(Decision(seat, state.clone(), self.bot_states(),
                                                 dict(self.seen),
                                                 hidden_known(self.game, view)))
                    self.seen[seat] = len(view["log"])
                    state.apply(seat, chosen)
                    return False
                self.say(w("not a key here: {answer}. Type one of {keys}, or ? for help.",
                           answer=repr(answer), keys=", ".join(k for k, _ in options)), "red")

    def say(self, message: str, style: str = "") -> None:
        """A line under the screen."""
        self.console.print(colour_seats(self.game, self.gw, Text(message, style=style)),
                           markup=False, highlight=False)

    def hand_over(self, seat: int) -> None:
        """With several people at one terminal, a blank screen between two of them, so
        nobody sees another's secrets."""
        people = [p for p, k in enumerate(self.kinds) if k == HUMAN]
        if len(people) > 1 and self.last_person not in (None, seat) and \
                self.console.is_terminal:
            self.console.clear()
            self.console.file.write(ERASE_SCROLLBACK)   # nothing left to scroll back to
            self.console.file.flush()
            self.ask(self.gw.w("{seat}'s turn: press Enter when only {seat} is looking ",
                               seat=self.gw.seat(seat)))
        self.last_person = seat

    # -- undo and save -------------------------------------------------------------------
    def undo(self, seat: int) -> str | None:
        """Take back `seat`'s last decision; why not (a message), or None once done."""
        w, gw = self.gw.w, self.gw
        mine = [i for i, d in enumerate(self.history) if d.seat == seat]
        if not mine:
            return w("nothing to undo: you have not decided anything yet")
        last = self.history[mine[-1]]
        others = {d.seat for d in self.history[mine[-1] + 1:] if d.seat != seat}
        if others:
            return w("cannot undo: {seats} decided after you", seats=gw.seats(sorted(others)))
        if hidden_known(self.game, self.state.observe(seat)) - last.known:
            return w("cannot undo: a secret or chance came out after your last decision")
        self.state = last.state
        self.restore_bots(last.bots)
        self.seen = last.seen
        del self.history[mine[-1]:]
        return None

    def quit_if_sure(self) -> None:
        """Stop the game unsaved once the person says so (a tester lost a game to one
        `q`); anything but yes goes back to the question. The end of the input says yes."""
        w = self.gw.w
        try:
            answer = self.ask(w("quit without saving (save FILE keeps the game)? y/N: "))
        except EOFError:
            answer = "y"
        if answer.strip().lower() in ("y", "yes", w.ctx("yes answer", "y").lower(),
                                      w.ctx("yes answer", "yes").lower()):
            raise Abandoned(w("game stopped; it was not saved"), 0)
        self.say(w("the game goes on"), "green")

    def save(self, name: str | None) -> None:
        """Write the game to a file, its log included (the story and the parts of the end's
        score table go on after a resume), and stop (Abandoned with code 0)."""
        w = self.gw.w
        path = Path(name or f"regola-{self.game.id}.json")
        game, variant = self.saved_as or (self.game.id, self.game.definition.variant)
        write_save(path, Saved(game, variant, self.kinds, self.seed, self.bot_states(),
                               self.seen, self.state.to_json(log=True),
                               {p: book.saved() for p, book in self.keys.items()}))
        raise Abandoned(w("saved to {file}; resume with: regola play --load {file}",
                          file=str(path)), 0)


def pick(answer: str, keys: list[str], actions: list[dict], labels: list[str],
         short: Callable[[str], str | None] = lambda _name: None) -> dict | None:
    """The action an answer names: its key, its id, its label or the name that starts the
    label (any case), or that name said short as the screen shows it ("r3c4")."""
    low = " ".join(answer.lower().split())
    for key, action in zip(keys, actions):
        if low == key.lower():
            return action
    for action in actions:
        if answer == action["id"] or low == action["id"].lower():
            return action
    for label, action in zip(labels, actions):
        name = label.partition(" — ")[0]
        if low in (label.lower(), name.lower(), (short(name) or "").lower()):
            return action
    return None


def on_the_map(game: Game, values: list) -> bool:
    """Whether a decision's options are areas or connections of the board (where what
    lies on each area decides)."""
    definition = game.definition
    return any(isinstance(v, str) and (v in definition.areas or v in definition.connections)
               for v in values)
