"""Each game's coverage map (rules/<game>/coverage.yaml) ties every rule, reading and worked
example of the game's notes to the scenarios and tests that drive it; every reference must
exist, so the map cannot drift from the suite."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
import yaml

from regola.loading.sources import builtin_games, rules_root

ROOT = Path(__file__).resolve().parent.parent
GAMES = [g for g in builtin_games() if (rules_root() / g / "coverage.yaml").exists()]


def functions_in(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef)}


@pytest.mark.parametrize("game", GAMES)
def test_every_item_names_checks_that_exist(game):
    doc = yaml.safe_load((rules_root() / game / "coverage.yaml").read_text(encoding="utf-8"))
    assert doc["items"], f"{game}: empty coverage map"
    ids = [item["id"] for item in doc["items"]]
    assert len(ids) == len(set(ids)), f"{game}: repeated ids"
    kinds = {item["kind"] for item in doc["items"]}
    assert kinds <= {"rule", "reading", "example"}
    for item in doc["items"]:
        assert item["checked_by"], f"{game}: {item['id']} is checked by nothing"
        for ref in item["checked_by"]:
            if "::" in ref:
                file, func = ref.split("::")
                path = ROOT / file
                assert path.exists(), f"{game}: {item['id']}: no file {file}"
                assert func.split("[")[0] in functions_in(path), \
                    f"{game}: {item['id']}: no test {ref}"
            else:
                assert (rules_root() / game / ref).exists(), \
                    f"{game}: {item['id']}: no scenario {ref}"


@pytest.mark.parametrize("game", GAMES)
def test_every_check_of_a_coverage_map_names_the_notes(game):
    """Each test a map lists says in its docstring (or a comment on its def line) which item of
    the game's notes it checks ("notes: ..." or "Reading N"), and each scenario says it in its
    name or rule."""
    folder = rules_root() / game
    doc = yaml.safe_load((folder / "coverage.yaml").read_text(encoding="utf-8"))
    unnamed = []
    for ref in sorted({ref for item in doc["items"] for ref in item["checked_by"]}):
        if "::" in ref:
            file, name = ref.split("::")
            text = (ROOT / file).read_text(encoding="utf-8")
            node = next(n for n in ast.walk(ast.parse(text))
                        if isinstance(n, ast.FunctionDef) and n.name == name.split("[")[0])
            said = (ast.get_docstring(node) or "") + text.splitlines()[node.lineno - 1]
        else:
            scenario = yaml.safe_load((folder / ref).read_text(encoding="utf-8"))
            said = str(scenario.get("name", "")) + str(scenario.get("rule", ""))
        if "notes" not in said.lower() and "reading" not in said.lower():
            unnamed.append(ref)
    assert not unnamed, f"{game}: checks that do not name the notes: {unnamed}"
