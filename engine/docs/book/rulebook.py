"""A whole rulebook: the outline's sections in order, each block rendered from the data.

    book = build_rulebook("some_game", variant=None, lang="es")
    book.markdown            # the rulebook in Markdown
    book.pictures            # {"some_game-board.svg": "<svg ...>", ...}
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...i18n.catalog import Words
from ...loading.loader import load_game
from ..phrases.env import Env
from ..phrases.expressions import Phrases
from ..phrases.known_values import Statics
from ..phrases.statements import Steps
from ..pictures import draw
from ..texts import Texts, sentence
from .components import Components
from .markdown import heading, steps_markdown
from .outline import Outline, game_folder, load_outline, user_procedures
from .reference import Notes, token_table
from .winning import Ending, GoalsBlock, end_document

GENERATED = ("components", "setup", "player_counts", "end", "notes", "reference", "glossary",
             "goals")


@dataclass
class Rulebook:
    """A generated rulebook: Markdown, its pictures by file name, and texts it lacked."""

    title: str
    markdown: str
    pictures: dict[str, str] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)


def anchor(kind: str, name: str) -> str:
    return f"{kind}-{name.replace('_', '-')}"


class Book:
    """Renders one game (or variant) in one language."""

    def __init__(self, game: str, variant: str | None, w: Words, prefix: str | None = None):
        self.game = load_game(game, variant)
        self.g = self.game.definition
        self.w = w
        self.t = Texts(self.g, w)
        self.outline: Outline = load_outline(self.g, game_folder(self.g))
        self.phrases = Phrases(self.t, Statics(self.game))
        self.steps = Steps(self.phrases, self.links(), quiet=set(self.outline.quiet))
        quiet = set(self.outline.quiet)
        self.blocks = {"components": Components(self.t).components,
                       "setup": Components(self.t, quiet).setup,
                       "player_counts": Components(self.t).player_counts,
                       "end": Ending(self.phrases, end_document(game, variant)).markdown,
                       "notes": Notes(self.t).notes, "reference": Notes(self.t).reference,
                       "glossary": Notes(self.t).glossary,
                       "goals": GoalsBlock(self.phrases).markdown}
        self.prefix = prefix if prefix is not None else \
            "-".join(x for x in (self.g.id, self.g.variant) if x) + "-"
        self.pictures: dict[str, str] = {}

    def links(self) -> dict[str, tuple[str, str]]:
        links = {name: (self.t.name("procedure_titles", name), anchor("rule", name))
                 for _, name in self.outline.procedures()}
        end = self.outline.section_with("end")
        if end:
            links["·end"] = (self.section_title(end), anchor("section", end))
        return links

    def section_title(self, sid: str) -> str:
        """The section's title: from the text file, else a generic one."""
        if self.t.has("sections", sid):
            return self.t.name("sections", sid)
        generic = {"components": self.w.ctx("rulebook", "Components"),
                   "setup": self.w.ctx("rulebook", "Setup"),
                   "end": self.w.ctx("rulebook", "End of the game"),
                   "notes": self.w.ctx("rulebook", "Clarifications"),
                   "reference": self.w.ctx("rulebook", "Reference"),
                   "glossary": self.w.ctx("rulebook", "Glossary")}
        if sid in generic:
            return generic[sid]
        blocks = dict(self.outline.sections).get(sid, [])
        procs = [b["procedure"] for b in blocks if isinstance(b, dict) and "procedure" in b]
        if len(procs) == 1:
            return self.t.name("procedure_titles", procs[0])
        return self.t.name("sections", sid)

    # -- the book ------------------------------------------------------------------------
    def variant_text(self, section: str, own: str) -> str:
        """The variant's name or description: from the game's text file (translated) if it
        has one, else as the variant file writes it."""
        variant = self.g.variant or ""
        return self.t.name(section, variant) if self.t.has(section, variant) or not own \
            else own

    def title(self) -> str:
        name = self.t.game_name()
        if self.g.variant:
            return self.w("{game}: {variant}", game=name,
                          variant=self.variant_text("variants", self.g.variant_name))
        return name

    def markdown(self) -> str:
        parts = [f"# {self.title()}"]
        if self.g.variant:
            parts.append(self.w("This rulebook describes the variant “{variant}”: {description}",
                                variant=self.variant_text("variants", self.g.variant_name),
                                description=self.variant_text("variant_descriptions",
                                                              self.g.variant_description)))
        parts.append(self.provisional_note())
        for sid, blocks in self.outline.sections:
            parts.append(heading(2, self.section_title(sid), anchor("section", sid)))
            procs = [b for b in blocks if isinstance(b, dict) and "procedure" in b]
            parts += [self.block(sid, b, titled=len(procs) > 1) for b in blocks]
        shown = {name for _, name in self.outline.procedures()} | set(self.outline.phrase_only)
        rest = [p for p in user_procedures(self.g) if p not in shown]
        if rest:
            parts.append(heading(2, self.w.ctx("rulebook", "Further rules"),
                                 anchor("section", "further")))
            parts += [self.procedure(name) for name in rest]
        return "\n\n".join(p for p in parts if p).rstrip() + "\n"

    def provisional_note(self) -> str:
        """A visible note listing the data no source prints (empty if there is none)."""
        entries = self.g.provisional
        if not entries:
            return ""
        lines = ["> **" + self.w.ctx("rulebook", "Provisional data") + "**",
                 ">",
                 "> " + self.w("No source we have prints part of this game's data. What this "
                               "book states about the items below is our proposal; a publisher "
                               "can replace it by editing the rule files."),
                 ">"]
        lines += [f"> - {sentence(self.t.name('provisional', e['id']))}" for e in entries]
        return "\n".join(lines)

    def block(self, sid: str, block, titled: bool = True) -> str:
        if block == "intro":
            return self.t.name("intros", sid) if self.t.has("intros", sid) else ""
        if isinstance(block, str):
            return self.blocks[block]()
        if "procedure" in block:
            return self.procedure(block["procedure"], titled)
        if "functions" in block:
            return self.functions(block["functions"])
        if "table" in block:
            return token_table(self.t, block["table"], block["columns"])
        return self.picture(block["picture"])

    def procedure(self, name: str, titled: bool = True) -> str:
        """A procedure's steps, under its own heading unless it is its section's only one."""
        steps = steps_markdown(self.steps.procedure(name))
        if not titled:
            return f'<a id="{anchor("rule", name)}"></a>\n\n{steps}'
        title = self.t.name("procedure_titles", name)
        return heading(3, title, anchor("rule", name)) + "\n\n" + steps

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

    def picture(self, name: str) -> str:
        spec = self.outline.pictures[name]
        caption = self.t.name("pictures", name)
        file = f"{self.prefix}{name}.svg"
        self.pictures[file] = draw(self.t, spec, caption, self.game, self.outline.pictures)
        return f"![{caption}]({file})\n\n*{caption}*"


def build_rulebook(game: str, variant: str | None = None, lang: str | None = "en",
                   words: Words | None = None, prefix: str | None = None) -> Rulebook:
    """The rulebook of a game (or variant) in a language, with its pictures."""
    book = Book(game, variant, words or Words(lang), prefix)
    text = book.markdown()
    return Rulebook(book.title(), text, book.pictures, book.t.missing)
