"""Small readers of parse trees that every stage after parsing shares (the checks, the
built-ins' phrases, the rulebook)."""

from __future__ import annotations

from lark import Tree


def is_name(tree, name: str | None = None) -> bool:
    """The tree is the plain name `name` (any name if None)."""
    return isinstance(tree, Tree) and tree.data == "name" and \
        (name is None or str(tree.children[0]) == name)


def call_parts(tree: Tree) -> tuple[str, list[Tree], dict[str, Tree]]:
    """A call's name, positional argument trees and keyword argument trees."""
    name = str(tree.children[0])
    args, kwargs = [], {}
    if tree.children[1] is not None:
        for a in tree.children[1].children:
            if a.data == "kw_arg":
                kwargs[str(a.children[0])] = a.children[1]
            else:
                args.append(a.children[0])
    return name, args, kwargs


def name_in(tree) -> str | None:
    """The name a plain name tree holds (None for any other tree)."""
    return str(tree.children[0]) if isinstance(tree, Tree) and tree.data == "name" else None


def procedure_call(stmt: Tree, procs) -> str | None:
    """The procedure a `let x = P(...)` or `x = P(...)` statement calls for its returned
    value (`procs`: the script's procedures by name); None for any other statement."""
    if not isinstance(stmt, Tree) or stmt.data not in ("let_stmt", "assign_stmt"):
        return None
    value = stmt.children[1]
    if isinstance(value, Tree) and value.data == "call" and str(value.children[0]) in procs:
        return str(value.children[0])
    return None
