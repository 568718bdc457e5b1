"""Worked examples in the book: each example scenario (examples.py) told (narration.py) as a
boxed passage with a picture of its position.

The picture of the position: the pictures' `draw_position(state, texts, spec=, board=,
title=)` when the pictures module has it (with the outline's `position` picture the example
names, or the outline's own); without it, a grid (`grid_layout`) is drawn from the
position's grid with the existing picture, and anything else is shown as a table of what
each player has where.
"""

from __future__ import annotations

from typing import Any

from .. import pictures
from ..texts import sentence
from .examples import Played, examples_for
from .markdown import heading, table
from .narration import Narrator
from .procedures import anchor


class ExampleBlocks:
    """Mixed into Book: the examples of the game's scenarios, placed by the outline."""

    def examples(self) -> list[Played]:
        """The examples that hold for this game or variant (an example whose scenario fails
        is left out and recorded in `failed_examples`)."""
        if self._examples is None:
            from .outline import game_folder
            played = examples_for(self.game, game_folder(self.g))
            self.failed_examples = [f"{p.file}: {p.failed}" for p in played if p.failed]
            self._examples = {p.id: p for p in played if not p.failed}
            self.example_ids = {p.id for p in played}
        return list(self._examples.values())

    def example(self, eid: str) -> str:
        """One example, told (empty if it does not hold for this game or variant)."""
        self.examples()
        played = self._examples.get(eid)
        if played is None:
            return ""
        self.examples_shown.add(eid)
        n = Narrator(self.t, played)
        parts = [heading(4, self.w.ctx("rulebook", "Example: {title}", title=n.title()),
                         anchor("example", eid))]
        body = []
        cast = n.cast()
        if cast:
            body.append(f"*{cast}*")
        position = n.position()
        if position:
            body.append(self.w("**The position.** {text}", text=" ".join(position)))
        body.append(self.position_picture(played, n))
        told = n.play()
        if told:
            body.append("\n".join(f"{i}. {' '.join(beat)}" for i, beat in enumerate(told, 1)))
        quoted = "\n>\n".join("\n".join("> " + line if line else ">"
                                         for line in block.splitlines())
                              for block in body if block)
        parts.append(quoted)
        return "\n\n".join(parts)

    def remaining_examples(self) -> str:
        """The examples the outline did not place elsewhere."""
        return "\n\n".join(self.example(p.id) for p in self.examples()
                           if p.id not in self.examples_shown)

    def position_picture(self, played: Played, narrator: Narrator) -> str:
        """The picture of the position, or a table of who has what where."""
        state = played.position
        caption = sentence(self.w("The position of the example “{title}”",
                                  title=narrator.title()))
        svg = draw_state(self.t, self.outline.pictures, played.picture, caption, state) \
            if state is not None else None
        if svg is None:
            return position_table(narrator, state, set(self.outline.engine_aids))
        name = f"{self.prefix}example-{played.id}.svg"
        self.pictures[name] = svg
        return f"![{caption}]({name})"


def draw_state(texts, outline: dict, picture: str | None, caption: str,
               state: Any) -> str | None:
    """A position drawn as a picture (None if no picture kind can show it)."""
    spec = outline.get(picture) if picture else None
    drawer = getattr(pictures, "draw_position", None)
    if drawer is not None:                   # the pictures' own drawing of a game state
        if spec is not None and spec.get("kind") == "position":
            return drawer(state, texts, spec=spec, board=outline.get(spec.get("board", "")),
                          title=caption)
        return drawer(state, texts, title=caption)
    if spec is not None and spec.get("kind") == "grid_layout":
        return pictures.draw(texts, grid_spec(texts, spec, state), caption)
    return None


def grid_spec(texts, spec: dict, state: Any) -> dict:
    """A `grid_layout` spec holding the first player's grid as the position has it: the top
    tile of each cell, its parts turned as it lies."""
    grid = texts.g.grids[spec["grid"]]
    props = texts.g.tokens[grid.token].props
    top: dict[tuple, dict] = {}
    for tok in state.data["tokens"].values():
        cell = tok.get("cell")
        if tok.get("at") != spec["grid"] or tok.get("owner") not in (0, None) or not cell:
            continue
        key = tuple(cell)
        if key not in top or tok.get("level", 0) >= top[key].get("level", 0):
            top[key] = tok
    tiles = []
    for tok in top.values():
        tile = {k: v for k, v in tok.items() if k in props}
        for part in (grid.parts, *grid.part_props):
            if isinstance(tile.get(part), list) and len(tile[part]) == 4:
                tile[part] = turned(tile[part], int(tok.get("rot") or 0))
        tiles.append({**tile, "cell": list(tok["cell"])})
    return {**spec, "tiles": tiles or spec.get("tiles", []), "labels": []}


def turned(parts: list, quarter_turns: int) -> list:
    """Four parts of a 2 by 2 tile (row by row) after quarter turns clockwise."""
    for _ in range(quarter_turns % 4):
        parts = [parts[2], parts[0], parts[3], parts[1]]
    return parts


def position_table(narrator: Narrator, state: Any, aids: set[str] = frozenset()) -> str:
    """What each player has where, as a table: pieces in the areas, then each player's
    places off the board, discs on tracks and resources (rows with something only)."""
    if state is None:
        return ""
    g, t, w = narrator.g, narrator.t, narrator.w
    data = state.data
    players = range(narrator.p.players)
    rows = []
    for area in g.areas:
        cells = [", ".join(w("{n} {things}", n=n, things=t.thing(k, n)) for k in g.pieces
                           for n in [data["counts"].get(k, {}).get(area, [0] * 8)[p]] if n)
                 for p in players]
        if any(cells):
            rows.append([t.area(area)] + cells)
    starts = {k.start for k in g.pieces.values()} | {k.start for k in g.tokens.values()}
    for place in g.locations:
        if place in starts:
            continue                   # where things wait at the start: nothing to show
        cells = []
        for p in players:
            held = [tok["kind"] for tok in data["tokens"].values()
                    if tok.get("owner") == p and tok.get("at") == place and
                    tok["kind"] not in aids and place not in aids]
            cells.append(", ".join(w("{n} {things}", n=held.count(k), things=t.thing(
                k, held.count(k))) for k in dict.fromkeys(held)))
        if any(cells) and t.has("locations", place):
            rows.append([t.name("locations", place)] + cells)
    for name, track in (data.get("tracks") or {}).items():
        rows.append([t.name("tracks", name)] + [str(track["pos"][p]) for p in players])
    for name, bank in (data.get("bank") or {}).items():
        rows.append([t.name("resources", name, 2)] + [str(bank["held"][p]) for p in players])
    if not rows:
        return ""
    return table([""] + narrator.names, rows)
