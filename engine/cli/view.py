"""What a human seat is shown: built only from state.observe(seat), never from the state.

Face-down tokens of other seats are shown only as counts per owner and place: the order of
the observed token list is not shown, so it cannot tell which token is which.
"""

from __future__ import annotations

import textwrap
from collections import Counter, defaultdict
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..game import Game
from ..i18n.game_words import MANY, GameWords
from ..present.events import event_text
from ..present.facts import (
    game_var_facts,
    hidden_names,
    holds_seats,
    player_var_facts,
    shown_player_vars,
)
from ..present.labels import effects_of, token_label
from .board import Board
from .concept_view import concept_tables
from .grid_view import grid_maps, on_grid

MAX_LOG_LINES = 60
"""Most recent log lines shown before a decision (older ones are summarised)."""


def pieces_table(view: dict, gw: GameWords) -> Table | None:
    """Counted pieces per kind and location, one column per player (empty rows left out)."""
    w = gw.w
    players = view["players"]
    table = Table(title=w.ctx("table", "Pieces"), title_justify="left")
    table.add_column(w.ctx("table", "piece"))
    table.add_column(w.ctx("table", "where"))
    for p in range(players):
        table.add_column(gw.seat(p), justify="right")
    rows = 0
    for kind, by_location in view["pieces"].items():
        for location, row in by_location.items():
            if any(row):
                table.add_row(Text(gw.piece(kind, MANY)), Text(gw.place(location)),
                              *(str(n) for n in row))
                rows += 1
    return table if rows else None


def tokens_table(game: Game, view: dict, gw: GameWords) -> Table | None:
    """Tokens grouped by kind, owner, place and controller; face-down ones only counted."""
    w = gw.w
    groups: dict[tuple, dict] = defaultdict(lambda: {"seen": [], "hidden": 0})
    effects: dict[str, str | None] = {}          # a label -> what its token does
    for token in view["tokens"]:
        if on_grid(game, token):
            continue
        key = (token["kind"], token.get("owner"), token.get("at"), token.get("controller"))
        if "id" in token:
            label = token_label(gw, token)
            groups[key]["seen"].append(label)
            effects.setdefault(label, effects_of(gw).of_token(token))
        else:
            groups[key]["hidden"] += 1
    if not groups:
        return None
    table = Table(title=w.ctx("table", "Tokens"), title_justify="left")
    controlled = any(key[3] is not None for key in groups)   # else the column says nothing
    for column in (w.ctx("table", "token"), w.ctx("table", "owner"), w.ctx("table", "where"),
                   *([w.ctx("table", "controlled by")] if controlled else []),
                   w.ctx("table", "which")):
        table.add_column(column)
    for (kind, owner, at, controller), group in groups.items():
        which = [text if n == 1 else w("{n} × {token}", n=n, token=text)
                 for text, n in sorted(Counter(group["seen"]).items())]
        which = [w("{things} — {effect}", things=shown, effect=effects[text]) if effects.get(
            text) else shown for shown, text in zip(which, sorted(Counter(group["seen"])))]
        if group["hidden"]:
            which.append(w.plural(None, "{n} face down", "{n} face down", group["hidden"]))
        cells = (gw.piece(kind), gw.seat(owner) if owner is not None else "-", gw.place(at),
                 *([gw.seat(controller) if controller is not None else "-"] if controlled
                   else []), "\n".join(which))
        table.add_row(*(Text(c) for c in cells))
    return table


def show_view(console: Console, game: Game, view: dict, log_from: int,
              gw: GameWords | None = None) -> None:
    """Print what a seat may see: variables, pieces, tokens, decks and recent log lines."""
    gw = gw or GameWords(game.definition)
    w = gw.w
    seat = view["seat"]
    tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
    new = view["log"][log_from:]
    if new:
        console.rule(w("since {seat}'s last decision", seat=gw.seat(seat)), style="dim")
        if len(new) > MAX_LOG_LINES:
            skipped = len(new) - MAX_LOG_LINES
            console.print(w.plural(None, "... {n} earlier line", "... {n} earlier lines",
                                   skipped), style="dim", markup=False)
            new = new[-MAX_LOG_LINES:]
        for event in new:
            console.print("  " + event_text(event, gw, tokens), markup=False, highlight=False)
    hidden = hidden_names(game)
    names = [k for k in view["vars"] if k not in hidden]
    for name, (label, value) in zip(names, game_var_facts(game, gw, view, names)):
        console.print(w("{place}: {things}", place=label, things=value), markup=False,
                      highlight=False, soft_wrap=False)
        areas = view["vars"][name]
        if isinstance(areas, list) and areas and all(
                isinstance(a, str) and a in game.definition.areas for a in areas):
            for area in areas:          # "the set of offices in play": what each does
                effect = effects_of(gw).of_area(area)
                if effect:
                    console.print(wrapped_line("  " + w("{thing} — {effect}", thing=gw.value(
                        area), effect=effect), console.width), markup=False, highlight=False)
    for p in range(len(view["player_vars"])):
        listed = [k for k in listed_player_vars(game, view, p) if k not in hidden]
        if listed:
            facts = player_var_facts(game, gw, view, p, listed)
            console.print(w("{seat}: {values}", seat=gw.seat(p), values="; ".join(
                w("{place}: {things}", place=label, things=value) for label, value in facts)),
                markup=False, highlight=False, soft_wrap=False)
    for table in (pieces_table(view, gw), tokens_table(game, view, gw), *concept_tables(view, gw)):
        if table is not None:
            console.print(table)
    for line in spaces_lines(game, view, gw):
        console.print(line, highlight=False, soft_wrap=False)
    for line in for_sale_lines(game, view, gw):
        console.print(wrapped_line(line, console.width), markup=False, highlight=False)
    for drawn in grid_maps(game, view, gw, effects=True):   # (a tile's effect: by words)
        console.print("\n".join(wrapped_line(line, console.width) if len(line) > console.width
                                and "|" not in line else line for line in drawn.splitlines()),
                      markup=False, highlight=False)
    for name, cards in view["decks"].items():
        if name in hidden:
            continue
        seats = holds_seats(game, name)
        shown = ", ".join("?" if c is None else gw.seat(c) if seats else
                          with_effect(gw, c) for c in cards)
        console.print(wrapped_line(w("{deck}: {cards}", deck=gw.deck(name), cards=shown),
                                   console.width), markup=False, highlight=False)


def for_sale_lines(game: Game, view: dict, gw: GameWords) -> list[str]:
    """Each area drawn first that holds one face-up token (a card for sale), in the
    areas' order, with the token's price and what it does: "3 street space 3: Patron
    (price 4) — Gain 2 coins."."""
    board = Board(game, gw, view)
    numbers = {a: n for n, a in enumerate(game.definition.areas, start=1)}
    out = []
    for place in board.front_places():
        lone = board.lone_token(place, with_effect=True)
        if lone and place in numbers:
            out.append(gw.w("{place}: {things}", place=f"{numbers[place]} {gw.place(place)}",
                            things=lone))
    return out


def with_effect(gw: GameWords, value: Any) -> str:
    """A value of the data as a word, with what it does when it names an office or a card
    ("Ministry of Finance (Buy a card ...)")."""
    effect = effects_of(gw).of_value(value)
    return gw.w("{token} ({effect})", token=gw.value(value), effect=effect.rstrip(".")) \
        if effect else gw.value(value)


def listed_player_vars(game: Game, view: dict, seat: int) -> list[str]:
    """A seat's variables `board` lists: those the table.yaml names (else all it has)."""
    listed = shown_player_vars(game, view)
    return list(view["player_vars"][seat]) if listed is None else \
        [k for k in listed if k in view["player_vars"][seat]]


def wrapped_line(line: str, width: int) -> str:
    """A long line over as many lines as it needs, cut between words (a comma stays with
    the word before it), the later lines indented."""
    return "\n".join(textwrap.wrap(line, max(20, width), subsequent_indent="  ",
                                   break_on_hyphens=False)) or line


def spaces_lines(game: Game, view: dict, gw: GameWords) -> list[Text]:
    """Each area's spaces (a building cost per space) as the board's table gives them, under
    the table.yaml's title for them: "North  ■ 4 5 6 7"."""
    board = Board(game, gw, view)
    spaces = board.spaces_panel()
    if spaces is None:
        return []
    rows = [(gw.place(area), board.spaces_text(area)) for area in game.definition.areas]
    rows = [(name, said) for name, said in rows if said is not None]
    if not rows:
        return []
    title = gw.text("table", spaces["label"]) if spaces.get("label") else None
    out = [Text(gw.w("{piece}: {title}; ■ a space built on", piece=gw.piece(
        spaces["piece"], 2), title=title or gw.prop(spaces["property"])), style="bold")]
    width = max(len(name) for name, _ in rows)
    return out + [Text(name.ljust(width + 2)) + said for name, said in rows]
