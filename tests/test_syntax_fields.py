"""The table of each grammar rule's children (regola.dsl.trees.FIELDS) matches what the
parser builds: every rule the grammar can make is named there, and every node of every
game's scripts and of a sample using every construct has the children the table says."""

from __future__ import annotations

from pathlib import Path

from lark import Tree

from regola.dsl.parse import _parser, parse
from regola.dsl.trees import FIELDS, part

RULES = Path(__file__).resolve().parents[1] / "rules"

SAMPLE = '''
const LIMIT = 3
fn double(x) = x * 2
fn seven() = 7
def main():
    let xs = [1, 2, -3]
    let empty = []
    let ys = [x for x in xs where x > 0]
    let zs = [x for x in xs]
    let r = rank p in players by p.score, p.coins where p.coins > 0
    let s = sort p in players by p.score
    let pick = choose from xs by current ask "pick"
    let other = choose from xs by current
    let t = 1 if true and not false or none == none else 2
    let u = xs[0] + double(x=1) // 2 % 3
    let v = 1 in xs
    let w = 1 not in xs
    let z = "text"
    xs = xs
    current.score = 1
    helper()
    helper(1, k=2)
    helper(choose from xs by current)
    if v:
        pass
    elif w:
        break
    else:
        return
    if v:
        pass
    for p in players:
        pass
    while false:
        pass
    repeat 2:
        pass
    simultaneous p in players:
        pass
    return pick
'''


def grammar_rules() -> set[str]:
    """The names of the trees the grammar makes (rules kept in the tree and aliases)."""
    names = set()
    for rule in _parser().rules:
        origin = str(rule.origin.name)
        if rule.alias:
            names.add(str(rule.alias))
        elif not origin.startswith("_") and not rule.options.expand1:
            names.add(origin)
    return names


def fits(node: Tree) -> bool:
    """The node has as many children as its fields say (at least as many without the `*`
    field)."""
    fields = FIELDS[node.data]
    fixed = [f for f in fields if not f.startswith("*")]
    if len(fixed) == len(fields):
        return len(node.children) == len(fields)
    return len(node.children) >= len(fixed)


def trees() -> list[tuple[str, Tree]]:
    """Every game's scripts and the sample, parsed."""
    found = [(str(path), parse(path.read_text(encoding="utf-8"), str(path)))
             for path in sorted(RULES.glob("*/**/*.regola"))]
    return [*found, ("sample", parse(SAMPLE, "sample")),
            ("an expression", _parser().parse("1 + 2\n", start="expression"))]


def test_every_rule_of_the_grammar_is_in_the_table():
    assert grammar_rules() - set(FIELDS) == set()
    assert set(FIELDS) - grammar_rules() == {"choose_stmt"}


def test_every_node_has_the_children_its_fields_name():
    seen = set()
    for where, tree in trees():
        for node in tree.iter_subtrees():
            assert node.data in FIELDS, f"{where}: {node.data}"
            assert fits(node), f"{where}: {node.data} {node.children}"
            seen.add(node.data)
    assert set(FIELDS) - seen == set()


def test_parts_are_read_by_name():
    tree = parse(SAMPLE, "sample")
    rank = next(tree.find_data("rank"))
    assert [str(part(k, "base").children[0]) for k in part(rank, "keys")] == ["p", "p"]
    assert part(rank, "condition").data == "compare"
    sort = next(tree.find_data("sort"))
    assert len(part(sort, "keys")) == 1 and part(sort, "condition") is None
    ifs = list(tree.find_data("if_stmt"))
    assert [c.data for c in part(ifs[0], "clauses")] == ["elif_clause", "else_clause"]
    assert part(ifs[1], "clauses") == [None]
    choose = next(tree.find_data("choose_stmt"))
    assert str(part(choose, "target")) == "pick" and str(part(choose, "ask")) == '"pick"'
