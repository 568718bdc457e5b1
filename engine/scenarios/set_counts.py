"""The `counts:` key of `set:`: exactly so many pieces or tokens at a place.

    set:
      counts:
        - {count: cube, player: red, at: north, is: 4}          # written like a count fact
        - {count: chip, player: red, value: 3, at: south, is: 1}    # tokens: any filters
        - {count: cube, player: red, at: south, is: 0, from: east}
        - {count: tower, at: [north, south], is: 0}              # is 0: any players, places

The difference is taken from (or returned to) `from`, by default the place where the kind
starts (its supply): nothing is created or destroyed, and a supply that holds too few is a
failure at the item's line. Control pieces (those a controller puts on a token) are not
counted this way: set the token's controller instead.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import RegolaError
from .document import Failure, Path_, Scope, _shown

COUNT_KEYS = ("count", "is", "at", "from")


def parse_counts(scope: Scope, node: Any, path: Path_) -> list[Callable]:
    """The changes of a `counts:` list, in the order written."""
    return [_count(scope, item, (*path, i))
            for i, item in enumerate(scope.listing(node, path, "counts"))]


def _count(scope: Scope, node: Any, path: Path_) -> Callable:
    body = scope.mapping(node, path, "a count", required=("count", "is", "at"), extra=True)
    kind = body["count"]
    what = scope.piece_kind(kind, (*path, "count"))
    want = scope.integer(body["is"], (*path, "is"), "is")
    places = scope.places(body["at"], (*path, "at"))
    if isinstance(places, list) and want:
        raise scope.fail((*path, "at"), "several places take 'is: 0' only (clear them); "
                                        "give each place its own count")
    places = places if isinstance(places, list) else [places]
    filters = {k: v for k, v in body.items() if k not in COUNT_KEYS}
    if what == "piece":
        start = scope.game.pieces[kind].start
        if kind in {t.control_piece for t in scope.game.tokens.values()}:
            raise scope.fail((*path, "count"), f"{kind} pieces mark who controls a token: set "
                                               "the token's controller instead (tokens: ...)")
        scope.mapping(filters, path, f"a count of {kind}", optional=("player",))
        if "player" not in filters and want:
            raise scope.fail(path, f"a count of {kind} above 0 needs 'player'")
        players = [scope.seat(filters["player"], (*path, "player"))] if "player" in filters \
            else list(range(scope.players))
    else:
        start = scope.game.tokens[kind].start
        select = scope.token_filters(kind, filters, path)
    source = scope.place(body.get("from", start), (*path, "from"))
    if source in places:
        raise scope.fail((*path, "at"), f"{kind} at {source} are counted against {source} "
                                        "itself: name another place in 'from'")
    line = scope.line(path)
    if what == "piece":
        return _all([_pieces(scope, kind, p, at, source, want, line)
                     for p in players for at in places])
    return _all([_tokens(kind, select, at, source, want, line, body) for at in places])


def _all(changes: list[Callable]) -> Callable:
    def change(run) -> None:
        for one in changes:
            one(run)
    return change


def _pieces(scope: Scope, kind: str, player: int, at: str, source: str, want: int,
            line: int) -> Callable:
    def change(run) -> None:
        c = run.runtime()
        have = c.count(kind, owner=player, at=at)
        if want > have:
            spare = c.count(kind, owner=player, at=source)
            if spare < want - have:
                raise Failure(line, f"{want} {kind} of {scope.seat_name(player)} at {at} need "
                                    f"{want - have} more from {source}, which holds {spare}")
            c.move(kind, player, source, at, want - have)
        elif have > want:
            c.move(kind, player, at, source, have - want)
    return change


def _tokens(kind: str, select: dict, at: str, source: str, want: int, line: int,
            written: dict) -> Callable:
    def change(run) -> None:
        c = run.runtime()
        here = c.tokens(kind, **{**select, "at": at})
        try:
            if want > len(here):
                spare = c.tokens(kind, **{**select, "at": source})
                if len(spare) < want - len(here):
                    raise Failure(line, f"{want} {kind} token(s) matching {_shown(written)} "
                                        f"need {want - len(here)} more from {source}, which "
                                        f"holds {len(spare)}")
                for tid in spare[:want - len(here)]:
                    c.move_token(tid, at)
            for tid in here[want:]:
                c.move_token(tid, source)
        except RegolaError as err:
            raise Failure(line, str(err)) from None
    return change
