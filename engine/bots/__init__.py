"""Bots: programs that choose actions for seats from what their seat may see.

Every bot has choose(state, seat) -> action, and sees the state only through a SeatView
(the seat's observation, its legal actions, and sampled states consistent with them).
`make_bot("mcts:200", game, seat, seed)` builds one from a seat spec.
"""

from .base import Bot, SeatView
from .greedy import GreedyBot
from .mcts import MctsBot
from .random_bot import RandomBot
from .specs import BOTS, bot_name, make_bot, parse_seat

__all__ = ["BOTS", "Bot", "GreedyBot", "MctsBot", "RandomBot", "SeatView", "bot_name",
           "make_bot", "parse_seat"]
