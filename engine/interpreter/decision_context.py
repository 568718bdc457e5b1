"""Where a pending decision is asked: what a frontend needs to say "Build a tower in the
Harbour?" and "phase 2 › the vote in the Harbour" instead of "Build a tower here?".

The context of a seat's decision is read from the call stack of the thread that waits for
it, and holds only what the game's own texts name, so a rule author decides what a player
is told (and nothing else of the running scripts leaks out):

- `prompt`: the values of the {placeholders} of the ask's text in the `prompts` section of
  the game's text file ("Build a tower in {area}?"), from the asking procedure's
  variables;
- `steps`: the procedures on the stack, outermost first, each with the arguments its
  `procedures` phrase names ("hold the vote in {area}");
- `option_labels`: the values of the {placeholders} of the ask's text in the
  `option_labels` section ("{option}, {price} coins"): each a list of [option, value]
  pairs of the asking procedure, one value for each option it labels;
- `named`: the options the rules write out literally in the `choose` (["build", "skip"]):
  named actions, as opposed to values computed by the rules (areas, cards, numbers);
- `option_kind`: the kind of the value chosen ("player" when the options are players);
- `option_values`: the lists, one item per option, that the ask's texts in the
  `option_notes` section name (what each option costs or pays).

Each value comes with its kind, as the compiler worked it out ("player", "list:player", "place",
"token", "number", ...): a frontend shows a player as the seat's name, not as a number. A
token id the seat cannot see is left out.
"""

from __future__ import annotations

import string
from collections.abc import Callable
from typing import Any

from .model import GameDef


def _placeholders(entry: Any) -> list[str]:
    texts = [entry] if isinstance(entry, str) else \
        [v for v in entry.values() if isinstance(v, str)] if isinstance(entry, dict) else []
    names: list[str] = []
    for text in texts:
        try:
            found = [f for _, f, _, _ in string.Formatter().parse(text) if f]
        except ValueError:
            continue
        names += [f.split(".")[0].split("[")[0] for f in found]
    return list(dict.fromkeys(names))


def value_kinds(definition: GameDef) -> dict[str, dict[str, str]]:
    """The kind of each value the scripts hold, as the compiler worked it out: procedure
    (or "game", "player") -> variable -> "player", "list:player", "place", "number",
    "unknown"...; empty for a game whose loader gave none."""
    return definition.value_kinds() if definition.value_kinds is not None else {}


def named_options(definition: GameDef, ask: str | None = None) -> frozenset[str]:
    """The options every `choose ... ask "<ask>"` of the rules writes out literally (with
    no ask: those of every ask of the game)."""
    return frozenset().union(*(found.named for found in definition.asks
                               if ask is None or found.ask == ask))


def _frames(state: dict, player: int) -> tuple[dict, list[tuple[str, dict]]] | None:
    """The decision `player` waits at and the frames of its thread, outermost first (a
    simultaneous block's thread continues the main thread's stack)."""
    threads = state["threads"]
    for thread in threads:
        wait = thread["wait"]
        if wait is None or wait["player"] != player:
            continue
        frames = [(f["p"], f["e"]) for f in thread["stack"]]
        if thread is not threads[0]:
            frames = [(f["p"], f["e"]) for f in threads[0]["stack"][:-1]] + frames
        return wait, frames
    return None


def decision_context(definition: GameDef, state: dict, player: int,
                     visible_ids: Callable[[], set[str]]) -> dict | None:
    """The context of `player`'s pending decision (None if it has none); token ids not in
    `visible_ids()` (the ids the seat sees) are left out."""
    found = _frames(state, player)
    if found is None:
        return None
    wait, frames = found
    texts = definition.text or {}
    kinds_by_proc = value_kinds(definition)
    tokens = state["tokens"]
    seen: list[set[str]] = []

    def shown(value: Any) -> bool:
        for v in value if isinstance(value, list) else [value]:
            if isinstance(v, str) and v in tokens:
                if not seen:
                    seen.append(visible_ids())
                if v not in seen[0]:
                    return False
        return True

    def pick(proc: str, env: dict, names: list[str]) -> tuple[dict, dict]:
        kinds = kinds_by_proc.get(proc, {})
        values = {n: env[n] for n in names if n in env and shown(env[n])}
        return values, {n: kinds.get(n, "unknown") for n in values}

    steps = []
    for proc, env in frames:
        base = proc.split("·")[0]
        names = _placeholders((texts.get("procedures") or {}).get(base))
        args, kinds = pick(proc, env, names)
        steps.append({"procedure": base, "args": args, "kinds": kinds})
    ask = wait["ask"]
    top_proc, top_env = frames[-1]
    prompt, prompt_kinds = pick(top_proc, top_env,
                                _placeholders((texts.get("prompts") or {}).get(ask)))
    labels, _ = pick(top_proc, top_env,
                     _placeholders((texts.get("option_labels") or {}).get(ask)))
    notes = (texts.get("option_notes") or {})
    note_names = [n for key, entry in notes.items() if key == ask or key.startswith(ask + "__")
                  for n in _placeholders(entry)]
    option_values, _ = pick(top_proc, top_env, list(dict.fromkeys(note_names)))
    return {"ask": ask, "prompt": prompt, "prompt_kinds": prompt_kinds, "steps": steps,
            "option_labels": labels, "option_values": option_values,
            "named": sorted(named_options(definition, ask)),
            "option_kind": kinds_by_proc.get(top_proc, {}).get(wait["var"], "unknown")}
