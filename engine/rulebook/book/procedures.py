"""Procedures in the book: in the rules (in the order of play) a procedure reads as its
one-sentence brief, when the text file gives one that holds, or else as the steps a reader
needs (without the engine's accounts); the appendix gives every briefed procedure step by
step, and the procedures the outline does not place.
"""

from __future__ import annotations

from ...dsl.trees import part
from ..phrases.env import Env
from ..phrases.statements import is_bookkeeping
from ..texts import sentence
from .markdown import heading, steps_markdown
from .outline import user_procedures


def anchor(kind: str, name: str) -> str:
    return f"{kind}-{name.replace('_', '-')}"


class ProcedureBlocks:
    """Mixed into Book: procedures in the rules and in the appendix, and functions."""

    def procedure(self, name: str, titled: bool = True) -> str:
        """A procedure in the rules: its brief (with a link to its steps in the appendix),
        or its steps, under its own heading unless it is its section's only one."""
        brief = self.briefs.text(name)
        if brief is not None:
            self.in_appendix.append(name)
            body = sentence(brief) + " " + self.w(
                "(Step by step: “[{title}](#{anchor})”.)",
                title=self.t.name("procedure_titles", name), anchor=anchor("steps", name))
        else:
            body = steps_markdown(self.steps.procedure(name, reader=True))
            if body != steps_markdown(self.steps.procedure(name)):
                self.in_appendix.append(name)     # the accounts left out: whole there
                body += "\n\n" + self.w("(In full: “[{title}](#{anchor})”.)",
                                         title=self.t.name("procedure_titles", name),
                                         anchor=anchor("steps", name))
        if not titled:
            return f'<a id="{anchor("rule", name)}"></a>\n\n{body}'
        title = self.t.name("procedure_titles", name)
        return heading(3, title, anchor("rule", name)) + "\n\n" + body

    def appendix(self) -> str:
        """The rules in full: for a written book, every procedure of the game step by step,
        whole, in the order play reaches them; for a generated one, every procedure the
        rules give as a brief, then the procedures the outline does not place."""
        if self.outline.written():
            return self.rules_in_full()
        parts = [self.w("The rules above give these procedures in a few sentences each, or "
                        "without the records the rules keep along the way; here they are "
                        "step by step and whole, as the rule data has them.")] \
            if self.in_appendix else []
        saved = self.steps.links           # links between procedures: to their steps here
        self.steps.links = {**saved, **{name: (self.t.name("procedure_titles", name),
                                               anchor("steps", name))
                                        for name in self.in_appendix}}
        for name in self.in_appendix:
            title = self.t.name("procedure_titles", name)
            parts.append(heading(3, title, anchor("steps", name)))
            parts.append(steps_markdown(self.steps.procedure(name)))
        self.steps.links = saved
        shown = {name for _, name in self.outline.procedures()} | set(self.outline.phrase_only)
        rest = [p for p in user_procedures(self.g) if p not in shown]
        for name in rest:
            steps = steps_markdown(self.steps.procedure(name))
            if steps:
                parts.append(heading(3, self.t.name("procedure_titles", name),
                                     anchor("rule", name)))
                parts.append(steps)
        return "\n\n".join(parts)

    def rules_in_full(self) -> str:
        """Every procedure, each statement said (tests: unaccounted() finds none lost)."""
        keep = frozenset(self.outline.bookkeeping)
        said_by_phrase = set(self.outline.phrase_only)   # its call's phrase says it all
        names = [p for p in user_procedures(self.g) if "·" not in p and p not in keep
                 and p not in said_by_phrase and self.steps.procedure(p, bookkeeping=keep)]
        saved = self.steps.links                      # links only to procedures shown here
        self.steps.links = {**saved, **{name: (self.procedure_title(name),
                                               anchor("steps", name)) for name in names},
                            "·end": (self.w.ctx("rulebook", "End of the game"),
                                     anchor("steps", "end"))}
        sid = self.outline.section_with("appendix")
        written = any(isinstance(b, dict) and "text" in b
                      for b in dict(self.outline.sections).get(sid, []))
        parts = [] if written else [
            self.w("Here every rule of the game is given step by step, generated from the "
                   "rule data the game runs on: where a chapter leaves a case open, this is "
                   "what happens.")]
        for name in names:
            steps = steps_markdown(self.steps.procedure(name, bookkeeping=keep))
            if steps:
                parts.append(heading(3, self.procedure_title(name), anchor("steps", name)))
                parts.append(steps)
        self.steps.links = saved
        ending = self.ending.markdown()
        if ending:
            parts += [heading(3, self.w.ctx("rulebook", "End of the game"),
                              anchor("steps", "end")), ending]
        return "\n\n".join(parts)

    def procedure_title(self, name: str) -> str:
        """A procedure's title from the text file, or its name in words."""
        if self.t.has("procedure_titles", name):
            return self.t.name("procedure_titles", name)
        return name.replace("_", " ").capitalize()

    def functions(self, names: list[str]) -> str:
        lines = []
        for name in names:
            func = self.g.program.funcs[name]
            env = Env(proc=name)
            self.steps.declare(env, func.params)
            term = self.w.main(self.t.name("functions", name,
                                           **{p: env.phrases[p] for p in func.params}))
            body = part(func.tree, "value")
            term = term[:1].upper() + term[1:]
            if self.phrases.is_condition(body):
                text = self.w("**{term}** when {condition}", term=term,
                              condition=self.phrases.cond(body, env))
            else:
                value = self._named_in_term(term, self.phrases.expr(body, env), body, env)
                text = self.w("**{term}**: {value}", term=term, value=self.w.main(value))
            lines.append(sentence(text))
        return "\n\n".join(lines)

    def _named_in_term(self, term: str, value: str, body, env: Env) -> str:
        """A definition's value with a thing its term already names ("what the card in the
        street space costs") said short ("the card") each time the value names it again:
        a call of a one-parameter function whose text ends with that parameter ("the card
        in {s}"), called with this definition's own parameter."""
        mark = "\x00"
        for node in body.iter_subtrees():
            if node.data != "call" or part(node, "args") is None or \
                    len(part(node, "args").children) != 1:
                continue
            name = str(part(node, "name"))
            func = self.g.program.funcs.get(name)
            arg = part(part(part(node, "args"), "arguments")[0], "value")
            if func is None or len(func.params) != 1 or not self.t.has("functions", name) or \
                    arg.data != "name" or str(part(arg, "name")) not in env.phrases:
                continue
            said = str(self.phrases.expr(node, env))
            shape = str(self.t.name("functions", name, **{func.params[0]: mark}))
            if not shape.endswith(" " + mark) or said not in term:
                continue
            short = shape[:-len(mark) - 1].rsplit(" ", 1)[0]     # "the card in" -> "the card"
            if " " in short and short != said:
                value = value.replace(said, short)
        return value


STORY_CALLS = ("log",)
"""Built-in statements that tell the story of a game (its log), not a rule."""


def unaccounted(steps, tree, bookkeeping: set[str]) -> list[tuple[int, str]]:
    """The statements of a procedure (its parse tree, just rendered whole by `steps`)
    that the rendering lost: neither said as a step, nor folded into a step that says them
    together (a loop said as one step), nor ruled out by the data (a branch an option
    decides), nor a story line, a `let` that names a value, or a name the game lists as
    bookkeeping. (line, kind) of each."""
    said = steps.said
    lost = []

    def statements(node):
        return [c for c in node.children if hasattr(c, "data") and c.data.endswith("_stmt")]

    def blocks_of(node):
        out = []
        for child in node.children:
            if hasattr(child, "data"):
                if child.data == "block":
                    out.append(child)
                elif child.data in ("elif_clause", "else_clause"):
                    out += [c for c in child.children if hasattr(c, "data") and
                            c.data == "block"]
        return out

    def walk(node, folded: bool) -> None:
        for block in blocks_of(node) if node.data != "block" else [node]:
            for stmt in statements(block):
                how = said.get(id(stmt))
                if how is None and not folded and not _accounted(stmt, bookkeeping):
                    lost.append((stmt.meta.line if not stmt.meta.empty else 0, stmt.data))
                inner = [c for b in blocks_of(stmt) for c in statements(b)]
                fold = folded or how == "decided" or (
                    how == "step" and inner and not any(id(c) in said for c in inner))
                if how == "" and not _accounted(stmt, bookkeeping) and not folded and \
                        stmt.data not in ("let_stmt",) and not inner:
                    lost.append((stmt.meta.line if not stmt.meta.empty else 0, stmt.data))
                walk(stmt, fold)
    walk(part(tree, "body"), False)
    return lost


def _accounted(stmt, bookkeeping: set[str]) -> bool:
    """A statement that is no rule: a story line, or one that only handles a name the
    game lists as bookkeeping (a variable, a procedure, a place)."""
    if stmt.data == "call_stmt" and str(part(stmt, "name")) in STORY_CALLS:
        return True
    return is_bookkeeping(stmt, bookkeeping)
