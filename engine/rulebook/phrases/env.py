"""What every phrase renderer shares: what the names of a script read as at one point of a
rulebook (`Env`), one numbered step of a procedure in words (`Step`), and helpers that read
parse trees."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from lark import Token, Tree

from ...dsl.trees import call_parts, is_name, part  # noqa: F401  (the phrases read them from here)


@dataclass
class Env:
    """Local names: how each reads, which are known values, groups and decisions."""

    phrases: dict[str, str] = field(default_factory=dict)        # name -> noun phrase
    statics: dict[str, Any] = field(default_factory=dict)        # name -> known value
    groups: dict[str, tuple[str, str]] = field(default_factory=dict)  # name -> (one, other)
    choices: dict[str, tuple[str, set | None]] = field(default_factory=dict)
    changing: set[str] = field(default_factory=set)              # names assigned again later
    proc: str = ""
    aliases: dict[str, Any] = field(default_factory=dict)        # name -> the tree it copied
    rankings: set[str] = field(default_factory=set)              # names holding a ranking
    singles: set[str] = field(default_factory=set)               # groups known to hold one
    unordered: set[str] = field(default_factory=set)  # names holding tokens in no order
    used_once: set[str] = field(default_factory=set)  # locals read in two places at most
    inlined: dict[str, Any] = field(default_factory=dict)  # name -> the condition it holds
    # name -> how it reads where it is first mentioned ("one of the pieces ..."), then
    # the plain name; shared by the nested envs, so the first mention anywhere takes it
    first_use: dict[str, str] = field(default_factory=dict)
    read_once: set[str] = field(default_factory=set)  # locals one step reads (logs aside)
    unread: set[str] = field(default_factory=set)     # locals no step reads (logs aside)
    countdowns: set[str] = field(default_factory=set)  # locals a loop counts down to 0

    def child(self, **phrases: str) -> Env:
        env = Env(dict(self.phrases), dict(self.statics), dict(self.groups),
                  dict(self.choices), set(self.changing), self.proc, dict(self.aliases),
                  set(self.rankings), set(self.singles), set(self.unordered),
                  set(self.used_once), dict(self.inlined), self.first_use,
                  set(self.read_once), set(self.unread), set(self.countdowns))
        env.phrases.update(phrases)
        for name in phrases:
            env.statics.pop(name, None)
            env.groups.pop(name, None)
        return env


@dataclass
class Step:
    """One numbered step: a clause, perhaps with sub-steps (with `options`, its children are
    alternatives, listed unnumbered: the answers of a choice, the cases of a value)."""

    text: str
    children: list[Step] = field(default_factory=list)
    options: bool = False


def uses(tree: Tree | Token | None, name: str) -> int:
    """How many times `name` occurs in a subtree (as a name or a keyword's value)."""
    if tree is None:
        return 0
    if isinstance(tree, Token):
        return int(tree.type == "NAME" and str(tree) == name)
    count = 0
    for node in tree.iter_subtrees():
        if node.data == "name" and str(part(node, "name")) == name:
            count += 1
    return count


def string_literals(tree: Tree) -> set[str]:
    """Every string literal in a subtree (the choices an option list can offer)."""
    return {str(part(n, "token"))[1:-1] for n in tree.iter_subtrees() if n.data == "string"}


def unordered_tokens(tree: Any, env: Env) -> bool:
    """The expression holds tokens in no particular order: `tokens(...)`, a comprehension
    over such tokens, or a name bound to one (so "the first" of them is any one)."""
    if not isinstance(tree, Tree):
        return False
    if tree.data == "call" and str(part(tree, "name")) == "tokens":
        return True
    if tree.data == "list_comp":
        return unordered_tokens(part(tree, "collection"), env)
    return tree.data == "name" and str(part(tree, "name")) in env.unordered


def countdown(loop: Tree) -> str | None:
    """The name a `while x > 0:` loop counts down by 1 in its last statement
    (`x = x - 1`); None for any other loop."""
    cond, body = loop.children
    if cond.data != "compare" or str(part(cond, "op")) != ">" or \
            part(cond, "left").data != "name" or part(cond, "right").data != "number" or \
            str(part(part(cond, "right"), "token")) != "0" or not body.children:
        return None
    name, last = str(part(part(cond, "left"), "name")), part(body, "statements")[-1]
    if last.data != "assign_stmt" or str(part(last, "name")) != name:
        return None
    value = part(last, "value")
    if value.data != "binop" or str(part(value, "op")) != "-" or \
            not is_name(part(value, "left"), name) or part(value, "right").data != "number" or \
            str(part(part(value, "right"), "token")) != "1":
        return None
    return name


def range_guard(node: Tree) -> str | None:
    """The NAME of `if NAME > 0:` (no other branch) whose block opens with a choice from
    `range(NAME + 1)` that every later statement of the block reads: the guard only spares
    a choice of nothing, so the book says the choice alone, and NAME where it reads it."""
    if node.data != "if_stmt" or any(c is not None for c in part(node, "clauses")):
        return None
    cond, body = part(node, "condition"), part(node, "body")
    if cond.data != "compare" or str(part(cond, "op")) != ">" or \
            not is_name(part(cond, "left")) or part(cond, "right").data != "number" or \
            str(part(part(cond, "right"), "token")) != "0":
        return None
    name = str(part(part(cond, "left"), "name"))
    first = part(body, "statements")[0] if body.children else None
    if first is None or first.data != "choose_stmt":
        return None
    chosen = str(part(first, "target"))
    if not all(uses(stmt, chosen) for stmt in part(body, "statements")[1:]):
        return None         # something else happens only when NAME > 0: the guard stays
    bound = only_argument(part(first, "options"), "range")
    if bound is None or bound.data != "binop" or str(part(bound, "op")) != "+" or \
            not is_name(part(bound, "left"), name) or part(bound, "right").data != "number" or \
            str(part(part(bound, "right"), "token")) != "1":
        return None
    return name


def only_argument(tree: Tree, name: str) -> Tree | None:
    """The one argument of a call of `name` (`len(THINGS)`, `range(N + 1)`); None if the
    tree is no such call."""
    if tree.data != "call" or str(part(tree, "name")) != name or part(tree, "args") is None:
        return None
    arguments = part(part(tree, "args"), "arguments")
    return part(arguments[0], "value") if len(arguments) == 1 else None
