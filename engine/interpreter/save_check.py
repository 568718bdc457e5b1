"""Checking a saved game before it is trusted (save_json.py reads its JSON): its structure
and types, the game and format it belongs to, the flow (threads in known procedures,
well-formed decisions) and, with save_pieces, that every piece and token is accounted for.

A save that fails any check is refused with InvalidSave, whose `field` names where it is
wrong (`counts.house.san_marco[0]`, `threads[1].stack[0].p`).
"""

from __future__ import annotations

import re
from typing import Any

from ..errors import InvalidArgument, InvalidSave, brief
from . import save_pieces
from .layout import layout_of
from .limits import LIST_LIMIT, NUMBER_LIMIT
from .model import GameDef
from .private_reveal import KNOWN
from .save_json import parse_save, saved_log
from .save_pieces import Check, seat
from .state import FORMAT, check_seed

BASE_KEYS = ("format", "game", "variant", "n", "rng", "steps", "vars", "pvars",
             "counts", "tokens", "decks", "threads", "result")
OPTIONAL_KEYS = ("max_decisions", "secret_step", "seed", "chance", KNOWN)
CHANCE_KEYS = {"given", "need", "done", "what", "redo"}
THREAD_KEYS = {"stack", "wait", "player"}
FRAME_KEYS = {"p", "pc", "e"}
WAIT_KEYS = {"player", "var", "options", "ask", "secret"}
RESULT_KEYS = {"winners", "reason", "conditions", "scores"}
OPTIONAL_RESULT_KEYS = {"payoffs"}
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]{0,99}")

__all__ = ["check_save", "parse_save", "saved_log"]


def check_save(definition: GameDef, data: dict) -> None:
    """Refuse (InvalidSave) a save that is not a state the game `definition` could be in."""
    ck = Check(definition)
    _check_top(ck, definition, data)
    n = data["n"]
    ck.n = n
    _check_vars(ck, data)
    save_pieces.check_pieces(ck, data)
    _check_result(ck, data)
    _check_threads(ck, data)
    if "secret_step" in data:
        _check_secret_step(ck, definition, data)
    if KNOWN in data:
        _check_known(ck, data[KNOWN])


def _check_known(ck: Check, known: Any) -> None:
    """The private reveals: face-down tokens with secrets, each shown to some seats."""
    lay = layout_of(ck.g, ck.n)
    if not isinstance(known, dict) or not known:
        ck.fail(KNOWN, "must map token ids to the seats each was shown to")
    for tid, seats in known.items():
        i = lay.index.get(tid)
        if i is None or not lay.secret[i]:
            ck.fail(f"{KNOWN}.{brief(tid)}", "not a token with secret properties")
        if not isinstance(seats, list) or not seats or len(set(map(repr, seats))) != len(seats):
            ck.fail(f"{KNOWN}.{tid}", "must list the seats the token was shown to, once each")
        for j, value in enumerate(seats):
            seat(ck, value, f"{KNOWN}.{tid}[{j}]")


def _check_secret_step(ck: Check, definition: GameDef, data: dict) -> None:
    """The open secret step: the state it began at (a save as JSON text, with no step
    open) and the answers given since, each [seat, value]. Game.state_from_json replays
    them."""
    step = data["secret_step"]
    if not isinstance(step, dict) or set(step) != {"base", "answers"}:
        ck.fail("secret_step", "must hold the step's start (base) and its answers")
    try:
        base = parse_save(step["base"]) if isinstance(step["base"], str) else None
    except InvalidSave as error:
        ck.fail("secret_step.base", str(error))
    if not isinstance(base, dict) or "secret_step" in base:
        ck.fail("secret_step.base", "must be a saved state (as JSON text) with no secret "
                                    "step open")
    try:
        check_save(definition, base)
    except InvalidSave as error:
        message = str(error).removeprefix(f"{error.field}: ")
        ck.fail(f"secret_step.base.{error.field}" if error.field else "secret_step.base",
                message)
    if len(data["threads"]) < 2:
        ck.fail("secret_step", "no secret step is open (only the main thread runs)")
    answers = ck.listing(step["answers"], "secret_step.answers")
    if not answers:
        ck.fail("secret_step.answers", "a step is open only once someone has answered")
    for i, answer in enumerate(answers):
        if not isinstance(answer, list) or len(answer) != 2:
            ck.fail(f"secret_step.answers[{i}]", "must be [seat, value]")
        seat(ck, answer[0], f"secret_step.answers[{i}][0]")


def _check_top(ck: Check, definition: GameDef, data: dict) -> None:
    parts = [k for k, present in (("tracks", definition.tracks), ("bank", definition.resources),
                                  ("links", definition.connections)) if present]
    expected = (*BASE_KEYS, *parts)
    for key in data:
        if key not in expected and key not in OPTIONAL_KEYS:
            ck.fail(key, f"not a field of a saved {definition.id} game")
    for key in expected:
        if key not in data:
            ck.fail(key, "missing")
    fmt = data["format"]
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt != FORMAT:
        ck.fail("format", f"format {data['format']!r} is not one this version reads ({FORMAT})")
    if data["game"] != definition.id:
        ck.fail("game", f"a save of {data['game']!r}, not of {definition.id!r}")
    if data["variant"] != definition.variant:
        ck.fail("variant", f"a save of variant {data['variant']!r}, but the game loaded is "
                           f"variant {definition.variant!r}")
    n = data["n"]
    counts = range(definition.min_players, definition.max_players + 1)
    if isinstance(n, bool) or n not in counts:
        allowed = ", ".join(map(str, counts))
        ck.fail("n", f"{definition.id} is for {allowed} players, not {n!r}")
    if ("seed" in data) == ("chance" in data):
        ck.fail("seed", "a save holds a seed or explicit chance, one of them")
    if "chance" in data:
        _check_chance(ck, data["chance"])
    else:
        try:
            check_seed(data["seed"])
        except InvalidArgument as error:
            ck.fail("seed", str(error))
    for key in ("rng", "steps"):
        ck.count(data[key], key)
    limit = data.get("max_decisions")
    if limit is not None:
        ck.count(limit, "max_decisions", least=1)


def _check_chance(ck: Check, chance: Any) -> None:
    """Explicit chance (state.new_chance): outcomes given, the bounds of draws waiting, and
    what runs again once they are made."""
    if not isinstance(chance, dict) or set(chance) != CHANCE_KEYS:
        ck.fail("chance", f"must hold {', '.join(sorted(CHANCE_KEYS))}")
    for key, least in (("given", 0), ("need", 2)):
        for i, value in enumerate(ck.listing(chance[key], f"chance.{key}")):
            ck.count(value, f"chance.{key}[{i}]", least=least)
    ck.count(chance["done"], "chance.done")
    waiting = bool(chance["need"])
    redo = chance["redo"]
    if waiting != isinstance(redo, dict) or waiting != isinstance(chance["what"], str):
        ck.fail("chance.redo", "a waiting draw needs what it is and what runs again; "
                               "none without")
    if waiting and set(redo) not in ({"start"}, {"player", "value"}):
        ck.fail("chance.redo", "must be {start} or {player, value}")


def _check_vars(ck: Check, data: dict) -> None:
    definition = ck.g
    values = ck.keys(data["vars"], "vars", set(definition.game_vars))
    for name, value in values.items():
        _check_value(ck, value, definition.game_vars[name].initial, f"vars.{name}")
    pvars = ck.listing(data["pvars"], "pvars", ck.n)
    for p, values in enumerate(pvars):
        ck.keys(values, f"pvars[{p}]", set(definition.player_vars))
        for name, value in values.items():
            _check_value(ck, value, definition.player_vars[name].initial,
                         f"pvars[{p}].{name}")


def _check_value(ck: Check, value: Any, initial: Any, where: str) -> None:
    """A variable's value: of the kind of its initial value (a variable that starts as
    null may hold anything; any may become null), numbers and lists within the scripts'
    limits."""
    kind = _kind(value)
    if value is not None and initial is not None and kind != _kind(initial):
        ck.fail(where, f"must be {_kind(initial)} (as its initial value), not {kind}")
    if kind == "a number" and not -NUMBER_LIMIT <= value <= NUMBER_LIMIT:
        ck.fail(where, f"a number past the scripts' limit ({NUMBER_LIMIT:,})")
    if kind in ("a list", "a text") and len(value) > LIST_LIMIT:
        ck.fail(where, f"{kind} of {len(value):,} items; the scripts' limit is {LIST_LIMIT:,}")


def _kind(value: Any) -> str:
    if isinstance(value, bool):
        return "true or false"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a text"
    if isinstance(value, list):
        return "a list"
    return "an object" if isinstance(value, dict) else "null"


def _check_result(ck: Check, data: dict) -> None:
    result = data["result"]
    if result is None:
        limit = data.get("max_decisions")
        if limit is not None and data["steps"] >= limit:
            ck.fail("result", f"none after {data['steps']} decisions, but max_decisions is "
                              f"{limit}")
        return
    shown = {k: v for k, v in result.items() if k not in OPTIONAL_RESULT_KEYS} \
        if isinstance(result, dict) else result
    ck.keys(shown, "result", RESULT_KEYS if "scores" in result else RESULT_KEYS - {"scores"})
    payoffs = result.get("payoffs", [])
    if not isinstance(payoffs, list) or len(payoffs) not in (0, ck.n) or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in payoffs):
        ck.fail("result.payoffs", "must hold a number for each player")
    winners = ck.listing(result["winners"], "result.winners")
    for i, p in enumerate(winners):
        seat(ck, p, f"result.winners[{i}]")
    if len(set(winners)) != len(winners):
        ck.fail("result.winners", "a player is listed twice")
    if result["reason"] is not None and not isinstance(result["reason"], str):
        ck.fail("result.reason", "must be text")
    scores = result.get("scores", [])
    if not isinstance(scores, list) or len(scores) not in (0, ck.n) or any(
            not isinstance(row, list) or not all(isinstance(v, int | float) and
                                                 not isinstance(v, bool) for v in row)
            for row in scores):
        ck.fail("result.scores", "must hold a list of numbers for each player")
    conditions = result["conditions"]
    if not isinstance(conditions, dict):
        ck.fail("result.conditions", "must be an object")
    for p, met in conditions.items():
        where = f"result.conditions.{p}"
        if not p.isdigit() or int(p) >= ck.n:
            ck.fail(where, f"{p!r} is not a player")
        if not all(isinstance(c, str) for c in ck.listing(met, where)):
            ck.fail(where, "must list condition names")


def _check_threads(ck: Check, data: dict) -> None:
    threads = ck.listing(data["threads"], "threads")
    if not threads:
        ck.fail("threads", "there must be a main thread")
    over = data["result"] is not None
    waiting = 0
    for i, thread in enumerate(threads):
        where = f"threads[{i}]"
        ck.keys(thread, where, THREAD_KEYS)
        if i == 0 and thread["player"] is not None:
            ck.fail(f"{where}.player", "the main thread belongs to no player")
        if i > 0:
            seat(ck, thread["player"], f"{where}.player")
        stack = ck.listing(thread["stack"], f"{where}.stack")
        for j, frame in enumerate(stack):
            _check_frame(ck, frame, f"{where}.stack[{j}]")
        if over and (stack or thread["wait"] is not None or len(threads) > 1):
            ck.fail(where, "the game is over: nothing may still run or wait")
        if i > 0 and not stack:
            ck.fail(f"{where}.stack", "a player's thread that has finished is not kept")
        if i > 0 and thread["wait"] is None:
            ck.fail(f"{where}.wait", "a player's thread stops only for a decision")
        if thread["wait"] is not None:
            if not stack:
                ck.fail(f"{where}.wait", "a decision must wait in a procedure")
            if i == 0 and len(threads) > 1:
                ck.fail(f"{where}.wait", "the main thread waits for the players' threads")
            _check_wait(ck, thread["wait"], f"{where}.wait", data["steps"])
            waiting += 1
    starting = (data.get("chance") or {}).get("redo") == {"start": True}
    if not over and not waiting and not starting:    # (a start waiting for chance: none)
        ck.fail("threads", "the game is not over, yet nobody has a decision to make")


def _check_frame(ck: Check, frame: Any, where: str) -> None:
    ck.keys(frame, where, FRAME_KEYS)
    proc = ck.g.program.procs.get(frame["p"]) if isinstance(frame["p"], str) else None
    if proc is None:
        ck.fail(f"{where}.p", f"{frame['p']!r} is not a procedure of {ck.g.id}")
    ck.count(frame["pc"], f"{where}.pc")
    needs = proc.resume.get(frame["pc"])
    if needs is None and not proc.resume:
        ck.fail(f"{where}.p", f"{proc.name} never runs in this game (its options rule it out)")
    if needs is None:
        points = ", ".join(map(str, sorted(proc.resume)))
        ck.fail(f"{where}.pc", f"{proc.name} cannot stand at {frame['pc']} (it can stand at "
                               f"{points})")
    if not isinstance(frame["e"], dict):
        ck.fail(f"{where}.e", "must be an object")
    missing = [name for name in needs if name not in frame["e"]]
    if missing:
        ck.fail(f"{where}.e", f"{proc.name} needs {', '.join(map(repr, missing))} there")


def _check_wait(ck: Check, wait: Any, where: str, steps: int) -> None:
    keys = WAIT_KEYS | ({"step"} if isinstance(wait, dict) and "step" in wait else set())
    ck.keys(wait, where, keys)
    seat(ck, wait["player"], f"{where}.player")
    if not isinstance(wait["var"], str) or not NAME.fullmatch(wait["var"]):
        ck.fail(f"{where}.var", f"must be the name of a variable, not {brief(wait['var'])}")
    if not ck.listing(wait["options"], f"{where}.options"):
        ck.fail(f"{where}.options", "a decision needs options")
    asks = ck.g.text.get("asks")
    if not isinstance(wait["ask"], str) or (ck.g.text and wait["ask"] not in (asks or {})):
        ck.fail(f"{where}.ask", f"{wait['ask']!r} is not a question {ck.g.id} asks")
    if not isinstance(wait["secret"], bool):
        ck.fail(f"{where}.secret", "must be true or false")
    if "step" in wait:
        ck.count(wait["step"], f"{where}.step")
        if wait["step"] > steps:
            ck.fail(f"{where}.step", f"asked at step {wait['step']}, after the last step "
                                     f"({steps})")
