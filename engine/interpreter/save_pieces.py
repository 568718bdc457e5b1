"""Checking that a save accounts for every component: each player's counted pieces add up
to what the game gives them, every token is there once with its own properties at a known
place, decks hold their own cards, and tracks, money and connections are consistent."""

from __future__ import annotations

import json
from typing import Any, NoReturn

from ..errors import InvalidSave
from . import state as state_mod
from .actions import same
from .model import GameDef

TOKEN_KEYS = {"kind", "owner", "at", "controller", "shown"}
GRID_KEYS = {"cell", "rot", "level"}


class Check:
    """The game a save is checked against, its player count, and the small checks."""

    def __init__(self, definition: GameDef):
        self.g = definition
        self.n = 0

    def fail(self, field: str, message: str) -> NoReturn:
        """Refuse the save: InvalidSave naming the field."""
        raise InvalidSave(message, field)

    def count(self, value: Any, field: str, least: int = 0) -> int:
        """A whole number (not a bool) of at least `least`."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(field, f"must be a whole number, not {value!r}")
        if value < least:
            self.fail(field, f"must be at least {least}, not {value}")
        return value

    def keys(self, value: Any, field: str, expected: set[str]) -> dict:
        """An object with exactly the keys `expected`."""
        if not isinstance(value, dict):
            self.fail(field, f"must be an object, not {value!r:.60}")
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
    reference = state_mod.new_state(ck.g, ck.n, 0)
    _tokens(ck, data["tokens"], reference["tokens"])
    _counts(ck, data["counts"], data["tokens"])
    _decks(ck, data["decks"])
    if "tracks" in data:
        _tracks(ck, data["tracks"])
    if "bank" in data:
        _bank(ck, data["bank"], data["tokens"])
    if "links" in data:
        _links(ck, data["links"], data["tokens"])


def _places(ck: Check) -> set[str]:
    return set(ck.g.locations) | set(ck.g.areas)


def _counts(ck: Check, counts: Any, tokens: dict) -> None:
    ck.keys(counts, "counts", set(ck.g.pieces))
    control = {t.control_piece for t in ck.g.tokens.values() if t.control_piece}
    places = _places(ck)
    for kind, by_place in counts.items():
        piece = ck.g.pieces[kind]
        if not isinstance(by_place, dict):
            ck.fail(f"counts.{kind}", "must be an object of places")
        totals = [0] * ck.n
        for place, row in by_place.items():
            where = f"counts.{kind}.{place}"
            if place not in places and not (kind in control and place == "in_play"):
                ck.fail(where, f"{place!r} is not a place of {ck.g.id}")
            for p, number in enumerate(ck.listing(row, where, ck.n)):
                totals[p] += ck.count(number, f"{where}[{p}]")
        for p, total in enumerate(totals):
            if total != piece.per_player:
                ck.fail(f"counts.{kind}", f"player {p} has {total} {kind} in all, the game "
                                          f"gives each player {piece.per_player}")
        if kind in control:
            kinds = {t.name for t in ck.g.tokens.values() if t.control_piece == kind}
            in_play = by_place.get("in_play", [0] * ck.n)
            for p in range(ck.n):
                held = sum(1 for t in tokens.values() if t["kind"] in kinds
                           and t["controller"] == p)
                if in_play[p] != held:
                    ck.fail(f"counts.{kind}.in_play[{p}]", f"player {p} controls {held} "
                                                          f"tokens with {in_play[p]} {kind}")


def _tokens(ck: Check, tokens: Any, reference: dict) -> None:
    if not isinstance(tokens, dict):
        ck.fail("tokens", "must be an object of tokens by id")
    for tid in reference:
        if tid not in tokens:
            ck.fail(f"tokens.{tid}", "missing: every token of the game is in a save")
    for tid in tokens:
        if tid not in reference:
            ck.fail(f"tokens.{tid}", f"{ck.g.id} has no token {tid!r}")
    grid_kinds = {grid.token: set() for grid in ck.g.grids.values()}
    for grid in ck.g.grids.values():
        grid_kinds[grid.token].add(grid.name)
    places = _places(ck)
    for tid, ref in reference.items():
        tok, where = tokens[tid], f"tokens.{tid}"
        kind = ref["kind"]
        props = set(ref) - TOKEN_KEYS
        grids = grid_kinds.get(kind, set())
        at = tok.get("at") if isinstance(tok, dict) else None
        on_grid = isinstance(at, str) and at in grids
        ck.keys(tok, where, TOKEN_KEYS | props | (GRID_KEYS if on_grid else set()))
        if tok["kind"] != kind:
            ck.fail(f"{where}.kind", f"{tid} is a {kind}, not {tok['kind']!r}")
        for key in ("owner", "controller"):
            if tok[key] is not None:
                seat(ck, tok[key], f"{where}.{key}")
        if not isinstance(tok["shown"], bool):
            ck.fail(f"{where}.shown", "must be true or false")
        if not isinstance(tok["at"], str) or tok["at"] not in places:
            ck.fail(f"{where}.at", f"{tok['at']!r} is not a place of {ck.g.id}")
        for prop in props:
            if not same(tok[prop], ref[prop]):
                ck.fail(f"{where}.{prop}", f"{tid} has {prop} {ref[prop]!r}, not "
                                           f"{tok[prop]!r}")
        if on_grid:
            cell = ck.listing(tok["cell"], f"{where}.cell", 2)
            for i, x in enumerate(cell):
                if isinstance(x, bool) or not isinstance(x, int):
                    ck.fail(f"{where}.cell[{i}]", f"must be a whole number, not {x!r}")
            if ck.count(tok["rot"], f"{where}.rot") > 3:
                ck.fail(f"{where}.rot", "a tile turns 0 to 3 quarter turns")
            ck.count(tok["level"], f"{where}.level")


def _decks(ck: Check, decks: Any) -> None:
    ck.keys(decks, "decks", set(ck.g.decks))
    for name, deck in decks.items():
        where = f"decks.{name}"
        ck.keys(deck, where, {"cards", "up"})
        cards = ck.listing(deck["cards"], f"{where}.cards")
        mine = sorted(json.dumps(c, sort_keys=True) for c in ck.g.decks[name].cards)
        if sorted(json.dumps(c, sort_keys=True) for c in cards) != mine:
            ck.fail(f"{where}.cards", f"not the cards of {name}")
        up = ck.listing(deck["up"], f"{where}.up", len(cards))
        if not all(isinstance(u, bool) for u in up):
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


def _bank(ck: Check, bank: Any, tokens: dict) -> None:
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


def _links(ck: Check, links: Any, tokens: dict) -> None:
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
