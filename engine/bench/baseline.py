"""Hand-written baselines: plain Python versions of a game that `regola bench` measures beside
the interpreter, so the interpreter's cost reads as a ratio.

A baseline is a Python file (found as benchmarks/hand_*.py, or given with --baseline) that
defines, at module level:

- GAME: the id of the built-in game it re-implements, with the same decision points;
- PLAYERS: the player counts it supports;
- GROWTH (optional): (variable, [values]): a game variable and the values at which the
  benchmark measures a state of both the baseline and the interpreter (does cost grow?);
- LABEL (optional): how tables name it (default: the file's name);
- new_game(players, seed) -> a state at its first decision;
- from_json(text) -> a state saved with state.to_json().

and whose states have: is_over, legal_actions() (the options of the one pending decision),
apply(action), clone(), to_json(), and the GROWTH variable as an attribute.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType

from ..errors import BaselineError, Location

PATTERN = "hand_*.py"
REQUIRED = ("GAME", "PLAYERS", "new_game", "from_json")


@dataclass(frozen=True)
class Baseline:
    """A loaded baseline module and what it declares."""

    path: Path
    module: ModuleType
    game: str
    players: list[int]
    growth: tuple[str, list[int]] | None
    label: str


def default_paths() -> list[Path]:
    """Baseline files in ./benchmarks and in the source checkout's benchmarks/ (if any)."""
    folders = [Path.cwd() / "benchmarks", Path(__file__).resolve().parents[2] / "benchmarks"]
    found: dict[Path, Path] = {}
    for folder in folders:
        for path in sorted(folder.glob(PATTERN)):
            found.setdefault(path.resolve(), path)
    return list(found.values())


def load_baseline(path: str | Path) -> Baseline:
    """Import a baseline file and check that it declares what the benchmark uses."""
    path = Path(path)
    where = Location(str(path))
    if not path.is_file():
        raise BaselineError("no such baseline file", where)
    name = f"regola_baseline_{path.stem}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise BaselineError("not a Python file", where)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    try:
        spec.loader.exec_module(module)
    except Exception as error:   # any failure of a user's file is reported, located
        del sys.modules[name]
        raise BaselineError(f"cannot import it: {type(error).__name__}: {error}",
                            where) from None
    missing = [attr for attr in REQUIRED if not hasattr(module, attr)]
    if missing:
        raise BaselineError(f"a baseline must define {', '.join(missing)}", where)
    growth = getattr(module, "GROWTH", None)
    if growth is not None and not (isinstance(growth, tuple | list) and len(growth) == 2):
        raise BaselineError("GROWTH must be (variable name, [values])", where)
    return Baseline(path, module, str(module.GAME), [int(p) for p in module.PLAYERS],
                    (str(growth[0]), [int(v) for v in growth[1]]) if growth else None,
                    str(getattr(module, "LABEL", path.stem)))
