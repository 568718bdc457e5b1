"""Worked examples in the book: each example scenario (examples.py) told (narration.py) as a
boxed passage with a picture of its position.

The picture of the position: the pictures' `draw_position(state, texts, spec=, board=,
title=)` with the outline's `position` picture (the example's `picture` may name it, or
the board to draw it on); an outline without a `position` picture gets a table of what
each player has where.
"""

from __future__ import annotations

from typing import Any

from ...interpreter.state import piece_counts, token_records
from .. import pictures
from ..pictures.position import revealed_since
from ..texts import sentence
from .examples import Played, examples_for
from .markdown import heading, table
from .narration import Narrator
from .procedures import anchor

BOARDS = ("area_map", "area_blocks")
"""The picture kinds a position can be drawn on."""


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
               state: Any, marks: set[str] | frozenset[str] = frozenset(),
               cast: dict[str, str] | None = None,
               cells: frozenset[tuple[int, int, int]] = frozenset(),
               face_down: frozenset = frozenset()) -> str | None:
    """A position drawn with the outline's `position` picture the example names (or the
    outline's first), on the board the example names (or the position picture's own);
    None if the outline has no `position` picture; the tokens `face_down` names are drawn
    face down."""
    named = outline.get(picture) if picture else None
    spec = named if named is not None and named.get("kind") == "position" else \
        next((p for p in outline.values() if p.get("kind") == "position"), None)
    if spec is None:
        return None
    board = named if named is not None and named.get("kind") in BOARDS else \
        outline.get(spec.get("board", ""))
    return pictures.draw_position(state, texts, spec=spec, board=board, title=caption,
                                  marks=marks, cast=cast, cells=cells, face_down=face_down)


def position_table(narrator: Narrator, state: Any, aids: set[str] = frozenset()) -> str:
    """What each player has where, as a table: pieces in the areas, then each player's
    places off the board, discs on tracks and resources (rows with something only)."""
    if state is None:
        return ""
    g, t, w = narrator.g, narrator.t, narrator.w
    data = state.data
    players = range(narrator.p.players)
    rows = []
    counts = piece_counts(g, data)
    for area in g.areas:
        cells = [", ".join(w("{n} {things}", n=n, things=t.thing(k, n)) for k in g.pieces
                           for n in [counts.get(k, {}).get(area, [0] * 8)[p]] if n)
                 for p in players]
        if any(cells):
            rows.append([t.area(area)] + cells)
    starts = {k.start for k in g.pieces.values()} | {k.start for k in g.tokens.values()}
    tokens = token_records(g, data)
    for place in g.locations:
        if place in starts:
            continue                   # where things wait at the start: nothing to show
        cells = []
        for p in players:
            held = [tok["kind"] for tok in tokens.values()
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


def told_face_down(played: Played, state: Any, marks: set[str]) -> frozenset:
    """The players' secret tokens a picture of `state` draws face down: those revealed
    since the example's told position (its step that says `position`, else its start)
    outside the marked places, which the engine turned up playing on past the story."""
    told = next((b.state for b in played.beats if b.node.get("say") == "position"
                 and b.state is not None), played.position)
    if told is None or state is None or state is told:
        return frozenset()
    return revealed_since(told, state, marks)
