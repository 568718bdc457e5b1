"""Card piles, rows of spaces and usage counts: what deck-building and market games need.

- A player's piles are tokens at a location owned by that player (draw pile, hand, play
  area, discard pile). `draw_refill` draws from the draw pile and, each time it is empty,
  first turns the discard pile face down into a new draw pile (drawing at random from an
  unordered pile is the same as shuffling it).
- A row is a list of places (areas or locations) holding at most one token each, such as
  a market row. `slide_row` closes its gaps towards the front; `empty_places` names the
  places of a list that hold no piece or token of a kind (free spaces, empty offices).
- Usage limits are kept as lists of what was used: `count_of` says how often a thing was
  used, `set_at` and `index_of` work on numbers kept per position (e.g. per space).
"""

from __future__ import annotations

from typing import Any

from ..errors import ScriptRuntimeError
from .runtime import Runtime


def draw_refill(c: Runtime, kind: str, owner: int, source: str, dest: str, amount: int,
                refill: str) -> int:
    """Move up to `amount` random tokens of `owner` from `source` to `dest`; whenever
    `source` is empty, first move all of the owner's tokens at `refill` there, face down.
    Returns how many were drawn (fewer only when both places ran out)."""
    if "chance" in c.s and amount > 0 and len({source, dest, refill}) == 3:
        _need_refill_draws(c, kind, owner, source, refill, amount)
    drawn = 0
    while drawn < amount:
        if not c.tokens(kind, owner=owner, at=source):
            back = c.tokens(kind, owner=owner, at=refill)
            if not back:
                break
            for tid in back:
                c.hide(tid)
                c.move_token(tid, source)
            c.emit({"e": "refill", "player": owner, "piece": kind, "from": refill,
                    "to": source, "n": len(back)})
        drawn += c.draw(kind, source, dest, 1, owner=owner)
    return drawn


def _need_refill_draws(c: Runtime, kind: str, owner: int, source: str, refill: str,
                       amount: int) -> None:
    """With explicit chance, ask for the outcomes of all of a draw_refill's draws at once
    (one chance operation, not one per token): the draw pile shrinks by one each time, and
    the refill (untouched by the draws, the three places being distinct) holds as many as
    now."""
    here = len(c.tokens(kind, owner=owner, at=source))
    back = len(c.tokens(kind, owner=owner, at=refill))
    first = min(amount, here)
    bounds = list(range(here, here - first, -1))
    if amount > first:
        bounds += list(range(back, back - min(amount - first, back), -1))
    c.need_chance(bounds, f"draw {kind} at {source}")


def slide_row(c: Runtime, kind: str, places: list) -> int:
    """Close the gaps of a row: tokens of `kind` move towards the first place, keeping their
    order. Returns how many tokens moved."""
    held = []
    for place in places:
        here = c.tokens(kind, at=place)
        if len(here) > 1:
            raise ScriptRuntimeError(f"{place!r} holds {len(here)} {kind} tokens; a row holds "
                                     "one per place")
        held.extend(here)
    moved = 0
    for place, tid in zip(places, held):
        if c.at[c.tno(tid)] != place:
            c.move_token(tid, place)
            moved += 1
    return moved


def empty_places(c: Runtime, kind: str, places: list) -> list:
    """The places of the list (in order) that hold no piece or token of `kind`."""
    count_at = c.count_at
    row = c.counts.get(kind)
    if type(places) is not list or (row is None and kind not in c.lay.kind_no):
        return [p for p in places if count_at(kind, p) == 0]
    if row is None:                  # tokens: the index of each place, in short
        here = c.where[c.lay.kind_no[kind]]
        return [p for p in places if (count_at(kind, p) == 0 if type(p) is not str else
                                      not here.get(p))]
    slot, n = c.slot, c.n            # counted pieces: each place's row of n, in short
    return [p for p in places if (count_at(kind, p) == 0 if type(p) is not str else
                                  (j := slot.get(p)) is None or sum(row[j:j + n]) == 0)]


def count_of(c: Runtime, values: list, item: Any) -> int:
    """How many times `item` occurs in the list."""
    return sum(1 for v in values if v == item)


def set_at(c: Runtime, values: list, index: int, item: Any) -> list:
    """A copy of the list with the item at `index` (from 0) replaced."""
    if not 0 <= index < len(values):
        raise ScriptRuntimeError(f"a list of {len(values)} items has no item {index}")
    out = list(values)
    out[index] = item
    return out


def index_of(c: Runtime, values: list, item: Any) -> int | None:
    """The position (from 0) of the first `item` in the list, or none."""
    for i, v in enumerate(values):
        if v == item:
            return i
    return None
