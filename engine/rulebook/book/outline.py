"""A game's rulebook outline (rules/<game>/rulebook.yaml): sections, order, pictures.

Checked against rules/schema/rulebook.schema.json and against the game (every procedure,
function, deck and property it names must exist). A game without an outline gets a
default one: components, setup, one section per procedure in call order, the end of the
game, notes, reference and glossary.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...dsl.trees import part
from ...errors import Location, Problem, RuleError
from ...interpreter.model import GameDef
from ...loading import schema
from ...loading.sources import display_name
from ...loading.yaml_source import load_yaml
from ..pictures.checks import picture_mismatches

FILE = "rulebook.yaml"


@dataclass
class Outline:
    """Sections (id, blocks) in order, and what the generator leaves to phrases; for a
    written book also each section's title and the rules it explains, the worked examples'
    narrations, the reference sheets and where each text stands in the file."""

    sections: list[tuple[str, list[Any]]]
    phrase_only: list[str] = field(default_factory=list)
    quiet: list[str] = field(default_factory=list)
    pictures: dict[str, dict] = field(default_factory=dict)
    engine_aids: list[str] = field(default_factory=list)   # token kinds, decks not in the box
    accounts: list[str] = field(default_factory=list)      # more variables that are accounts
    shown: list[str] = field(default_factory=list)         # variables that are not accounts
    summary_skip: list[str] = field(default_factory=list)  # procedures the summary leaves out
    titles: dict[str, str] = field(default_factory=dict)   # section id -> written title
    explains: dict[str, list[str]] = field(default_factory=dict)  # section id -> rules
    examples: dict[str, dict] = field(default_factory=dict)  # example id -> title, text, ...
    sheets: dict[str, dict] = field(default_factory=dict)    # sheet id -> of, by, columns
    bookkeeping: list[str] = field(default_factory=list)
    aid: str = ""                                           # the section that is the aid
    apart: str = ""                                         # the section printed apart
    file: str = ""                                          # as named in problems
    positions: Any = None                                   # where each value stands

    def where(self, *path: Any) -> Location:
        """The location of a value of the file (its path inside the document)."""
        if self.positions is None:
            return Location(self.file)
        return self.positions.find(tuple(path), self.file)

    def written(self) -> bool:
        """Whether the book is written (some section has a title of its own)."""
        return bool(self.titles)

    def procedures(self) -> list[tuple[str, str]]:
        """(section id, procedure) for every procedure with steps in the rulebook."""
        return [(sid, block["procedure"]) for sid, blocks in self.sections for block in blocks
                if isinstance(block, dict) and "procedure" in block]

    def section_with(self, kind: str) -> str | None:
        """The id of the section that shows a generated block (e.g. "end")."""
        for sid, blocks in self.sections:
            if kind in blocks:
                return sid
        return None


def user_procedures(game: GameDef) -> list[str]:
    """The game's procedures in call order from the start (simultaneous bodies excluded)."""
    procs = game.program.procs
    order: list[str] = []

    def visit(name: str) -> None:
        if name in order or name not in procs:
            return
        order.append(name)
        for node in procs[name].tree.iter_subtrees_topdown():
            if node.data == "call_stmt":
                visit(str(part(node, "name")))
    visit(game.start)
    return order + [p for p in procs if p not in order and "·" not in p]


def default_outline(game: GameDef) -> Outline:
    sections: list[tuple[str, list[Any]]] = [("components", ["components"]),
                                             ("setup", ["setup", "player_counts"])]
    fixed = {"components", "setup", "end", "notes", "reference", "glossary"}
    sections += [(name + "_steps" if name in fixed else name, [{"procedure": name}])
                 for name in user_procedures(game)]
    sections += [("end", ["end"]), ("notes", ["notes"]), ("reference", ["reference"]),
                 ("glossary", ["glossary"])]
    return Outline(sections)


def load_outline(game: GameDef, folder: Path) -> Outline:
    """The outline in `folder` (the game's folder), checked; the default if there is none."""
    path = folder / FILE
    if not path.exists():
        return default_outline(game)
    name = display_name(path)
    doc, pos, problems = load_yaml(path, name)
    if not problems:
        problems = schema.check(doc, "rulebook", pos, name)
    if problems:
        raise RuleError(problems)
    outline = Outline([(s["id"], list(s["content"])) for s in doc["sections"]],
                      list(doc.get("phrase_only", [])), list(doc.get("quiet", [])),
                      dict(doc.get("pictures", {})), list(doc.get("engine_aids", [])),
                      list(doc.get("accounts", [])), list(doc.get("shown", [])),
                      list(doc.get("summary_skip", [])),
                      {s["id"]: s["title"] for s in doc["sections"] if "title" in s},
                      {s["id"]: list(s.get("explains", [])) for s in doc["sections"]},
                      dict(doc.get("examples", {})), dict(doc.get("sheets", {})),
                      list(doc.get("bookkeeping", [])), doc.get("aid", ""),
                      doc.get("apart", ""), name, pos)
    problems = [Problem(pos.find(where, name), message)
                for where, message in _mismatches(outline, game)]
    if problems:
        raise RuleError(problems)
    return outline


def _mismatches(outline: Outline, game: GameDef):
    """(path in the document, message) for every name the game does not have."""
    for i, (_, blocks) in enumerate(outline.sections):
        for j, block in enumerate(blocks):
            where = ("sections", i, "content", j)
            if isinstance(block, dict) and "procedure" in block and \
                    block["procedure"] not in game.program.procs:
                yield where, f"no procedure {block['procedure']!r} in the scripts"
            for func in block.get("functions", []) if isinstance(block, dict) else []:
                if func not in game.program.funcs:
                    yield where, f"no function {func!r} in the scripts"
            if isinstance(block, dict) and "table" in block:
                tok = game.tokens.get(block["table"])
                if tok is None:
                    yield where, f"no token kind {block['table']!r}"
                else:
                    for col in block["columns"]:
                        if col not in tok.props:
                            yield where, f"{block['table']} tokens have no property {col!r}"
            if isinstance(block, dict) and "picture" in block and \
                    block["picture"] not in outline.pictures:
                yield where, f"no picture {block['picture']!r} under pictures"
            if isinstance(block, dict) and "sheet" in block and \
                    block["sheet"] not in outline.sheets:
                yield where, f"no sheet {block['sheet']!r} under sheets"
    if outline.aid and outline.aid not in dict(outline.sections):
        yield ("aid",), f"no section {outline.aid!r} to print as the player aid"
    if outline.apart and outline.apart not in dict(outline.sections):
        yield ("apart",), f"no section {outline.apart!r} to print apart from the book"
    for sid, sheet in outline.sheets.items():
        kind = sheet["of"]
        props = set(game.tokens[kind].props) if kind in game.tokens else \
            {p for a in game.areas.values() if a.get("kind") == kind for p in a} | {"area"}
        if kind not in game.tokens and props == {"area"}:
            yield ("sheets", sid, "of"), f"no token kind or area kind {kind!r} in the game"
            continue
        for key in [sheet["by"], *sheet.get("columns", []), *sheet.get("where", {})]:
            if key not in props:
                yield ("sheets", sid), f"{kind} has no property {key!r}; it has " + \
                    ", ".join(sorted(props))
    for i, name in enumerate(outline.phrase_only):
        if name not in game.program.procs:
            yield ("phrase_only", i), f"no procedure {name!r} in the scripts"
        elif not (isinstance(game.text.get("procedures"), dict) and
                  name in game.text["procedures"]):
            yield ("phrase_only", i), (f"{name!r} has no phrase to say it all: give it one "
                                       "in the text file's procedures")
    for i, name in enumerate(outline.summary_skip):
        if name not in game.program.procs:
            yield ("summary_skip", i), f"no procedure {name!r} in the scripts"
    for i, name in enumerate(outline.engine_aids):
        if name not in game.tokens and name not in game.decks and name not in game.pieces \
                and name not in game.locations:
            yield ("engine_aids", i), f"no token kind, piece, deck or place {name!r} in the game"
    variables = {**game.game_vars, **game.player_vars}
    for key in ("accounts", "shown"):
        for i, name in enumerate(getattr(outline, key)):
            if name not in variables:
                yield (key, i), f"no variable {name!r} in the game"
    for pid, picture in outline.pictures.items():
        for where, message in picture_mismatches(picture, game, outline.pictures):
            yield ("pictures", pid, *where), message


def game_folder(game: GameDef) -> Path:
    """The folder of a loaded game (its own game.yaml's)."""
    return Path(game.folder) if game.folder else Path(".")

