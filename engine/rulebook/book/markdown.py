"""Small Markdown builders: numbered steps (nested), bullets, tables, headings."""

from __future__ import annotations

import re

from ..texts import lead, sentence

INDENT = "    "   # Python-Markdown (mkdocs) nests lists by four spaces


def steps_markdown(steps, depth: int = 0, bulleted: bool = False) -> str:
    """Numbered steps with their sub-steps (alternatives, `bulleted`, as a bullet list); a
    procedure of one step reads as a paragraph, its sub-steps as the list."""
    if depth == 0 and not bulleted and len(steps) == 1:
        step = steps[0]
        text = said_once(step.text)
        if not step.children:
            return sentence(text)
        return lead(text) + "\n\n" + steps_markdown(step.children, 0, step.options)
    lines = []
    for i, step in enumerate(steps, 1):
        text = said_once(step.text)
        text = lead(text) if step.children else sentence(text)
        lines.append(f"{INDENT * depth}{'-' if bulleted else f'{i}.'} {text}")
        if step.children:
            lines.append(steps_markdown(step.children, depth + 1, step.options))
    return "\n".join(lines)


def said_once(text: str) -> str:
    """A step with each aside in brackets said once: a name whose words end in an aside
    ("their count (one more for ...)") reads in full the first time it occurs only."""
    seen: set[str] = set()

    def first_time(found: re.Match) -> str:
        if found.group(1) in seen:
            return ""
        seen.add(found.group(1))
        return found.group(0)
    return re.sub(r" (\([^()]+\))", first_time, text)


def numbered(items: list[str]) -> str:
    return "\n".join(f"{i}. {sentence(x)}" for i, x in enumerate(items, 1))


def bullets(items: list[str]) -> str:
    return "\n".join(f"- {x}" for x in items)


def cell(text: str) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def table(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(cell(h) for h in head) + " |",
             "|" + "|".join("---" for _ in head) + "|"]
    lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def heading(level: int, text: str, anchor: str) -> str:
    """A heading with a stable anchor (the same in every language)."""
    return f'<a id="{anchor}"></a>\n\n{"#" * level} {text}'
