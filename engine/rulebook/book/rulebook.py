"""A whole rulebook: the outline's sections in order, each block rendered from the data.

    book = build_rulebook("some_game", variant=None, lang="es")
    book.markdown            # the rulebook in Markdown
    book.pictures            # {"some_game-board.svg": "<svg ...>", ...}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ...i18n.catalog import Words
from ...loading.loader import load_game
from ..phrases.accounts import Accounts, score_names
from ..phrases.briefs import Briefs
from ..phrases.expressions import Phrases
from ..phrases.known_values import Statics
from ..phrases.statements import Steps
from ..pictures import draw
from ..texts import Texts, sentence
from ..written.render import Written
from .components import Components
from .example_blocks import ExampleBlocks
from .markdown import heading, steps_markdown
from .outline import Outline, game_folder, load_outline
from .procedures import ProcedureBlocks, anchor
from .reference import Notes, token_table
from .summary import Summary
from .winning import Ending, GoalsBlock, end_document

GENERATED = ("components", "setup", "player_counts", "end", "notes", "reference", "glossary",
             "goals", "how_to_win", "summary", "appendix", "examples", "page_break",
             "provisional")


@dataclass
class Rulebook:
    """A generated rulebook: Markdown, its pictures by file name, and texts it lacked."""

    title: str
    markdown: str
    pictures: dict[str, str] = field(default_factory=dict)
    missing: set[str] = field(default_factory=set)
    aid: str = ""                                   # the turn summary as a page of its own
    failed_examples: list[str] = field(default_factory=list)
    appendix_anchor: str = ""                       # where the rules in full begin, if here
    full_rules: str = ""                            # the rules in full, a document of its own

    @property
    def published(self) -> str:
        """Every word published for the game: the book, then its rules in full (if apart)."""
        return self.markdown + ("\n" + self.full_rules if self.full_rules else "")

    @property
    def rules_in_full(self) -> str:
        """The rules in full wherever they are: their own document, or the book itself
        when nobody has written the game's book (it is them)."""
        return self.full_rules or self.markdown

    def part(self, name: str) -> str:
        """The Markdown of one printable part: "book", "aid" (the turn summary) or "full"
        (the rules in full)."""
        return {"book": self.markdown, "aid": self.aid, "full": self.rules_in_full}[name]


class Book(ProcedureBlocks, ExampleBlocks):
    """Renders one game (or variant) in one language."""

    def __init__(self, game: str, variant: str | None, w: Words, prefix: str | None = None):
        self.game = load_game(game, variant)
        self.g = self.game.definition
        self.w = w
        self.t = Texts(self.g, w)
        self.outline: Outline = load_outline(self.g, game_folder(self.g))
        self.written = Written(self.t, self.outline)
        self.t.effect = self.written.effect
        self.fallback = self.changed_sections(game, variant)
        self.phrases = Phrases(self.t, Statics(self.game))
        self.end = end_document(game, variant)
        self.accounts = Accounts(self.g, self.outline.engine_aids, self.outline.accounts,
                                 self.outline.shown, score_names(self.g, self.score_sources()))
        self.briefs = Briefs(self.t, self.phrases.statics)
        self.steps = Steps(self.phrases, self.links(), quiet=set(self.outline.quiet),
                           accounts=self.accounts)
        quiet = set(self.outline.quiet)
        aids = set(self.outline.engine_aids)
        self.ending = Ending(self.phrases, self.end)
        tabled = {b["table"] for _, blocks in self.outline.sections for b in blocks
                  if isinstance(b, dict) and "table" in b}
        self.blocks = {"components": Components(self.t, aids=aids, tabled=tabled).components,
                       "setup": Components(self.t, quiet, aids=aids).setup,
                       "player_counts": Components(self.t).player_counts,
                       "end": self.ending.markdown,
                       "notes": Notes(self.t, written=self.written).notes,
                       "reference": Notes(self.t).reference,
                       "glossary": Notes(self.t, aids).glossary,
                       "goals": GoalsBlock(self.phrases).markdown,
                       "how_to_win": self.how_to_win,
                       "summary": lambda: Summary(self).markdown(),
                       "appendix": self.appendix,
                       "examples": self.remaining_examples,
                       "page_break": lambda: '<div class="page-break"></div>',
                       "provisional": self.provisional_note}
        self.prefix = prefix if prefix is not None else \
            "-".join(x for x in (self.g.id, self.g.variant) if x) + "-"
        self.pictures: dict[str, str] = {}
        self.in_appendix: list[str] = []         # procedures the rules give as a brief
        self._examples: dict | None = None
        self.example_ids: set[str] = set()      # every example scenario, even failing ones
        self.examples_shown: set[str] = set()
        self.failed_examples: list[str] = []

    def changed_sections(self, game: str, variant: str | None) -> set[str]:
        """The written sections whose rules a variant changed: the book shows the rules'
        generated text for them, marked as such (none for the game itself)."""
        if not variant or not self.outline.written():
            return set()
        from ..written.coverage import changed_sections
        base = load_game(game).definition
        return changed_sections(self.g, base, self.outline)

    def score_sources(self) -> list[str]:
        """The expressions that decide who wins: tie-breakers and goals (an end condition
        may only count rounds)."""
        sources = [str(x) for x in self.end.get("tiebreakers", [])]
        goals = self.g.goals
        if goals is not None:
            sources += list(goals.sources.values()) + list(goals.tiebreaker_sources)
        return sources

    def how_to_win(self) -> str:
        """What the game is about is the overview's introduction; this is how it is won, in
        one paragraph."""
        fixed = all(self._counts_rounds(text) for text in self.end.get("conditions", {}).values())
        return self.ending.brief(fixed_length=fixed)

    def _counts_rounds(self, text: str) -> bool:
        """An end condition that only compares the engine's counters with constants (the
        game simply lasts so many rounds)."""
        names = set(re.findall(r"[a-z_][a-z0-9_]*", str(text)))
        attrs = set(re.findall(r"\.\s*([a-z_][a-z0-9_]*)", str(text)))
        rest = names - attrs - {"game", "and", "or", "not"} - set(self.g.constants)
        return bool(attrs) and attrs <= self.accounts.variables and not rest

    def links(self) -> dict[str, tuple[str, str]]:
        links = {name: (self.t.name("procedure_titles", name), anchor("rule", name))
                 for _, name in self.outline.procedures()}
        end = self.outline.section_with("end")
        if end:
            links["·end"] = (self.section_title(end), anchor("section", end))
        return links

    def section_title(self, sid: str) -> str:
        """The section's title: written in the book, else from the text file, else a
        generic one."""
        own = self.g.variant_book.get(sid, {}).get("title") if sid in self.fallback else None
        written = self.written.text(own) if own else self.written.title(sid)
        if written is not None:
            return written
        if self.t.has("sections", sid):
            return self.t.name("sections", sid)
        generic = {"components": self.w.ctx("rulebook", "Components"),
                   "setup": self.w.ctx("rulebook", "Setup"),
                   "end": self.w.ctx("rulebook", "End of the game"),
                   "notes": self.w.ctx("rulebook", "Clarifications"),
                   "reference": self.w.ctx("rulebook", "Reference"),
                   "glossary": self.w.ctx("rulebook", "Glossary"),
                   "summary": self.w.ctx("rulebook", "Turn summary"),
                   "examples": self.w.ctx("rulebook", "Worked examples"),
                   "appendix": self.w.ctx("rulebook", "Appendix: the rules step by step")}
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

    def aid(self) -> str:
        """The player aid, a page of its own: the section the book names as its aid (the
        written turn summary), else the generated turn summary."""
        sid = self.outline.aid
        if sid:
            blocks = dict(self.outline.sections)[sid]
            title = self.w("{game} – {part}", game=self.title(), part=self.section_title(sid))
            parts = [f"# {title}"]
            parts += [self.block(sid, b) for b in blocks if b != "page_break"]
            return "\n\n".join(p for p in parts if p).rstrip() + "\n"
        return Summary(self).markdown(standalone=True).rstrip() + "\n"

    def markdown(self) -> str:
        parts = [f"# {self.title()}"]
        if self.g.variant:
            parts.append(self.w("This rulebook describes the variant “{variant}”: {description}",
                                variant=self.variant_text("variants", self.g.variant_name),
                                description=self.variant_text("variant_descriptions",
                                                              self.g.variant_description)))
        placed = any("provisional" in blocks for _, blocks in self.outline.sections)
        late = self.outline.written() and not placed
        if not self.outline.written():
            parts += [self.unwritten_note(), self.provisional_note()]
        appendix = self.outline.section_with("appendix")
        companion = self.companion_section()
        for sid, blocks in self.outline.sections:
            if late and sid == appendix:
                if companion is None:     # else the rules in full carry it
                    parts.append(self.provisional_note())
                late = False
            if sid == companion:
                continue
            parts.append(heading(2, self.section_title(sid), anchor("section", sid)))
            if sid in self.fallback and sid in self.g.variant_book:
                parts += [self.block(sid, b) for b in self.g.variant_book[sid]["content"]]
                continue
            if sid in self.fallback:
                parts.append(self.generated_section(sid, blocks))
                continue
            if blocks == ["provisional"]:       # the section's title heads the note
                parts.append(self.provisional_note(headed=False))
                continue
            procs = [b for b in blocks if isinstance(b, dict) and "procedure" in b]
            parts += [self.block(sid, b, titled=len(procs) > 1) for b in blocks]
        if late:
            parts.append(self.provisional_note())
        if "appendix" not in [b for _, blocks in self.outline.sections for b in blocks]:
            rest = self.appendix()
            if rest:
                parts.append(heading(2, self.w.ctx("rulebook", "Further rules"),
                                     anchor("section", "further")))
                parts.append(rest)
        return "\n\n".join(p for p in parts if p).rstrip() + "\n"

    def companion_section(self) -> str | None:
        """The section the outline prints apart, beside the book rather than in it (`apart`:
        the rules in full, once the chapters teach the game), if any."""
        return self.outline.apart or None

    def full_rules(self) -> str:
        """The rules in full as a document of their own, ending with the note on the data
        no source prints unless a section of the book places it (empty if the book keeps
        the rules in full)."""
        sid = self.companion_section()
        if sid is None:
            return ""
        title = self.w("{game} – {part}", game=self.title(), part=self.section_title(sid))
        parts = [f"# {title}"]
        parts += [self.block(sid, b) for b in dict(self.outline.sections)[sid]]
        note = self.provisional_note(headed=False)
        if note and not any("provisional" in blocks for _, blocks in self.outline.sections):
            parts += [heading(3, self.w.ctx("rulebook", "About this edition"),
                              anchor("section", "edition")), note]
        return "\n\n".join(p for p in parts if p).rstrip() + "\n"

    def provisional_note(self, headed: bool = True) -> str:
        """A visible note listing the data no source prints (empty if there is none), under
        its own bold heading unless `headed` is False (a section of its own heads it)."""
        entries = self.g.provisional
        if not entries:
            return ""
        lines = ["**" + self.w.ctx("rulebook", "About this edition") + "**", ""] if headed \
            else []
        lines += [self.w("This edition sets the following details itself. If your copy of the "
                         "game prints them differently, play as your copy says:"), ""]
        lines += [f"- {sentence(self.t.name('provisional', e['id']))}" for e in entries]
        return "\n".join(lines)

    def unwritten_note(self) -> str:
        """The note atop a book nobody has written: it is the game's scripts in words."""
        return "> " + self.w("*Nobody has written this game's rulebook yet: what follows is "
                             "generated from its rule scripts, step by step, and reads like "
                             "them. A written rulebook (the game's rulebook.yaml) replaces "
                             "it.*")

    def generated_section(self, sid: str, blocks: list) -> str:
        """A section whose rules the variant changed and whose text nobody has written for
        it: the rules it explains, generated from the scripts, under a note that says so
        (pictures and sheets kept)."""
        parts = ["> " + self.w("*This section is generated from the variant's rules: its "
                               "written text explains rules this variant changes.*")]
        ending_shown = False
        for name in self.outline.explains.get(sid, []):
            if name in self.g.program.procs:
                parts.append(heading(3, self.t.name("procedure_titles", name),
                                     anchor("variant", name)))
                parts.append(steps_markdown(self.steps.procedure(
                    name, bookkeeping=frozenset(self.outline.bookkeeping))))
            elif name in self.g.options:
                parts.append(sentence(Notes(self.t, written=self.written).note(
                    self.g.options[name])))
            elif not ending_shown and (name in self.end.get("conditions", {}) or
                                       name == "tiebreak"):
                ending_shown = True
                parts.append(self.ending.markdown())
        parts += [self.block(sid, b) for b in blocks
                  if isinstance(b, dict) and ("picture" in b or "sheet" in b)]
        return "\n\n".join(p for p in parts if p)

    def block(self, sid: str, block, titled: bool = True) -> str:
        if isinstance(block, dict) and "text" in block:
            return self.written.paragraphs(block["text"])
        if isinstance(block, dict) and "sheet" in block:
            return self.written.sheet(block["sheet"])
        if isinstance(block, dict) and "example" in block and \
                block["example"] in self.outline.examples:
            return self.written_example(block["example"])
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
        if "example" in block:
            text = self.example(block["example"])
            if not text and block["example"] not in self.example_ids:
                self.t.missing.add(f"examples.{block['example']} (no example scenario)")
            return text
        return self.picture(block["picture"])

    def picture(self, name: str) -> str:
        spec = self.outline.pictures[name]
        caption = self.written.text(self.g.text["pictures"][name], context="pictures") \
            if self.t.has("pictures", name) else self.t.name("pictures", name)
        file = f"{self.prefix}{name}.svg"
        self.pictures[file] = draw(self.t, spec, caption, self.game, self.outline.pictures)
        return f"![{caption}]({file})\n\n*{caption}*"

    def written_example(self, eid: str) -> str:
        """A worked example as its writer narrated it, with its numbers from its scenario
        and pictures of the positions it names (empty if its scenario does not hold for
        this game or variant)."""
        from ..written.honesty import example_names, example_scenarios
        self.examples()
        played = self._examples.get(eid)
        if played is None:
            if eid not in self.example_ids:
                self.t.missing.add(f"examples.{eid} (no example scenario)")
            return ""
        self.examples_shown.add(eid)
        spec = self.outline.examples[eid]
        names = example_names(example_scenarios(game_folder(self.g)).get(eid))
        title = self.written.text(spec["title"], names)
        paragraphs = self.written.paragraphs(spec["text"], names).split("\n\n")
        pictures = spec.get("pictures", [])
        placed: dict[int, list[str]] = {}
        for i, picture in enumerate(pictures):
            after = picture.get("after", 1 if i == 0 else len(paragraphs))
            placed.setdefault(min(after, len(paragraphs)), []).append(
                self.example_picture(eid, played, picture, names, i))
        body = placed.get(0, [])
        for i, paragraph in enumerate(paragraphs, 1):
            body += [paragraph, *placed.get(i, [])]
        quoted = "\n>\n".join("\n".join("> " + line if line else ">"
                                         for line in block.splitlines())
                              for block in body if block)
        return heading(4, self.w.ctx("rulebook", "Example: {title}", title=title),
                       anchor("example", eid)) + "\n\n" + quoted

    def example_picture(self, eid: str, played, picture: dict, names: dict,
                        number: int) -> str:
        """One picture of a worked example: the position at the step its `at` names."""
        from .example_blocks import draw_state, told_face_down
        at = picture["at"]
        if at == "start":
            state = played.position
        elif at == "end":
            state = played.beats[-1].state if played.beats else None
        else:
            state = next((b.state for b in played.beats if b.node.get("say") == at), None)
        caption = self.written.text(picture["caption"], names)
        if state is None:
            self.t.missing.add(f"examples.{eid}: no step says {at!r}")
            return ""
        seats = list(self.g.seats)
        cells = frozenset((seats.index(c["seat"]), *c["at"]) for c in picture.get("cells", [])
                          if c["seat"] in seats)
        marks = set(picture.get("mark", []))
        svg = draw_state(self.t, self.outline.pictures, played.picture, caption, state,
                         marks, played.cast, cells, told_face_down(played, state, marks))
        if svg is None:
            return ""
        name = f"{self.prefix}example-{eid}-{number + 1}.svg"
        self.pictures[name] = svg
        width = picture.get("width", 100)
        size = f'{{: style="width: {width}%"}}' if width < 100 else ""
        return f"![{caption}]({name}){size}\n\n*{caption}*"


def build_rulebook(game: str, variant: str | None = None, lang: str | None = "en",
                   words: Words | None = None, prefix: str | None = None) -> Rulebook:
    """The rulebook of a game (or variant) in a language, with its pictures."""
    book = Book(game, variant, words or Words(lang), prefix)
    text = book.markdown()
    aid = book.aid()
    full = book.full_rules()
    appendix = book.outline.section_with("appendix")
    here = appendix and not full
    return Rulebook(book.title(), text, book.pictures, book.t.missing, aid,
                    book.failed_examples, anchor("section", appendix) if here else "", full)


def procedure_in_full(game: str, name: str, lang: str = "en", variant: str | None = None) -> str:
    """A procedure's steps as the rules in full give them, whether the book lists them or
    says the procedure by the phrase of its call (`phrase_only`)."""
    book = Book(game, variant, Words(lang))
    keep = frozenset(book.outline.bookkeeping)
    return steps_markdown(book.steps.procedure(name, bookkeeping=keep))
