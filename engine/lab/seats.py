"""Seats of a study: `random,greedy,mcts:200` read into bot specs, and bots made from them.

A seat is the name of a bot in regola.bots.BOTS, optionally followed by `:ARG` (e.g.
`mcts:200`, `mcts:1s`). A bot kind is made as `BOTS[name](seed)`, or `BOTS[name](seed, ARG)`
when an argument is given (the text after the colon, as typed), with the keywords `game=`
(the loaded Game) and `seat=` (its seat number) added when the kind's constructor takes
them. A kind that cannot take an argument is told so, and one that refuses its argument
raises ValueError (its message says what it expects). A new kind in BOTS is a new seat
name, with nothing to change here. One seat given alone fills every seat of the table.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass
from typing import Any

from ..bots import BOTS
from ..errors import RegolaError, w


class BadSeats(RegolaError):
    """--seats names an unknown bot, a bad argument, or a table the game cannot seat."""


@dataclass(frozen=True)
class SeatSpec:
    """One seat: the bot's name, its argument (None: none) and the class that plays it."""

    kind: str
    arg: str | None
    factory: Any

    @property
    def label(self) -> str:
        """The seat as typed: `random`, `mcts:200`."""
        return self.kind if self.arg is None else f"{self.kind}:{self.arg}"

    def make(self, seed: Any, game: Any = None, seat: int = 0) -> Any:
        """A bot for this seat whose random stream follows `seed`."""
        args = (seed,) if self.arg is None else (seed, self.arg)
        return self.factory(*args, **_context(self.factory, game, seat))


def _context(factory: Any, game: Any, seat: int) -> dict[str, Any]:
    """The keywords game= and seat= that the bot kind's constructor takes."""
    try:
        names = inspect.signature(factory).parameters
    except (TypeError, ValueError):
        return {}
    return {k: v for k, v in (("game", game), ("seat", seat)) if k in names}


def _takes_argument(factory: Any) -> bool:
    """Whether `factory(seed, arg)` is a call the bot kind accepts."""
    try:
        inspect.signature(factory).bind(None, None)
    except TypeError:
        return False
    except ValueError:          # no signature to inspect (a builtin): let the call decide
        return True
    return True


def parse_seat(text: str, bots: dict[str, Any] | None = None, game: Any = None) -> SeatSpec:
    """One seat (`name` or `name:arg`) as a SeatSpec; BadSeats if it is not a bot or the bot
    refuses the argument. A bot of the seat is made once here, so every mistake shows
    before any game is played."""
    bots = BOTS if bots is None else bots
    name, colon, arg = text.strip().partition(":")
    name = name.strip().lower()
    if name not in bots:
        raise BadSeats.text(w("unknown bot {bot} in --seats; bots: {bots}"),
                            bot=repr(name), bots=", ".join(bots))
    if colon and not arg.strip():
        raise BadSeats.text(w("{seat} in --seats: nothing after the colon"), seat=repr(text))
    spec = SeatSpec(name, arg.strip() if colon else None, bots[name])
    if spec.arg is not None and not _takes_argument(spec.factory):
        raise BadSeats.text(w("bot {bot} takes no argument (--seats {seat})"),
                            bot=name, seat=text.strip())
    try:
        spec.make("check", game)
    except ValueError as error:
        raise BadSeats.text(w("bad argument in --seats {seat}: {reason}"),
                            seat=text.strip(), reason=str(error)) from None
    return spec


def parse_seats(text: str | None, players: int | None, counts: list[int],
                bots: dict[str, Any] | None = None, game: Any = None) -> list[SeatSpec]:
    """The seats of a study from --seats and --players (default: every seat random). One
    seat given alone fills every seat; `counts` are the player counts the game allows
    (default count: the largest)."""
    if text is None or not text.strip():
        text = "random"
    parts = text.split(",")
    if any(not p.strip() for p in parts):
        raise BadSeats.text(w("--seats {seats} has an empty seat"), seats=repr(text))
    specs = [parse_seat(p, bots, game) for p in parts]
    if len(specs) == 1:
        n = max(counts) if players is None else players
        specs = specs * n
    elif players is not None and players != len(specs):
        raise BadSeats.text(w("--seats names {n} seats but --players is {players}"),
                            n=str(len(specs)), players=str(players))
    return specs
