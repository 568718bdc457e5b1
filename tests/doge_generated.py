"""Doge with its generated rulebook: the engine's tests of the generated blocks (components,
setup, turn summary, procedures, end, reference, glossary, generated examples) build Doge
with the outline it had before its book was written (tests/data/doge_generated_rulebook.yaml),
so they keep protecting the generator while rules/doge/rulebook.yaml holds the written book.

    from doge_generated import generated_doge
    build_rulebook(generated_doge(), "cheap_palaces", lang="es")
"""

from __future__ import annotations

import atexit
import shutil
import tempfile
from pathlib import Path

import yaml

from regola.loading.sources import rules_root

OUTLINE = Path(__file__).parent / "data" / "doge_generated_rulebook.yaml"
_folder: list[Path] = []


def _without_names(text: str) -> str:
    """A scenario without the `as:` names its written narration uses (the generated
    narration would read them as properties of what a fact counts)."""
    doc = yaml.safe_load(text)

    def strip(node):
        if isinstance(node, dict):
            node.pop("as", None)
            for value in node.values():
                strip(value)
        elif isinstance(node, list):
            for value in node:
                strip(value)
    strip(doc)
    return yaml.safe_dump(doc, sort_keys=False, allow_unicode=True)


def generated_doge() -> str:
    """A copy of rules/doge whose rulebook.yaml is the generated outline (made once)."""
    if not _folder:
        root = Path(tempfile.mkdtemp(prefix="doge_generated_"))
        atexit.register(shutil.rmtree, root, True)
        folder = root / "doge"
        shutil.copytree(rules_root() / "doge", folder)
        shutil.copy(OUTLINE, folder / "rulebook.yaml")
        (folder / "reviewed.yaml").unlink(missing_ok=True)
        for scenario in (folder / "scenarios").glob("worked_example_*.scenario.yaml"):
            scenario.write_text(_without_names(scenario.read_text(encoding="utf-8")),
                                encoding="utf-8")
        _folder.append(folder)
    return str(_folder[0])
