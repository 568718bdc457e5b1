"""The `set:` step: change the current position, keeping every piece accounted for.

    set:
      place:  [{piece: house, player: red, at: north, n: 4}]     # from: supply (default)
      counts: [{count: house, player: red, at: north, is: 4}]   # exactly 4 (set_counts.py)
      tokens: [{select: {kind: agent, home: south}, to: north, controller: blue}]
      vars:   {year: 3}                  # game variables; player_vars: {red: {name: value}}
      deck:   {brown: [north, south]}   # these first, the rest in their order
      deck:   {brown: {cards: [...], up: true}}   # up: true, false or one flag per card
      tracks, resources, markers, connections, grids, piles: see concepts.py

Counted pieces move from one place to another (never created or destroyed); tokens move
and change controller through the runtime (a controller uses one of their control pieces,
and the previous one gets theirs back); every change is an event in the log. The keys of
`set` apply in the order written. Decisions already pending keep the options they offered.
A `set` made while a secret step is open is made to the step's start too, so that every
seat's view of the step (built from its start) shows it, unless it changes what an answer
in the step did (then the views show the step's start as it was).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..errors import RegolaError
from .concepts import CONCEPT_KEYS, parse_concept
from .document import Failure, Path_, Run, Scope, _near, _shown, named_value
from .set_counts import parse_counts

SET_KEYS = ("place", "counts", "tokens", "vars", "player_vars", "deck", *CONCEPT_KEYS)


def parse_set(scope: Scope, node: Any, path: Path_) -> Callable:
    """A `set:` step as a list of changes applied in order."""
    body = scope.mapping(node, path, "set", optional=SET_KEYS)
    changes: list[Callable] = []
    for key, value in body.items():
        here = (*path, key)
        if key == "place":
            for i, item in enumerate(scope.listing(value, here, "place")):
                changes.append(_place(scope, item, (*here, i)))
        elif key == "counts":
            changes.extend(parse_counts(scope, value, here))
        elif key == "tokens":
            for i, item in enumerate(scope.listing(value, here, "tokens")):
                changes.append(_tokens(scope, item, (*here, i)))
        elif key == "vars":
            changes.append(_vars(scope, value, here, None))
        elif key in CONCEPT_KEYS:
            changes.extend(parse_concept(scope, key, value, here))
        elif key == "player_vars":
            pv = scope.mapping(value, here, "player_vars", extra=True)
            for seat, values in pv.items():
                player = scope.seat(seat, (*here, seat))
                changes.append(_vars(scope, values, (*here, seat), player))
        else:
            decks = scope.mapping(value, here, "deck", extra=True)
            for name, order in decks.items():
                changes.append(_deck(scope, name, order, (*here, name)))

    def run_set(run) -> None:
        for change in changes:
            change(run)

        def at_start(state) -> bool:
            start = Run(run.scope, state, run.seed)
            try:
                for change in changes:
                    change(start)
            except (Failure, RegolaError):
                return False             # it changes an answer given in the step
            return True
        run.state.rebase_secret_step(at_start)   # the views of an open secret step too
    return run_set


def _place(scope: Scope, node: Any, path: Path_) -> Callable:
    body = scope.mapping(node, path, "a placement", required=("piece", "player", "at"),
                         optional=("n", "from", "as"))
    if "as" in body:
        named_value(body, path, scope)
    kind = body["piece"]
    if scope.piece_kind(kind, (*path, "piece")) != "piece":
        raise scope.fail((*path, "piece"), f"{kind} are tokens: move them with 'tokens'")
    player = scope.seat(body["player"], (*path, "player"))
    dest = scope.place(body["at"], (*path, "at"))
    source = scope.place(body.get("from", "supply"), (*path, "from"))
    n = scope.integer(body.get("n", 1), (*path, "n"), "n", 1)
    line = scope.line(path)

    def change(run) -> None:
        c = run.runtime()
        have = c.count(kind, owner=player, at=source)
        if have < n:
            raise Failure(line, f"cannot place {n} {kind} of {scope.seat_name(player)} "
                                f"from {source}: only {have} there")
        c.move(kind, player, source, dest, n)
    return change


def _tokens(scope: Scope, node: Any, path: Path_) -> Callable:
    body = scope.mapping(node, path, "a token change", required=("select",),
                         optional=("to", "controller", "shown", "n", "owner"))
    sel = scope.mapping(body["select"], (*path, "select"), "a token selection",
                        required=("kind",), extra=True)
    kind = sel["kind"]
    if scope.piece_kind(kind, (*path, "select", "kind")) != "token":
        raise scope.fail((*path, "select", "kind"), f"{kind} pieces are counted: use 'place'")
    select = scope.token_filters(kind, {k: v for k, v in sel.items() if k != "kind"},
                                 (*path, "select"))
    n = scope.integer(body["n"], (*path, "n"), "n", 1) if "n" in body else None
    dest = scope.place(body["to"], (*path, "to")) if "to" in body else None
    has_controller = "controller" in body
    controller = scope.seat_or_none(body.get("controller"), (*path, "controller"))
    has_owner = "owner" in body
    owner = scope.seat_or_none(body.get("owner"), (*path, "owner"))
    shown = body.get("shown")
    if shown is not None and type(shown) is not bool:
        raise scope.fail((*path, "shown"), "shown must be true or false")
    if dest is None and not has_controller and shown is None and not has_owner:
        raise scope.fail(path, "a token change needs 'to', 'owner', 'controller' or 'shown'")
    line = scope.line(path)

    def change(run) -> None:
        c = run.runtime()
        found = c.tokens(kind, **select)
        if not found or (n is not None and len(found) < n):
            raise Failure(line, f"{n or 1} {kind} token(s) matching {_shown(sel)} wanted, "
                                f"{len(found)} found")
        try:
            for tid in found[:n] if n is not None else found:
                if has_controller:
                    if controller is None:
                        c.release(tid)
                    else:
                        c.control(tid, controller)
                if has_owner:
                    c.give(tid, owner)
                if dest is not None:
                    c.move_token(tid, dest)
                if shown is True:
                    c.reveal(tid)
                elif shown is False:
                    c.hide(tid)
        except RegolaError as err:
            raise Failure(line, str(err)) from None
    return change


def _vars(scope: Scope, node: Any, path: Path_, player: int | None) -> Callable:
    values = scope.mapping(node, path, "vars", extra=True)
    known = scope.game.game_vars if player is None else scope.game.player_vars
    for name in values:
        if name not in known:
            raise scope.fail((*path, name), f"unknown variable {name!r} "
                                            f"(variables: {', '.join(known) or 'none'})")

    def change(run) -> None:
        data = run.state.data
        target = data["vars"] if player is None else data["pvars"][player]
        for name, value in values.items():
            target[name] = value
            event = {"e": "scenario_set", "var": name, "value": value}
            if player is not None:
                event["player"] = player
            run.runtime().emit(event)
    return change


def _deck(scope: Scope, name: Any, order: Any, path: Path_) -> Callable:
    if name not in scope.game.decks:
        raise scope.fail(path, f"unknown deck {name!r} (decks: {', '.join(scope.game.decks)})")
    up, items = None, path
    if isinstance(order, dict):
        items = (*path, "cards")
        body = scope.mapping(order, path, "a deck order", required=("cards",), optional=("up",))
        order, up = body["cards"], body.get("up")
        if up is not None and type(up) is not bool and not (
                isinstance(up, list) and all(type(u) is bool for u in up)):
            raise scope.fail((*path, "up"), "up must be true, false or a list of them")
    order = scope.listing(order, path, "a deck order")
    cards = scope.game.decks[name].cards
    for i, card in enumerate(order):
        if card not in cards:
            raise scope.fail((*items, i), f"deck {name} has no card {_shown(card)}"
                                          f"{_near(card, cards)} "
                             f"(cards: {', '.join(map(str, dict.fromkeys(cards)))})")
    line = scope.line(path)

    def change(run) -> None:
        deck = run.state.data["decks"][name]
        rest = Counter(map(repr, deck["cards"]))
        for card in order:
            if rest[repr(card)] <= 0:
                raise Failure(line, f"deck {name} has no (other) card {_shown(card)}; "
                                    f"its cards: {_shown(deck['cards'])}")
            rest[repr(card)] -= 1
        cards = list(order)
        for card in deck["cards"]:
            if rest[repr(card)] > 0:
                rest[repr(card)] -= 1
                cards.append(card)
        flags = deck["up"] if up is None else [up] * len(cards) if type(up) is bool else up
        if len(flags) != len(cards):
            raise Failure(line, f"deck {name} has {len(cards)} cards, {len(flags)} flags given")
        deck["cards"], deck["up"] = cards, list(flags)
        run.runtime().emit({"e": "scenario_set", "deck": name, "cards": list(cards),
                            "up": list(flags)})
    return change
