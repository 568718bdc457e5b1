"""Compile a procedure's statements into a flat list of ops with jumps.

An op is `op(frame, runtime, thread) -> next pc | PAUSE | STACK`, so where a procedure is
paused is just a program counter in the (plain-data) state.
"""

from __future__ import annotations

from lark import Tree

from ..errors import ScriptRuntimeError
from . import builtins
from .declarations import CompileProblem
from .expressions import ExpressionCompiler
from .limits import MAX_FRAMES, check_count
from .program import PAUSE, STACK, Expr, Op, Proc


class StatementCompiler(ExpressionCompiler):
    """Compiles statements into ops appended to a procedure, with their source locations."""

    def block(self, block: Tree, scope: set[str], proc: Proc, loops: list[list[int]]) -> None:
        """Each statement of a block; a problem abandons only its statement."""
        for stmt in block.children:
            try:
                self.stmt(stmt, scope, proc, loops)
            except CompileProblem:
                continue

    def emit(self, proc: Proc, op: Op | None, node: Tree) -> int:
        """Append an op (None: patched later) with the node's location; its index."""
        proc.ops.append(op)
        proc.locations.append(self.where(node))
        return len(proc.ops) - 1

    def stmt(self, s: Tree, scope: set[str], proc: Proc, loops: list[list[int]]) -> None:
        """One statement; `loops` holds the pending `break` jumps of the enclosing loops."""
        kind = s.data
        pc = len(proc.ops)
        nxt = pc + 1
        if kind == "let_stmt" or kind == "assign_stmt":
            name = str(s.children[0])
            if kind == "assign_stmt" and name not in scope:
                self.fail(s.children[0], f"unknown variable {name!r}; introduce it with 'let'")
            value = self.expr(s.children[1], scope)

            def op(fr, c, th, name=name, value=value, nxt=nxt):
                fr["e"][name] = value(fr["e"], c)
                return nxt
            self.emit(proc, op, s)
        elif kind == "attr_assign_stmt":
            self.emit(proc, self.attr_assign(s, scope, nxt), s)
        elif kind == "choose_stmt":
            self.emit(proc, self.choose(s, scope, nxt), s)
        elif kind == "call_stmt":
            self.emit(proc, self.call_stmt(s, scope, nxt), s)
        elif kind == "return_stmt":
            def op(fr, c, th):
                th["stack"].pop()
                return STACK
            self.emit(proc, op, s)
        elif kind == "break_stmt":
            if not loops:
                self.fail(s, "'break' outside a loop")
            index = self.emit(proc, None, s)
            loops[-1].append(index)
        elif kind == "pass_stmt":
            self.emit(proc, lambda fr, c, th, nxt=nxt: nxt, s)
        elif kind == "if_stmt":
            self.if_stmt(s, scope, proc, loops)
        elif kind in ("for_stmt", "repeat_stmt", "while_stmt"):
            self.loop(s, scope, proc, loops)
        elif kind == "simultaneous_stmt":
            self.simultaneous(s, scope, proc)
        else:  # pragma: no cover - the grammar has no other statements
            self.fail(s, f"unsupported statement {kind}")

    def attr_assign(self, s: Tree, scope: set[str], nxt: int) -> Op:
        """`game.VAR = E` or `p.VAR = E` (a player variable)."""
        base, attr = str(s.children[0]), str(s.children[1])
        value = self.expr(s.children[2], scope)
        if base == "game" and base not in scope:
            if attr not in self.g.game_vars:
                self.fail(s.children[1], f"unknown game variable {attr!r}"
                          + self._suggest(attr, self.g.game_vars))

            def op(fr, c, th):
                c.s["vars"][attr] = value(fr["e"], c)
                return nxt
            return op
        if base not in scope:
            self.fail(s.children[0], f"unknown variable {base!r}")
        if attr not in self.g.player_vars:
            self.fail(s.children[1], f"unknown player variable {attr!r}"
                      + self._suggest(attr, self.g.player_vars))

        def op(fr, c, th):
            c.s["pvars"][fr["e"][base]][attr] = value(fr["e"], c)
            return nxt
        return op

    def choose(self, s: Tree, scope: set[str], nxt: int) -> Op:
        """`let x = choose from OPTIONS by PLAYER ask "id"`: pauses unless one option."""
        var = str(s.children[0])
        options = self.expr(s.children[1], scope)
        player = self.expr(s.children[2], scope)
        ask = s.children[3][1:-1] if s.children[3] is not None else "choose"
        self.check_text(s.children[3] or s, "asks", ask)
        self.check_ask_text(s.children[3] or s, ask)
        self.check_prompt_text(s.children[3] or s, ask, scope)

        def op(fr, c, th):
            env = fr["e"]
            opts = options(env, c)
            if not opts:
                raise ScriptRuntimeError(f"nothing to choose from for {var!r}")
            if len(opts) == 1:
                env[var] = opts[0]
                return nxt
            th["wait"] = {"player": player(env, c), "var": var, "options": list(opts),
                          "ask": ask, "secret": c.secret}
            return PAUSE
        return op

    def call_stmt(self, s: Tree, scope: set[str], nxt: int) -> Op:
        """A call of one of the script's procedures, a flow statement or a built-in."""
        name = str(s.children[0])
        args, kwargs = self.args(s.children[1], scope)
        if name in self.program.procs:
            target = self.program.procs[name]
            self.check_script_arity(s, name, target.params, args, kwargs)
            params = target.params

            def op(fr, c, th):
                env = fr["e"]
                if len(th["stack"]) >= MAX_FRAMES:
                    raise ScriptRuntimeError(f"procedures call each other more than "
                                             f"{MAX_FRAMES} deep (endless recursion?)")
                frame = {"p": name, "pc": 0, "e": {k: a(env, c) for k, a in zip(params, args)}}
                fr["pc"] = nxt
                th["stack"].append(frame)
                return STACK
            return op
        if name in builtins.FLOW_STATEMENTS:
            self.check_flow_call(s, name, args, kwargs)
            if name == "check_end":
                def op(fr, c, th):
                    from ..interpreter.ending import check_end
                    return STACK if check_end(c) else nxt
                return op

            def op(fr, c, th):
                from ..interpreter.ending import finish
                env = fr["e"]
                finish(c, list(args[0](env, c)), args[1](env, c) if len(args) > 1 else "")
                return STACK
            return op
        builtin = self.statement_builtin(s, name)
        self.check_builtin_call(s, name, builtin, args, kwargs)
        if name == "log":
            self.check_log_id(s, kwargs)
        impl = builtin.impl

        def op(fr, c, th):
            env = fr["e"]
            impl(c, *[a(env, c) for a in args], **{k: a(env, c) for k, a in kwargs.items()})
            return nxt
        return op

    def if_stmt(self, s: Tree, scope: set[str], proc: Proc, loops: list[list[int]]) -> None:
        """`if/elif/else`: a branch op before each guarded body, a jump to the end after it."""
        branches: list[tuple[Tree | None, Tree]] = [(s.children[0], s.children[1])]
        for clause in s.children[2:]:
            if clause is None:
                continue
            if clause.data == "elif_clause":
                branches.append((clause.children[0], clause.children[1]))
            else:
                branches.append((None, clause.children[0]))
        end_jumps = []
        for cond_tree, body in branches:
            test_index = None
            if cond_tree is not None:
                cond = self.expr(cond_tree, scope)
                test_index = self.emit(proc, None, cond_tree)
            self.block(body, scope, proc, loops)
            end_jumps.append(self.emit(proc, None, body))
            if test_index is not None:
                proc.ops[test_index] = _branch(cond, test_index + 1, len(proc.ops))
        end = len(proc.ops)
        for j in end_jumps:
            proc.ops[j] = _jump(end)

    def loop(self, s: Tree, scope: set[str], proc: Proc, loops: list[list[int]]) -> None:
        """`for`, `repeat` and `while`: a test op, the body, a jump back; breaks jump out."""
        tag = f"·{len(proc.ops)}"
        first = len(proc.ops)
        if s.data == "while_stmt":
            cond = self.expr(s.children[0], scope)
            body = s.children[1]
            test = self.emit(proc, None, s)
        else:
            if s.data == "for_stmt":
                var, items, body = str(s.children[0]), self.expr(s.children[1], scope), \
                    s.children[2]
            else:
                var, items, body = tag + "r", _range_of(self.expr(s.children[0], scope)), \
                    s.children[1]

            after_init = len(proc.ops) + 1

            def init(fr, c, th, nxt=after_init):
                env = fr["e"]
                values = items(env, c)
                if type(values) is range:
                    check_count(len(values), f"repeat {len(values)}")
                env[tag] = list(values)
                env[tag + "i"] = 0
                return nxt
            self.emit(proc, init, s)
            test = self.emit(proc, None, s)
        breaks: list[int] = []
        self.block(body, scope, proc, loops + [breaks])
        self.emit(proc, _jump(test), s)
        end = len(proc.ops)
        if s.data == "while_stmt":
            proc.ops[test] = _branch(cond, test + 1, end)
        else:
            proc.ops[test] = _next_item(tag, var, test + 1, end)
        for b in breaks:
            proc.ops[b] = _jump(end)
        proc.loops.append((first, end, self.where(s)))

    def simultaneous(self, s: Tree, scope: set[str], proc: Proc) -> None:
        """`simultaneous p in PLAYERS:`: a sub-procedure per player's thread, then a join."""
        if self.sim_depth:
            self.fail(s, "'simultaneous' cannot be nested")
        var, items, body = str(s.children[0]), self.expr(s.children[1], scope), s.children[2]
        self.sim_count += 1
        sub = Proc(f"{proc.name}·sim{self.sim_count}", [], tree=s, file=self.file)
        self.program.procs[sub.name] = sub
        self.sim_depth += 1
        self.block(body, scope, sub, loops=[])
        self.sim_depth -= 1
        name = sub.name
        nxt = len(proc.ops) + 1

        def spawn(fr, c, th):
            env = fr["e"]
            for p in items(env, c):
                c.s["threads"].append({"stack": [{"p": name, "pc": 0, "e": {**env, var: p}}],
                                       "wait": None, "player": p})
            return nxt

        def join(fr, c, th, here=nxt):
            return PAUSE if len(c.s["threads"]) > 1 else here + 1
        self.emit(proc, spawn, s)
        self.emit(proc, join, s)


def _range_of(count: Expr) -> Expr:
    return lambda e, c: range(count(e, c))


def _jump(target: int) -> Op:
    return lambda fr, c, th: target


def _branch(cond: Expr, then: int, otherwise: int) -> Op:
    return lambda fr, c, th: then if cond(fr["e"], c) else otherwise


def _next_item(tag: str, var: str, body: int, end: int) -> Op:
    index_key = tag + "i"

    def op(fr, c, th):
        env = fr["e"]
        i = env[index_key]
        items = env[tag]
        if i < len(items):
            env[var] = items[i]
            env[index_key] = i + 1
            return body
        return end
    return op
