"""Seat specs: which bot plays a seat, by name with an optional argument (`mcts:200`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..errors import InvalidArgument, w
from .base import Bot
from .greedy import GreedyBot
from .mcts import MctsBot
from .random_bot import RandomBot

if TYPE_CHECKING:
    from ..i18n.catalog import Words

BOTS: dict[str, type[Bot]] = {"random": RandomBot, "greedy": GreedyBot, "mcts": MctsBot}
"""Bot kinds by the name used in seat specs (`--seats human,random,greedy,mcts:200`); each
takes (seed=None, arg=None), arg being what follows the ':' of the spec."""


def parse_seat(spec: str) -> tuple[str, str | None]:
    """A seat spec as (bot name, argument or None): "mcts:1s" -> ("mcts", "1s")."""
    if not isinstance(spec, str):
        raise InvalidArgument.text(w("a seat must be a bot's name, not {spec}"),
                                   spec=repr(spec))
    name, colon, arg = spec.strip().partition(":")
    if name not in BOTS:
        raise InvalidArgument.text(w("unknown bot {name} in seat {spec}; bots: {bots}"),
                                   name=repr(name), spec=repr(spec), bots=", ".join(BOTS))
    if colon and not arg:
        raise InvalidArgument.text(w("seat {spec} has nothing after ':'"), spec=repr(spec))
    return name, arg if colon else None


def make_bot(spec: str, game: Any = None, seat: int | None = None, seed: Any = None) -> Bot:
    """The bot a seat spec names ("random", "greedy", "mcts:200", "mcts:1s"), with its own
    random stream seeded by `seed` (anything random.Random takes). `game` and `seat` are
    accepted for bots that prepare per game (none does yet); InvalidArgument for a spec
    that names no bot or a bad argument."""
    name, arg = parse_seat(spec)
    if arg is None:
        return BOTS[name](seed=seed)
    try:
        return BOTS[name](seed=seed, arg=arg)
    except TypeError:
        raise InvalidArgument.text(w("bot {bot} takes no argument (--seats {seat})"),
                                   bot=name, seat=spec) from None


def bot_name(words: Words, spec: str) -> str:
    """The bot a valid seat spec names, in words ("mcts:200" -> "MCTS bot (200
    iterations)"); InvalidArgument as make_bot for one that names no bot."""
    return make_bot(spec).describe(words)
