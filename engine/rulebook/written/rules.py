"""The rules a game's book must explain, and a fingerprint of each.

    rules = game_rules(definition)
    rules["trade"].kind                    # "procedure"
    rules["trade"].noticed                 # True: a player sees what it does
    section_fingerprint(rules, ["trade", "choose_offer"])

A rule is a procedure of the scripts, an ask (a question a player answers), an end
condition (or `tiebreak`, how a tie at the end is broken) or a reading (an option with a
`reading:` number). Every ask, end condition and reading must be explained by a section of
the book, and so must every procedure a player notices: one that asks, moves or turns
pieces, changes a game's or a player's variable, or ends the game, itself or through the
procedures it calls (the order in which things happen is a rule too). A procedure that only
keeps its own local values is the engine's bookkeeping.

A rule's fingerprint is a hash of what it does (the parse tree of its script, the text of
its condition, the value of its reading), not of where it is written: comments, spacing, `log`
statements and the numbers the data holds (constants, costs) do not change it; a changed step does.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

from lark import Token, Tree

from ...dsl.trees import part

KINDS = ("procedure", "ask", "end", "reading")

QUIET_STATEMENTS = ("let_stmt", "assign_stmt", "return_stmt", "break_stmt", "pass_stmt")
"""Statements that only keep a procedure's own values (calls and control flow aside)."""


@dataclass(frozen=True)
class Rule:
    """One rule of a game: its kind, name, whether a player notices it, its fingerprint."""

    kind: str
    name: str
    noticed: bool
    fingerprint: str
    where: str = ""                    # the procedures that ask it (asks)


def game_rules(definition: Any) -> dict[str, Rule]:
    """Every rule of a loaded game (GameDef), by name."""
    rules: dict[str, Rule] = {}
    procs = {name: p for name, p in definition.program.procs.items()
             if "·" not in name and p.tree is not None}
    asks: dict[str, list[str]] = {}
    acting = {name for name, proc in procs.items() if acts(proc.tree, definition)}
    for name, proc in procs.items():
        rules[name] = Rule("procedure", name, _reaches(name, acting, procs),
                           _hash(_shape(proc.tree)))
        for node in proc.tree.iter_subtrees_topdown():
            if node.data == "choose_stmt":
                ask = str(part(node, "ask"))[1:-1] if part(node, "ask") is not None \
                    else "choose"
                asks.setdefault(ask, []).append(name)
    for ask, where in asks.items():
        key = ask if ask not in rules else f"ask:{ask}"
        shapes = [_shape(node) for p in where for node in procs[p].tree.iter_subtrees_topdown()
                  if node.data == "choose_stmt" and _ask_of(node) == ask]
        rules[key] = Rule("ask", ask, True, _hash(repr(shapes)), ", ".join(sorted(set(where))))
    end = definition.end
    if end is not None:
        for cid, source in end.sources.items():
            key = cid if cid not in rules else f"end:{cid}"
            rules[key] = Rule("end", cid, True, _hash(" ".join(str(source).split())))
        if end.tiebreaker_sources or end.share_ties:
            rules["tiebreak"] = Rule("end", "tiebreak", True, _hash(repr(
                ([" ".join(str(s).split()) for s in end.tiebreaker_sources], end.share_ties))))
    for name, option in definition.options.items():
        if option.reading is None:
            continue
        key = name if name not in rules else f"reading:{name}"
        rules[key] = Rule("reading", name, True, _hash(repr(option.value)))
    return rules


def _reaches(name: str, acting: set[str], procs: dict) -> bool:
    """The procedure acts itself or calls (at any depth) one that does."""
    seen, todo = set(), [name]
    while todo:
        current = todo.pop()
        if current in acting:
            return True
        seen.add(current)
        todo += [str(part(n, "name")) for n in procs[current].tree.iter_subtrees()
                 if n.data == "call_stmt" and str(part(n, "name")) in procs
                 and str(part(n, "name")) not in seen]
    return False


def acts(tree: Tree, definition: Any) -> bool:
    """Whether a procedure itself does something a player sees: it asks, calls a built-in
    statement other than `log`, sets a game's or a player's variable, or ends the game."""
    procs = definition.program.procs
    for node in tree.iter_subtrees_topdown():
        kind = node.data
        if kind in ("choose_stmt", "simultaneous_stmt", "attr_assign_stmt"):
            return True
        if kind == "call_stmt":
            callee = str(part(node, "name"))
            if callee not in procs and callee != "log":
                return True
    return False


def section_fingerprint(rules: dict[str, Rule], names: list[str]) -> str:
    """The fingerprint of what a section explains: its rules' fingerprints together."""
    parts = sorted(f"{n}={rules[n].fingerprint}" for n in names if n in rules)
    return _hash("\n".join(parts))[:16]


def _ask_of(node: Tree) -> str:
    return str(part(node, "ask"))[1:-1] if part(node, "ask") is not None else "choose"


def _is_log(node: Any) -> bool:
    """A `log(...)` statement: a line of the story told at the table, not a rule."""
    return isinstance(node, Tree) and node.data == "call_stmt" and bool(node.children) \
        and str(part(node, "name")) == "log"


def _shape(tree: Any) -> str:
    """A parse tree as text without positions: what the script does, not where (its
    `log` statements left out: adding a line to the story changes no rule)."""
    if isinstance(tree, Tree):
        return f"({tree.data} {' '.join(_shape(c) for c in tree.children if not _is_log(c))})"
    if isinstance(tree, Token):
        return str(tree)
    return repr(tree)


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()
