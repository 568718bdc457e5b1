"""Compile parse trees into closures, checking every name, arity and reference first.

Expressions become `f(env, runtime) -> value`; statements become ops
`op(frame, runtime, thread) -> next pc | PAUSE | STACK` in a flat list per procedure, so
where a procedure is paused is just a program counter in the (plain-data) state.
"""

from __future__ import annotations

import difflib
import operator
from typing import Any

from lark import Token, Tree

from ..errors import Location, Problem, ScriptRuntimeError
from ..interpreter.model import GameDef
from . import builtins, named_args
from .program import PAUSE, STACK, Expr, Func, Proc, Program

TOKEN_FIELDS = {"owner", "at", "controller", "shown", "kind", "id"}
_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
            ">": operator.gt, ">=": operator.ge}
_ARITH = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv,
          "%": operator.mod}


class CompileProblem(Exception):
    """Raised inside the compiler to abandon one definition after recording its problem."""


def rank_groups(items: list, key) -> list[list]:
    """Group `items` by key, highest key first; ties share a group, in the items' order."""
    keyed = [(key(item), item) for item in items]
    order = sorted(range(len(keyed)), key=lambda i: keyed[i][0], reverse=True)
    groups: list[list] = []
    last = object()
    for i in order:
        k, item = keyed[i]
        if groups and k == last:
            groups[-1].append(item)
        else:
            groups.append([item])
            last = k
    return groups


class Compiler:
    """Compiles the scripts of one game against its declared names."""

    def __init__(self, game: GameDef, problems: list[Problem]):
        self.g = game
        self.problems = problems
        self.program = Program()
        self.file = ""
        self.context = ""     # the definition being compiled, named in problems
        self.sim_depth = 0
        self.sim_count = 0
        token_props = {p for kind in game.tokens.values() for p in kind.props}
        area_props = {p for area in game.areas.values() for p in area}
        self.attr_names = set(game.player_vars) | area_props | token_props | TOKEN_FIELDS
        self.filter_names = {"owner", "at", "controller", "shown"} | token_props
        self.statics: dict[str, Any] = {"areas": list(game.areas)}
        for name in game.locations:
            self.statics[name] = name
        for name in game.areas:
            self.statics[name] = name
        for name in list(game.pieces) + list(game.tokens) + list(game.decks):
            self.statics[name] = name
        for name, opt in game.options.items():
            self.statics[name] = opt.value
        self.statics.update(named_args.statics(game))
        self.const_names = set(game.constants)

    # -- problems ----------------------------------------------------------------------
    def where(self, node: Tree | Token) -> Location:
        line = getattr(node, "line", None)
        col = getattr(node, "column", None)
        if line is None and isinstance(node, Tree) and not node.meta.empty:
            line, col = node.meta.line, node.meta.column
        return Location(self.file, line or 0, col or 0, self.context)

    def fail(self, node: Tree | Token, message: str) -> None:
        self.problems.append(Problem(self.where(node), message))
        raise CompileProblem

    def _suggest(self, name: str, known) -> str:
        close = difflib.get_close_matches(name, list(known), n=1)
        return f"; did you mean {close[0]!r}?" if close else ""

    # -- whole program -------------------------------------------------------------------
    def declare(self, file: str, tree: Tree) -> None:
        """First pass: record the names every definition introduces."""
        self.file = file
        for d in tree.children:
            name = str(d.children[0])
            if name in self.program.procs or name in self.program.funcs or \
                    name in self.program.const_trees:
                self.problems.append(Problem(self.where(d.children[0]),
                                             f"{name!r} is defined twice"))
                continue
            if name in builtins.EXPRESSIONS or name in builtins.STATEMENTS:
                self.problems.append(Problem(self.where(d.children[0]),
                                             f"{name!r} is a built-in and cannot be redefined"))
                continue
            params = [str(t) for t in d.children[1].children] if d.data != "const_def" and \
                d.children[1] is not None else []
            if d.data == "proc_def":
                self.program.procs[name] = Proc(name, params, tree=d, file=file)
            elif d.data == "func_def":
                self.program.funcs[name] = Func(name, params, tree=d, file=file)
            else:
                self.program.const_trees[name] = (file, d)
                self.const_names.add(name)

    def compile_all(self) -> Program:
        """Second pass: compile every declared definition, collecting all problems."""
        for name, (file, d) in self.program.const_trees.items():
            self.file, self.context = file, f"const {name}"
            try:
                self.program.consts[name] = self.expr(d.children[1], set())
            except CompileProblem:
                pass
        for func in list(self.program.funcs.values()):
            self.file, self.context = func.file, f"fn {func.name}"
            try:
                body = self.expr(func.tree.children[2], set(func.params))
            except CompileProblem:
                continue
            params = func.params
            func.call = _make_func(body, params)
        for proc in list(self.program.procs.values()):
            self.file, self.context = proc.file, f"def {proc.name}"
            block = proc.tree.children[2]
            scope = set(proc.params) | _declared_names(block)
            self.check_shadowing(proc.tree, scope)
            self.sim_depth = 0
            self.block(block, scope, proc, loops=[])
        return self.program

    def check_shadowing(self, tree: Tree, scope: set[str]) -> None:
        """A local may not hide a global name: `tokens(card)` must always mean the kind."""
        for name in sorted(scope):
            if name in self.statics or name in self.const_names or name in ("players", "game"):
                self.problems.append(Problem(self.where(tree),
                                             f"local name {name!r} hides the global {name!r}; "
                                             "choose another name"))

    def compile_expression(self, tree: Tree, params: list[str], file: str) -> Expr:
        """Compile a standalone expression (e.g. an end condition in YAML)."""
        self.file, self.context = file, ""
        return self.expr(tree, set(params))

    # -- statements ----------------------------------------------------------------------
    def block(self, block: Tree, scope: set[str], proc: Proc, loops: list[list[int]]) -> None:
        for stmt in block.children:
            try:
                self.stmt(stmt, scope, proc, loops)
            except CompileProblem:
                continue

    def emit(self, proc: Proc, op, node) -> int:
        proc.ops.append(op)
        proc.locations.append(self.where(node))
        return len(proc.ops) - 1

    def stmt(self, s: Tree, scope: set[str], proc: Proc, loops: list[list[int]]) -> None:
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

    def attr_assign(self, s: Tree, scope: set[str], nxt: int):
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

    def choose(self, s: Tree, scope: set[str], nxt: int):
        var = str(s.children[0])
        options = self.expr(s.children[1], scope)
        player = self.expr(s.children[2], scope)
        ask = s.children[3][1:-1] if s.children[3] is not None else "choose"
        self.check_text(s.children[3] or s, "asks", ask)

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

    def call_stmt(self, s: Tree, scope: set[str], nxt: int):
        name = str(s.children[0])
        args, kwargs = self.args(s.children[1], scope)
        if name in self.program.procs:
            target = self.program.procs[name]
            if kwargs or len(args) != len(target.params):
                self.fail(s, f"{name} takes {len(target.params)} argument(s) "
                             f"({', '.join(target.params)}), got {len(args) + len(kwargs)}")
            params = target.params

            def op(fr, c, th):
                env = fr["e"]
                frame = {"p": name, "pc": 0, "e": {k: a(env, c) for k, a in zip(params, args)}}
                fr["pc"] = nxt
                th["stack"].append(frame)
                return STACK
            return op
        if name in builtins.FLOW_STATEMENTS:
            low, high = builtins.FLOW_STATEMENTS[name]
            if kwargs or not low <= len(args) <= high:
                self.fail(s, f"{name} takes {low} to {high} argument(s)")
            if name == "check_end":
                if self.g.end is None:
                    self.fail(s, "check_end needs an 'end' section in the game file")

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
        builtin = builtins.STATEMENTS.get(name)
        if builtin is None:
            if name in builtins.EXPRESSIONS or name in self.program.funcs:
                self.fail(s, f"{name!r} computes a value; use it in an expression, "
                             "not as a statement")
            known = list(self.program.procs) + list(builtins.STATEMENTS)
            self.fail(s.children[0], f"unknown procedure {name!r}" + self._suggest(name, known))
        self.check_arity(s, name, builtin, args, kwargs)
        if builtin.keywords == builtins.FILTERS:
            self.check_kind_arg(s, name)
        if name == "log":
            first = s.children[1].children[0] if s.children[1] is not None else None
            if first is None or first.data != "pos_arg" or first.children[0].data != "string":
                self.fail(s, "log needs a message id in quotes as its first argument")
            self.check_text(first, "notes", str(first.children[0].children[0])[1:-1])
        impl = builtin.impl

        def op(fr, c, th):
            env = fr["e"]
            impl(c, *[a(env, c) for a in args], **{k: a(env, c) for k, a in kwargs.items()})
            return nxt
        return op

    def if_stmt(self, s: Tree, scope, proc: Proc, loops) -> None:
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

    def loop(self, s: Tree, scope, proc: Proc, loops) -> None:
        tag = f"·{len(proc.ops)}"
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
                env[tag] = list(items(env, c))
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

    def simultaneous(self, s: Tree, scope, proc: Proc) -> None:
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

    # -- expressions ---------------------------------------------------------------------
    def args(self, node: Tree | None, scope) -> tuple[list[Expr], dict[str, Expr]]:
        args: list[Expr] = []
        kwargs: dict[str, Expr] = {}
        if node is None:
            return args, kwargs
        for a in node.children:
            if a.data == "kw_arg":
                key = str(a.children[0])
                if key in kwargs:
                    self.fail(a.children[0], f"keyword {key!r} given twice")
                kwargs[key] = self.expr(a.children[1], scope)
            else:
                if kwargs:
                    self.fail(a, "positional argument after a keyword argument")
                args.append(self.expr(a.children[0], scope))
        return args, kwargs

    def check_text(self, node, section: str, key: str) -> None:
        """A message id used in a script must have its text in the game's text file."""
        texts = self.g.text.get(section)
        if self.g.text and (texts is None or key not in texts):
            self.fail(node, f"no text for {key!r} in the {section} section of the game's "
                            "text file" + self._suggest(key, texts or {}))

    def check_arity(self, node, name, builtin, args, kwargs, arg_trees=None) -> None:
        given = node.children[1].children if node.children[1] is not None else []
        found = named_args.problem(self.g, name, [a.children[0] for a in given
                                                  if a.data == "pos_arg"])
        if found:
            self.fail(*found)
        if not builtin.min_args <= len(args) <= builtin.max_args:
            want = str(builtin.min_args) if builtin.min_args == builtin.max_args else \
                f"{builtin.min_args} to {builtin.max_args}"
            self.fail(node, f"{name} takes {want} argument(s), got {len(args)}")
        if builtin.keywords == builtins.FILTERS:
            for key in kwargs:
                if key not in self.filter_names:
                    self.fail(node, f"{name}: unknown filter {key!r}; filters are "
                                    f"{', '.join(sorted(self.filter_names))}")
        elif builtin.keywords != "any":
            for key in kwargs:
                if key not in builtin.keywords:
                    self.fail(node, f"{name} takes no keyword {key!r}")
        if builtin.check is not None:
            builtin.check(self, node)

    def expr(self, t, scope: set[str]) -> Expr:
        kind = t.data
        ch = t.children
        if kind == "number":
            value = int(ch[0])
            return lambda e, c: value
        if kind == "string":
            text = str(ch[0])[1:-1]
            return lambda e, c: text
        if kind == "true":
            return lambda e, c: True
        if kind == "false":
            return lambda e, c: False
        if kind == "none":
            return lambda e, c: None
        if kind == "name":
            return self.name(ch[0], scope)
        if kind == "list":
            items = [self.expr(x, scope) for x in ch if x is not None]
            return lambda e, c: [f(e, c) for f in items]
        if kind == "attr":
            return self.attr(t, scope)
        if kind == "index":
            base, idx = self.expr(ch[0], scope), self.expr(ch[1], scope)
            return lambda e, c: base(e, c)[idx(e, c)]
        if kind == "call":
            return self.call(t, scope)
        if kind == "list_comp":
            return self.list_comp(t, scope)
        if kind == "rank":
            return self.rank(t, scope)
        if kind == "ternary":
            a, cond, b = (self.expr(x, scope) for x in ch)
            return lambda e, c: a(e, c) if cond(e, c) else b(e, c)
        if kind == "or_op":
            a, b = self.expr(ch[0], scope), self.expr(ch[1], scope)
            return lambda e, c: a(e, c) or b(e, c)
        if kind == "and_op":
            a, b = self.expr(ch[0], scope), self.expr(ch[1], scope)
            return lambda e, c: a(e, c) and b(e, c)
        if kind == "not_op":
            a = self.expr(ch[0], scope)
            return lambda e, c: not a(e, c)
        if kind == "neg":
            a = self.expr(ch[0], scope)
            return lambda e, c: -a(e, c)
        if kind == "compare":
            a, fn, b = self.expr(ch[0], scope), _COMPARE[str(ch[1])], self.expr(ch[2], scope)
            return lambda e, c: fn(a(e, c), b(e, c))
        if kind in ("member", "not_member"):
            a, b = self.expr(ch[0], scope), self.expr(ch[1], scope)
            if kind == "member":
                return lambda e, c: a(e, c) in b(e, c)
            return lambda e, c: a(e, c) not in b(e, c)
        if kind == "binop":
            a, fn, b = self.expr(ch[0], scope), _ARITH[str(ch[1])], self.expr(ch[2], scope)
            return lambda e, c: fn(a(e, c), b(e, c))
        self.fail(t, f"unsupported expression {kind}")  # pragma: no cover
        raise AssertionError

    def name(self, tok: Token, scope) -> Expr:
        name = str(tok)
        if name in scope:
            def local(e, c):
                try:
                    return e[name]
                except KeyError:
                    raise ScriptRuntimeError(f"variable {name!r} used before it is set") from None
            return local
        if name == "players":
            return lambda e, c: c.players
        if name in self.statics:
            value = self.statics[name]
            return lambda e, c: value
        if name in self.const_names:
            return lambda e, c: c.consts[name]
        known = set(scope) | set(self.statics) | self.const_names | {"players", "game"}
        if name == "game":
            self.fail(tok, "'game' holds the game variables: write game.NAME")
        self.fail(tok, f"unknown name {name!r}" + self._suggest(name, known))
        raise AssertionError

    def attr(self, t: Tree, scope) -> Expr:
        base_tree, attr_tok = t.children
        attr = str(attr_tok)
        if base_tree.data == "name" and str(base_tree.children[0]) == "game" and \
                "game" not in scope:
            if attr not in self.g.game_vars:
                self.fail(attr_tok, f"unknown game variable {attr!r}"
                          + self._suggest(attr, self.g.game_vars))
            return lambda e, c: c.s["vars"][attr]
        if attr not in self.attr_names:
            self.fail(attr_tok, f"unknown property {attr!r}" + self._suggest(attr, self.attr_names))
        base = self.expr(base_tree, scope)
        return lambda e, c: c.attr(base(e, c), attr)

    def call(self, t: Tree, scope) -> Expr:
        name = str(t.children[0])
        args, kwargs = self.args(t.children[1], scope)
        if name in self.program.funcs:
            func = self.program.funcs[name]
            if kwargs or len(args) != len(func.params):
                self.fail(t, f"{name} takes {len(func.params)} argument(s) "
                             f"({', '.join(func.params)}), got {len(args) + len(kwargs)}")
            return lambda e, c: func.call(c, *[a(e, c) for a in args])
        builtin = builtins.EXPRESSIONS.get(name)
        if builtin is None:
            if name in self.program.procs or name in builtins.STATEMENTS or \
                    name in builtins.FLOW_STATEMENTS:
                self.fail(t, f"{name!r} is a procedure: call it as a statement, "
                             "not inside an expression")
            known = list(self.program.funcs) + list(builtins.EXPRESSIONS)
            self.fail(t.children[0], f"unknown function {name!r}" + self._suggest(name, known))
        self.check_arity(t, name, builtin, args, kwargs)
        if builtin.keywords == builtins.FILTERS:
            self.check_kind_arg(t, name)
        impl = builtin.impl
        if not kwargs:
            if len(args) == 1:
                a0 = args[0]
                return lambda e, c: impl(c, a0(e, c))
            return lambda e, c: impl(c, *[a(e, c) for a in args])
        return lambda e, c: impl(c, *[a(e, c) for a in args],
                                 **{k: a(e, c) for k, a in kwargs.items()})

    def check_kind_arg(self, t: Tree, name: str) -> None:
        first = t.children[1].children[0] if t.children[1] is not None else None
        if first is None or first.data != "pos_arg" or first.children[0].data != "name":
            self.fail(t, f"{name}: the first argument must name a kind of piece or token")
        kind = str(first.children[0].children[0])
        if kind not in self.g.pieces and kind not in self.g.tokens:
            self.fail(first, f"{name}: {kind!r} is not a kind of piece or token; known: "
                             + ", ".join(sorted(list(self.g.pieces) + list(self.g.tokens))))
        if kind in self.g.pieces:
            for a in t.children[1].children[1:]:
                if a.data == "kw_arg" and str(a.children[0]) not in ("owner", "at"):
                    self.fail(a, f"{name}: {kind} pieces can only be filtered by owner and at")

    def list_comp(self, t: Tree, scope) -> Expr:
        var = str(t.children[1])
        inner = scope | {var}
        item = self.expr(t.children[0], inner)
        items = self.expr(t.children[2], scope)
        cond = self.expr(t.children[3], inner) if t.children[3] is not None else None

        def comp(e, c):
            env = dict(e)
            out = []
            for x in items(env, c):
                env[var] = x
                if cond is None or cond(env, c):
                    out.append(item(env, c))
            return out
        return comp

    def rank(self, t: Tree, scope) -> Expr:
        var = str(t.children[0])
        inner = scope | {var}
        items = self.expr(t.children[1], scope)
        rest = t.children[2:]
        cond = self.expr(rest[-1], inner) if rest[-1] is not None else None
        keys = [self.expr(k, inner) for k in rest[:-1]]

        def rank(e, c):
            env = dict(e)
            chosen = []
            for x in items(env, c):
                env[var] = x
                if cond is None or cond(env, c):
                    chosen.append(x)

            def key(x):
                env[var] = x
                return tuple(k(env, c) for k in keys)
            return rank_groups(chosen, key)
        return rank


def _make_func(body: Expr, params: list[str]):
    if len(params) == 1:
        p0 = params[0]
        return lambda c, a: body({p0: a}, c)
    return lambda c, *args: body(dict(zip(params, args)), c)


def _declared_names(block: Tree) -> set[str]:
    names: set[str] = set()
    for node in block.iter_subtrees():
        if node.data in ("let_stmt", "choose_stmt", "for_stmt", "simultaneous_stmt"):
            names.add(str(node.children[0]))
    return names


def _range_of(count: Expr) -> Expr:
    return lambda e, c: range(count(e, c))


def _jump(target: int):
    return lambda fr, c, th: target


def _branch(cond: Expr, then: int, otherwise: int):
    return lambda fr, c, th: then if cond(fr["e"], c) else otherwise


def _next_item(tag: str, var: str, body: int, end: int):
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
