"""Seats drawn in their colours at the terminal (rich styles)."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text

from ..game import Game
from ..i18n.game_words import GameWords
from ..present.labels import seat_label

SEAT_STYLES = {"red": "bold red", "blue": "bold blue", "green": "bold green",
               "yellow": "bold yellow", "white": "bold white", "black": "bold bright_black",
               "purple": "bold magenta", "orange": "bold dark_orange", "grey": "bold grey70",
               "gray": "bold grey70", "pink": "bold hot_pink", "brown": "bold orange4"}
"""How a seat whose id is a colour is drawn (others are drawn bold)."""


def seat_style(game: Game, seat: int | None) -> str:
    """The rich style of a seat: its colour when its id names one."""
    seats = game.definition.seats
    if isinstance(seat, int) and 0 <= seat < len(seats):
        return SEAT_STYLES.get(seats[seat].lower(), "bold")
    return ""


def seat_text(game: Game, gw: GameWords, seat: int) -> Text:
    """The seat's label in its colour."""
    return Text(seat_label(gw, seat), style=seat_style(game, seat))


def colour_seats(game: Game, gw: GameWords, text: str | Text) -> Text:
    """A line with every seat's name drawn in the seat's colour."""
    out = text if isinstance(text, Text) else Text(text)
    for seat in range(len(game.definition.seats)):
        style = seat_style(game, seat)
        if style:
            out.highlight_words([gw.seat(seat)], style=Style.parse(style))
    return out
