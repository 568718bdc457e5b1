"""Where the type checker puts a mistake: at the script's node, or, when the value comes
straight from a constant or an option, at that value in the game file (naming the script's
use). A parameter used as a certain type becomes a demand on every call's argument."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from lark import Token, Tree

from ...errors import Location, Problem
from ..trees import part
from ..types import NOTHING, Type, compatible, concrete, describe, known


class Blame:
    """Reports type problems at the right place; the checker sets the fields below."""

    g: Any
    program: Any
    types: Any
    scopes: list[dict[str, Type]]
    params: list[str]
    defname: str
    file: str
    context: str
    reporting: bool
    recording: bool
    problems: list[Problem]
    seen: set[tuple[str, str]]
    blamed: set[str]
    demands: dict[tuple[str, int], tuple[Type, str]]
    fn_types: dict[str, Type]
    const_types: dict[str, Type]
    origin: Location | None
    var_assigned: dict[str, Type]

    def where(self, node: Tree | Token) -> Location:
        """The location of a node in the definition being checked."""
        line = getattr(node, "line", None)
        col = getattr(node, "column", None)
        if line is None and isinstance(node, Tree) and not node.meta.empty:
            line, col = node.meta.line, node.meta.column
        line, col = line or 0, col or 0
        origin = self.origin
        if origin is not None:   # an expression of the game file: shift to where it starts
            col += origin.column - 1 if line == 1 else 0
            line += origin.line - 1
        return Location(self.file, line, col, self.context)

    def report(self, node: Tree | Token, message: str) -> None:
        """A problem at a node (only in the reporting pass, once)."""
        self.add(self.where(node), message)

    def add(self, location: Location, message: str) -> None:
        """A problem at a location (only in the reporting pass, once)."""
        if not self.reporting:
            return
        key = (str(location), message)
        if key not in self.seen:
            self.seen.add(key)
            self.problems.append(Problem(location, message))

    def _name(self, node: Tree | Token) -> str | None:
        if isinstance(node, Tree) and node.data == "name":
            return str(part(node, "name"))
        return None

    def setting_name(self, node: Tree | Token) -> str | None:
        """The constant or option a node is just the name of (not hidden by a local), or
        the variable it reads ("game.year", "player.vp"): their values are in the game file."""
        if isinstance(node, Tree) and node.data == "attr":
            return self.variable_key(node)
        name = self._name(node)
        if name is None or name in self.program.const_trees or \
                any(name in scope for scope in self.scopes):
            return None
        return name if name in self.types.settings else None

    def variable_key(self, node: Tree) -> str | None:
        """"game.NAME" for `game.NAME`, "player.NAME" for `x.NAME` of a player variable."""
        base, attr = node.children
        attr = str(attr)
        if self._name(base) == "game" and not any("game" in scope for scope in self.scopes):
            key = f"game.{attr}"
        elif self.types.only_player_variable(attr):
            key = f"player.{attr}"
        else:
            return None
        return key if key in self.types.settings else None

    def param_index(self, node: Tree | Token) -> int | None:
        """The position of the parameter a node is just the name of."""
        name = self._name(node)
        if name is None or name not in self.params or \
                any(name in scope for scope in self.scopes[1:]):
            return None
        return self.params.index(name)

    def is_blamable(self, node: Tree | Token) -> bool:
        """Whether a mistake in this node's type is blamed elsewhere (a setting, a caller)."""
        return self.setting_name(node) is not None or self.param_index(node) is not None

    def expect(self, node: Tree | Token, t: Type, wanted: Type, message: Callable[[], str],
               where: Tree | Token | None = None) -> None:
        """The node's value (of type t) is used as a `wanted`: report it if it cannot be."""
        index = self.param_index(node)
        if index is not None and known(wanted) and concrete(wanted):
            self.demands.setdefault((self.defname, index), (wanted, self.use(node)))
        setting = self.setting_name(node)
        if setting is not None and ("." not in setting or self.initial_is_odd(setting, wanted)):
            self.blame_setting(setting, wanted, self.use(node))
            return
        if not compatible(t, wanted):
            self.report(where if where is not None else node, message())

    def initial_is_odd(self, key: str, wanted: Type) -> bool:
        """Whether a variable's initial value is the mistake: the scripts set it only to
        values that fit `wanted`, and the initial value does not."""
        assigned = self.var_assigned.get(key, NOTHING)
        initial = self.types.settings[key][0].type
        return known(assigned) and compatible(assigned, wanted) and \
            not compatible(initial, wanted)

    def use(self, node: Tree | Token) -> str:
        """A node's place in words: file:line:col (definition)."""
        loc = self.where(node)
        return f"{loc.file}:{loc.line}:{loc.column}" + (f" ({loc.path})" if loc.path else "")

    def blame_setting(self, name: str, wanted: Type, use: str, verb: str = "uses it as") -> None:
        """A constant's, option's or variable's value does not fit its use: located at the
        value in the game file."""
        if name in self.blamed or not known(wanted):
            return
        for setting in self.types.settings[name]:
            if setting.type != NOTHING and not compatible(setting.type, wanted):
                if self.reporting:
                    self.blamed.add(name)
                where = setting.location or Location(self.g.files[0] if self.g.files else "")
                self.add(where, f"{setting.shown()} is {describe(setting.type)}, but {use} "
                                f"{verb} {describe(wanted)}")
                return
