"""Procedures in the book: in the rules (in the order of play) a procedure reads as its
one-sentence brief, when the text file gives one that holds, or else as the steps a reader
needs (without the engine's accounts); the appendix gives every briefed procedure step by
step, and the procedures the outline does not place.
"""

from __future__ import annotations

from ..phrases.env import Env
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
        """Every procedure the rules give as a brief, step by step; then the procedures the
        outline does not place."""
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

    def functions(self, names: list[str]) -> str:
        lines = []
        for name in names:
            func = self.g.program.funcs[name]
            env = Env(proc=name)
            self.steps.declare(env, func.params)
            term = self.w.main(self.t.name("functions", name,
                                           **{p: env.phrases[p] for p in func.params}))
            body = func.tree.children[2]
            term = term[:1].upper() + term[1:]
            if self.phrases.is_condition(body):
                text = self.w("**{term}** when {condition}", term=term,
                              condition=self.phrases.cond(body, env))
            else:
                text = self.w("**{term}**: {value}", term=term,
                              value=self.w.main(self.phrases.expr(body, env)))
            lines.append(sentence(text))
        return "\n\n".join(lines)
