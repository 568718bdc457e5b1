"""How a grid, a space of it and a part type read, for the phrases of the built-ins of
tile grids, goals and drafting (dsl/builtins: grid, goals, draft): a grid reads as its
location's name ("district"), a part type as its value's name."""

from __future__ import annotations

from ...dsl.trees import part
from .env import Env


class GridPhrases:
    """Mixed into Phrases: expressions over grids, goals and neighbours."""

    def grid_words(self, args, env: Env) -> tuple[str, str]:
        """(the grid's name, its owner) for the first two arguments of a grid built-in."""
        grid = str(part(args[0], "name"))
        name = self.t.name("locations", grid) if self.t.has("locations", grid) else grid
        return name, self.expr(args[1], env)

    def space_words(self, tree, env: Env) -> str:
        """A cell: "the starting space" for the grid's origin, "the space (1, 0)" for
        another space the data fixes, else its phrase."""
        ok, value = self.known(tree, env)
        if ok and value == [0, 0]:
            return self.w("the starting space")
        if ok and isinstance(value, list) and len(value) == 2:
            return self.w("the space ({x}, {y})", x=value[0], y=value[1])
        return self.expr(tree, env)

    def type_words(self, tree, env: Env) -> tuple[bool, str]:
        """(True, name) for a part type the data fixes, else (False, its phrase)."""
        ok, value = self.known(tree, env)
        return (True, self.t.value(value)) if ok and isinstance(value, str) else \
            (False, self.expr(tree, env))
