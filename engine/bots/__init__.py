"""Bots: programs that choose actions for seats. Each has choose(state, seat) -> action."""

from .random_bot import RandomBot

BOTS = {"random": RandomBot}
"""Bot kinds by the name used on the command line (`--seats human,random,...`)."""

__all__ = ["BOTS", "RandomBot"]
