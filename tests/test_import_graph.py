"""The shape of the house, read from the code: the import graph of `engine/`.

Every `import` and `from ... import` statement of every module counts, wherever it stands:
at the top, inside a function, or under `if TYPE_CHECKING:` (a type named across packages
is a dependency too). Relative imports are resolved against the importing module; a name
imported from a package counts as its submodule when one of that name exists.

A package is the first folder under `engine/` (`dsl`, `interpreter`, ...); a module
directly under `engine/` (`game.py`, `errors.py`) is a package of its own, and
`engine/__init__.py` is the package `regola`.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "engine"
ROOT = "regola"
"""The import package whose code is in `engine/`."""

COMPILER = "dsl"
RUNTIME = ("interpreter", "game", "views", "saves", "simulate", "present", "server",
           "adapters", "bots", "cli", "lab")
"""Packages that run games and show them: they never import the compiler directly (what it
knows reaches them in the loaded game: GameDef's value kinds, asks, standings)."""


def module_name(path: Path) -> str:
    """The dotted name of a module under engine/, without the root ("" for the root)."""
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(name: str) -> bool:
    """There is a module or package of that dotted name under engine/."""
    base = ENGINE.joinpath(*name.split(".")) if name else ENGINE
    return base.with_suffix(".py").is_file() or (base / "__init__.py").is_file()


def imports_of(path: Path) -> list[tuple[str, int]]:
    """The engine modules a file imports (dotted, without the root) and the line of each."""
    name = module_name(path)
    here = name.split(".") if name else []
    if path.name != "__init__.py":
        here = here[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            found += [(alias.name.removeprefix(ROOT).removeprefix("."), node.lineno)
                      for alias in node.names
                      if alias.name == ROOT or alias.name.startswith(ROOT + ".")]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = here[:len(here) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            elif node.module == ROOT or (node.module or "").startswith(ROOT + "."):
                target = node.module.removeprefix(ROOT).removeprefix(".")
            else:
                continue
            for alias in node.names:
                sub = f"{target}.{alias.name}" if target else alias.name
                found.append((sub if is_module(sub) else target, node.lineno))
    return found


def package_of(module: str) -> str:
    """The package a module belongs to: its first name (`regola` for the root)."""
    return module.split(".")[0] if module else ROOT


def import_edges() -> list[tuple[str, str, int]]:
    """Every import in engine/: (importing module, imported module, line)."""
    edges = []
    for path in sorted(ENGINE.rglob("*.py")):
        source = module_name(path)
        edges += [(source, target, line) for target, line in imports_of(path)]
    return edges


@pytest.fixture(scope="module")
def edges() -> list[tuple[str, str, int]]:
    return import_edges()


def shown(module: str) -> str:
    return f"{ROOT}.{module}" if module else ROOT


def test_the_graph_sees_the_imports(edges):
    """The reader finds relative, absolute and in-function imports (a check of the check)."""
    found = {(source, target) for source, target, _ in edges}
    assert ("game", "errors") in found                       # from .errors import ...
    assert ("dsl.compiler", "interpreter.model") in found    # from ..interpreter.model import
    assert ("", "game") in found                             # the root's from .game import
    assert ("bench.checkout_worker", "loading.sources") in found  # in a function, absolute
    assert len({source for source, _ in found}) > 200


def test_the_runtime_never_imports_the_compiler(edges):
    """No module of the interpreter (nor of what runs and shows games) imports dsl/."""
    wrong = [f"{shown(source)} (line {line}) imports {shown(target)}"
             for source, target, line in edges
             if package_of(source) in RUNTIME and package_of(target) == COMPILER]
    assert wrong == []


def test_no_import_circle_between_packages(edges):
    """The packages' import graph has no circle (imports inside a package are free)."""
    needs: dict[str, set[str]] = defaultdict(set)
    why: dict[tuple[str, str], list[str]] = defaultdict(list)
    for source, target, line in edges:
        a, b = package_of(source), package_of(target)
        if a != b:
            needs[a].add(b)
            why[a, b].append(f"{shown(source)}:{line} -> {shown(target)}")
    try:
        TopologicalSorter(needs).prepare()
    except CycleError as error:
        circle = error.args[1]          # [a, b, ..., a]: each needs the one before it
        lines = dict.fromkeys(line for b, a in zip(circle, circle[1:]) for line in why[a, b])
        pytest.fail(f"packages import each other in a circle: {' <- '.join(circle)}\n"
                    + "\n".join(lines))


SYNTAX_TREE_MODULE = "dsl/trees.py"
"""The one module that reads a parse tree's children by position (FIELDS names them)."""

CHILDREN_STILL_BY_POSITION: tuple[str, ...] = ()
"""Folders and modules under engine/ not yet moved to `part(node, "field")` (none left)."""


def test_parse_trees_are_read_by_name():
    late = []
    for path in sorted(ENGINE.rglob("*.py")):
        where = path.relative_to(ENGINE).as_posix()
        if where == SYNTAX_TREE_MODULE or any(where == todo or where.startswith(todo + "/")
                                              for todo in CHILDREN_STILL_BY_POSITION):
            continue
        late += [f"engine/{where}:{number}"
                 for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                 if ".children[" in line]
    assert late == [], "read the parse tree by name (regola.dsl.trees.part): " + ", ".join(late)
