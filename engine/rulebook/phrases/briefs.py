"""A procedure said in one sentence: the text file's `briefs.<procedure>`, a phrase template
whose parameters are the constants the procedure reads, filled in from the data.

    briefs:
      earn_houses: "The winner places {winner_houses} houses."   # params: what the script reads

The rules in the order of play then show the sentence, and the appendix the steps. A brief
is only as true as its parameters, so they are checked (`problems`, run by the tests): its
placeholders must be exactly the constants the procedure reads (and may name its parameters),
and it writes no number by hand. A brief holds for the readings the procedure reads as the
game has them by default; a variant that changes one of them gets the brief
`<procedure>__<option>__<value>` if the text file has it, else the procedure's steps.
"""

from __future__ import annotations

import re
from string import Formatter
from typing import Any

from lark import Tree

from ...dsl.trees import part
from ...interpreter.model import GameDef
from ..texts import Texts

SECTION = "briefs"


def _names(tree: Tree) -> set[str]:
    return {str(part(n, "name")) for n in tree.iter_subtrees() if n.data == "name"}


def reads(game: GameDef, proc: str) -> tuple[set[str], set[str]]:
    """The constants (not options) and the options a procedure's body reads directly."""
    names = _names(game.program.procs[proc].tree)
    return ({n for n in names if n in game.constants and n not in game.options},
            {n for n in names if n in game.options})


def allowed(game: GameDef, proc: str) -> set[str]:
    """What a brief of `proc` may name besides the constants it must state: the options
    with a number or text for value, the script's constants it reads, its parameters."""
    names = _names(game.program.procs[proc].tree)
    options = {n for n in names if n in game.options and
               not isinstance(game.options[n].value, bool)}
    consts = {n for n in names if n in game.program.consts}
    choices = set((game.text.get("choices") or {}).keys())     # names: "yellow building 1"
    return options | consts | choices | set(game.program.procs[proc].params)


def placeholders(text: str) -> set[str]:
    """The {names} of a template."""
    return {field for _, field, _, _ in Formatter().parse(text) if field}


def texts_of(entry: Any) -> list[str]:
    """The template's texts: one, or the {one, other} pair."""
    if isinstance(entry, dict):
        return [str(entry.get("one", "")), str(entry.get("other", ""))]
    return [str(entry)]


def brief_key(game: GameDef, proc: str) -> str | None:
    """The text key whose brief holds for `proc` as this game or variant has its options."""
    if proc not in game.program.procs:
        return None
    section = game.text.get(SECTION) or {}
    _, options = reads(game, proc)
    changed = sorted(o for o in options
                     if game.options[o].value != game.options[o].default)
    if not changed:
        return proc if proc in section else None
    for option in changed:
        value = game.options[option].value
        key = f"{proc}__{option}__{str(value).lower() if isinstance(value, bool) else value}"
        if key in section and len(changed) == 1:
            return key
    return None


def problems(game: GameDef) -> list[str]:
    """Every brief of the text file whose parameters do not match its procedure's."""
    out = []
    for key, entry in (game.text.get(SECTION) or {}).items():
        proc = key.split("__")[0]
        if proc not in game.program.procs:
            out.append(f"briefs.{key}: no procedure {proc!r} in the scripts")
            continue
        constants, _ = reads(game, proc)
        params = allowed(game, proc)
        for text in texts_of(entry):
            found = placeholders(text)
            if not constants <= found:
                out.append(f"briefs.{key}: does not state "
                           f"{', '.join(sorted(constants - found))}, which {proc} reads")
            if found - constants - params:      # (a choice's name is data too)
                out.append(f"briefs.{key}: {{{'}, {'.join(sorted(found - constants - params))}}} "
                           f"is not a constant {proc} reads (it reads: "
                           f"{', '.join(sorted(constants | params)) or 'none'})")
            if re.search(r"\d", re.sub(r"\{[^}]*\}", "", text)):
                out.append(f"briefs.{key}: a number is written by hand; take it from the "
                           "data with a placeholder")
    return out


class Briefs:
    """Fills the briefs of one game in one language."""

    def key(self, proc: str) -> str | None:
        return brief_key(self.g, proc)

    def has(self, proc: str) -> bool:
        return self.key(proc) is not None

    def __init__(self, texts: Texts, statics=None):
        self.t = texts
        self.g = texts.g
        self.w = texts.w
        self.statics = statics          # known values of the script's constants

    def text(self, proc: str, params: dict[str, str] | None = None) -> str | None:
        """The brief of `proc` filled from the data (None if it has none that holds)."""
        key = self.key(proc)
        if key is None:
            return None
        constants, _ = reads(self.g, proc)
        values = {name: self.value(name) for name in constants}
        for name in allowed(self.g, proc) - set(self.g.program.procs[proc].params):
            values[name] = self.other_value(name)
        values.update(params or {})
        count = next((self.g.constants[n] for n in sorted(constants)
                      if isinstance(self.g.constants[n], int) and
                      not isinstance(self.g.constants[n], bool)), None)
        return self.t.name(SECTION, key, count, **values)

    def value(self, name: str) -> str:
        """A constant as a brief shows it: a number, a list, or one value per player count
        ("3 (4 players)")."""
        value = self.g.constants[name]
        if isinstance(value, dict) and "by_players" in value:
            groups: list[tuple[list[int], object]] = []     # counts with the same value
            for n, v in sorted(value["by_players"].items(), key=lambda kv: -kv[0]):
                if groups and groups[-1][1] == v and groups[-1][0][-1] == n + 1:
                    groups[-1][0].append(n)
                else:
                    groups.append(([n], v))
            return self.w.join([self.w("{value} ({low}–{high} players)", value=self.t.value(v),
                                       low=counts[-1], high=counts[0])
                                if len(counts) > 1 else
                                self.w.plural(None, "{value} ({n} player)",
                                              "{value} ({n} players)", counts[0],
                                              value=self.t.value(v))
                                for counts, v in groups], style="or")
        return self.t.value(value)

    def other_value(self, name: str) -> str:
        """An option's value, a script constant's, or a choice's name, as words."""
        if self.t.has("choices", name) and name not in self.g.program.consts:
            return self.t.name("choices", name)
        if name in self.g.options:
            return self.t.value(self.g.options[name].value)
        if self.statics is not None:
            ok, value = self.statics.known(Tree("name", [name]), {})
            if ok:
                return self.t.value(value)
        return name.replace("_", " ")
