"""The type checker's calls: a built-in's arguments against its declared parameter types
(and its keyword filters against the fields and properties they filter), a script
procedure's or function's arguments against what it uses each parameter as."""

from __future__ import annotations

from typing import Any

from lark import Tree

from ...texts.note_fields import EACH_PLAYER_KEYS, PLAYER_KEYS, PLAYERS_KEYS
from .. import builtins
from ..trees import part
from ..types import (
    BOOLEAN,
    NOTHING,
    PLACE,
    PLAYER,
    UNKNOWN,
    T,
    Type,
    bind,
    describe,
    instantiate,
    join,
    list_of,
)
from .type_exprs import ExpressionTypes


def _erase(t: Type) -> Type:
    """A parameter pattern as a plain type (T: anything)."""
    return instantiate(t, {"T": UNKNOWN}) if t != T else UNKNOWN


class CallTypes(ExpressionTypes):
    """Checks calls of built-ins and of the scripts' own definitions."""

    def statement_call(self, s: Tree) -> None:
        """A call statement: a procedure of the script, a flow statement or a built-in."""
        name = str(part(s, "name"))
        proc = self.program.procs.get(name)
        if proc is not None:
            self.script_call(s, name, proc.params)
        elif name in builtins.FLOW_STATEMENTS:
            self.typed_call(s, name, builtins.FLOW_SIGNATURES[name])
        elif name in builtins.STATEMENTS:
            self.builtin_call(s, name, builtins.STATEMENTS[name])
        else:
            self.arguments_typed(s)

    def arguments_typed(self, t: Tree) -> None:
        """Check the arguments of a call whose callee is unknown."""
        args, kwargs = self.arguments(t)
        for a in [*args, *kwargs.values()]:
            self.ty(a)

    def script_call(self, t: Tree, callee: str, params: list[str]) -> None:
        """Each argument fits what the procedure or function uses its parameter as."""
        args, kwargs = self.arguments(t)
        for i, arg in enumerate(args):
            at = self.ty(arg)
            if self.recording:
                self.arg_types[(callee, i)] = join(self.arg_types.get((callee, i), NOTHING), at)
            demand = self.demands.get((callee, i))
            if demand is None or i >= len(params):
                continue
            want, use = demand
            self.expect(arg, at, want, lambda at=at, want=want, use=use, i=i:
                        f"{callee}: argument {i + 1} ({params[i]}) is {describe(at)}, but "
                        f"{callee} uses it as {describe(want)} ({use})")
        for value in kwargs.values():
            self.ty(value)

    def builtin_call(self, t: Tree, name: str, builtin: Any) -> Type:
        """A built-in's arguments against its signature; its result type."""
        if builtin.sig is None:
            self.arguments_typed(t)
            return UNKNOWN
        result = self.typed_call(t, name, builtin.sig)
        if builtin.keywords == builtins.FILTERS:
            self.filters(t, name)
        else:
            for key, value in self.arguments(t)[1].items():
                value_type = self.ty(value)
                if name == "log":
                    self.note_field(key, value, value_type)
        return result

    def note_field(self, key: str, value: Tree, value_type: Type) -> None:
        """A story note shows a player by seat name only in the fields named for players
        (texts/note_fields.py); under any other name the player would print as a number."""
        if key in PLAYER_KEYS | PLAYERS_KEYS | EACH_PLAYER_KEYS:
            return
        if value_type == PLAYER or value_type == list_of(PLAYER):
            names = ", ".join(sorted(PLAYER_KEYS if value_type == PLAYER else PLAYERS_KEYS))
            self.report(value, f"log: the field {key!r} holds "
                               f"{'a player' if value_type == PLAYER else 'players'}, which "
                               f"the story shows by seat name only in a field named one of "
                               f"{names}; under {key!r} it would print as a number")

    def typed_call(self, t: Tree, name: str, sig: Any) -> Type:
        """Positional arguments against the parameter types; the result type."""
        args, _ = self.arguments(t)
        types = [self.ty(a) for a in args]
        found: dict[str, Type] = {}
        for i, (arg, at, pattern) in enumerate(zip(args, types, sig.params)):
            bind(pattern, at, found)
            want = _erase(pattern)
            self.expect(arg, at, want, lambda i=i, at=at, want=want:
                        f"{name}: argument {i + 1} must be {describe(want)}, not "
                        f"{describe(at)}")
        if sig.result is not None:
            return sig.result(self, t, types)
        return instantiate(sig.returns, found)

    def filters(self, t: Tree, name: str) -> None:
        """The keyword filters of count, tokens and draw against the fields' types."""
        args, kwargs = self.arguments(t)
        kind = self._name(args[0]) if args else None
        for key, value in kwargs.items():
            vt = self.ty(value)
            if key in ("owner", "controller"):
                want = PLAYER
            elif key == "shown":
                want = BOOLEAN
            elif key == "at":
                want = list_of(PLACE) if vt.name == "list" else PLACE
            else:
                want = self.types.token_prop(key, kind) or UNKNOWN
            self.expect(value, vt, want, lambda key=key, vt=vt, want=want:
                        f"{name}: the filter {key}= must be {describe(want)}, not "
                        f"{describe(vt)}")

    def deck_card_type(self, t: Tree) -> Type:
        """A card of the deck a call names first (any deck if it is not named)."""
        args, _ = self.arguments(t)
        return self.types.deck_cards(self._name(args[0]) if args else None)
