"""Every Python package under engine/ is listed in pyproject.toml, so a plain install has it.

The project maps `regola` onto `engine/` and lists its packages one by one; a package left
out installs fine but fails with ModuleNotFoundError outside an editable install.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _engine_packages() -> set[str]:
    found = set()
    for init in (ROOT / "engine").rglob("__init__.py"):
        parts = init.parent.relative_to(ROOT / "engine").parts
        found.add(".".join(("regola", *parts)))
    return found


def test_every_engine_package_is_listed_in_pyproject() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    missing = sorted(_engine_packages() - listed)
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {missing}"


def test_every_listed_package_exists() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mapped = {"regola.rules", "regola.locales"}
    listed = set(config["tool"]["setuptools"]["packages"]) - mapped
    stale = sorted(listed - _engine_packages())
    assert not stale, f"listed in pyproject.toml but not under engine/: {stale}"
