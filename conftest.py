"""Shared test helpers; rule scenarios (rules/<game>/scenarios/*.scenario.yaml) are
collected as tests."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from regola.loading.sources import rules_root

pytest_plugins = ["regola.scenarios.pytest_plugin"]


def edit_rule_file(path: Path, *replacements: tuple[str, str]) -> None:
    """Replace text in a rule file; each old text must be there (the edit must happen)."""
    text = path.read_text(encoding="utf-8")
    for old, new in replacements:
        assert old in text, f"{old!r} not in {path}"
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def doge_copy(tmp_path: Path) -> Path:
    """A copy of the built-in Doge rules to edit: tmp/doge/."""
    target = tmp_path / "doge"
    shutil.copytree(rules_root() / "doge", target)
    return target
