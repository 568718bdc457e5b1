"""Facts a scenario expects of the current position (`expect:`, and `auto: until:`).

Each fact is a mapping whose first known key says what it checks:

    {count: house, player: red, at: north, is: 6}      # also at_least / at_most
    {token: {kind: agent, home: south}, at: north, controller: red}
    {to_move: [red, blue]}
    {legal: {player: red, is: [take, abstain]}}             # or includes / excludes
    {ask: take_or_leave, player: red}                      # null: no decision pending
    {winners: [red]}   {over: true}   {reason: end_condition}
    {conditions: {red: [every_district]}}
    {log: {e: note, msg: tower_built, cost: 5}, times: 1}  # {no_log: {...}}: never
                                 # recent: true = only since the last set/act/auto began
    {var: year, is: 2}                                      # with player: a player variable
    {deck: blue, up: [true, false], cards: [...], face_up: 1}
    {error: {act: "red: south", message_contains: legal}}
    {if: {act: "red: take"}, legal: {player: red, is: [north, south]}}   # what if (below)
    {if: {act: [...]}, expect: [FACT, ...]}
    {observe: {player: blue, shows: [...], hides: [...]}}   # what a seat sees: view_facts.py
    track, funds, bank, markers, connection, grid, pile: see concept_facts.py

A check returns None when the fact holds, else a message saying what was found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalAction, RegolaError
from .acting import parse_action, parse_actions, resolve, take
from .concept_facts import CONCEPT_FACTS
from .document import Failure, Path_, Run, Scope, _shown, action_id, named_value, unmet
from .flow_names import flow_names
from .position_facts import (
    count_fact,
    deck_fact,
    id_list,
    log_fact,
    result_fact,
    seat_names,
    token_fact,
    var_fact,
)
from .view_facts import observe_fact

Check = Callable[[Any], "str | None"]


def _to_move(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a to_move fact", required=("to_move",))
    want = sorted(scope.seats(f["to_move"], (*path, "to_move")))

    def check(run) -> str | None:
        have = sorted(run.state.to_move)
        if have != want:
            return f"expected to move: {seat_names(scope, want)}, found {seat_names(scope, have)}"
        return None
    return check


def _legal(scope: Scope, f: dict, path: Path_) -> Check:
    if isinstance(f["legal"], dict):
        body, bpath = f["legal"], (*path, "legal")
        scope.mapping(f, path, "a legal fact", required=("legal",))
    else:
        body, bpath = {"player": f["legal"], **{k: v for k, v in f.items() if k != "legal"}}, path
    body = scope.mapping(body, bpath, "a legal fact", required=("player",),
                         optional=("is", "includes", "excludes"))
    player = scope.seat(body["player"], (*bpath, "player"))
    tests = {k: [action_id(v) for v in scope.listing(body[k], (*bpath, k), k)]
             for k in ("is", "includes", "excludes") if k in body}
    if not tests:
        raise scope.fail(bpath, "a legal fact needs 'is', 'includes' or 'excludes'")
    name = scope.seat_name(player)
    numbers = {seat: str(i) for i, seat in enumerate(scope.seat_names())}

    def check(run) -> str | None:
        have = [a["id"] for a in run.state.legal_actions(player)]
        tests_here = tests
        if any(type(a["value"]) is int for a in run.state.legal_actions(player)):
            # a seat's name stands for its number when the options are numbers (players)
            tests_here = {k: [numbers.get(i, i) for i in ids] for k, ids in tests.items()}
        if "is" in tests_here and sorted(have) != sorted(tests_here["is"]):
            return (f"legal for {name}: expected {id_list(tests['is'])}, found "
                    f"{id_list(have)}" + ("" if have else _not_asked(run, player)))
        missing = [i for i in tests_here.get("includes", []) if i not in have]
        if missing:
            return (f"legal for {name}: {id_list(missing)} not legal; legal: {id_list(have)}"
                    + ("" if have else _not_asked(run, player)))
        present = [i for i in tests_here.get("excludes", []) if i in have]
        if present:
            return (f"legal for {name}: {id_list(present)} should not be legal; "
                    f"legal: {id_list(have)}")
        return None
    return check


def _not_asked(run, player: int) -> str:
    """Why a player has nothing legal: not asked now, and a choice of one option is not
    asked at all unless the game file says so."""
    scope = run.scope
    moving = ", ".join(scope.seat_name(p) for p in run.state.to_move) or "nobody, the game is over"
    why = (f" ({scope.seat_name(player)} is not asked anything now; to move: {moving}")
    if not scope.game.ask_single_option:
        why += ("; a choice with only one option is taken without asking (the game file's "
                "ask_single_option: true asks it)")
    return why + ")"


def _ask(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "an ask fact", required=("ask",), optional=("player",))
    want = f["ask"]
    if want is not None and not isinstance(want, str):
        raise scope.fail((*path, "ask"), f"ask names a prompt (or null), got {_shown(want)}")
    asks = flow_names(scope.game).asks
    if want is not None and want not in asks:
        raise scope.fail((*path, "ask"), f"unknown ask {want!r} (asks: {', '.join(sorted(asks))})")
    player = scope.seat(f["player"], (*path, "player")) if "player" in f else None

    def check(run) -> str | None:
        if player is not None:
            decision = run.state.decision(player)
            have = decision["ask"] if decision else None
            if have != want:
                return (f"{scope.seat_name(player)} is asked {_shown(have)}, "
                        f"expected {_shown(want)}")
            return None
        asks = [run.state.decision(p)["ask"] for p in run.state.to_move]
        if (want is None and asks) or (want is not None and want not in asks):
            return f"expected a pending {_shown(want)}, found {_shown(asks) if asks else 'none'}"
        return None
    return check

def _error(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "an error fact", required=("error",))
    body = scope.mapping(f["error"], (*path, "error"), "an error fact", required=("act",),
                         optional=("message_contains",))
    action = parse_action(scope, body["act"], (*path, "error", "act"))
    if len(action.values) != 1 or action.finish is not None:
        raise scope.fail((*path, "error", "act"), "an error fact takes a single action")
    needle = body.get("message_contains")

    def check(run) -> str | None:
        before = run.state.to_json()
        value = resolve(run.state, action.player, action.values[0], scope.seat_names())
        try:
            run.state.apply(action.player, value)
        except IllegalAction as err:
            after = run.state.to_json()
            if after != before:
                return f"{action.text!r} was refused but the state changed"
            if needle is not None and str(needle).lower() not in str(err).lower():
                return f"{action.text!r} was refused with {str(err)!r}, without {needle!r}"
            return None
        except RegolaError as err:
            return f"{action.text!r} broke the rules' scripts: {err}"
        raise Failure(scope.line(path), f"{action.text!r} was accepted; expected it refused")
    return check


def _what_if(scope: Scope, f: dict, path: Path_) -> Check:
    """`if: {act: ...}` then a fact (the other keys) or `expect: [facts]`: the facts hold
    after the actions, taken on a copy of the state; the state itself does not change."""
    cond = scope.mapping(f["if"], (*path, "if"), "an if", required=("act",))
    items = scope.listing(cond["act"], (*path, "if", "act"), "act")
    actions = [a for i, item in enumerate(items)
               for a in parse_actions(scope, item, (*path, "if", "act", i))]
    rest = {k: v for k, v in f.items() if k != "if"}
    if "expect" in rest:
        scope.mapping(f, path, "an if fact", required=("if", "expect"))
        facts = [(scope.line(p), parse_fact(scope, n, p)) for n, p in _items(rest["expect"],
                                                                            (*path, "expect"))]
    elif rest:
        facts = [(scope.line(path), parse_fact(scope, rest, path))]
    else:
        raise scope.fail(path, "an if fact needs a fact beside 'if' (e.g. legal: ...) or "
                               "'expect: [facts]'")
    words = "; ".join(a.text for a in actions)

    def check(run) -> str | None:
        copy = Run(run.scope, run.state.clone(), run.seed)
        copy.mark = len(copy.state.log)
        try:
            for action in actions:
                take(copy, action)
            found = [(line, fact(copy)) for line, fact in facts]
        except Failure as failure:
            raise Failure(failure.line, f"if {words}: {failure.message}") from None
        return unmet([(at, f"if {words}: {m}") for line, message in found if message
                      for at, m in getattr(message, "problems", None) or [(line, message)]])
    return check


def _items(node: Any, path: Path_) -> list[tuple[Any, Path_]]:
    if isinstance(node, list):
        return [(n, (*path, i)) for i, n in enumerate(node)]
    return [(node, path)]


PARSERS: dict[str, Callable[[Scope, dict, Path_], Check]] = {
    "count": count_fact, "token": token_fact, "to_move": _to_move, "legal": _legal, "ask": _ask,
    "winners": result_fact, "over": result_fact, "reason": result_fact, "conditions": result_fact,
    "log": log_fact, "no_log": log_fact, "var": var_fact, "deck": deck_fact, "error": _error,
    "if": _what_if, "observe": observe_fact, **CONCEPT_FACTS,
}


def parse_fact(scope: Scope, node: Any, path: Path_, allow_error: bool = True) -> Check:
    """One fact, as a check located at its line."""
    if not isinstance(node, dict):
        raise scope.fail(path, f"a fact must be a mapping such as {{count: ..., is: ...}}, "
                               f"got {_shown(node)}")
    if "as" in node:
        named_value(node, path, scope)
        node = {k: v for k, v in node.items() if k != "as"}
    key = "if" if "if" in node else next((k for k in node if k in PARSERS), None)
    if key is None:
        raise scope.fail(path, f"a fact needs one of: {', '.join(PARSERS)}")
    if key == "error" and not allow_error:
        raise scope.fail(path, "an error fact takes an action; it cannot be an 'until'")
    return PARSERS[key](scope, node, path)


def parse_facts(scope: Scope, node: Any, path: Path_, allow_error: bool = False) -> list[Check]:
    """A fact or a list of facts."""
    if isinstance(node, list):
        return [parse_fact(scope, n, (*path, i), allow_error) for i, n in enumerate(node)]
    return [parse_fact(scope, node, path, allow_error)]


def parse_expect(scope: Scope, node: Any, path: Path_) -> Callable:
    """`expect:` facts that must all hold; every one that does not is reported."""
    items = node if isinstance(node, list) else [node]
    paths = [(*path, i) for i in range(len(items))] if isinstance(node, list) else [path]
    checks = [(scope.line(p), parse_fact(scope, n, p)) for n, p in zip(items, paths)]

    def run_expect(run) -> None:
        problems = []
        for line, check in checks:
            try:
                message = check(run)
            except Failure as err:
                problems.extend(err.problems)
                break
            if message:
                problems.extend(getattr(message, "problems", None) or [(line, message)])
        if problems:
            raise Failure(problems[0][0], problems[0][1], problems)
    return run_expect
