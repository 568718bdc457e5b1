"""The facts a table shows about the game and each seat, as both surfaces (terminal and web)
say them: which variables the game's table.yaml lists (`vars`, `player_vars`), each value in
words with players named, and a seat's pieces and tokens off the board as a person would
say them ("supply: 15 cubes and 8 discs")."""

from __future__ import annotations

import re
from typing import Any

from ..game import Game
from ..i18n.game_words import GameWords
from ..interpreter.decision_context import value_kinds
from ..texts.templates import TemplateError
from .labels import Namer, effects_of, token_label
from .table_layout import area_counts, load_layout

_LAYOUTS: dict[int, tuple[Any, Any]] = {}


def table_layout(definition: Any):
    """The game's table.yaml layout, read once per loaded game."""
    found = _LAYOUTS.get(id(definition))
    if found is None or found[0] is not definition:
        found = _LAYOUTS[id(definition)] = (definition, load_layout(definition))
    return found[1]


def shown_game_vars(game: Game, view: dict) -> list[str]:
    """The game variables the table shows, in the table.yaml's order (default: those that
    hold a number or a name)."""
    listed = table_layout(game.definition).vars
    if listed is None:
        return [k for k, v in view["vars"].items()
                if isinstance(v, int | str) and not isinstance(v, bool)]
    return [k for k in listed if k in view["vars"]]


def status_line(game: Game, gw: GameWords, view: dict) -> str | None:
    """The game's status line (text.yaml `screen.status`: "Round 3 of 11 · it ends at 95
    VP"), filled from the public game variables, the constants and the game's other data
    (an option's value); None if there is none, or while a variable it names is unset."""
    template = gw.text("screen", "status")
    if template is None:
        return None
    players = len(view.get("player_vars") or []) or None
    constants = game.constants(players) if players else {}
    values: dict[str, Any] = {}
    for name in dict.fromkeys(re.findall(r"\{(\w+)", template)):
        if name in view["vars"]:
            values[name] = view["vars"][name]
        elif name in constants:
            values[name] = constants[name]
        else:                           # the game's data ("wars after epochs 3 and 4")
            try:
                values[name] = effects_of(gw).values.lookup(name)
            except TemplateError:
                continue
        if isinstance(values[name], list) and all(isinstance(x, int) for x in values[name]):
            values[name] = gw.w.join([str(x) for x in values[name]], "and")
    kinds = value_kinds(game.definition).get("game", {})
    # (a variable still unset, "none" as the data writes it, leaves the line out: before
    # the first round the table read "Round 0 of 6, none")
    return Namer(game, gw, view).filled(template, {k: v for k, v in values.items()
                                                   if isinstance(v, int | str)
                                                   and v != "none"}, kinds)


def shown_player_vars(game: Game, view: dict) -> list[str] | None:
    """The player variables the table shows, in the table.yaml's order (None: it names
    none, so every one the viewer sees)."""
    listed = table_layout(game.definition).player_vars
    if listed is None:
        return None
    seen = {k for seat in view["player_vars"] for k in seat}
    return [k for k in listed if k in seen]


def var_kinds(game: Game, scope: str) -> dict[str, str]:
    """The kind of each variable of a scope ("game", "player"): player, list:player, number..."""
    return dict(value_kinds(game.definition).get(scope, {}))


def is_seat_order(value: Any, players: int) -> bool:
    """Whether a list holds each seat exactly once (a turn order), so it names players."""
    return isinstance(value, list) and len(value) == players and \
        sorted(v for v in value if isinstance(v, int) and not isinstance(v, bool)) == \
        list(range(players))


def holds_seats(game: Game, deck: str) -> bool:
    """Whether a deck's cards are the seats, one each (cards that say who goes first): they
    are said by the seats' names, never by number."""
    kind = game.definition.decks.get(deck)
    cards = list(getattr(kind, "cards", None) or [])
    return bool(cards) and sorted(c for c in cards if isinstance(c, int)) == \
        list(range(len(game.definition.seats)))


def var_text(game: Game, gw: GameWords, view: dict, value: Any, kind: str = "") -> str:
    """A variable's value in words: players by name (never a seat's index), a name by its
    words, a yes/no, a number."""
    namer = Namer(game, gw, view)
    if kind in ("number", "list:number", "list:unknown", "unknown", "") and \
            is_seat_order(value, view["players"]):
        return gw.seats(value)
    if isinstance(value, str) and value in (view.get("decks") or {}):
        return gw.deck(value)        # a deck by its name, not a colour it shares a word with
    return namer.value(value, kind)


def hidden_names(game: Game) -> set[str]:
    """The variables and decks the game's table.yaml calls bookkeeping: shown nowhere."""
    return set(table_layout(game.definition).hidden)


def used_by(game: Game, view: dict) -> dict[int, set[str]]:
    """What each seat has used this round, by token id and area (the game's table.yaml
    names the player variable that lists them, `used`); empty without one."""
    name = table_layout(game.definition).used
    if name is None:
        return {}
    return {seat: {v for v in values.get(name) or [] if isinstance(v, str)}
            for seat, values in enumerate(view.get("player_vars") or [])
            if isinstance(values.get(name), list)}


def area_counts_text(game: Game, gw: GameWords, view: dict, name: str) -> str | None:
    """A game variable that a panel draws as a number on each area (`counts`), as words:
    each area with its number ("Lobby 2, Reception 1"), "none" if all are 0; None for
    another variable."""
    layout = table_layout(game.definition)
    if not any((p.get("counts") or {}).get("var") == name for p in layout.panels):
        return None
    counted = [(area, n) for area, (n, _) in
               area_counts(layout, game.definition, view).items()]
    if not counted:
        return gw.w("none")
    return ", ".join(gw.w("{thing} ({number})", thing=gw.place(a), number=n)
                     for a, n in counted)


def game_var_facts(game: Game, gw: GameWords, view: dict,
                   names: list[str] | None = None) -> list[tuple[str, str]]:
    """(label, value in words) of the game variables `names` (default: those shown)."""
    kinds = var_kinds(game, "game")
    names = shown_game_vars(game, view) if names is None else names
    return [(table_variable(gw, k), area_counts_text(game, gw, view, k) or
             var_text(game, gw, view, view["vars"][k], kinds.get(k, "")))
            for k in names if k in view["vars"]]


def end_fact(gw: GameWords) -> tuple[str, str] | None:
    """(label, words) saying how the game ends, when the game writes them in its table
    texts (`ends_title`, `ends`), to be shown all game long; else None."""
    said = gw.text("table", "ends")
    return (gw.text("table", "ends_title") or "", said) if said else None


def table_variable(gw: GameWords, name: str) -> str:
    """A game variable's name at the table: the game's table text `var_<name>` when it
    writes one ("this round's order"), else its name as the rulebook says it."""
    return gw.text("table", f"var_{name}") or gw.variable(name)


def player_var_facts(game: Game, gw: GameWords, view: dict, seat: int,
                     names: list[str] | None = None) -> list[tuple[str, str]]:
    """(label, value in words) of a seat's variables `names` (default: those shown)."""
    kinds = var_kinds(game, "player")
    values = view["player_vars"][seat]
    if names is None:
        names = shown_player_vars(game, view)
    if names is None:
        names = [k for k, v in values.items() if isinstance(v, bool | int | float | str)]
    return [(gw.variable(k, "player"), var_text(game, gw, view, values[k], kinds.get(k, "")))
            for k in names if k in values]


def held_facts(game: Game, gw: GameWords, view: dict, seat: int) -> list[str]:
    """What a seat has, place by place, as a person says it: "on the board: 2 towers and
    5 cubes", "supply: 15 cubes and 8 discs", "hand: 7 cards"."""
    definition = game.definition
    board: dict[str, int] = {}
    held: dict[str, dict[str, int]] = {}
    for kind, places in view["pieces"].items():
        for place, counts in places.items():
            if counts[seat]:
                into = board if place in definition.areas else held.setdefault(place, {})
                into[kind] = into.get(kind, 0) + counts[seat]
    for token in view["tokens"]:
        place = token.get("at")
        if token.get("owner") != seat or place in definition.grids:
            continue
        into = board if place in definition.areas else held.setdefault(place, {})
        into[token["kind"]] = into.get(token["kind"], 0) + 1
    out = []
    if board:
        out.append(gw.w("on the board: {things}", things=_counted(gw, board)))
    face_up = _face_up(gw, view, seat, set(definition.locations) - set(
        table_layout(definition).mine or []))
    for place, kinds in held.items():
        out.append(gw.w("{place}: {things}", place=gw.place(place),
                        things=face_up.get(place) or _counted(gw, kinds)))
    return out


def _face_up(gw: GameWords, view: dict, seat: int, skipped: set) -> dict[str, str]:
    """The places (but `skipped`: those the table does not draw as a seat's own) where every
    token of the seat lies face up, with those tokens named ("picked tile: park (cost 1)"
    rather than "1 city tile")."""
    named: dict[str, list[str]] = {}
    hidden = set()
    for token in view["tokens"]:
        place = token.get("at")
        if token.get("owner") != seat or place in skipped:
            continue
        if token.get("shown") is True and "id" in token:
            named.setdefault(place, []).append(token_label(gw, token))
        else:
            hidden.add(place)
    return {place: gw.w.join(labels) for place, labels in named.items() if place not in hidden}


def _counted(gw: GameWords, kinds: dict[str, int]) -> str:
    return gw.w.join([gw.pieces(kind, n) for kind, n in kinds.items()])
