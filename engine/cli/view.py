"""What a human seat is shown: built only from state.observe(seat), never from the state.

Face-down tokens of other seats are shown only as counts per owner and place: the order of
the observed token list is not shown, so it cannot tell which token is which.
"""

from __future__ import annotations

from collections import defaultdict

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..game import Game
from .render import event_text, seat_name, secret_kinds, value_text, words

MAX_LOG_LINES = 60
"""Most recent log lines shown before a decision (older ones are summarised)."""


def pieces_table(view: dict, seats: list[str]) -> Table | None:
    """Counted pieces per kind and location, one column per player (empty rows left out)."""
    players = view["players"]
    table = Table(title="Pieces", title_justify="left")
    table.add_column("piece")
    table.add_column("where")
    for p in range(players):
        table.add_column(seats[p], justify="right")
    rows = 0
    for kind, by_location in view["pieces"].items():
        for location, row in by_location.items():
            if any(row):
                table.add_row(Text(kind), Text(location), *(str(n) for n in row))
                rows += 1
    return table if rows else None


def _token_text(game: Game, token: dict) -> str:
    props = list(game.definition.tokens[token["kind"]].props) if token["kind"] in \
        game.definition.tokens else []
    values = [(k, token[k]) for k in props if k in token]
    if not values:
        return token.get("id", token["kind"])
    if len(values) == 1:
        return value_text(values[0][1])
    return " ".join(f"{k}={value_text(v)}" for k, v in values)


def tokens_table(game: Game, view: dict, seats: list[str]) -> Table | None:
    """Tokens grouped by kind, owner, place and controller; face-down ones only counted."""
    groups: dict[tuple, dict] = defaultdict(lambda: {"seen": [], "hidden": 0})
    for token in view["tokens"]:
        key = (token["kind"], token.get("owner"), token.get("at"), token.get("controller"))
        if "id" in token:
            groups[key]["seen"].append(_token_text(game, token))
        else:
            groups[key]["hidden"] += 1
    if not groups:
        return None
    table = Table(title="Tokens", title_justify="left")
    for column in ("token", "owner", "where", "controlled by", "which"):
        table.add_column(column)
    for (kind, owner, at, controller), group in groups.items():
        which = sorted(group["seen"])
        if group["hidden"]:
            which.append(f"{group['hidden']} face down")
        cells = (kind, seat_name(seats, owner) if owner is not None else "-", str(at),
                 seat_name(seats, controller) if controller is not None else "-",
                 ", ".join(which))
        table.add_row(*(Text(c) for c in cells))
    return table


def show_view(console: Console, game: Game, view: dict, log_from: int) -> None:
    """Print what a seat may see: variables, pieces, tokens, decks and recent log lines."""
    seats = game.definition.seats
    hidden = secret_kinds(game.definition)
    seat = view["seat"]
    new = view["log"][log_from:]
    if new:
        console.rule(f"since {seat_name(seats, seat)}'s last decision", style="dim")
        if len(new) > MAX_LOG_LINES:
            console.print(f"... {len(new) - MAX_LOG_LINES} earlier lines", style="dim")
            new = new[-MAX_LOG_LINES:]
        for event in new:
            console.print("  " + event_text(event, seats, hidden), markup=False, highlight=False)
    if view["vars"]:
        console.print("game: " + ", ".join(f"{words(k)} {value_text(v)}"
                                            for k, v in view["vars"].items()),
                      markup=False, highlight=False)
    for p, values in enumerate(view["player_vars"]):
        if values:
            console.print(f"{seats[p]}: " + ", ".join(f"{words(k)} {value_text(v)}"
                                                       for k, v in values.items()),
                          markup=False, highlight=False)
    for table in (pieces_table(view, seats), tokens_table(game, view, seats)):
        if table is not None:
            console.print(table)
    for name, cards in view["decks"].items():
        console.print(f"deck {name}: " + " ".join("?" if c is None else value_text(c)
                                                    for c in cards),
                      markup=False, highlight=False)


def show_actions(console: Console, seats: list[str], seat: int, actions: list[dict]) -> None:
    """The numbered legal actions of a seat, under the question being asked."""
    ask = words(actions[0]["ask"]) if actions else "nothing to decide"
    console.print(f"{seat_name(seats, seat)} (seat {seat}): {ask}", style="bold",
                  markup=False, highlight=False)
    for key, action in zip(action_keys(actions), actions):
        console.print(f"  {key:>2}) {action['id']}", markup=False, highlight=False)


def action_keys(actions: list[dict]) -> list[str]:
    """What a person types to pick each action: 1, 2, 3...; letters when some ids are
    numbers themselves (so typing 2 never means the third choice)."""
    if any(a["id"].isdigit() for a in actions):
        letters = "abcdefghijklmnopqrstuvwxyz"
        return [letters[i] if i < 26 else f"{letters[i // 26 - 1]}{letters[i % 26]}"
                for i in range(len(actions))]
    return [str(i) for i in range(1, len(actions) + 1)]
