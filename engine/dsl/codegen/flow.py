"""Facts about the scripts' control flow that decide the shape of the generated code: which
procedures can pause (and so need a resumable form), which calls can recurse, how many
steps a loop's turn costs, and which variables are surely set at a point."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from lark import Tree

from ..program import Program
from ..trees import part

LOOPS = ("for_stmt", "while_stmt", "repeat_stmt")


def statements(block: Tree) -> list[Tree]:
    """The statements of a block."""
    return list(block.children)


def calls_in(tree: Tree, kind: str) -> Iterator[str]:
    """Names called by the call nodes (`call_stmt` or `call`) inside a tree."""
    for node in tree.iter_subtrees():
        if node.data == kind:
            yield str(part(node, "name"))


def procs_called(tree: Tree, program: Program) -> set[str]:
    """The procedures called inside a tree: as statements, and for their returned value
    (`let x = P(...)`)."""
    return set(calls_in(tree, "call_stmt")) | {n for n in calls_in(tree, "call")
                                               if n in program.procs}


MAX_NATIVE_LOOPS = 16
"""Loops nested deeper than this are not written as Python loops (Python allows 20 nested
blocks in a function): their procedure is written in the resumable form, where loops are
jumps between blocks."""


def loop_depth(tree: Tree) -> int:
    """How deeply loops nest inside a tree."""
    deepest = 0
    todo = [(tree, 0)]
    while todo:
        node, depth = todo.pop()
        if node.data in LOOPS:
            depth += 1
            deepest = max(deepest, depth)
        todo.extend((child, depth) for child in node.children if isinstance(child, Tree))
    return deepest


def has_loop(tree: Tree) -> bool:
    """Does a statement hold a loop?"""
    return any(node.data in LOOPS for node in tree.iter_subtrees())


def pausing_procs(program: Program, also: Iterable[str] = ()) -> set[str]:
    """The procedures written in the resumable form: those that can stop for a decision (a
    `choose`, a `simultaneous` block, or a call of such a procedure, anywhere in their
    bodies), the ones in `also`, and those calling any of them."""
    direct = {}
    for proc in program.procs.values():
        if proc.tree is None or proc.tree.data != "proc_def":
            continue
        body = part(proc.tree, "body")
        direct[proc.name] = any(n.data in ("choose_stmt", "simultaneous_stmt")
                                for n in body.iter_subtrees())
    calls = {name: procs_called(part(program.procs[name].tree, "body"), program)
             for name in direct}
    pausing = {name for name, yes in direct.items() if yes} | set(also)
    changed = True
    while changed:
        changed = False
        for name, callees in calls.items():
            if name not in pausing and callees & pausing:
                pausing.add(name)
                changed = True
    return pausing


def recursive(graph: dict[str, set[str]]) -> set[str]:
    """The names in `graph` (name -> names it calls) that can call themselves again."""
    found = set()
    for start in graph:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            name = todo.pop()
            if name == start:
                found.add(start)
                break
            if name in seen or name not in graph:
                continue
            seen.add(name)
            todo.extend(graph[name])
    return found


def call_graphs(program: Program) -> tuple[dict[str, set[str]], dict[str, set[str]]]:
    """Which procedures each procedure calls, and which functions each function calls."""
    procs = {p.name: {n for n in procs_called(part(p.tree, "body"), program)
                      if n in program.procs}
             for p in program.procs.values() if p.tree is not None and
             p.tree.data == "proc_def"}
    funcs = {f.name: {n for n in calls_in(part(f.tree, "value"), "call")
                      if n in program.funcs}
             for f in program.funcs.values()}
    return procs, funcs


def pauses(stmt: Tree, pausing: set[str]) -> bool:
    """Can this statement stop its procedure (here or in a block inside it)?"""
    for node in stmt.iter_subtrees():
        if node.data in ("choose_stmt", "simultaneous_stmt"):
            return True
        if node.data in ("call_stmt", "call") and str(part(node, "name")) in pausing:
            return True
    return False


def weight(block: Tree) -> int:
    """The steps one turn of a loop with this body costs: its statements, those of nested
    loops excepted (they count their own turns), and one for the turn itself."""
    total = 1
    todo = list(block.children)
    while todo:
        stmt = todo.pop()
        total += 1
        if stmt.data in LOOPS:
            continue
        for child in stmt.children:
            if isinstance(child, Tree) and child.data == "block":
                todo.extend(child.children)
            elif isinstance(child, Tree) and child.data in ("elif_clause", "else_clause"):
                todo.extend(part(child, "body").children)
    return total


Assigned = frozenset[str] | None
"""Variables surely set at a point; None: the point is never reached (after a return or a
break), which every other set includes."""


def both(a: Assigned, b: Assigned) -> Assigned:
    """What is surely set where two paths meet."""
    if a is None:
        return b
    if b is None:
        return a
    return a & b


def meet(sets: Iterable[Assigned]) -> Assigned:
    """What is surely set where several paths meet."""
    out: Assigned = None
    for s in sets:
        out = both(out, s)
    return out


def reads(tree: Tree) -> frozenset[str]:
    """Every name a tree reads (locals among them), `p` of `p.VAR = E` included: what may
    be needed after a point, when the tree can run after it."""
    found = set()
    for node in tree.iter_subtrees():
        if node.data == "name":
            found.add(str(part(node, "name")))
        elif node.data == "attr_assign_stmt":
            found.add(str(part(node, "base")))
    return frozenset(found)


def reads_all(trees: Iterable[Tree]) -> frozenset[str]:
    """The names read by several trees."""
    out: frozenset[str] = frozenset()
    for tree in trees:
        out |= reads(tree)
    return out


def live_before(stmts: Iterable[Tree], out: frozenset[str],
                exit: frozenset[str] = frozenset()) -> frozenset[str]:
    """The names that may be read before they are set again, from the start of `stmts`,
    when `out` may be read after them (`exit`: what may be read after the innermost loop,
    where a `break` goes)."""
    live = out
    for s in reversed(list(stmts)):
        live = live_in(s, live, exit)
    return live


def live_in(s: Tree, out: frozenset[str], exit: frozenset[str]) -> frozenset[str]:
    """The names that may be read from the start of statement `s` on."""
    kind, ch = s.data, s.children
    if kind in ("let_stmt", "assign_stmt"):
        return (out - {str(ch[0])}) | reads(ch[1])
    if kind == "choose_stmt":
        return (out - {str(ch[0])}) | reads(ch[1]) | reads(ch[2])
    if kind == "return_stmt":
        return frozenset()
    if kind == "return_value_stmt":
        return reads(ch[0])
    if kind == "break_stmt":
        return exit
    if kind == "pass_stmt":
        return out
    if kind == "if_stmt":
        live: frozenset[str] = frozenset()
        otherwise = out                      # no else: the code after may run next
        for clause in [s, *ch[2:]]:
            if clause is None:
                continue
            if clause.data == "else_clause":
                otherwise = live_before(part(clause, "body").children, out, exit)
            else:
                body = part(clause, "body")
                live |= reads(part(clause, "condition")) | live_before(body.children, out, exit)
        return live | otherwise
    if kind in LOOPS:
        head = loop_head_live(s, out)
        return head | (reads(ch[1]) if kind == "for_stmt" else
                       reads(ch[0]) if kind == "repeat_stmt" else frozenset())
    if kind == "simultaneous_stmt":
        return out | reads(ch[1]) | (live_before(ch[2].children, frozenset()) - {str(ch[0])})
    return out | reads(s)


def loop_head_live(s: Tree, out: frozenset[str]) -> frozenset[str]:
    """What may be read from the head of a loop on (each turn starts there; `out` may be
    read after the loop)."""
    kind, ch = s.data, s.children
    var = {str(ch[0])} if kind == "for_stmt" else set()
    test = reads(ch[0]) if kind == "while_stmt" else frozenset()
    head = out | test
    while True:
        again = out | test | (live_before(ch[-1].children, head, out) - var)
        if again == head:
            return head
        head = again
