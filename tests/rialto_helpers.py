"""Helpers for Rialto rule tests: a position at the first decision, procedures run from a
crafted position, and decisions answered by ask (the first legal action otherwise)."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from regola.errors import ScriptRuntimeError
from regola.interpreter import vm
from regola.interpreter.actions import chosen_option
from regola.loading.loader import load_game
from regola.loading.sources import rules_root

GAME = load_game("rialto")
FINISHED = "finished without a result"


def fresh(players: int = 3, seed: int = 1, game=GAME):
    """A new game paused at its first decision (setup done but for starting buildings)."""
    return game.new_state(players=players, seed=seed)


def copy_with(tmp_path: Path, *replacements: tuple[str, str]):
    """The Rialto rules copied to tmp_path with text replaced in game.yaml, loaded."""
    target = tmp_path / "rialto"
    shutil.copytree(rules_root() / "rialto", target)
    game_file = target / "game.yaml"
    text = game_file.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new, 1)
    game_file.write_text(text, encoding="utf-8")
    return load_game(str(target))


def run(state, proc: str, answers: dict[str, Any] | None = None, **env: Any) -> list[dict]:
    """Run one procedure from the current position (its other threads dropped), answering
    its decisions with `answers` (ask -> value, list of values, or callable(options)).
    Returns the decisions asked, in order: {"player", "ask", "options", "value"}."""
    state.data["threads"] = [{"stack": [{"p": proc, "pc": 0, "e": dict(env)}], "wait": None,
                              "player": None}]
    vm.advance(state._runtime())
    return answer(state, answers or {})


def answer(state, answers: dict[str, Any], until: str | None = None) -> list[dict]:
    """Answer pending decisions until none is left, or until one asks `until` (lists are
    consumed one value a time)."""
    asked = []
    queues = {k: list(v) for k, v in answers.items() if isinstance(v, list)}
    while state.to_move:
        player = state.to_move[0]
        wait = state.decision(player)
        if wait["ask"] == until:
            break
        options = list(wait["options"])
        want = answers.get(wait["ask"])
        if wait["ask"] in queues and queues[wait["ask"]]:
            value = queues[wait["ask"]].pop(0)
        elif callable(want):
            value = want(player, options)
        elif want is not None and not isinstance(want, list):
            value = want
        else:
            value = options[0]
        asked.append({"player": player, "ask": wait["ask"], "options": options, "value": value})
        take(state, player, value)
    return asked


def take(state, player: int, value: Any) -> None:
    """state.apply, but the end of a procedure run on its own (see run) is not an error.

    apply is all or nothing: when the scripts end without a result it refuses the decision
    and restores the position. Here that end is expected, so the decision is then taken in
    the VM directly (checked the way apply checks it)."""
    try:
        state.apply(player, value)
    except ScriptRuntimeError as err:
        if FINISHED not in str(err):
            raise
        wait = state.decision(player)
        option = chosen_option(wait, value, player)
        thread = next(t for t in state.data["threads"] if t["wait"] is wait)
        frame = thread["stack"][-1]
        frame["e"][wait["var"]] = option
        frame["pc"] += 1
        thread["wait"] = None
        state._runtime().emit({"e": "choice", "player": player, "ask": wait["ask"],
                                  "value": option})
        state.data["steps"] += 1
        vm.advance(state._runtime())


def cards_to_hand(state, player: int, types: list[str]) -> None:
    """Put cards of these types from the draw pile into a player's hand."""
    for kind in types:
        tid = next(t for t, tok in state.token_records().items()
                   if tok["kind"] == "card" and tok["at"] == "deck" and tok["type"] == kind)
        state._runtime().set_token(tid, owner=player, at="hand")


def building_to_board(state, player: int, code: str) -> str:
    """Put a building of this kind from the stock onto a player's board."""
    tid = next(t for t, tok in state.token_records().items()
               if tok["kind"] == "edifice" and tok["at"] == "stock" and tok["code"] == code)
    state._runtime().set_token(tid, owner=player, at="board")
    return tid


def set_track(state, track: str, positions: list[int], top_first: list[int] | None = None):
    """Put the discs of a track on these spaces; `top_first` orders stacks (first on top)."""
    data = state.data["tracks"][track]
    data["pos"] = list(positions)
    order = top_first or list(range(len(positions)))
    for rank, p in enumerate(order):
        data["stamp"][p] = 100 - rank
    data["next"] = max(data["next"], 101)      # a disc moved later lands on top


def vp(state) -> list[int]:
    """Every player's victory points."""
    return list(state.data["tracks"]["vp"]["pos"])


def councillors(state, player: int, where: str) -> int:
    """How many of a player's councilmen are at a place."""
    return state.piece_counts()["councillor"].get(where, [0] * state.data["n"])[player]


def set_councillors(state, player: int, where: dict[str, int]) -> None:
    """Put a player's 18 councilmen: `where` gives places and numbers, the rest general."""
    c = state._runtime()
    for place in state.piece_counts()["councillor"]:
        c.set_count("councillor", player, place, 0)
    for place, n in where.items():
        c.set_count("councillor", player, place, n)
    c.set_count("councillor", player, "general",
                18 - sum(n for p, n in where.items() if p != "general"))
