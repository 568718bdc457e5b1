"""The manual's "Your first game" (site/manual/first-game.md) works as written: its files are
written in a temporary folder in the order the page gives them, and every command of its
`sh` blocks runs there, each showing the lines of the `text` block that follows it."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

from typer.testing import CliRunner

from regola.cli.app import app

PAGE = Path(__file__).parent.parent / "site" / "manual" / "first-game.md"
FILE_LINE = re.compile(r"^`((?:fields|treasure)/[^`]+)`:$")


def _steps(text: str) -> list[tuple[str, str, str]]:
    """The page's files, commands and expected output, in order: (kind, name, body)."""
    steps, lines, i = [], text.splitlines(), 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```"):
            info, body, i = line[3:].strip(), [], i + 1
            while not lines[i].startswith("```"):
                body.append(lines[i])
                i += 1
            named = next((FILE_LINE.match(lines[j]) for j in range(i - len(body) - 2, 0, -1)
                          if lines[j].strip()), None)
            block = "\n".join(body) + "\n"
            if named and info != "sh" and info != "text":
                steps.append(("file", named.group(1), block))
            elif info == "sh":
                steps.append(("run", "", block))
            elif info == "text" and steps and steps[-1][0] == "run":
                steps.append(("shows", "", block))
        i += 1
    return steps


def test_the_first_game_page_runs_as_written(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    steps = _steps(PAGE.read_text(encoding="utf-8"))
    files = {name for kind, name, _ in steps if kind == "file"}
    assert {"fields/game.yaml", "fields/flow.regola", "fields/text.yaml",
            "fields/rulebook.yaml", "fields/locales/es.po", "treasure/game.yaml",
            "treasure/flow.regola", "treasure/scenarios/a_card_scores_its_value.scenario.yaml"
            } <= files
    runner, output = CliRunner(), ""
    for kind, name, body in steps:
        if kind == "file":
            (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
            (tmp_path / name).write_text(body, encoding="utf-8")
        elif kind == "run":
            output = ""
            for line in body.splitlines():
                result = runner.invoke(app, shlex.split(line)[1:])
                assert "Traceback" not in result.output, (line, result.output)
                output += result.output
        else:
            for wanted in body.splitlines():
                assert wanted in output, (wanted, output)
    assert (tmp_path / "book" / "fields.es.md").read_text(encoding="utf-8").startswith(
        "# Cinco campos")
    assert "el lago 5" in (tmp_path / "book" / "fields.es.md").read_text(encoding="utf-8")
