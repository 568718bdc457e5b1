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
  unknown.

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
from .state import clone_state

SEED_BITS = 63
COLUMNS = ("at", "owner", "controller", "shown")
PLAIN_KEYS = ("counts", "tokens", "decks", "seed", "rng", "steps", "n", "format", "game",
              "variant", "result", "max_decisions")
"""State keys that hold no token id to rename (the rest is searched for ids)."""


def sample(game: GameDef, state: dict, seat: int, rng: random.Random) -> dict:
    """A new state (plain data) that `seat` cannot tell from `state`, its hidden parts drawn
    with `rng`. The result depends only on what `seat` sees and on `rng`."""
    data = clone_state(state)
    lay = layout_of(game, data["n"])
    order: dict[str, int] = {}
    for key in data:
        if key not in PLAIN_KEYS:
            mentions(data[key], lay.index, order)
    renames = redeal_tokens(lay, data, seat, rng, order)
    if renames:
        for key in data:
            if key not in PLAIN_KEYS:
                data[key] = rename(data[key], renames)
    redeal_decks(data, rng)
    data["seed"] = rng.getrandbits(SEED_BITS)
    return data


def hidden_groups(lay: Layout, data: dict, seat: int) -> dict[tuple, list[int]]:
    """The numbers of the tokens `seat` cannot identify, by what they look like to it."""
    columns = data["tokens"]
    shown, owner = columns["shown"], columns["owner"]
    groups: dict[tuple, list[int]] = {}
    for i, secret in enumerate(lay.secret):
        if not secret or shown[i] or owner[i] == seat:
            continue
        public = tuple(sorted((k, json.dumps(v, sort_keys=True))
                              for k, v in lay.props[i].items() if k not in secret))
        groups.setdefault((lay.kind_of_no[i], lay.start_owner[i], public), []).append(i)
    return groups


def redeal_tokens(lay: Layout, data: dict, seat: int, rng: random.Random,
                  order: dict[str, int] | None = None) -> dict[str, str]:
    """Swap the hidden tokens' identities within each group; the renames old id -> new id.
    Tokens in the same place are taken in the order the rest of the state first mentions
    them (`order`, id -> rank), so that the result does not depend on which hidden token
    is which."""
    order = order or {}
    last = len(order)
    columns = data["tokens"]
    fields = [name for name in (*COLUMNS, *GRID_FIELDS) if name in columns]
    renames: dict[str, str] = {}
    for _, numbers in sorted(hidden_groups(lay, data, seat).items(), key=lambda kv: str(kv[0])):
        if len(numbers) < 2:
            continue
        places = sorted((json.dumps([columns[f][i] for f in fields]),
                         order.get(lay.tids[i], last), i) for i in numbers)
        spots = [[columns[f][i] for f in fields] for *_, i in places]
        dealt = sorted(numbers)
        rng.shuffle(dealt)
        for (*_, old), new, spot in zip(places, dealt, spots):
            for f, value in zip(fields, spot):
                columns[f][new] = list(value) if type(value) is list else value
            if old != new:
                renames[lay.tids[old]] = lay.tids[new]
    return renames


def redeal_decks(data: dict, rng: random.Random) -> None:
    """Deal each deck's face-down cards again in a random order."""
    for name in sorted(data["decks"]):
        deck = data["decks"][name]
        down = [i for i, up in enumerate(deck["up"]) if not up]
        if len(down) < 2:
            continue
        cards = sorted((deck["cards"][i] for i in down), key=lambda c: json.dumps(c))
        rng.shuffle(cards)
        for i, card in zip(down, cards):
            deck["cards"][i] = card


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
