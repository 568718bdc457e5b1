"""The turn summary: one page a player keeps beside the board (also printed alone, as the
player aid: `regola rulebook GAME --aid`, and a page of its own on the site).

It is the flow of the game's start procedure as a reader needs it: each phase it calls with
its one-sentence brief (briefs.py), the briefs of the rules that phase calls below it (two
levels down), the loops that repeat them, and how the game is won. The setup and the
engine's accounts are left out.
"""

from __future__ import annotations

import re

from lark import Tree

from ...dsl.trees import part
from ..phrases.briefs import Briefs
from ..phrases.env import call_parts
from ..texts import sentence
from .markdown import INDENT

DEPTH = 3
"""How many levels of called rules the summary goes down below a phase."""


class Summary:
    """Renders the turn summary of one book (a rulebook.Book)."""

    def __init__(self, book):
        self.book = book
        self.t = book.t
        self.w = book.w
        self.g = book.g
        self.steps = book.steps
        self.briefs: Briefs = book.briefs
        self.skip = set(book.outline.summary_skip) | self._setup_procedures()

    def _setup_procedures(self) -> set[str]:
        """The procedures shown in the outline's setup section (not part of a turn)."""
        sid = self.book.outline.section_with("setup")
        blocks = dict(self.book.outline.sections).get(sid, []) if sid else []
        return {b["procedure"] for b in blocks if isinstance(b, dict) and "procedure" in b}

    # -- the page ------------------------------------------------------------------------
    def markdown(self, standalone: bool = False) -> str:
        parts = []
        if standalone:
            title = self.w("{game}: turn summary", game=self.book.title())
            parts.append(f"# {title}")
        win = self.book.how_to_win()
        if win:
            parts.append(self.w("**How to win.** {text}", text=win))
        lead = self.briefs.text(self.g.start)
        if lead:
            parts.append(sentence(lead))
        lines = self.flow(part(self.g.program.procs[self.g.start].tree, "body"), 0, set())
        if lines:
            parts.append("\n".join(lines))
        text = "\n\n".join(parts)
        if standalone:                 # a page of its own: no links into the rulebook
            text = re.sub(r" \(see “\[([^\]]*)\]\(#[^)]*\)”\)", "", text)
        return text

    def flow(self, block: Tree, depth: int, seen: set[str]) -> list[str]:
        """Numbered lines for the calls and loops of a block of the start procedure."""
        dropped = self.book.accounts.dropped(self.g.program.procs[self.g.start].tree)
        lines: list[str] = []
        number = 0
        for stmt in block.children:
            if id(stmt) in dropped:
                continue
            item = self.item(stmt, depth, seen, dropped)
            if item:
                number += 1
                lines.append(f"{INDENT * depth}{number}. {item[0]}")
                lines += item[1]
        return lines

    def item(self, stmt: Tree, depth: int, seen: set[str], dropped) -> tuple[str, list[str]]:
        """One line of the flow and the lines under it."""
        if stmt.data == "call_stmt":
            name = call_parts(stmt)[0]
            if name in self.skip:
                return ()
            if name in self.g.program.procs:
                return self.phase(name, depth, seen)
            found = self.steps.stmt(stmt, self.steps.env_for(
                self.g.program.procs[self.g.start]))[0]
            return (sentence(found[0].text), []) if found else ()
        if stmt.data in ("while_stmt", "repeat_stmt", "for_stmt"):
            body = part(stmt, "body")
            inner = self.flow(body, depth + 1, seen)
            if not inner:
                return ()
            if depth == 0 and self.t.has("intros", "summary_loop"):
                return (self.t.name("intros", "summary_loop"), inner)   # "Each round:"
            empty = Tree("block", [Tree("pass_stmt", []), Tree("pass_stmt", [])])  # 2: no
            header = [child for child in stmt.children if child is not body]   # all but the body
            head = self.steps.stmt(Tree(stmt.data, [*header, empty]),  # inlining
                                   self.steps.env_for(self.g.program.procs[self.g.start]))[0]
            text = head[0].text if head else ""
            return (text[:1].upper() + text[1:].rstrip(".:") + ":", inner)
        return ()

    def phase(self, name: str, depth: int, seen: set[str]) -> tuple[str, list[str]]:
        """A phase: its title and brief, then the briefs of the rules it calls."""
        seen.add(name)
        title = sentence(self.t.name("procedures", name)).rstrip(".")
        brief = self.briefs.text(name)
        head = f"**{title}.**" + (f" {sentence(brief)}" if brief else "")
        below = [f"{INDENT * (depth + 1)}- **{label}.** {sentence(text)}"
                 for label, text in self.below(name, 1, seen)]
        return head, below

    def below(self, name: str, level: int, seen: set[str]) -> list[tuple[str, str]]:
        """The briefs of the rules `name` calls, depth first, down to DEPTH levels."""
        if level > DEPTH:
            return []
        out = []
        for node in self.g.program.procs[name].tree.iter_subtrees_topdown():
            if node.data != "call_stmt":
                continue
            callee = call_parts(node)[0]
            if callee not in self.g.program.procs or callee in seen or callee in self.skip:
                continue
            seen.add(callee)
            brief = self.briefs.text(callee)
            if brief:
                out.append((self.t.name("procedure_titles", callee).rstrip("."), brief))
            out += self.below(callee, level + 1, seen)
        return out
