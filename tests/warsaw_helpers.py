"""Helpers for Warsaw's rule tests: build districts tile by tile, call the game's functions
and procedures, and load the game with other readings (options)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from regola.dsl.builtins import grid as builtins_grid
from regola.interpreter import vm
from regola.loading.loader import load_game
from regola.loading.sources import rules_root

GAME = load_game("warsaw")


def with_options(tmp_path: Path, **options) -> object:
    """Warsaw loaded from a copy whose options have the given values (YAML text)."""
    folder = tmp_path / "warsaw"
    shutil.copytree(rules_root() / "warsaw", folder)
    path = folder / "game.yaml"
    text = path.read_text(encoding="utf-8")
    for name, value in options.items():
        text, n = re.subn(rf"(\n  {name}:\n    value: )[^\n]+", rf"\g<1>{value}", text)
        assert n == 1, name
    path.write_text(text, encoding="utf-8")
    return load_game(str(path))


def fresh(game=GAME, players: int = 2, seed: int = 1):
    """A new game, paused at the first secret pick."""
    return game.new_state(players=players, seed=seed)


def spare_tile(state) -> str:
    """A tile in the box or the stacks that nobody holds, for building test districts."""
    for tid, tok in state.token_records().items():
        if tok["at"] in ("box", "stacks") and tok["owner"] is None:
            return tid
    raise AssertionError("no spare tile")


def lay(state, p: int, cell, quarters, *, cost: int = 0, icons=None, turns: int = 0,
        **props) -> str:
    """Lay a tile with these properties on `cell` of p's district (on top of a stack)."""
    tid = spare_tile(state)
    state._runtime().set_token(tid, **{
        "family": "regular", "cost": cost, "quarters": list(quarters),
        "icons": list(icons or [0, 0, 0, 0]), "transport": None, "whole": None,
        "reward": None, "amount": None, "per": None, "shield": None, "shown": True, **props})
    builtins_grid.place(state._runtime(), "district", p, tid, list(cell), turns)
    return tid


def clear(state, p: int) -> None:
    """Empty p's district (its tiles go to the box)."""
    c = state._runtime()
    for cell in builtins_grid.cells(c, "district", p):
        builtins_grid.remove(c, "district", p, cell, "box")


def call(state, name: str, *args):
    """The value of one of the game's functions (fn) in this position."""
    func = state.game.definition.program.funcs[name]
    return func.call(state._runtime(), *args)


def run(state, name: str, *args, choose=None) -> list[tuple[str, list]]:
    """Run one of the game's procedures to its end in this position. Decisions are taken by
    `choose(ask, options)` (default: the first option); returns the decisions met."""
    proc = state.game.definition.program.procs[name]
    thread = {"stack": [{"p": name, "pc": 0, "e": dict(zip(proc.params, args))}],
              "wait": None, "player": None}
    c = state._runtime()
    met = []
    while True:
        vm._run_thread(c, thread)
        wait = thread["wait"]
        if wait is None:
            return met
        met.append((wait["ask"], list(wait["options"])))
        value = choose(wait["ask"], wait["options"]) if choose else wait["options"][0]
        frame = thread["stack"][-1]
        frame["e"][wait["var"]] = value
        frame["pc"] += 1
        thread["wait"] = None


def pvar(state, p: int, name: str):
    """A player variable."""
    return state.data["pvars"][p][name]


def coins(state, p: int) -> int:
    """The coins p holds (the game's resource `coin`)."""
    return state.data["bank"]["coin"]["held"][p]


def bank_left(state) -> int | None:
    """The coins left in the bank (None: it never runs out, Reading 14)."""
    return state.data["bank"]["coin"]["bank"]


def set_coins(state, p: int, n: int) -> None:
    """p holds exactly n coins: the difference comes from the bank or goes back to it, so a
    finite bank still accounts for every coin of the box."""
    res = state.data["bank"]["coin"]
    more = n - res["held"][p]
    if res["bank"] is not None:
        assert res["bank"] >= more, "the bank has too few coins left"
        res["bank"] -= more
    res["held"][p] = n


P, R, C, U, IND, PUB = "park", "residential", "commercial", "cultural", "industrial", "public"


def regions(state, p, kind=None):
    """The regions of p's district (of one part type if given)."""
    return builtins_grid._regions(state._runtime(), "district", p, kind)


def scored(state, p, what):
    """(vp, coins) the log says p scored for `what` (summed)."""
    hits = [e for e in state.log if e.get("msg") == "scored" and e["player"] == p
            and e["what"] == what]
    return sum(e["vp"] for e in hits), sum(e["coins"] for e in hits)


def score(state, p, **before):
    """Run the scoring of p from 0 coins and 10 points (or the values given)."""
    set_coins(state, p, 0)
    state.data["pvars"][p].update({"vp": 10, **before})
    run(state, "score", p)
