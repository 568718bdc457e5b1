"""Facts about the position: pieces and tokens, variables, decks, the log and the result.

See facts.py for the list of facts and how `expect:` uses them.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .document import Path_, Scope, _shown
from .flow_names import flow_names

Check = Callable[[Any], "str | None"]


def count_fact(scope: Scope, f: dict, path: Path_) -> Check:
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


def token_fact(scope: Scope, f: dict, path: Path_) -> Check:
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
            tok = run.runtime().token(tid)
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


def result_fact(scope: Scope, f: dict, path: Path_) -> Check:
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
            found = seat_names(scope, result["winners"])
            return f"expected winners {seat_names(scope, value)}, found {found}"
        if key == "reason" and result["reason"] != value:
            return f"expected reason {value!r}, found {result['reason']!r}"
        if key == "conditions":
            have = {p: sorted(c) for p, c in result["conditions"].items()}
            if have != value:
                shown = {scope.seat_name(int(p)): c for p, c in have.items()}
                return f"expected conditions {_shown(f[key])}, found {_shown(shown)}"
        return None
    return check


def log_fact(scope: Scope, f: dict, path: Path_) -> Check:
    key = "log" if "log" in f else "no_log"
    scope.mapping(f, path, f"a {key} fact", required=(key,),
                  optional=("times", "recent") if key == "log" else ("recent",))
    pattern = scope.mapping(f[key], (*path, key), "an event pattern", extra=True)
    message_id(scope, pattern, (*path, key))
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


def message_id(scope: Scope, pattern: dict, path: Path_) -> None:
    """A pattern's `msg` must be a message the game's scripts log."""
    messages = flow_names(scope.game).messages
    msg = pattern.get("msg")
    if msg is not None and pattern.get("e", "note") == "note" and msg not in messages:
        raise scope.fail((*path, "msg"), f"no log message {_shown(msg)} in the game's scripts "
                                         f"(messages: {', '.join(sorted(messages)) or 'none'})")


def var_fact(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a var fact", required=("var", "is"), optional=("player",))
    name = f["var"]
    if not isinstance(name, str):
        raise scope.fail((*path, "var"), f"a variable's name is a word, got {_shown(name)}")
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


def deck_fact(scope: Scope, f: dict, path: Path_) -> Check:
    scope.mapping(f, path, "a deck fact", required=("deck",),
                  optional=("cards", "up", "face_up"))
    name = f["deck"]
    if not isinstance(name, str) or name not in scope.game.decks:
        raise scope.fail((*path, "deck"), f"unknown deck {_shown(name)} "
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


def seat_names(scope: Scope, seats: list[int]) -> str:
    return "[" + ", ".join(scope.seat_name(s) for s in seats) + "]"


def id_list(ids: list[str]) -> str:
    return "[" + ", ".join(ids) + "]"


def _plain(value: Any) -> str:
    return value if isinstance(value, str) else _shown(value)
