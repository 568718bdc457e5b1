"""The parse tree read by name: what each rule's children are, and small readers that
every stage after parsing shares (the checks, the compiler, the built-ins, the rulebook).

Each construct of the effect-script grammar (grammar.lark) is declared here once, in
FIELDS: its rule name and the names of its children, in the order the parser gives them.
Readers then say `part(node, "condition")` instead of `node.children[0]`.

Why a table and not typed nodes (`lark.ast_utils.create_transformer` building a dataclass
per rule): every stage already walks plain `lark.Tree`s (`tree.data`, `.meta` for places
in messages, `Tree.iter_subtrees`, the choice lifting in parse.py that rebuilds trees), and
the compiled programs and the golden traces depend on that walk. A table of names over the
same trees changes no tree and no behaviour, so the readers can move to names one package
at a time, each step checked by the golden traces; typed nodes would have to replace every
reader at once. tests/test_syntax_fields.py checks the table against the grammar by
parsing every game's scripts and a sample that uses every rule.

A field name starting with `*` takes the children left between the fields before and the
fields after it, as a list (a block's statements, a sort's keys). `[...]` optional parts
of the grammar are always present, as None when absent (the parser keeps placeholders).
"""

from __future__ import annotations

from lark import Tree

FIELDS: dict[str, tuple[str, ...]] = {
    "start": ("*definitions",),
    "expression": ("value",),
    "proc_def": ("name", "params", "body"),
    "func_def": ("name", "params", "value"),
    "const_def": ("name", "value"),
    "params": ("*names",),
    "block": ("*statements",),
    "let_stmt": ("name", "value"),
    "assign_stmt": ("name", "value"),
    "attr_assign_stmt": ("base", "attribute", "value"),
    "call_stmt": ("name", "args"),
    "return_stmt": (),
    "return_value_stmt": ("value",),
    "break_stmt": (),
    "pass_stmt": (),
    "if_stmt": ("condition", "body", "*clauses"),
    "elif_clause": ("condition", "body"),
    "else_clause": ("body",),
    "for_stmt": ("variable", "collection", "body"),
    "while_stmt": ("condition", "body"),
    "repeat_stmt": ("count", "body"),
    "simultaneous_stmt": ("variable", "collection", "body"),
    "choose_stmt": ("target", "options", "by", "ask"),
    "ternary": ("value", "condition", "otherwise"),
    "or_op": ("left", "right"),
    "and_op": ("left", "right"),
    "not_op": ("operand",),
    "compare": ("left", "op", "right"),
    "member": ("item", "collection"),
    "not_member": ("item", "collection"),
    "binop": ("left", "op", "right"),
    "neg": ("operand",),
    "attr": ("base", "attribute"),
    "index": ("base", "key"),
    "call": ("name", "args"),
    "number": ("token",),
    "string": ("token",),
    "true": (),
    "false": (),
    "none": (),
    "name": ("name",),
    "list": ("*items",),
    "list_comp": ("item", "variable", "collection", "condition"),
    "rank": ("variable", "collection", "*keys", "condition"),
    "sort": ("variable", "collection", "*keys", "condition"),
    "choose_expr": ("options", "by", "ask"),
    "args": ("*arguments",),
    "pos_arg": ("value",),
    "kw_arg": ("name", "value"),
}
"""Each rule's children by name (`choose_stmt` is made by parse.py from a `choose_expr`)."""


def _places(fields: tuple[str, ...]) -> dict[str, int | slice]:
    """Where each field sits among a node's children: an index (from the end after a
    `*` field) or, for the `*` field, a slice."""
    star = next((i for i, f in enumerate(fields) if f.startswith("*")), None)
    if star is None:
        return {f: i for i, f in enumerate(fields)}
    after = len(fields) - star - 1
    places: dict[str, int | slice] = {f: i for i, f in enumerate(fields[:star])}
    places[fields[star][1:]] = slice(star, -after if after else None)
    places.update({f: i - len(fields) for i, f in enumerate(fields) if i > star})
    return places


_PLACES = {rule: _places(fields) for rule, fields in FIELDS.items()}


def part(node: Tree, field: str):
    """The child of `node` named `field` in FIELDS (a list for a `*` field)."""
    try:
        place = _PLACES[node.data][field]
    except KeyError:
        raise KeyError(f"a {node.data!r} node has no part {field!r}") from None
    return node.children[place]


def first(node: Tree):
    """The first child of a node whose kind varies (a name or literal's token, a clause's
    first part); for readers that accept several rules alike."""
    return node.children[0]


def last(node: Tree):
    """The last child of a node whose kind varies (a statement's assigned value, a loop's
    body)."""
    return node.children[-1]


def is_name(tree, name: str | None = None) -> bool:
    """The tree is the plain name `name` (any name if None)."""
    return isinstance(tree, Tree) and tree.data == "name" and \
        (name is None or str(part(tree, "name")) == name)


def call_parts(tree: Tree) -> tuple[str, list[Tree], dict[str, Tree]]:
    """A call's name, positional argument trees and keyword argument trees."""
    name = str(part(tree, "name"))
    args, kwargs = [], {}
    if part(tree, "args") is not None:
        for a in part(part(tree, "args"), "arguments"):
            if a.data == "kw_arg":
                kwargs[str(part(a, "name"))] = part(a, "value")
            else:
                args.append(part(a, "value"))
    return name, args, kwargs


def name_in(tree) -> str | None:
    """The name a plain name tree holds (None for any other tree)."""
    return str(part(tree, "name")) if isinstance(tree, Tree) and tree.data == "name" else None


def procedure_call(stmt: Tree, procs) -> str | None:
    """The procedure a `let x = P(...)` or `x = P(...)` statement calls for its returned
    value (`procs`: the script's procedures by name); None for any other statement."""
    if not isinstance(stmt, Tree) or stmt.data not in ("let_stmt", "assign_stmt"):
        return None
    value = part(stmt, "value")
    if isinstance(value, Tree) and value.data == "call" and str(part(value, "name")) in procs:
        return str(part(value, "name"))
    return None
