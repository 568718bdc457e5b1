"""The written texts of a game, and the checks that keep them honest against its data.

    texts = written_texts(definition, outline)      # every English text, where it stands
    problems = check_written(definition, outline)   # located Problems (an empty list: ok)

A written text is a title or a paragraph of the book file (rulebook.yaml: sections,
worked examples, captions), or an effect of the text file (`effects`). Each is a template
(texts/templates.py) and is checked, in English and in every translation:

- it reads (its braces are placeholders) and every placeholder names a value: of the data
  (i18n/data_values.py), of the token an effect belongs to, or, in a worked example, a
  player of the cast ({red}) or a value the example's scenario names with `as:`;
- no number is written by hand where the data holds that value: the problem names the
  placeholders that hold it ({=n} writes a number the data does not mean);
- a translation names the same placeholders as its English.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import Location, Problem
from ...i18n.catalog import game_catalog
from ...i18n.check import TRANSLATED, game_po_name, read_catalog, untranslated
from ...i18n.data_values import DataValues
from ...loading.sources import display_name
from ...loading.yaml_source import load_yaml
from ...scenarios.document import named_values
from ...scenarios.runner import SUFFIX
from ...texts.templates import TemplateError, parse_template

BOOK = "book"
"""The message context of the book's texts: <game>.book."""
EFFECTS = "effects"
"""The message context of the effects: <game>.effects."""
NOTES = ("options", "option_values", "pictures")
"""Sections of the text file the book prints as written texts: the readings' notes and
the pictures' captions."""


@dataclass
class WrittenText:
    """One English text: its message context, a key naming it, the text, where it stands,
    and the names its placeholders may use besides the data (with the numbers they hold)."""

    context: str
    key: str
    english: str
    where: Location
    names: dict[str, Any] = field(default_factory=dict)


def paragraphs(text: str) -> list[str]:
    """A block of Markdown cut into paragraphs (each one message for the translators): lines
    of a paragraph joined with spaces; a list, a table or a heading keeps one line per item
    (an item's wrapped lines joined)."""
    out = []
    for block in re.split(r"\n[ \t]*\n", text.strip()):
        lines = [line.rstrip() for line in block.splitlines() if line.strip()]
        if not lines:
            continue
        items: list[str] = []
        for line in lines:
            starts_item = re.match(r"\s*([-*+]|\d+\.|\|)\s", line) or line.lstrip().startswith(
                ("#", "|", ">"))
            if items and not starts_item:
                items[-1] += " " + line.strip()
            else:
                items.append(line if starts_item else line.strip())
        out.append("\n".join(items))
    return out


def block_lines(where: Location, text: str, paragraph: str) -> Location:
    """The location of a paragraph inside a block scalar that starts at `where`."""
    first = paragraph.splitlines()[0].strip()[:40]
    for offset, line in enumerate(text.splitlines()):
        if first and first in line:
            return Location(where.file, where.line + 1 + offset, 1, where.path)
    return where


def example_scenarios(folder: Path) -> dict[str, dict]:
    """The example scenarios of a game folder, by example id (their documents)."""
    found = {}
    scenarios = folder / "scenarios"
    for path in sorted(scenarios.rglob(f"*{SUFFIX}")) if scenarios.is_dir() else []:
        doc, _, problems = load_yaml(path, str(path))
        if not problems and isinstance(doc, dict) and isinstance(doc.get("example"), dict):
            found[str(doc["example"].get("id", path.stem))] = doc
    return found


def example_names(doc: dict | None) -> dict[str, Any]:
    """The names an example's text may use: its cast by seat, and the values its scenario
    names with `as:`."""
    if not doc:
        return {}
    cast = {str(k): str(v) for k, v in (doc["example"].get("cast") or {}).items()}
    return {**cast, **named_values(doc.get("steps", []))}


def written_texts(definition: Any, outline: Any) -> list[WrittenText]:
    """Every written English text of a game: the book's and the effects."""
    context = f"{definition.id}.{BOOK}"
    out: list[WrittenText] = []
    for i, (sid, blocks) in enumerate(outline.sections):
        if sid in outline.titles:
            out.append(WrittenText(context, f"sections.{sid}.title", outline.titles[sid],
                                   outline.where("sections", i, "title")))
        for j, block in enumerate(blocks):
            if isinstance(block, dict) and "text" in block:
                where = outline.where("sections", i, "content", j, "text")
                for paragraph in paragraphs(block["text"]):
                    out.append(WrittenText(context, f"sections.{sid}", paragraph,
                                           block_lines(where, block["text"], paragraph)))
    scenarios = example_scenarios(Path(definition.folder)) if outline.examples else {}
    for eid, example in outline.examples.items():
        names = example_names(scenarios.get(eid))
        out.append(WrittenText(context, f"examples.{eid}.title", example["title"],
                               outline.where("examples", eid, "title"), names))
        where = outline.where("examples", eid, "text")
        for paragraph in paragraphs(example["text"]):
            out.append(WrittenText(context, f"examples.{eid}", paragraph,
                                   block_lines(where, example["text"], paragraph), names))
        for k, picture in enumerate(example.get("pictures", [])):
            out.append(WrittenText(context, f"examples.{eid}.pictures", picture["caption"],
                                   outline.where("examples", eid, "pictures", k, "caption"),
                                   names))
    for sid, sheet in outline.sheets.items():
        if "title" in sheet:
            out.append(WrittenText(context, f"sheets.{sid}.title", sheet["title"],
                                   outline.where("sheets", sid, "title")))
    out += variant_texts(definition, context)
    for section in NOTES:
        for key, text in (definition.text or {}).get(section, {}).items():
            if isinstance(text, str):
                path = f"{section}.{key}"
                out.append(WrittenText(f"{definition.id}.{section}", path, text,
                                       definition.text_locations.get(path, Location(
                                           definition.files[-1], path=path))))
    for kind, texts in (definition.text or {}).get(EFFECTS, {}).items():
        if isinstance(texts, str):              # a piece kind's one text
            path = f"{EFFECTS}.{kind}"
            out.append(WrittenText(f"{definition.id}.{EFFECTS}", path, texts,
                                   definition.text_locations.get(path, Location(
                                       definition.files[-1], path=path))))
            continue
        names = effect_names(definition, kind)
        for key, text in texts.items():
            path = f"{EFFECTS}.{kind}.{key}"
            out.append(WrittenText(f"{definition.id}.{EFFECTS}", path, text,
                                   definition.text_locations.get(path, Location(
                                       definition.files[-1], path=path)), names))
    return out


def variant_texts(definition: Any, context: str) -> list[WrittenText]:
    """The written sections the game's variants (its variants/ folder) give for the
    sections whose rules they change: their titles and paragraphs."""
    out: list[WrittenText] = []
    folder = Path(definition.folder) / "variants"
    for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        doc, pos, problems = load_yaml(path, display_name(path))
        sections = (doc or {}).get("rulebook", {}).get("sections", {}) \
            if isinstance(doc, dict) and not problems else {}
        name = display_name(path)
        for sid, section in sections.items() if isinstance(sections, dict) else []:
            if not isinstance(section, dict):
                continue
            if isinstance(section.get("title"), str):
                out.append(WrittenText(context, f"variants.{path.stem}.{sid}.title",
                                       section["title"], pos.find(
                                           ("rulebook", "sections", sid, "title"), name)))
            for j, block in enumerate(section.get("content") or []):
                if isinstance(block, dict) and isinstance(block.get("text"), str):
                    where = pos.find(("rulebook", "sections", sid, "content", j, "text"), name)
                    out += [WrittenText(context, f"variants.{path.stem}.{sid}", paragraph,
                                        block_lines(where, block["text"], paragraph))
                            for paragraph in paragraphs(block["text"])]
    return out


def effect_names(definition: Any, kind: str) -> dict[str, Any]:
    """The properties of a token kind (or of the areas of an area kind) an effect may name,
    each with the list of its values (for the numbers it holds)."""
    if kind in definition.tokens:
        return {prop: [v for v in values if v is not None]
                for prop, values in definition.tokens[kind].props.items()}
    props: dict[str, list] = {}
    for area in definition.areas.values():
        if area.get("kind") == kind:
            for prop, value in area.items():
                props.setdefault(prop, []).append(value)
    return props


def catalog_texts(definition: Any, outline: Any) -> list[tuple[str, str, str, Location]]:
    """The written texts as (context, key, English, where), for the catalogs."""
    return [(t.context, t.key, t.english, t.where) for t in written_texts(definition, outline)]


def check_written(definition: Any, outline: Any,
                  languages: tuple[str, ...] = TRANSLATED) -> list[Problem]:
    """Every problem of the written texts of a game, in English and in each translation
    (none for a game whose book is still generated: no section has a written title)."""
    if not outline.written():
        return []
    values = DataValues(definition)
    texts = written_texts(definition, outline)
    problems = []
    for text in texts:
        problems += [Problem(text.where, m) for m in _problems(text.english, text, values)]
    by_message = {(t.context, t.english): t for t in texts}
    for lang in languages:
        path = game_catalog(definition.folder, lang)
        if not path.exists():
            continue
        name = game_po_name(definition, lang)
        for message in read_catalog(path):
            text = by_message.get((message.context, message.id))
            if text is None or not message.string or untranslated(message):
                continue
            where = Location(name, message.lineno or 0, 1)
            found = _problems(message.string, text, values, english=text.english)
            problems += [Problem(where, f"msgid {_short(message.id)!r}: {m}") for m in found]
    return problems


def _problems(source: str, text: WrittenText, values: DataValues,
              english: str | None = None) -> list[str]:
    try:
        template = parse_template(source)
    except TemplateError as error:
        return [str(error)]
    out = []
    for path in sorted(template.names()):
        if path in text.names:
            continue
        try:
            values.lookup(path)
        except TemplateError as error:
            out.append(str(error))
    if english is not None:
        try:
            wanted = parse_template(english).names()
        except TemplateError:
            wanted = template.names()
        if template.names() != wanted:
            show = _braced
            out.append(f"the translation's placeholders ({show(template.names())}) differ "
                       f"from the English ones ({show(wanted)})")
    local = _numbers_of(text.names)
    for number, _column in template.hand_numbers():
        value = float(number.replace(",", ".")) if "," in number or "." in number \
            else int(number)
        holders = [n for n, v in text.names.items() if value in _numbers_of({n: v})]
        holders += values.holding(value) if value in values.numbers() else []
        if value in local or holders:
            shown = ", ".join("{" + h + "}" for h in holders[:6])
            more = f" and {len(holders) - 6} more" if len(holders) > 6 else ""
            out.append(f"the number {number} is written by hand, but the data holds it: "
                       f"write {shown}{more} (or {{={number}}} for a number that is not "
                       "the data's)")
    return out


def _numbers_of(names: dict[str, Any]) -> set[float]:
    out: set[float] = set()
    for value in names.values():
        items = value if isinstance(value, list) else [value]
        out |= {v for v in items if isinstance(v, int | float) and not isinstance(v, bool)}
    return out


def _braced(names: set[str]) -> str:
    return ", ".join("{" + n + "}" for n in sorted(names)) or "none"


def _short(text: str, most: int = 50) -> str:
    return text if len(text) <= most else text[:most - 1] + "…"


Lookup = Callable[[str], Any]
