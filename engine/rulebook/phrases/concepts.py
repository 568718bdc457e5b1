"""How a track or a resource named in a call reads (the text file's `tracks` and
`resources` sections), for the phrases of the built-ins that name one (dsl/builtins:
tracks, bank)."""

from __future__ import annotations

from lark import Tree

from ...dsl.trees import name_in
from .env import Env


class ConceptNames:
    """How a track or a resource named in a call reads."""

    def track_words(self, tree: Tree, env: Env) -> str:
        name = name_in(tree)
        if name in self.g.tracks:
            return self.t.name("tracks", name)
        return self.p.expr(tree, env) if hasattr(self, "p") else self.expr(tree, env)

    def resource_words(self, tree: Tree, n: int = 2) -> str:
        name = name_in(tree) or ""
        return self.t.name("resources", name, n)
