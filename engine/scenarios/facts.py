"""Facts a scenario expects of the current position (`expect:`, and `auto: until:`).

Each fact is a mapping whose first known key says what it checks:

    {count: house, player: red, at: san_marco, is: 6}      # also at_least / at_most
    {token: {kind: advisor, home: castello}, at: san_marco, controller: red}
    {to_move: [red, blue]}
    {legal: {player: red, is: [take, abstain]}}             # or includes / excludes
    {ask: advisor_action, player: red}                      # null: no decision pending
    {winners: [red]}   {over: true}   {reason: end_condition}
    {conditions: {red: [every_district]}}
    {log: {e: note, msg: palace_built, cost: 5}, times: 1}  # {no_log: {...}}: never
                                 # recent: true = only since the last set/act/auto began
    {var: year, is: 2}                                      # with player: a player variable
    {deck: blue, up: [true, false], cards: [...], face_up: 1}
    {error: {act: "red: castello", message_contains: legal}}

A check returns None when the fact holds, else a message saying what was found.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..errors import IllegalAction, RegolaError
from .acting import parse_action, resolve
from .document import Failure, Path_, Scope, _shown, action_id

Check = Callable[[Any], "str | None"]


def _count(scope: Scope, f: dict, path: Path_) -> Check:
    kind = f["count"]
    what = scope.piece_kind(kind, (*path, "count"))
    tests = [k for k in ("is", "at_least", "at_most") if k in f]
    if not tests:
        raise scope.fail(path, "a count fact needs 'is', 'at_least' or 'at_most'")
    for key in tests:
        scope.integer(f[key], (*path, key), key)
    filters = {k: v for k, v in f.items() if k not in ("count", *tests)}
    if what == "piece":
        scope.mapping(filters, path, f"a count of {kind}", optional=("player", "at"))
        args = {}
        if "player" in filters:
            args["owner"] = scope.seat(filters["player"], (*path, "player"))
        if "at" in filters:
            args["at"] = scope.places(filters["at"], (*path, "at"))
    else:
        args = scope.token_filters(kind, filters, path)
    words = kind + (" (" + ", ".join(
        f"{'player' if k == 'owner' else k} "
        f"{scope.seat_name(v) if k in ('owner', 'controller') else _plain(v)}"
        for k, v in args.items()) + ")" if args else "")

    def check(run) -> str | None:
        have = run.runtime().count(kind, **args)
        for key in tests:
            want = f[key]
            ok = (have == want if key == "is" else have >= want if key == "at_least"
                  else have <= want)
            if not ok:
                wanted = want if key == "is" else f"{key.replace('_', ' ')} {want}"
                return f"count of {words}: expected {wanted}, found {have}"
        return None
    return check


def _token(scope: Scope, f: dict, path: Path_) -> Check:
    sel = scope.mapping(f["token"], (*path, "token"), "a token selection",
                        required=("kind",), extra=True)
    kind = sel["kind"]
    if scope.piece_kind(kind, (*path, "token", "kind")) != "token":
        raise scope.fail((*path, "token", "kind"), f"{kind} pieces are counted, not tokens: "
                                                   "use a count fact")
    select = scope.token_filters(kind, {k: v for k, v in sel.items() if k != "kind"},
                                 (*path, "token"))
    rest = {k: v for k, v in f.items() if k not in ("token", "n")}
    want = scope.token_filters(kind, rest, path)
    n = scope.integer(f["n"], (*path, "n"), "n") if "n" in f else None

    def check(run) -> str | None:
        found = select_tokens(run, kind, select)
        if n is not None and len(found) != n:
            return f"expected {n} {kind} token(s) matching {_shown(sel)}, found {len(found)}"
        if not found:
            return f"no {kind} token matches {_shown(sel)}"
        for tid in found:
            tok = run.state.data["tokens"][tid]
            for key, value in want.items():
                if tok.get(key) != value:
                    shown = {k: v for k, v in tok.items() if k not in ("kind", "shown")}
                    actual = tok.get(key)
                    if key in ("owner", "controller"):
                        value, actual = scope.seat_name(value), scope.seat_name(actual)
                    return f"{tid} {_shown(shown)}: expected {key} {value}, found {actual}"
        return None
    return check


def select_tokens(run, kind: str, select: dict) -> list[str]:
    """The ids of the tokens of `kind` that match resolved filters."""
    args = dict(select)
    return run.runtime().tokens(kind, **args)


def _to_move(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a to_move fact", required=("to_move",))
    want = sorted(scope.seats(f["to_move"], (*path, "to_move")))

    def check(run) -> str | None:
        have = sorted(run.state.to_move)
        if have != want:
            return f"expected to move: {_names(scope, want)}, found {_names(scope, have)}"
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

    def check(run) -> str | None:
        have = [a["id"] for a in run.state.legal_actions(player)]
        if "is" in tests and sorted(have) != sorted(tests["is"]):
            return f"legal for {name}: expected {_ids(tests['is'])}, found {_ids(have)}"
        missing = [i for i in tests.get("includes", []) if i not in have]
        if missing:
            return f"legal for {name}: {_ids(missing)} not legal; legal: {_ids(have)}"
        present = [i for i in tests.get("excludes", []) if i in have]
        if present:
            return f"legal for {name}: {_ids(present)} should not be legal; legal: {_ids(have)}"
        return None
    return check


def _ask(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "an ask fact", required=("ask",), optional=("player",))
    want = f["ask"]
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


def _result(scope: Scope, f: dict, path: Path_) -> Check:
    key = next(k for k in ("winners", "over", "reason", "conditions") if k in f)
    scope.mapping(f, path, f"a {key} fact", required=(key,))
    value = f[key]
    if key == "winners":
        value = sorted(scope.seats(value, (*path, key)))
    elif key == "over" and type(value) is not bool:
        raise scope.fail((*path, key), "over must be true or false")
    elif key == "conditions":
        body = scope.mapping(value, (*path, key), "conditions", extra=True)
        value = {str(scope.seat(s, (*path, key, s))): sorted(scope.listing(c, (*path, key, s), s))
                 for s, c in body.items()}

    def check(run) -> str | None:
        result = run.state.result
        if key == "over":
            return None if (result is not None) == value else \
                f"expected the game {'over' if value else 'not over'}, it is " \
                f"{'over' if result is not None else 'not over'}"
        if result is None:
            return f"expected {key} {_shown(f[key])}, but the game is not over"
        if key == "winners" and result["winners"] != value:
            found = _names(scope, result["winners"])
            return f"expected winners {_names(scope, value)}, found {found}"
        if key == "reason" and result["reason"] != value:
            return f"expected reason {value!r}, found {result['reason']!r}"
        if key == "conditions":
            have = {p: sorted(c) for p, c in result["conditions"].items()}
            if have != value:
                shown = {scope.seat_name(int(p)): c for p, c in have.items()}
                return f"expected conditions {_shown(f[key])}, found {_shown(shown)}"
        return None
    return check


def _log(scope: Scope, f: dict, path: Path_) -> Check:
    key = "log" if "log" in f else "no_log"
    scope.mapping(f, path, f"a {key} fact", required=(key,),
                  optional=("times", "recent") if key == "log" else ("recent",))
    pattern = scope.mapping(f[key], (*path, key), "an event pattern", extra=True)
    times = scope.integer(f["times"], (*path, "times"), "times") if "times" in f else None
    recent = f.get("recent", False)
    if type(recent) is not bool:
        raise scope.fail((*path, "recent"), "recent must be true or false")

    def check(run) -> str | None:
        events = run.state.log[run.mark:] if recent else run.state.log
        hits = sum(1 for event in events if scope.matches(pattern, event))
        if key == "no_log":
            return f"found {hits} event(s) matching {_shown(pattern)}" if hits else None
        if times is None and hits == 0:
            return f"no event in the log matches {_shown(pattern)}"
        if times is not None and hits != times:
            return f"expected {times} event(s) matching {_shown(pattern)}, found {hits}"
        return None
    return check


def _var(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a var fact", required=("var", "is"), optional=("player",))
    name = f["var"]
    player = scope.seat(f["player"], (*path, "player")) if "player" in f else None
    known = scope.game.player_vars if player is not None else scope.game.game_vars
    if name not in known:
        raise scope.fail((*path, "var"), f"unknown variable {name!r} "
                                         f"(variables: {', '.join(known) or 'none'})")

    def check(run) -> str | None:
        data = run.state.data
        have = data["vars"][name] if player is None else data["pvars"][player][name]
        if not scope.matches(f["is"], have):
            return f"expected {name} = {_shown(f['is'])}, found {_shown(have)}"
        return None
    return check


def _deck(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a deck fact", required=("deck",),
                  optional=("cards", "up", "face_up"))
    name = f["deck"]
    if name not in scope.game.decks:
        raise scope.fail((*path, "deck"), f"unknown deck {name!r} "
                                          f"(decks: {', '.join(scope.game.decks)})")

    def check(run) -> str | None:
        deck = run.state.data["decks"][name]
        if "cards" in f and deck["cards"] != f["cards"]:
            return (f"deck {name}: expected cards {_shown(f['cards'])}, "
                    f"found {_shown(deck['cards'])}")
        if "up" in f:
            up = f["up"]
            want = [up] * len(deck["up"]) if type(up) is bool else up
            if deck["up"] != want:
                return f"deck {name}: expected face up {_shown(want)}, found {_shown(deck['up'])}"
        if "face_up" in f and sum(deck["up"]) != f["face_up"]:
            return f"deck {name}: expected {f['face_up']} card(s) face up, found {sum(deck['up'])}"
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
        value = resolve(run.state, action.player, action.values[0])
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


PARSERS: dict[str, Callable[[Scope, dict, Path_], Check]] = {
    "count": _count, "token": _token, "to_move": _to_move, "legal": _legal, "ask": _ask,
    "winners": _result, "over": _result, "reason": _result, "conditions": _result,
    "log": _log, "no_log": _log, "var": _var, "deck": _deck, "error": _error,
}


def parse_fact(scope: Scope, node: Any, path: Path_, allow_error: bool = True) -> Check:
    """One fact, as a check located at its line."""
    if not isinstance(node, dict):
        raise scope.fail(path, f"a fact must be a mapping such as {{count: ..., is: ...}}, "
                               f"got {_shown(node)}")
    key = next((k for k in node if k in PARSERS), None)
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
                problems.append((line, message))
        if problems:
            raise Failure(problems[0][0], problems[0][1], problems)
    return run_expect


def _names(scope: Scope, seats: list[int]) -> str:
    return "[" + ", ".join(scope.seat_name(s) for s in seats) + "]"


def _ids(ids: list[str]) -> str:
    return "[" + ", ".join(ids) + "]"


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else _shown(value)
