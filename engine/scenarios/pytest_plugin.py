"""pytest collects rule scenarios: each `rules/<game>/scenarios/**/*.scenario.yaml` file is
one test item, failing with the runner's `file:line: message` lines.

Registered by the repository's conftest.py (`pytest_plugins = [...]`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .runner import SUFFIX, run_file


def is_rule_scenario(path: Path) -> bool:
    """A scenario file inside a `scenarios` folder of a game under `rules/`."""
    parts = path.parts
    if not path.name.endswith(SUFFIX) or "rules" not in parts:
        return False
    return "scenarios" in parts[parts.index("rules") + 1:-1]


def pytest_collect_file(file_path: Path, parent):
    if is_rule_scenario(file_path):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    """A scenario file: one item."""

    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.name[:-len(SUFFIX)])


class ScenarioFailed(Exception):
    """The scenario's located failure lines."""


class ScenarioItem(pytest.Item):
    """One scenario, played by the runner."""

    def runtest(self) -> None:
        try:
            shown = self.path.relative_to(self.config.rootpath).as_posix()
        except ValueError:
            shown = str(self.path)
        report = run_file(self.path, shown)
        if report.xfail is not None and report.failed:
            pytest.xfail(f"{report.xfail}: " + " | ".join(report.lines()))
        if not report.ok:
            raise ScenarioFailed("\n".join(report.lines()))

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"
