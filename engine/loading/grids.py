"""The game file's `grids` section: each grid is a location holding tokens of one kind,
laid on cells (see interpreter/grid.py); checked against the tokens' properties."""

from __future__ import annotations

import math
from collections.abc import Callable

from ..interpreter.grid import GridDef


def check_grids(doc: dict, bad: Callable[[tuple, str], None]) -> None:
    """Report grids whose location, token kind or properties are not declared."""
    tokens = doc.get("tokens", {})
    for name, grid in doc.get("grids", {}).items():
        if name not in doc.get("locations", []):
            bad(("grids", name), f"grid {name!r} must also be listed in locations")
        kind = tokens.get(grid["token"])
        if kind is None:
            bad(("grids", name, "token"), f"{grid['token']!r} is not a kind of token")
            continue
        props = kind.get("props", {})
        per_part = [grid["parts"]] if "parts" in grid else []
        per_part += list(grid.get("part_props", []))
        single = [grid[k] for k in ("separate", "label") if k in grid]
        for prop in per_part + single:
            if prop not in props:
                bad(("grids", name), f"{prop!r} is not a property of {grid['token']}")
        for prop in per_part:
            for i, values in enumerate(props.get(prop, [])):
                if values is None and prop != grid.get("parts"):
                    continue      # a token without this per-part property
                if not isinstance(values, list) or math.isqrt(len(values)) ** 2 != len(values):
                    bad(("tokens", grid["token"]), f"{grid['token']} number {i + 1}: {prop} "
                        "needs a square number of values (one per part, row by row)")
                    break


def load_grids(doc: dict) -> dict[str, GridDef]:
    """The declared grids of a (checked) document."""
    return {name: GridDef(name, g["token"], g.get("per_player", True),
                          [list(r) for r in g.get("fit", [])], g.get("parts"),
                          list(g.get("part_props", [])), g.get("separate"), g.get("label"))
            for name, g in doc.get("grids", {}).items()}
