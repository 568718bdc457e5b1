"""Determinization: a full state consistent with what one seat sees, the rest drawn anew.

Search in a game with hidden information (information-set MCTS, as in TAG and OpenSpiel)
plays on states the searching seat cannot tell from the real one. `sample` makes one:

- face-down tokens with secrets that the seat does not own swap identities at random
  among tokens that look alike to it (same kind, same first owner, same public
  properties): each stays where it is, face down, but may now be another token;
  every mention of a swapped token elsewhere in the state (variables, the threads'
  locals and pending options) follows it;
- the face-down cards of each deck are dealt again in a random order;
- the state's random stream gets a new seed, so future chance (draws, shuffles) is
  unknown; with explicit chance (no seed), the outcomes chance gave for a step not yet
  taken are dropped, so that step draws anew.

Everything `observe(seat)` shows is unchanged. Kept as they are (the engine cannot guess
a plausible alternative in general): other seats' owner-only variables, their secret
answers already given in a simultaneous step, and the options of a decision another seat
was already asked. Those options follow renamed tokens, but options computed from a
redrawn secret (a number printed on a card, say) may no longer fit the sample: playing
one may fail (ScriptRuntimeError, the sample unchanged), and search tries another.
"""

from __future__ import annotations

import json
import random
from typing import Any

from .layout import GRID_FIELDS, Layout, layout_of
from .model import GameDef
from .private_reveal import KNOWN
from .state import clone_state

SEED_BITS = 63
COLUMNS = ("at", "owner", "controller", "shown")
PLAIN_KEYS = ("counts", "tokens", "decks", "seed", "rng", "steps", "n", "format", "game",
              "variant", "result", "max_decisions")
"""State keys that hold no token id to rename (the rest is searched for ids)."""


def sample(game: GameDef, state: dict, seat: int, rng: random.Random) -> dict:
    """A new state (plain data) that `seat` cannot tell from `state`, its hidden parts drawn
    with `rng`. The result depends only on what `seat` sees and on `rng`."""
    return Sampler(game, state, seat).draw(rng)


class Sampler:
    """Draws samples of one state for one seat: what does not depend on the draw (which
    tokens look alike, where each group stands, which parts of the state mention them) is
    worked out once, so a search that samples the same position many times pays it once."""

    def __init__(self, game: GameDef, state: dict, seat: int):
        self.base = clone_state(state)
        data = self.base
        lay = layout_of(game, data["n"])
        self.tids = lay.tids
        order: dict[str, int] = {}
        for key in data:
            if key not in PLAIN_KEYS:
                mentions(data[key], lay.index, order)
        self.groups = deal_plan(lay, data, seat, order)
        hidden = {lay.tids[i] for numbers, _ in self.groups for i in numbers}
        self.renamed_keys = [key for key in data if key not in PLAIN_KEYS
                             and _mentions_any(data[key], hidden)]
        self.decks = []
        for name in sorted(data["decks"]):
            deck = data["decks"][name]
            down = [i for i, up in enumerate(deck["up"]) if not up]
            if len(down) >= 2:
                cards = sorted((deck["cards"][i] for i in down), key=lambda c: json.dumps(c))
                self.decks.append((name, down, cards))

    def draw(self, rng: random.Random) -> dict:
        """One sample (plain data, shares nothing with the others), drawn with `rng`."""
        data = clone_state(self.base)
        columns = data["tokens"]
        tids = self.tids
        renames: dict[str, str] = {}
        for numbers, spots in self.groups:
            dealt = list(numbers)
            rng.shuffle(dealt)
            for (old, spot), new in zip(spots, dealt):
                for column, value in spot:
                    columns[column][new] = list(value) if type(value) is list else value
                if old != new:
                    renames[tids[old]] = tids[new]
        if renames:
            for key in self.renamed_keys:
                data[key] = rename(data[key], renames)
        for name, down, cards in self.decks:
            cards = list(cards)
            rng.shuffle(cards)
            deck = data["decks"][name]
            for i, card in zip(down, cards):
                deck["cards"][i] = card
        chance = data.get("chance")
        if chance is None:
            data["seed"] = rng.getrandbits(SEED_BITS)
        else:
            chance["given"] = []
        return data


def hidden_groups(lay: Layout, data: dict, seat: int) -> dict[tuple, list[int]]:
    """The numbers of the tokens `seat` cannot identify, by what they look like to it."""
    columns = data["tokens"]
    shown, owner = columns["shown"], columns["owner"]
    known = {tid for tid, seats in data.get(KNOWN, {}).items() if seat in seats}
    groups: dict[tuple, list[int]] = {}
    for i, secret in enumerate(lay.secret):
        if not secret or shown[i] or owner[i] == seat or lay.tids[i] in known:
            continue
        public = tuple(sorted((k, json.dumps(v, sort_keys=True))
                              for k, v in lay.props[i].items() if k not in secret))
        groups.setdefault((lay.kind_of_no[i], lay.start_owner[i], public), []).append(i)
    return groups


def deal_plan(lay: Layout, data: dict, seat: int,
              order: dict[str, int]) -> list[tuple[list[int], list[tuple[int, list]]]]:
    """The groups of hidden tokens to deal again, in a fixed order: for each, its token
    numbers (sorted; the draw shuffles them) and its spots, each (the token there now,
    [(column, value)...]). Tokens in the same place are taken in the order the rest of the
    state first mentions them (`order`, id -> rank), so that the result does not depend on
    which hidden token is which."""
    last = len(order)
    columns = data["tokens"]
    fields = [name for name in (*COLUMNS, *GRID_FIELDS) if name in columns]
    plan = []
    for _, numbers in sorted(hidden_groups(lay, data, seat).items(), key=lambda kv: str(kv[0])):
        if len(numbers) < 2:
            continue
        places = sorted((json.dumps([columns[f][i] for f in fields]),
                         order.get(lay.tids[i], last), i) for i in numbers)
        spots = [(i, [(f, columns[f][i]) for f in fields]) for *_, i in places]
        plan.append((sorted(numbers), spots))
    return plan


def _mentions_any(value: Any, ids: set[str]) -> bool:
    """Whether plain data mentions any of `ids` (as a string or a dict key)."""
    found: dict[str, int] = {}
    mentions(value, dict.fromkeys(ids, 0), found)
    return bool(found)


def mentions(value: Any, ids: dict[str, int], order: dict[str, int]) -> None:
    """Record in `order` (id -> rank) each token id of plain data at its first mention."""
    t = type(value)
    if t is str:
        if value in ids and value not in order:
            order[value] = len(order)
    elif t is list or t is tuple:
        for v in value:
            mentions(v, ids, order)
    elif t is dict:
        for k, v in value.items():
            mentions(k, ids, order)
            mentions(v, ids, order)


def rename(value: Any, renames: dict[str, str]) -> Any:
    """Plain data with every string (and dict key) in `renames` replaced."""
    t = type(value)
    if t is str:
        return renames.get(value, value)
    if t is list:
        return [rename(v, renames) for v in value]
    if t is dict:
        return {rename(k, renames) if type(k) is str else k: rename(v, renames)
                for k, v in value.items()}
    if t is tuple:
        return tuple(rename(v, renames) for v in value)
    return value
