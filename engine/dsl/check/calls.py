"""Load-time checks of calls: what a called name is, its arity, its keywords and filters,
the kind it counts, and the message ids whose text must be in the game's text file."""

from __future__ import annotations

import string

from lark import Tree

from ...errors import Location, Problem
from .. import builtins
from ..builtins import Builtin
from ..trees import part
from . import named_args
from .names import DeclaredNames

DEFINITION_TEXTS = ("functions", "functions_short", "functions_counted", "procedures",
                    "procedures_amount")
"""Sections of a game's text file whose phrases fill in a definition's parameters."""


class CallChecks(DeclaredNames):
    """Checks a call against the game's definitions and the built-ins before it compiles."""

    def check_text(self, node: Tree, section: str, key: str) -> None:
        """A message id used in a script must have its text in the game's text file."""
        texts = self.g.text.get(section)
        if self.g.text and (texts is None or key not in texts):
            self.fail(node, f"no text for {key!r} in the {section} section of the game's "
                            "text file" + self._suggest(key, texts or {}))

    def check_script_arity(self, node: Tree, name: str, params: list[str], args: list[Tree],
                           kwargs: dict[str, Tree]) -> None:
        """A script's own procedure or function takes exactly its parameters, by position."""
        if kwargs or len(args) != len(params):
            self.fail(node, f"{name} takes {len(params)} argument(s) "
                            f"({', '.join(params)}), got {len(args) + len(kwargs)}")

    def value_builtin(self, t: Tree, name: str) -> Builtin:
        """The built-in a call in an expression names; a problem if it names no function."""
        builtin = builtins.EXPRESSIONS.get(name)
        if builtin is None:
            if name in self.program.procs or name in builtins.STATEMENTS or \
                    name in builtins.FLOW_STATEMENTS:
                self.fail(t, f"{name!r} is a procedure: call it as a statement, "
                             "not inside an expression")
            known = list(self.program.funcs) + list(builtins.EXPRESSIONS)
            self.fail(part(t, "name"), f"unknown function {name!r}" + self._suggest(name, known))
            raise AssertionError
        return builtin

    def statement_builtin(self, s: Tree, name: str) -> Builtin:
        """The built-in a call statement names; a problem if it names no procedure."""
        builtin = builtins.STATEMENTS.get(name)
        if builtin is None:
            if name in builtins.EXPRESSIONS or name in self.program.funcs:
                self.fail(s, f"{name!r} computes a value; use it in an expression, "
                             "not as a statement")
            known = list(self.program.procs) + list(builtins.STATEMENTS)
            self.fail(part(s, "name"), f"unknown procedure {name!r}" + self._suggest(name, known))
            raise AssertionError
        return builtin

    def check_flow_call(self, s: Tree, name: str, args: list[Tree],
                        kwargs: dict[str, Tree]) -> None:
        """`check_end` and `end_game`: their arity, and an 'end' section for `check_end`."""
        low, high = builtins.FLOW_STATEMENTS[name]
        if kwargs or not low <= len(args) <= high:
            self.fail(s, f"{name} takes {low} to {high} argument(s)")
        if name == "check_end" and self.g.end is None:
            self.fail(s, "check_end needs an 'end' section in the game file")

    def check_builtin_call(self, node: Tree, name: str, builtin: Builtin, args: list[Tree],
                           kwargs: dict[str, Tree]) -> None:
        """A built-in's arity, keywords and own check; a kind as the first filtered argument."""
        self.check_arity(node, name, builtin, args, kwargs)
        if builtin.keywords == builtins.FILTERS:
            self.check_kind_arg(node, name)

    def check_arity(self, node: Tree, name: str, builtin: Builtin, args: list[Tree],
                    kwargs: dict[str, Tree]) -> None:
        """Named arguments, the number of arguments and the keywords a built-in accepts."""
        given = part(part(node, "args"), "arguments") if part(node, "args") is not None else []
        found = named_args.problem(self.g, name, [part(a, "value") for a in given
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

    def check_kind_arg(self, t: Tree, name: str) -> None:
        """A filtered built-in's first argument names a piece or token kind it can filter."""
        given = part(part(t, "args"), "arguments") if part(t, "args") is not None else []
        first = given[0] if given else None
        if first is None or first.data != "pos_arg" or part(first, "value").data != "name":
            self.fail(t, f"{name}: the first argument must name a kind of piece or token")
        kind = str(part(part(first, "value"), "name"))
        if kind not in self.g.pieces and kind not in self.g.tokens:
            self.fail(first, f"{name}: {kind!r} is not a kind of piece or token; known: "
                             + ", ".join(sorted(list(self.g.pieces) + list(self.g.tokens))))
        if kind in self.g.pieces:
            for a in given[1:]:
                if a.data == "kw_arg" and str(part(a, "name")) not in ("owner", "at"):
                    self.fail(a, f"{name}: {kind} pieces can only be filtered by owner and at")

    def check_log_id(self, s: Tree, kwargs: dict[str, Tree]) -> None:
        """`log` takes a quoted message id first, whose text is in the game's notes; every
        {placeholder} of that text is a keyword of the call (more keywords are event data)."""
        given = part(part(s, "args"), "arguments") if part(s, "args") is not None else []
        first = given[0] if given else None
        if first is None or first.data != "pos_arg" or part(first, "value").data != "string":
            self.fail(s, "log needs a message id in quotes as its first argument")
        key = str(part(part(first, "value"), "token"))[1:-1]
        self.check_text(first, "notes", key)
        for text in message_texts(self.g.text.get("notes", {}).get(key)):
            missing = [name for name in placeholders(text) if name not in kwargs]
            if missing:
                given = ", ".join(sorted(kwargs)) or "nothing"
                self.fail(s, f"log({key!r}): its text {text!r} needs "
                             f"{', '.join('{' + m + '}' for m in missing)}, which the call does "
                             f"not give (it gives {given})")

    def check_definition_texts(self) -> None:
        """The rulebook's phrases for functions and procedures fill in their parameters:
        each {placeholder} must be a parameter (or {n}, the count of a plural phrase)."""
        defs = {**self.program.funcs, **self.program.procs}
        for section in DEFINITION_TEXTS:
            for key, entry in (self.g.text.get(section) or {}).items():
                definition = defs.get(key)
                if definition is None:
                    continue
                known = set(definition.params) | {"n"}
                for text in message_texts(entry):
                    unknown = [m for m in placeholders(text) if m not in known]
                    if unknown:
                        where = self.g.text_locations.get(f"{section}.{key}") or \
                            Location(self.g.files[-1] if self.g.files else "")
                        params = ", ".join(definition.params) or "none"
                        self.problems.append(Problem(where, (
                            f"{', '.join('{' + m + '}' for m in unknown)} is not a parameter "
                            f"of {key} (its parameters: {params})")))

    def check_ask_text(self, node: Tree, ask: str) -> None:
        """An ask's text is shown as it is: it can have no {placeholder} to fill."""
        for text in message_texts(self.g.text.get("asks", {}).get(ask)):
            found = placeholders(text)
            if found:
                self.fail(node, f"ask {ask!r}: its text {text!r} has "
                                f"{', '.join('{' + m + '}' for m in found)}, but an ask gives "
                                "no values to fill in")

    def check_prompt_text(self, node: Tree, ask: str, scope: set[str]) -> None:
        """An ask's prompt (the `prompts` section: "Build a tower in {area}?") is filled
        from the asking procedure's variables: each {placeholder} must be one of them (but
        {options}, the options offered)."""
        for text in message_texts((self.g.text.get("prompts") or {}).get(ask)):
            missing = [name for name in placeholders(text) if name not in scope and
                       name != "options"]                 # {options}: the options offered
            if missing:
                known = ", ".join(sorted(scope)) or "none"
                self.fail(node, f"ask {ask!r}: its prompt {text!r} names "
                                f"{', '.join('{' + m + '}' for m in missing)}, which is not a "
                                f"variable where it is asked (the variables there: {known})")


def message_texts(entry: object) -> list[str]:
    """The English forms of a text entry: a string, or the forms of a {one, other} text."""
    if isinstance(entry, str):
        return [entry]
    if isinstance(entry, dict):
        return [v for v in entry.values() if isinstance(v, str)]
    return []


def placeholders(text: str) -> list[str]:
    """The names of the {placeholders} of a text, in order, once each (bad braces: none)."""
    try:
        names = [field for _, field, _, _ in string.Formatter().parse(text) if field]
    except ValueError:
        return []
    return list(dict.fromkeys(name.split(".")[0].split("[")[0] for name in names))
