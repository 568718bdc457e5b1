"""Rulebook templates for the built-ins of tile grids, goals and drafting.

Every built-in has one template (tests check it); a grid reads as its location's name
("district"), a part type as its value's name.
"""

from __future__ import annotations

from .env import Env


class GridPhrases:
    """Mixed into Phrases: expressions over grids, goals and neighbours."""

    def grid_words(self, args, env: Env) -> tuple[str, str]:
        """(the grid's name, its owner) for the first two arguments of a grid built-in."""
        grid = str(args[0].children[0])
        name = self.t.name("locations", grid) if self.t.has("locations", grid) else grid
        return name, self.expr(args[1], env)

    def space_words(self, tree, env: Env) -> str:
        """A cell: "the space (0, 0)" when the data fixes it, else its phrase."""
        ok, value = self.known(tree, env)
        if ok and isinstance(value, list) and len(value) == 2:
            return self.w("the space ({x}, {y})", x=value[0], y=value[1])
        return self.expr(tree, env)

    def type_words(self, tree, env: Env) -> tuple[bool, str]:
        """(True, name) for a part type the data fixes, else (False, its phrase)."""
        ok, value = self.known(tree, env)
        return (True, self.t.value(value)) if ok and isinstance(value, str) else \
            (False, self.expr(tree, env))

    def builtin_grid_cells(self, args, kwargs, env) -> str:
        grid, who = self.grid_words(args, env)
        return self.w("the occupied spaces of {player}'s {grid}", player=who, grid=grid)

    def builtin_grid_stack(self, args, kwargs, env) -> str:
        grid, who = self.grid_words(args, env)
        return self.w("the tiles stacked on {space} of {player}'s {grid}",
                      space=self.expr(args[2], env), player=who, grid=grid)

    def builtin_grid_top(self, args, kwargs, env) -> str:
        grid, who = self.grid_words(args, env)
        return self.w("the top tile on {space} of {player}'s {grid}",
                      space=self.expr(args[2], env), player=who, grid=grid)

    def builtin_grid_open(self, args, kwargs, env) -> str:
        grid, who = self.grid_words(args, env)
        text = self.w("the empty spaces sharing a full edge with {player}'s {grid} where "
                      "the {grid} still fits its size limit", player=who, grid=grid)
        if len(args) > 2:
            text = self.w("{spaces} (counting {extra} for the limit)", spaces=text,
                          extra=self.expr(args[2], env))
        return text

    def builtin_grid_connected_without(self, args, kwargs, env) -> str:
        grid, who = self.grid_words(args, env)
        return self.w("{player}'s {grid} stays one group of spaces connected by edges "
                      "without {spaces}", player=who, grid=grid, spaces=self.expr(args[2], env))

    def builtin_grid_rotations(self, args, kwargs, env) -> str:
        return self.w("the quarter turns that give {tile} a different look",
                      tile=self.expr(args[1], env))

    def builtin_grid_cell(self, args, kwargs, env) -> str:
        return self.w("the space where {tile} lies", tile=self.expr(args[0], env))

    def builtin_grid_regions(self, args, kwargs, env) -> str:
        grid, who = self.grid_words(args, env)
        if len(args) > 2:
            fixed, kind = self.type_words(args[2], env)
            if fixed:
                return self.w("the {kind} areas of {player}'s {grid}", kind=kind, player=who,
                              grid=grid)
            return self.w("the areas of {player}'s {grid} whose type is {kind}", kind=kind,
                          player=who, grid=grid)
        return self.w("the areas of {player}'s {grid}", player=who, grid=grid)

    def builtin_grid_region_type(self, args, kwargs, env) -> str:
        return self.w("the type of {area}", area=self.expr(args[2], env))

    def builtin_grid_adjacent(self, args, kwargs, env) -> str:
        fixed, kind = self.type_words(args[3], env)
        if fixed:
            return self.w("the {kind} areas next to {area}", kind=kind,
                          area=self.expr(args[2], env))
        return self.w("the areas whose type is {kind} next to {area}", kind=kind,
                      area=self.expr(args[2], env))

    def builtin_grid_region_tokens(self, args, kwargs, env) -> str:
        return self.w("the tiles that make up {area}", area=self.expr(args[2], env))

    def builtin_grid_part_values(self, args, kwargs, env) -> str:
        return self.w("the {property} printed in {area}", area=self.expr(args[2], env),
                      property=self.expr(args[3], env))

    def builtin_grid_groups(self, args, kwargs, env) -> str:
        grid, who = self.grid_words(args, env)
        values = dict(property=self.expr(args[2], env), player=who, grid=grid)
        ok, covered = self.known(args[3], env) if len(args) > 3 else (True, False)
        if ok and not covered:
            return self.w("the groups of edge-connected tiles with {property} in {player}'s "
                          "{grid}", **values)
        if ok:
            return self.w("the groups of edge-connected spaces with {property} on any of their "
                          "tiles in {player}'s {grid}", **values)
        return self.w("the groups of edge-connected spaces with {property} in {player}'s "
                      "{grid} (on any of their tiles if {condition}, else on the top one)",
                      condition=self.expr(args[3], env), **values)

    def builtin_goal_value(self, args, kwargs, env) -> str:
        return self.w("how well {player} meets {goal}", player=self.expr(args[1], env),
                      goal=self.expr(args[0], env))

    def builtin_goal_winners(self, args, kwargs, env) -> str:
        return self.w("the players who best meet {goal} after the tie-breakers",
                      goal=self.expr(args[0], env))

    def builtin_neighbour(self, args, kwargs, env) -> str:
        return self.w("the player {n} seat(s) on from {player} in seat order",
                      n=self.expr(args[1], env), player=self.expr(args[0], env))

    def builtin_pick_random(self, args, kwargs, env) -> str:
        return self.w("one of {x} at random", x=self.expr(args[0], env))


class GridSteps:
    """Mixed into Steps: laying and removing tiles, passing hands."""

    def statement_grid_place(self, args, kwargs, env) -> str:
        grid, who = self.p.grid_words(args, env)
        values = dict(player=who, tile=self.p.expr(args[2], env), grid=grid,
                      space=self.p.space_words(args[3], env))
        ok, turns = self.p.known(args[4], env) if len(args) > 4 else (True, 0)
        if ok and turns == 0:
            return self.w("{player} lays {tile} on {space} of their {grid} (on top of any "
                          "tile there) without turning it", **values)
        return self.w("{player} lays {tile} on {space} of their {grid} (on top of any tile "
                      "there), turned {turns} quarter turn(s) clockwise",
                      turns=self.p.expr(args[4], env), **values)

    def statement_grid_remove(self, args, kwargs, env) -> str:
        grid, who = self.p.grid_words(args, env)
        ok, whole = self.p.known(args[4], env) if len(args) > 4 else (True, True)
        values = dict(space=self.p.expr(args[2], env), player=who, grid=grid,
                      destination=self.p.where(args[3], "to", env))
        if ok and whole:
            return self.w("remove {space} of {player}'s {grid} with every tile on it "
                          "{destination}", **values)
        if ok:
            return self.w("remove the top tile of {space} of {player}'s {grid} "
                          "{destination}", **values)
        return self.w("remove {space} of {player}'s {grid} {destination}: the whole stack "
                      "if {condition}, else only its top tile",
                      condition=self.p.expr(args[4], env), **values)

    def statement_pass_on(self, args, kwargs, env) -> str:
        kind = str(args[0].children[0])
        values = dict(things=self.t.thing(kind, 2), place=self.p.where(args[1], "in", env))
        ok, step = self.p.known(args[2], env)
        if ok and step == 1:
            return self.w("each player passes their {things} {place} at once to the next "
                          "player in seat order", **values)
        if ok and step == -1:
            return self.w("each player passes their {things} {place} at once to the previous "
                          "player in seat order", **values)
        return self.w("each player passes their {things} {place} at once to the player as "
                      "many seats on in seat order as {n} says (backwards if negative)",
                      n=self.p.expr(args[2], env), **values)
