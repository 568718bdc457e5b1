"""Checking that a save accounts for every component: each player's counted pieces add up
to what the game gives them, every token is there once with its own properties at a known
place, decks hold their own cards, and tracks, money and connections are consistent."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any, NoReturn

from ..errors import InvalidSave, brief
from .layout import GRID_FIELDS, IN_PLAY, Layout, layout_of
from .model import GameDef

TOKEN_COLUMNS = ("at", "owner", "controller", "shown")


COUNT_LIMIT = 10**18
"""The largest counter a save may hold (the scripts' number limit)."""


class Check:
    """The game a save is checked against, its player count, and the small checks."""

    def __init__(self, definition: GameDef):
        self.g = definition
        self.n = 0

    def fail(self, field: str, message: str) -> NoReturn:
        """Refuse the save: InvalidSave naming the field."""
        raise InvalidSave(message, field)

    def count(self, value: Any, field: str, least: int = 0, most: int = COUNT_LIMIT) -> int:
        """A whole number (not a bool) from `least` to `most`."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(field, f"must be a whole number, not {brief(value)}")
        if value < least:
            self.fail(field, f"must be at least {least}, not {value}")
        if value > most:
            self.fail(field, f"must be at most {most:,}, not {brief(value)}")
        return value

    def keys(self, value: Any, field: str, expected: set[str]) -> dict:
        """An object with exactly the keys `expected`."""
        if not isinstance(value, dict):
            self.fail(field, f"must be an object, not {value!r:.60}")
        if value.keys() == expected:
            return value
        for key in value:
            if key not in expected:
                self.fail(f"{field}.{key}" if field else key, "unknown field")
        for key in sorted(expected):
            if key not in value:
                self.fail(f"{field}.{key}" if field else key, "missing")
        return value

    def listing(self, value: Any, field: str, length: int | None = None) -> list:
        """A list (of `length` items if given)."""
        if not isinstance(value, list):
            self.fail(field, f"must be a list, not {value!r:.60}")
        if length is not None and len(value) != length:
            self.fail(field, f"must have {length} items (one per player), not {len(value)}")
        return value


def seat(ck: Check, value: Any, field: str) -> int:
    """A player: a whole number from 0 to the player count - 1."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < ck.n:
        ck.fail(field, f"{value!r} is not a player of a {ck.n}-player game")
    return value


def check_pieces(ck: Check, data: dict) -> None:
    """Every counted piece, token, deck card and concept part accounted for."""
    lay = layout_of(ck.g, ck.n)
    _tokens(ck, lay, data["tokens"])
    _counts(ck, lay, data["counts"], data["tokens"])
    _decks(ck, data["decks"])
    if "tracks" in data:
        _tracks(ck, data["tracks"])
    if "bank" in data:
        _bank(ck, data["bank"], lay.index)
    if "links" in data:
        _links(ck, data["links"], lay.index)


def _counts(ck: Check, lay: Layout, counts: Any, tokens: dict) -> None:
    ck.keys(counts, "counts", set(ck.g.pieces))
    n = ck.n
    control = set(lay.control.values())
    for kind, row in counts.items():
        piece = ck.g.pieces[kind]
        if not isinstance(row, list) or len(row) != lay.row or \
                not set(map(type, row)) <= {int} or min(row, default=0) < 0:
            _bad_row(ck, lay, kind, row)
        for p in range(n):
            total = sum(row[p::n])
            if total != piece.per_player:
                ck.fail(f"counts.{kind}", f"player {p} has {total} {kind} in all, the game "
                                          f"gives each player {piece.per_player}")
        j = lay.place_no.get(IN_PLAY)
        if j is None:
            continue
        in_play = row[j * n:j * n + n]
        if kind not in control:
            if any(in_play) and IN_PLAY not in ck.g.locations:
                ck.fail(f"counts.{kind}.{IN_PLAY}", f"{IN_PLAY!r} is not a place of {ck.g.id}")
            continue
        kinds = {k for k, piece_kind in lay.control.items() if piece_kind == kind}
        controllers = tokens["controller"]
        numbers = [i for k in kinds for i in lay.ranges[k]]
        held_by = Counter(controllers[i] for i in numbers)
        for p in range(n):
            held = held_by[p]
            if in_play[p] != held:
                ck.fail(f"counts.{kind}.{IN_PLAY}[{p}]", f"player {p} controls {held} "
                                                        f"tokens with {in_play[p]} {kind}")


def _bad_row(ck: Check, lay: Layout, kind: str, row: Any) -> None:
    where = f"counts.{kind}"
    ck.listing(row, where)
    if len(row) != lay.row:
        ck.fail(where, f"must have {lay.row} numbers ({len(lay.places)} places x {ck.n} "
                       f"players), not {len(row)}")
    for k, number in enumerate(row):
        ck.count(number, f"{where}.{lay.places[k // ck.n]}[{k % ck.n}]")


def _column(ck: Check, tokens: dict, name: str, size: int) -> list:
    column = tokens[name]
    if not isinstance(column, list) or len(column) != size:
        ck.fail(f"tokens.{name}", f"must be a list of {size} values, one per token")
    return column


def _tokens(ck: Check, lay: Layout, tokens: Any) -> None:
    grids = {grid.name: grid.token for grid in ck.g.grids.values()}
    ck.keys(tokens, "tokens", set(TOKEN_COLUMNS) | (set(GRID_FIELDS) if grids else set()))
    size = len(lay.tids)
    at, owner, ctrl, shown = (_column(ck, tokens, name, size) for name in TOKEN_COLUMNS)
    places = lay.place_no
    seats = range(ck.n)
    if set(map(type, at)) <= {str} and set(at) <= places.keys() and \
            set(map(type, owner)) | set(map(type, ctrl)) <= {int, type(None)} and \
            set(owner) | set(ctrl) <= {None, *seats} and set(map(type, shown)) <= {bool}:
        if grids:
            _grid_columns(ck, lay, tokens, grids)
        return
    for i, tid in enumerate(lay.tids):
        place = at[i]
        if type(place) is not str or place not in places:
            ck.fail(f"tokens.at[{i}]", f"{tid} is at {place!r}, not a place of {ck.g.id}")
        for name, column in (("owner", owner), ("controller", ctrl)):
            value = column[i]
            if value is not None and (type(value) is not int or value not in seats):
                ck.fail(f"tokens.{name}[{i}]", f"{tid}: {value!r} is not a player of a "
                                               f"{ck.n}-player game")
        if type(shown[i]) is not bool:
            ck.fail(f"tokens.shown[{i}]", f"{tid}: must be true or false")
    if grids:
        _grid_columns(ck, lay, tokens, grids)


def _grid_columns(ck: Check, lay: Layout, tokens: dict, grids: dict[str, str]) -> None:
    size = len(lay.tids)
    cells, rots, levels = (_column(ck, tokens, name, size) for name in GRID_FIELDS)
    at = tokens["at"]
    for i, tid in enumerate(lay.tids):
        on_grid = grids.get(at[i]) == lay.kind_of[i]
        cell, rot, level = cells[i], rots[i], levels[i]
        if not on_grid:
            if cell is not None or rot is not None or level is not None:
                ck.fail(f"tokens.cell[{i}]", f"{tid} lies on no grid: no cell, rot or level")
            continue
        if not isinstance(cell, list | tuple) or len(cell) != 2 or \
                not all(type(x) is int for x in cell):
            ck.fail(f"tokens.cell[{i}]", f"{tid} lies on {at[i]}: its cell is [x, y], not "
                                         f"{cell!r}")
        if type(rot) is not int or not 0 <= rot <= 3:
            ck.fail(f"tokens.rot[{i}]", f"{tid}: a tile turns 0 to 3 quarter turns, not {rot!r}")
        ck.count(level, f"tokens.level[{i}]")


def _card_key(card: Any) -> str:
    return json.dumps(card, sort_keys=True)


def _same_cards(cards: list, mine: list) -> bool:
    """Whether two lists hold the same cards, in any order (True is not 1)."""
    if len(cards) != len(mine):
        return False
    if all(type(c) is str for c in mine) and all(type(c) is str for c in cards):
        return sorted(cards) == sorted(mine)
    try:
        return sorted(map(_card_key, cards)) == sorted(map(_card_key, mine))
    except (TypeError, ValueError, RecursionError):
        return False


def _decks(ck: Check, decks: Any) -> None:
    ck.keys(decks, "decks", set(ck.g.decks))
    for name, deck in decks.items():
        where = f"decks.{name}"
        ck.keys(deck, where, {"cards", "up"})
        cards = ck.listing(deck["cards"], f"{where}.cards")
        if not _same_cards(cards, ck.g.decks[name].cards):
            ck.fail(f"{where}.cards", f"not the cards of {name}")
        up = ck.listing(deck["up"], f"{where}.up", len(cards))
        if not all(type(u) is bool for u in up):
            ck.fail(f"{where}.up", "one true or false per card")


def _tracks(ck: Check, tracks: Any) -> None:
    ck.keys(tracks, "tracks", set(ck.g.tracks))
    for name, track in tracks.items():
        where = f"tracks.{name}"
        ck.keys(track, where, {"pos", "stamp", "next"})
        floor = ck.g.tracks[name].floor
        for p, space in enumerate(ck.listing(track["pos"], f"{where}.pos", ck.n)):
            if isinstance(space, bool) or not isinstance(space, int):
                ck.fail(f"{where}.pos[{p}]", f"must be a whole number, not {space!r}")
            if floor is not None and space < floor:
                ck.fail(f"{where}.pos[{p}]", f"below the track's lowest space {floor}")
        stamps = ck.listing(track["stamp"], f"{where}.stamp", ck.n)
        after = ck.count(track["next"], f"{where}.next")
        for p, stamp in enumerate(stamps):
            if ck.count(stamp, f"{where}.stamp[{p}]") >= after:
                ck.fail(f"{where}.stamp[{p}]", f"must be below next ({after})")
        if len(set(stamps)) != len(stamps):
            ck.fail(f"{where}.stamp", "two discs cannot arrive at the same moment")


def _bank(ck: Check, bank: Any, tokens: dict[str, int]) -> None:
    ck.keys(bank, "bank", set(ck.g.resources))
    for name, res in bank.items():
        where = f"bank.{name}"
        ck.keys(res, where, {"bank", "held", "on"})
        total = ck.g.resources[name].bank
        held = [ck.count(x, f"{where}.held[{p}]")
                for p, x in enumerate(ck.listing(res["held"], f"{where}.held", ck.n))]
        if not isinstance(res["on"], dict):
            ck.fail(f"{where}.on", "must be an object of tokens")
        for tid, number in res["on"].items():
            if tid not in tokens:
                ck.fail(f"{where}.on.{tid}", f"{tid!r} is not a token")
            ck.count(number, f"{where}.on.{tid}", least=1)
        if total is None:
            if res["bank"] is not None:
                ck.fail(f"{where}.bank", f"the bank of {name} never runs out (null)")
            continue
        left = ck.count(res["bank"], f"{where}.bank")
        if left + sum(held) + sum(res["on"].values()) != total:
            ck.fail(where, f"bank, players and markers hold {left + sum(held)} "
                           f"+ {sum(res['on'].values())} {name}, the game has {total}")


def _links(ck: Check, links: Any, tokens: dict[str, int]) -> None:
    ck.keys(links, "links", set(ck.g.connections))
    laid: set[str] = set()
    for cid, link in links.items():
        where = f"links.{cid}"
        ck.keys(link, where, {"tile", "facing"})
        tile, facing = link["tile"], link["facing"]
        if (tile is None) != (facing is None):
            ck.fail(where, "a tile and the end it faces go together")
        if tile is None:
            continue
        if not isinstance(tile, str) or tile not in tokens:
            ck.fail(f"{where}.tile", f"{tile!r} is not a token")
        if tile in laid:
            ck.fail(f"{where}.tile", f"{tile} lies on two connections")
        laid.add(tile)
        if facing not in ck.g.connections[cid]:
            ck.fail(f"{where}.facing", f"{facing!r} is not an end of {cid}")
