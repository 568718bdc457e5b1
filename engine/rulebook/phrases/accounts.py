"""Which steps of a procedure a reader needs, and which only keep the engine's accounts.

A reader needs the steps in which a player decides, pieces move, points are scored or a
condition ends the game. The engine also keeps accounts a player never does: true/false
flags, lists it appends to, counters of rounds and of placements, resets to a starting value,
turning tokens over to nobody, and the aids it plays with that are not in the box (a lot
drawn from a bag, cards that only shuffle a starting order). Those steps stay out of the
rules (the appendix shows a procedure whole; the accounts go nowhere).

The decision is generic, from the data:

- a variable is an account when it holds true/false, a list, a name (a deck, a player, an
  area) or nothing, or when it is a counter (only ever set to a fixed value or moved by
  one); a variable that an end condition, a tie-breaker or a goal reads is a score and is
  never an account; the outline may add variables (`accounts`) or keep them (`shown`);
- a statement is an account when it only sets an account variable (game, player or a local
  of the procedure), gives a token to a player or to nobody, or handles an engine aid
  (`engine_aids` in the outline);
- a `let` whose name only dropped statements use is dropped too, and a branch or loop left
  with nothing in it disappears.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from lark import Token, Tree

from ...dsl.trees import part
from ...interpreter.model import GameDef
from .env import call_parts, is_name

ACCOUNT_CALLS = ("give", "log")
"""Built-in statements that never change what is on the table."""


def _assign_values(program, attr: bool) -> dict[str, list[Tree]]:
    """Every value assigned to a game or player variable (`x.NAME = value`), by NAME."""
    found: dict[str, list[Tree]] = {}
    trees = [p.tree for p in program.procs.values()]
    for tree in trees:
        for node in tree.iter_subtrees():
            if attr and node.data == "attr_assign_stmt":
                found.setdefault(str(part(node, "attribute")), []).append(part(node, "value"))
    return found


def _is_literal(tree: Tree) -> bool:
    return isinstance(tree, Tree) and tree.data in ("number", "true", "false", "none",
                                                    "string") or \
        (isinstance(tree, Tree) and tree.data == "list" and
         all(c is None or _is_literal(c) for c in tree.children))


def _steps_by_one(value: Tree, attr: str | None, local: str | None) -> bool:
    """`x = x + 1` or `x = x - 1` (a counter moving by one)."""
    if not (isinstance(value, Tree) and value.data == "binop" and
            str(part(value, "op")) in "+-"):
        return False
    left, right = part(value, "left"), part(value, "right")
    if not (isinstance(right, Tree) and right.data == "number" and
            str(part(right, "token")) == "1"):
        return False
    if local is not None:
        return isinstance(left, Tree) and left.data == "name" and str(part(left, "name")) == local
    return isinstance(left, Tree) and left.data == "attr" and str(part(left, "attribute")) == attr


def score_names(game: GameDef, sources: Iterable[str]) -> set[str]:
    """Variable names an end condition, a tie-breaker or a goal reads (directly, or through
    the functions they call): scores, which a reader always needs."""
    names: set[str] = set()
    seen: set[str] = set()
    funcs = game.program.funcs
    todo = list(sources)
    while todo:
        text = todo.pop()
        names |= set(re.findall(r"\.\s*([a-z_][a-z0-9_]*)", text))
        for call in re.findall(r"\b([a-z_][a-z0-9_]*)\s*\(", text):
            if call in funcs and call not in seen:
                seen.add(call)
                names |= {str(part(n, "attribute")) for n in funcs[call].tree.iter_subtrees()
                          if n.data == "attr"}
                todo += [str(part(n, "name")) + "()" for n in funcs[call].tree.iter_subtrees()
                         if n.data == "call"]
    return names


class Accounts:
    """Decides which statements of a game's procedures are the engine's accounts."""

    def __init__(self, game: GameDef, aids: Iterable[str] = (), accounts: Iterable[str] = (),
                 shown: Iterable[str] = (), scores: Iterable[str] = ()):
        self.g = game
        self.aids = set(aids)
        self.scores = set(scores) | set(shown)
        assigned = _assign_values(game.program, attr=True)
        variables = {**game.game_vars, **game.player_vars}
        self.variables: set[str] = set(accounts)
        for name, var in variables.items():
            if name in self.scores:
                continue
            values = assigned.get(name, [])
            if not isinstance(var.initial, int) or isinstance(var.initial, bool):
                self.variables.add(name)           # flags, lists, names, nothing
            elif all(_is_literal(v) or _steps_by_one(v, name, None) for v in values):
                self.variables.add(name)           # a counter

    # -- statements ------------------------------------------------------------------------
    def dropped(self, body: Tree) -> set[int]:
        """The ids of the statements of a procedure's body that only keep accounts."""
        locals_ = self._local_accounts(body)
        out: set[int] = set()
        for stmt in self._statements(body):
            if self.is_account(stmt, locals_):
                out.add(id(stmt))
        for stmt in self._statements(body):       # names only dropped statements read
            if stmt.data == "let_stmt" and id(stmt) not in out:
                name = str(part(stmt, "name"))
                readers = [s for s in self._statements(body) if s is not stmt and
                           _reads(s, name)]
                if readers and all(id(s) in out or _inside_dropped(s, body, out)
                                   for s in readers):
                    out.add(id(stmt))
        return out

    def is_account(self, stmt: Tree, locals_: set[str]) -> bool:
        """One statement only keeps the engine's accounts."""
        kind = stmt.data
        if kind == "attr_assign_stmt":
            return str(part(stmt, "attribute")) in self.variables
        if kind == "assign_stmt":
            return str(part(stmt, "name")) in locals_
        if kind == "let_stmt":
            return str(part(stmt, "name")) in locals_
        if kind == "call_stmt":
            name, args, kwargs = call_parts(stmt)
            if name in ACCOUNT_CALLS:
                return True
            return self._handles_aid(stmt)
        return False

    def _handles_aid(self, stmt: Tree, depth: int = 0) -> bool:
        """A statement that names an engine aid (a token kind, deck or place not in the
        box), itself or through the functions it calls."""
        if not self.aids or depth > 10:
            return False
        funcs = self.g.program.funcs
        for node in stmt.iter_subtrees():
            if node.data == "name" and str(part(node, "name")) in self.aids:
                return True
            if node.data == "call" and str(part(node, "name")) in funcs and \
                    self._handles_aid(funcs[str(part(node, "name"))].tree, depth + 1):
                return True
        return False

    def _local_accounts(self, body: Tree) -> set[str]:
        """Local names that are flags, lists or counters of the procedure (`let x = 0` then
        `x = x + 1`; `let done = false` then `done = true`)."""
        lets: dict[str, Tree] = {}
        sets: dict[str, list[Tree]] = {}
        for stmt in self._statements(body):
            if stmt.data == "let_stmt":
                lets.setdefault(str(part(stmt, "name")), part(stmt, "value"))
            elif stmt.data == "assign_stmt":
                sets.setdefault(str(part(stmt, "name")), []).append(part(stmt, "value"))
        out = set()
        for name, first in lets.items():
            later = sets.get(name, [])
            if not later:
                continue                           # a definition, not an account
            if all(_is_literal(v) or _steps_by_one(v, None, name) for v in [first, *later]):
                out.add(name)
            elif _is_literal(first) and first.data in ("true", "false", "list") and \
                    all(v.data in ("true", "false") or _appends(v, name) for v in later):
                out.add(name)
        return out

    @staticmethod
    def _statements(body: Tree) -> list[Tree]:
        return [n for n in body.iter_subtrees_topdown()
                if n.data.endswith("_stmt") and n.data not in ("elif_clause", "else_clause")]


def _appends(value: Tree, name: str) -> bool:
    """`x = x + [...]`: a list growing."""
    return value.data == "binop" and str(part(value, "op")) == "+" and \
        is_name(part(value, "left"), name)


def _reads(stmt: Tree, name: str) -> bool:
    """The statement reads `name` (in its own expressions, not only in nested blocks)."""
    for child in stmt.children:
        if isinstance(child, Token):
            continue
        if isinstance(child, Tree) and child.data == "block":
            continue
        if isinstance(child, Tree) and any(n.data == "name" and str(part(n, "name")) == name
                                           for n in child.iter_subtrees()):
            return True
    return False


def _inside_dropped(stmt: Tree, body: Tree, out: set[int]) -> bool:
    """The statement lies inside a statement that is dropped."""
    for node in body.iter_subtrees():
        if id(node) in out and node is not stmt and \
                any(sub is stmt for sub in node.iter_subtrees()):
            return True
    return False
