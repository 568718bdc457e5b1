"""Procedures that can pause, as resumable Python functions.

Such a function runs one frame `{"p": name, "pc": resume point, "e": {variables}}` of a
thread's stack. Its body is cut into blocks at the points where it can stop (a `choose`
with several options, a call of a procedure that stopped, the join of a `simultaneous`
block) and at the heads and ends of loops and `if`s that contain them; a dispatch on `_pc`
picks the block to run. Everything between stops is plain Python (statements.py): the
procedure's variables are Python locals, copied into the frame's `e` when it stops and
back when it resumes, so a paused game stays plain data that saves, copies and replays
exactly. A `choose` stops at pc P and resumes at P + 1 (GameState.apply adds the one).
"""

from __future__ import annotations

from lark import Tree

from ...errors import Location
from ..trees import part
from .blocks import Blocks, Label
from .expressions import NOT_CONSTANT
from .flow import Assigned, has_loop, live_before, loop_head_live, meet, pauses, weight
from .statements import Ctx, Jump, Loop, Out, StatementWriter
from .writer import Spot


class Machine(Blocks):
    """Lowers one resumable procedure's body to blocks."""

    def __init__(self, w: StatementWriter, ctx: Ctx, entry: frozenset[str], live: frozenset[str],
                 fresh: bool, all_loops: bool = False):
        super().__init__(ctx, entry, live, fresh)
        self.w = w
        self.all_loops = all_loops    # every loop as jumps (for loops nested very deeply)
        self.exits: list[frozenset[str]] = [frozenset()]   # read after each loop (a break)

    def store(self, out: Out, depth: int, assigned: frozenset[str]) -> None:
        """Copy the variables (and the loops' state) into the frame's `e`."""
        names = self.ctx.names
        sure = [(k, names[k]) for k in names if k in assigned] + list(self.ctx.hidden.items())
        unsure = [k for k in names if k not in assigned]
        if len(sure) > 2:
            pairs = ", ".join(f"{k!r}: {v}" for k, v in sure)
            out.append((depth, f"_e.update({{{pairs}}})", None))
        for k, v in sure if len(sure) <= 2 else ():
            out.append((depth, f"_e[{k!r}] = {v}", None))
        if len(unsure) > 3:
            pairs = ", ".join(f"{k!r}: {names[k]}" for k in unsure)
            out.append((depth, f"_keep(_e, {{{pairs}}})", None))
        for k in unsure if len(unsure) <= 3 else ():
            out.append((depth, f"if {names[k]} is not _UNSET: _e[{k!r}] = {names[k]}", None))

    def lower(self, body: Tree, assigned: Assigned, after: frozenset[str]) -> Assigned:
        """The statements of a block: plain ones as they are, pausing ones cut into blocks.
        `after`: the names the code after the block may read."""
        stmts = body.children
        for i, s in enumerate(stmts):
            if assigned is None:
                assigned = frozenset(self.ctx.names)    # unreachable: anything goes
            if not pauses(s, self.w.pausing) and not (self.all_loops and has_loop(s)):
                assigned = self.w.stmt(self.out, s, 0, self.ctx, assigned)
            else:
                live = live_before(stmts[i + 1:], after, self.exits[-1])
                assigned = getattr(self, s.data)(s, assigned, live)
        return assigned

    def choose_stmt(self, s: Tree, assigned: frozenset[str], live: frozenset[str]) -> Assigned:
        """`let x = choose from OPTIONS by PLAYER ask "id"`: stops unless one option (and the
        game does not ask for a single option: the game file's `ask_single_option`)."""
        w, out = self.w, self.out
        where = w.note(out, 0, s)
        spot = self.ctx.spot(where)
        scope = self.ctx.scope(assigned)
        var = str(part(s, "target"))
        ask = part(s, "ask")[1:-1] if part(s, "ask") is not None else "choose"
        out.append((0, f"_o = {w.expr(part(s, 'options'), scope, True)}", spot))
        out.append((0, f"if not _o: _nothing({var!r})", spot))
        out.append((0, "if len(_o) == 1 and not _c.g.ask_single_option:", spot))
        out.append((1, f"{self.ctx.names[var]} = _o[0]", spot))
        out.append((0, "else:", spot))
        self.store(out, 1, assigned)
        stop = len(out)
        out.append((1, "_th['wait'] = {"
                       f"'player': {w.expr(part(s, 'by'), scope, True)}, 'var': {var!r}, "
                       f"'options': list(_o), 'ask': {ask!r}, 'secret': _c.secret, "
                       "'step': _c.s['steps']}", spot))
        out.append((1, "return _STOPPED", spot))
        label, kept = self.resume_here(assigned | {var}, live, chosen=var)
        out.insert(stop, (1, f"_f['pc'] = {label.text(-1)}", spot))
        return kept

    def call_stmt(self, s: Tree, assigned: frozenset[str], live: frozenset[str]) -> Assigned:
        """A call of a procedure that can stop: its frame on the stack, run at once."""
        spot = self.ctx.spot(self.w.note(self.out, 0, s))
        name, kept = self._call_and_resume(s, spot, assigned, live)
        tree = self.w.n.program.procs[name].tree
        if any(True for _ in tree.find_data("return_value_stmt")):
            self.out.append((0, "_take_returned(_e)", spot))    # a value nobody reads
        return kept

    def let_stmt(self, s: Tree, assigned: frozenset[str], live: frozenset[str]) -> Assigned:
        """`let x = P(ARGS)` of a procedure that can stop: called as a statement is, then x
        is the value P returned (kept in this frame's `e` meanwhile, see script_values)."""
        spot = self.ctx.spot(self.w.note(self.out, 0, s))
        var = str(part(s, "name"))
        _, kept = self._call_and_resume(part(s, "value"), spot, assigned, live)
        self.out.append((0, f"{self.ctx.names[var]} = _take_returned(_e)", spot))
        return kept | {var}

    def _call_and_resume(self, call: Tree, spot: Spot, assigned: frozenset[str],
                         live: frozenset[str]) -> tuple[str, Assigned]:
        """Push the called procedure's frame and run it; if it stops, keep this frame's
        locals and where to resume, and stop too. The procedure's name and what is kept."""
        w, out = self.w, self.out
        name = str(part(call, "name"))
        args, _ = w.args(part(call, "args"), self.ctx.scope(assigned))
        params = w.n.program.procs[name].params
        env = ", ".join(f"{p!r}: {a}" for p, a in zip(params, args))
        out.append((0, f"_nf = _push(_th, {{'p': {name!r}, 'pc': 0, 'e': {{{env}}}}})", spot))
        out.append((0, f"if r_{name}(_c, _L, _th, _nf):", spot))
        self.store(out, 1, assigned)
        stop = len(out)
        out.append((1, "return _STOPPED", spot))
        out.append((0, "_th['stack'].pop()", spot))
        label, kept = self.resume_here(assigned, live)
        out.insert(stop, (1, f"_f['pc'] = {label.text()}", spot))
        return name, kept

    assign_stmt = let_stmt

    def simultaneous_stmt(self, s: Tree, assigned: frozenset[str],
                          live: frozenset[str]) -> Assigned:
        """`simultaneous p in PLAYERS:` a thread per player runs the sub-procedure of the
        block (with a copy of the variables); the procedure stops until all have ended."""
        w, out = self.w, self.out
        where = w.note(out, 0, s)
        spot = self.ctx.spot(where)
        var = str(part(s, "variable"))
        sub = w.sub_procs[id(s)]
        items = w.expr(part(s, "collection"), self.ctx.scope(assigned), True)
        self.store(out, 0, assigned)
        out.append((0, f"for _p in {items}:", spot))
        out.append((1, "_c.s['threads'].append({'stack': [{'p': " + repr(sub.name) +
                    ", 'pc': 0, 'e': {**_e, " + repr(var) + ": _p}}], 'wait': None, "
                    "'player': _p})", spot))
        w.queue_sub(sub, s, self.ctx, assigned | {var})
        label, kept = self.resume_here(assigned, live)
        self.out.append((0, "if len(_c.s['threads']) > 1:", spot))
        self.out.append((1, f"_f['pc'] = {label.text()}", spot))
        self.out.append((1, "return _STOPPED", spot))
        return kept

    def if_stmt(self, s: Tree, assigned: frozenset[str], live: frozenset[str]) -> Assigned:
        """`if/elif/else` with a pause inside: a jump to each branch's block."""
        w, out = self.w, self.out
        scope = self.ctx.scope(assigned)
        found, total = w.branches(s, scope)
        if not found or found[0][0] is None:
            w.note(out, 0, s)
            return self.lower(found[0][1], assigned, live) if found else assigned
        branches: list[tuple[Label, Tree]] = []
        for i, (cond, body, clause) in enumerate(found):
            w.note(out, 0, clause)
            label = self.label()
            branches.append((label, body))
            if cond is None:
                out.append((0, "else:", None))
            else:
                spot = self.ctx.spot(w.where(cond))
                out.append((0, f"{'elif' if i else 'if'} {w.expr(cond, scope, True)}:", spot))
            out.append(Jump(1, label, None))
        end = self.label()
        if not total:
            out.append((0, "else:", None))
            out.append(Jump(1, end, None))
        ends: list[Assigned] = []
        for label, body in branches:
            self.start(label)
            ends.append(self.lower(body, assigned, live))
            self.goto(end)
        if not total:
            ends.append(assigned)
        self.start(end)
        return meet(ends)

    def while_stmt(self, s: Tree, assigned: frozenset[str], live: frozenset[str]) -> Assigned:
        """`while C:` with a pause inside: a head block that tests, the body, a jump back."""
        always = self.w.constant(part(s, "condition"), self.ctx.scope(assigned))
        if always is not NOT_CONSTANT and not always:    # an option rules the loop out
            self.w.note(self.out, 0, s)
            return assigned
        assigned = self.at_head(s, assigned, live)
        where = self.w.where(s)
        head, body, end = self.label(), self.label(), self.label()
        self.goto(head)
        self.start(head)
        self.w.note(self.out, 0, s)
        spot = Spot(where, where)
        self.charge(part(s, "body"), 0, spot)
        if always is not NOT_CONSTANT:
            self.out.append(Jump(0, body, spot))
        else:
            cond = self.w.expr(part(s, "condition"), self.ctx.scope(assigned), True)
            self.out.extend([(0, f"if {cond}:", spot), Jump(1, body, spot),
                             (0, "else:", spot), Jump(1, end, spot)])
        self.loop_body(part(s, "body"), body, head, end, where, assigned, live,
                       loop_head_live(s, live))
        return assigned

    def for_stmt(self, s: Tree, assigned: frozenset[str], live: frozenset[str]) -> Assigned:
        """`for x in L:` with a pause inside: the list and the turn kept in the frame."""
        var = str(part(s, "variable"))
        return self.counted(s, part(s, "collection"), part(s, "body"), assigned, live, var)

    def repeat_stmt(self, s: Tree, assigned: frozenset[str], live: frozenset[str]) -> Assigned:
        """`repeat N:` with a pause inside: the count and the turn kept in the frame."""
        return self.counted(s, part(s, "count"), part(s, "body"), assigned, live, None)

    def counted(self, s: Tree, items: Tree, body_tree: Tree, assigned: frozenset[str],
                live: frozenset[str], var: str | None) -> Assigned:
        """A `for` (var given) or `repeat` loop that pauses."""
        w = self.w
        where = w.note(self.out, 0, s)
        spot = Spot(where, where)
        key = w.hidden_key()
        values, turn = f"_l{key}", f"_i{key}"
        text = w.expr(items, self.ctx.scope(assigned), True)
        first = f"list({text})" if var is not None else f"len(_repeat(_L, {text}, 0))"
        self.out.extend([(0, f"{values} = {first}", spot), (0, f"{turn} = 0", spot)])
        assigned = self.at_head(s, assigned, live)
        self.ctx.hidden[f"·{key}"] = values
        self.ctx.hidden[f"·{key}i"] = turn
        head, body, end = self.label(), self.label(), self.label()
        self.goto(head)
        self.start(head)
        limit = f"len({values})" if var is not None else values
        self.out.append((0, f"if {turn} < {limit}:", spot))
        if var is not None:
            self.out.append((1, f"{self.ctx.names[var]} = {values}[{turn}]", spot))
        self.out.append((1, f"{turn} += 1", spot))
        self.charge(body_tree, 1, spot)
        self.out.extend([Jump(1, body, spot), (0, "else:", spot), Jump(1, end, spot)])
        inner = assigned | {var} if var is not None else assigned
        self.loop_body(body_tree, body, head, end, where, inner, live, loop_head_live(s, live))
        del self.ctx.hidden[f"·{key}"], self.ctx.hidden[f"·{key}i"]
        return assigned

    def at_head(self, s: Tree, assigned: frozenset[str], live: frozenset[str]
                ) -> frozenset[str]:
        """What is surely set at the head of a loop that pauses, on every turn: only what
        the loop or the code after it still reads stays loaded where the body resumes."""
        return assigned & loop_head_live(s, live)

    def charge(self, body: Tree, depth: int, spot: Spot) -> None:
        """Charge one turn of a loop."""
        self.out.append((depth, f"_L[0] -= {weight(body)}", spot))
        self.out.append((depth, "if _L[0] < 0: _spent(_L)", spot))

    def loop_body(self, body: Tree, label: Label, head: Label, end: Label, where: Location,
                  assigned: frozenset[str], out: frozenset[str], again: frozenset[str]) -> None:
        """A pausing loop's body from `label`, back to `head`; `end` after it. `out`: what
        the code after the loop may read; `again`: what the loop's next turn may."""
        self.start(label)
        self.ctx.loops.append(Loop(where, end))
        self.exits.append(out)
        try:
            self.lower(body, assigned, again)
        finally:
            self.ctx.loops.pop()
            self.exits.pop()
        self.goto(head)
        self.start(end)
