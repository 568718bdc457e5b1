"""The type checker: a pass over the parse trees of a compiled game, run once at load.

It infers the types of script constants, functions' results and procedures' locals (from
what is assigned to them), and what each parameter is used as, by walking the whole
program until nothing changes; then it walks once more and reports every expression whose
types cannot work. It reads only parse trees and declarations, never the compiled code, so
it stays valid whatever the code generator becomes.
"""

from __future__ import annotations

from lark import Tree

from ...errors import Location, Problem
from ...interpreter.model import GameDef
from ..parse import RETURNED_CHOICE
from ..program import Program
from ..trees import part
from ..types import (
    BOOLEAN,
    NOTHING,
    NUMBER,
    PLAYER,
    UNKNOWN,
    Type,
    compatible,
    describe,
    join,
    known,
    list_of,
)
from .names import declared_names
from .type_calls import CallTypes
from .type_env import GameTypes
from .type_exprs import element

MAX_ROUNDS = 12
"""Inference walks before giving up on a type that keeps changing (it becomes unknown)."""

SettingUse = tuple[str, str, Type]
"""A use of an option outside the scripts: (dotted path in the game file, option, type)."""


def setting_uses(doc: dict) -> list[SettingUse]:
    """Where the game file itself names an option for a value: as true/false (share_ties,
    spares, a finite bank) or as a number (a track's floor)."""
    uses: list[SettingUse] = []
    share = doc.get("end", {}).get("share_ties")
    if isinstance(share, str):
        uses.append(("end.share_ties", share, BOOLEAN))
    for name, kind in doc.get("tokens", {}).items():
        unless = kind.get("spares", {}).get("unless") if isinstance(kind, dict) else None
        if isinstance(unless, str):
            uses.append((f"tokens.{name}.spares.unless", unless, BOOLEAN))
    for name, body in doc.get("resources", {}).items():
        finite = body.get("finite") if isinstance(body, dict) else None
        if isinstance(finite, str):
            uses.append((f"resources.{name}.finite", finite, BOOLEAN))
        elif isinstance(finite, dict) and isinstance(finite.get("unless"), str):
            uses.append((f"resources.{name}.finite.unless", finite["unless"], BOOLEAN))
    for name, body in doc.get("tracks", {}).items():
        floor = body.get("floor") if isinstance(body, dict) else None
        if isinstance(floor, str):
            uses.append((f"tracks.{name}.floor", floor, NUMBER))
    return uses


def check_types(game: GameDef, program: Program, problems: list[Problem],
                uses: list[SettingUse] = ()) -> None:
    """Add a located problem for every expression of the game whose types cannot work."""
    TypeChecker(game, program, problems).run(list(uses))


class TypeChecker(CallTypes):
    """Infers, then checks, the types of one game's scripts and expressions."""

    def __init__(self, game: GameDef, program: Program, problems: list[Problem]):
        self.g, self.program, self.problems = game, program, problems
        self.types = GameTypes(game)
        self.fn_types: dict[str, Type] = {}
        self.return_types: dict[str, Type] = {}     # what each procedure returns (`return E`)
        self.new_return: Type = NOTHING
        self.const_types: dict[str, Type] = {}
        self.local_types: dict[str, dict[str, Type]] = {}
        self.demands: dict[tuple[str, int], tuple[Type, str]] = {}
        self.arg_types: dict[tuple[str, int], Type] = {}
        self.param_hints: dict[str, dict[str, Type]] = {}   # (value_types.py, after checking)
        self.recording = False
        self.var_assigned: dict[str, Type] = {}
        self.seen: set[tuple[str, str]] = set()
        self.blamed: set[str] = set()
        self.reporting = False
        self.scopes: list[dict[str, Type]] = []
        self.params: list[str] = []
        self.new_locals: dict[str, Type] = {}
        self.new_plain: dict[str, list[Type]] = {}
        self.defname = self.file = self.context = ""
        self.origin: Location | None = None

    def _state(self) -> tuple:
        return (dict(self.fn_types), dict(self.const_types),
                {k: dict(v) for k, v in self.local_types.items()},
                {k: v[0] for k, v in self.demands.items()}, dict(self.var_assigned),
                dict(self.return_types))

    def run(self, uses: list[SettingUse]) -> None:
        """Infer until stable (or MAX_ROUNDS), then report in one last walk."""
        before = self._state()
        for _ in range(MAX_ROUNDS):
            self.walk()
            after = self._state()
            if after == before:
                break
            before = after
        else:
            self._give_up()
        self.reporting = True
        self.walk()
        for path, name, wanted in uses:
            if name in self.types.settings:
                loc = self.g.source_locations.get(path)
                use = f"{loc.file}:{loc.line}:{loc.column} ({path})" if loc else path
                self.blame_setting(name, wanted, use)

    def _give_up(self) -> None:
        """Types still changing after MAX_ROUNDS become unknown (never a false problem)."""
        previous = self._state()
        self.walk()
        for name, t in self.fn_types.items():
            if previous[0].get(name) != t:
                self.fn_types[name] = UNKNOWN
        for name, t in self.const_types.items():
            if previous[1].get(name) != t:
                self.const_types[name] = UNKNOWN
        for proc, names in self.local_types.items():
            for name, t in names.items():
                if previous[2].get(proc, {}).get(name) != t:
                    names[name] = UNKNOWN

    # -- the walk ----------------------------------------------------------------------
    def enter(self, file: str, context: str, name: str, params: list[str],
              local: dict[str, Type] | None = None) -> None:
        """Start checking a definition: its file, its name in problems, its scope."""
        self.file, self.context, self.defname, self.params = file, context, name, params
        hints = self.param_hints.get(name, {})
        self.scopes = [{**(local or {}), **{p: hints.get(p, UNKNOWN) for p in params}}]

    def walk(self) -> None:
        """Check every constant, function, procedure and game-file expression once."""
        for name, (file, d) in self.program.const_trees.items():
            self.enter(file, f"const {name}", name, [])
            self.const_types[name] = self.ty(part(d, "value"))
        for func in self.program.funcs.values():
            self.enter(func.file, f"fn {func.name}", func.name, func.params)
            self.fn_types[func.name] = self.ty(part(func.tree, "value"))
        for proc in self.program.procs.values():
            if proc.tree is None or proc.tree.data != "proc_def":
                continue         # a simultaneous block is checked with its procedure
            block = part(proc.tree, "body")
            known_locals = self.local_types.get(proc.name, {})
            local = {n: known_locals.get(n, NOTHING) for n in declared_names(block)}
            self.enter(proc.file, f"def {proc.name}", proc.name, proc.params, local)
            self.new_locals, self.new_plain = {}, {}
            self.new_return = NOTHING
            self.block(block)
            self.local_types[proc.name] = self._locals()
            self.return_types[proc.name] = self.new_return
        for tree, params, file, origin in self.program.expressions:
            path = origin.path if origin is not None else ""
            self.enter(file, path, path, params)
            self.origin = origin
            if path.startswith("end.conditions") or path == "goals.qualifies":
                self.condition(tree, path)
            elif path.startswith("evaluation."):
                self.number(tree)
            else:
                self.ty(tree)
            self.origin = None

    def assign(self, name: str, t: Type, declaring: bool = True) -> None:
        """A local gets a value of type t (a parameter keeps its unknown type). A local has
        the type of the values it is introduced with (let, for, choose); a later plain
        assignment must fit it."""
        if name in self.params:
            return
        if declaring:
            self.new_locals[name] = join(self.new_locals.get(name, NOTHING), t)
        else:
            self.new_plain.setdefault(name, []).append(t)

    def fresh_choice(self, t: Type) -> None:
        """The hidden local a lifted `return choose` or `p.VAR = choose` stores its answer in
        is read right after, so it has the type of this choice's options there, not the
        type joined over every choice of the procedure."""
        for scope in reversed(self.scopes):
            if RETURNED_CHOICE in scope:
                scope[RETURNED_CHOICE] = t
                return

    def _locals(self) -> dict[str, Type]:
        """The locals' types after a walk of their procedure."""
        out = dict(self.new_locals)
        for name, values in self.new_plain.items():
            declared = out.get(name, NOTHING)
            for t in values:
                if not known(declared) or compatible(t, declared):
                    out[name] = join(out.get(name, NOTHING), t)
        return out

    def block(self, block: Tree) -> None:
        """Each statement of a block."""
        for stmt in block.children:
            self.stmt(stmt)

    def stmt(self, s: Tree) -> None:
        """One statement: its expressions checked, its locals' types noted."""
        kind, ch = s.data, s.children
        if kind == "let_stmt":
            self.assign(str(ch[0]), self.ty(ch[1]))
        elif kind == "assign_stmt":
            name, vt = str(ch[0]), self.ty(ch[1])
            if name not in self.params:
                want = self.name_type(name)
                self.expect(ch[1], vt, want, lambda: f"{name} is {describe(want)}; it cannot "
                                                     f"be set to {describe(vt)}")
            self.assign(name, vt, declaring=False)
        elif kind == "attr_assign_stmt":
            self.attr_assign(s)
        elif kind == "choose_stmt":
            ot, pt = self.ty(ch[1]), self.ty(ch[2])
            self.expect(ch[1], ot, list_of(UNKNOWN),
                        lambda: f"'choose from' needs a list, not {describe(ot)}")
            self.expect(ch[2], pt, PLAYER, lambda: f"'by' needs a player, not {describe(pt)}")
            self.assign(str(ch[0]), element(ot))
            if str(ch[0]) == RETURNED_CHOICE:
                self.fresh_choice(element(ot))
        elif kind == "call_stmt":
            self.statement_call(s)
        elif kind == "return_value_stmt":
            self.returned(ch[0])
        elif kind == "if_stmt":
            self.condition(ch[0], "'if'")
            self.block(ch[1])
            for clause in ch[2:]:
                if clause is not None and clause.data == "elif_clause":
                    self.condition(part(clause, "condition"), "'elif'")
                    self.block(part(clause, "body"))
                elif clause is not None:
                    self.block(part(clause, "body"))
        elif kind in ("for_stmt", "simultaneous_stmt"):
            it = self.ty(ch[1])
            word = "for" if kind == "for_stmt" else "simultaneous"
            self.expect(ch[1], it, list_of(UNKNOWN),
                        lambda: f"'{word}' needs a list to go through, not {describe(it)}")
            self.assign(str(ch[0]), element(it))
            self.block(ch[2])
        elif kind == "while_stmt":
            self.condition(ch[0], "'while'")
            self.block(ch[1])
        elif kind == "repeat_stmt":
            ct = self.ty(ch[0])
            self.expect(ch[0], ct, NUMBER, lambda: f"'repeat' needs a number, not {describe(ct)}")
            self.block(ch[1])

    def returned(self, value: Tree) -> None:
        """`return E`: every path of a procedure returns the same kind of value."""
        vt, before = self.ty(value), self.new_return
        if known(vt) and known(before) and not compatible(vt, before) and \
                not compatible(before, vt):
            self.report(value, f"{self.defname} returns {describe(before)} elsewhere; it "
                               f"cannot also return {describe(vt)}")
            return
        self.new_return = join(before, vt)

    def attr_assign(self, s: Tree) -> None:
        """`game.VAR = E` or `p.VAR = E`: the value fits the variable's type (that of its
        initial value, where a mistake is blamed if the value comes from the script)."""
        base, attr, value = str(part(s, "base")), str(part(s, "attribute")), part(s, "value")
        vt = self.ty(value)
        if base == "game" and not self.is_local("game"):
            want, shown = self.types.game_vars.get(attr, UNKNOWN), f"game.{attr}"
            key = f"game.{attr}"
        else:
            bt = self.name_type(base)
            self.expect(part(s, "base"), bt, PLAYER, lambda: f"{describe(bt)} has no player "
                                                          f"variable {attr!r}")
            want, shown = self.types.player_vars.get(attr, UNKNOWN), f"{base}.{attr}"
            key = f"player.{attr}"
        self.var_assigned[key] = join(self.var_assigned.get(key, NOTHING), vt)
        if key in self.types.settings and not compatible(vt, want) and \
                self.initial_is_odd(key, vt):
            self.blame_setting(key, vt, self.use(value), verb="sets it to")
            return
        self.expect(value, vt, want, lambda: f"{shown} is {describe(want)}; it cannot be "
                                             f"set to {describe(vt)}")
