"""Grids at the terminal: each player's grid drawn as a map of its cells, built only from
what a seat observes. A cell shows its top token's parts (two letters of the type and the
per-part number, if any), the grid's label property and the height of its stack.

Rows and columns are numbered from 1 at the top left of what is drawn, and a space is named
by them ("row 2, column 3"). When a decision offers cells, each offered space is drawn with
its key inside it; when it offers the quarter turns of a token, the token is drawn in each
of them, between the edges of the neighbours of the space it is to lie on."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from rich.text import Text

from ..game import Game
from ..i18n.game_words import GameWords
from ..present.effects import meaning, whole_tile_effects
from ..present.labels import token_label, view_corner

CELL = 10
"""The width of a drawn cell, wider when it must hold a key after the parts of a tile."""


def on_grid(game: Game, token: dict) -> bool:
    """Whether a token lies on a grid (then the map shows it, not the token table)."""
    return token.get("at") in game.definition.grids and "cell" in token


def _abbreviation(gw: GameWords, value: Any) -> str:
    return (gw.value(value).replace(" ", "") + "  ")[:2].lower()


def grid_maps(game: Game, view: dict, gw: GameWords, owners: set | None = None,
              effects: bool = False, brief: bool = False,
              room: int | None = None, key: bool = True) -> list[str]:
    """One text map per grid and owner that has tokens on it (only `owners`' if given);
    with `effects`, each followed by what its whole tiles do (`tile_effect_lines`);
    `brief`: its key names each mark only (`grid_legend`); each map in `room` lines if
    given (`grid_map`); without its key if not `key`."""
    out = []
    for name in game.definition.grids:
        found = sorted({t.get("owner") for t in view["tokens"] if t.get("at") == name
                        and "cell" in t}, key=lambda o: -1 if o is None else o)
        for owner in found:
            if owners is not None and owner not in owners:
                continue
            lines = grid_map(game, view, gw, name, owner, key=key, brief=brief, room=room)
            if effects and room is None:
                lines += tile_effect_lines(game, view, gw, name, owner)
            out.append("\n".join(line.plain for line in lines))
    return out


def tile_effect_lines(game: Game, view: dict, gw: GameWords, name: str,
                      owner: Any) -> list[Text]:
    """What each whole tile on top of a space does, by its space, when the key does not
    say it (public buildings that differ): "row 4, column 4: public building (cost 3) —
    Score 1 victory point for each cultural area next to this building."."""
    from ..present.labels import effects_of
    grid = game.definition.grids[name]
    stacks = _stacks(view, name, owner)
    tops = {cell: stack[-1] for cell, stack in stacks.items()}
    said = whole_tile_effects(gw, grid, list(tops.values())) if grid.parts else {}
    wanted = {cell: effects_of(gw).of_token(top) for cell, top in tops.items()
              if grid.separate and top.get(grid.separate)
              and str((top.get(grid.parts) or [None])[0]) not in said}
    wanted = {cell: effect for cell, effect in wanted.items() if effect}
    names = cell_names(game, view, gw, name, owner, list(wanted), over=False)
    return [Text("  " + gw.w("{space}: {option} — {effect}", space=names[cell],
                             option=token_label(gw, tops[cell]), effect=effect), style="dim")
            for cell, effect in sorted(wanted.items(), key=lambda c: (c[0][1], c[0][0]))]


def _stacks(view: dict, name: str, owner: Any) -> dict[tuple, list[dict]]:
    cells: dict[tuple, list[dict]] = {}
    for t in view["tokens"]:
        if t.get("at") == name and t.get("owner") == owner and "cell" in t:
            cells.setdefault(tuple(t["cell"]), []).append(t)
    for stack in cells.values():
        stack.sort(key=lambda t: t.get("level", 0))
    return cells


def grid_box(view: dict, name: str, owner: Any, more=()) -> tuple[int, int, int, int] | None:
    """(low x, low y, high x, high y) of the occupied cells and the cells `more`."""
    cells = [*_stacks(view, name, owner), *(tuple(c) for c in more)]
    if not cells:
        return None
    xs = [x for x, _ in cells]
    ys = [y for _, y in cells]
    return min(xs), min(ys), max(xs), max(ys)


def numbering_corner(game: Game, name: str, box: tuple[int, int, int, int],
                     view: dict | None = None) -> tuple[int, int]:
    """The cell counted as row 1, column 1: on a grid that limits its size, the same on
    every surface and only moved when a space lies beyond it (present.labels.view_corner),
    else the drawn map's top left corner."""
    return view_corner(game.definition, name, view, [(box[0], box[1])]) or (box[0], box[1])


def cell_names(game: Game, view: dict, gw: GameWords, name: str, owner: Any,
               cells, more=(), over: bool = True) -> dict[tuple, str]:
    """Each of `cells` in words, as the map numbers its rows and columns ("row 2, column 3");
    a cell with a token on it says what stands there ("row 1, column 1, holding park (cost
    2)") if `over`."""
    box = grid_box(view, name, owner, [*cells, *more])
    if box is None:
        return {}
    stacks = _stacks(view, name, owner)
    corner_x, corner_y = numbering_corner(game, name, box, view)
    out = {}
    for cell in cells:
        x, y = cell
        text = gw.w("row {row}, column {column}", row=y - corner_y + 1, column=x - corner_x + 1)
        stack = stacks.get((x, y))
        if stack and over:
            text = gw.w("{space}, holding {token}", space=text, token=token_label(gw, stack[-1]))
        out[(x, y)] = text
    return out


def grid_of_cells(game: Game, view: dict, seat: int | None, cells) -> tuple[str, Any] | None:
    """The grid (its name and owner) a seat's options that are cells lie on: the seat's own
    grid (or a shared one) whose occupied cells and free edges hold most of them."""
    wanted = {tuple(c) for c in cells}
    best, score = None, -1
    for name, grid in game.definition.grids.items():
        owner = seat if grid.per_player else None
        if grid.per_player and seat is None:
            continue
        taken = set(_stacks(view, name, owner))
        edge = {(x + dx, y + dy) for x, y in taken for dx, dy in
                ((1, 0), (-1, 0), (0, 1), (0, -1))}
        hits = len(wanted & (taken | edge)) if taken else (1 if (0, 0) in wanted else 0)
        if hits > score:
            best, score = (name, owner), hits
    return best


class DrawnMap(list):
    """A map's lines (rich Text) that can be drawn again in fewer lines: `within`."""

    def __init__(self, lines: list, draw: Callable[[int], list] | None = None):
        super().__init__(lines)
        self.draw = draw

    def within(self, room: int) -> list:
        """The map in at most `room` lines: whole if it fits, else drawn again with the rows
        that fit and a line naming the others (cut from the bottom if it cannot redraw)."""
        if len(self) <= room or self.draw is None:
            return list(self[:max(0, room)])
        return self.draw(room)[:max(0, room)]


def grid_map(game: Game, view: dict, gw: GameWords, name: str, owner: Any,
             marks: dict[tuple, str] | None = None, key: bool = True,
             brief: bool = False, room: int | None = None) -> list[Text]:
    """A grid of one owner drawn as a map: a title, the columns in words ("column 3"), then
    each row of cells ("row 2" on its first line, so no edge number reads as a cost), and
    its key (`grid_legend`, `brief` or not) unless `key` is False. `marks` (cell -> key)
    are the spaces a decision offers: each drawn with its key, "[3]", inside it. A map
    taller than `room` lines shows the rows that fit (those holding the marks first) and a
    line naming the rows left out (`board` shows them); it drops its key first."""
    marks = marks or {}
    grid = game.definition.grids[name]
    stacks = _stacks(view, name, owner)
    box = grid_box(view, name, owner, marks)
    title = gw.place(name) if owner is None else f"{gw.seat(owner)}: {gw.place(name)}"
    head = Text(title, style="bold")
    if any(k != "*" for k in marks.values()):
        head.append(gw.w(" · [n]: a space you may choose"), style="dim")
    elif marks:
        head.append(gw.w(" · [*]: the space chosen"), style="dim")
    if box is None:
        return [head]
    low_x, low_y, high_x, high_y = box
    size = max([math.isqrt(len(_part_labels(gw, grid, s[-1], 0))) or 1
                for s in stacks.values()] + [1])
    cell = max([CELL] + [4 * size + len(k) + 2 for k in marks.values()]
               + [4 * size + len(_corner_text(grid, s, gw, bool(marks)))
                  for s in stacks.values()])
    corner_x, corner_y = numbering_corner(game, name, box, view)
    row_words = {y: gw.w("row {n}", n=y - corner_y + 1) for y in range(low_y, high_y + 1)}
    margin = max(len(r) for r in row_words.values()) + 1
    lines = [head, Text(" " * margin + "".join(
        f"{gw.w('column {n}', n=x - corner_x + 1)[:cell]:^{cell + 1}}"
        for x in range(low_x, high_x + 1)), style="dim")]
    blocks: list[tuple[int, list[Text]]] = []       # each row of cells: (y, its lines)
    for y in range(low_y, high_y + 1):
        drawn = []
        for x in range(low_x, high_x + 1):
            mark_key = marks.get((x, y))     # (not `key`: that says whether to add the key)
            if (x, y) in stacks:
                drawn.append(_cell_lines(gw, grid, stacks[(x, y)], mark_key, cell))
            elif mark_key is not None:
                mark = _key_text(mark_key)
                mark.align("center", cell)
                drawn.append([mark])
            else:
                drawn.append(None)
        height = max((len(d) for d in drawn if d), default=1)
        for r in range(height):
            line = Text(f"{row_words[y]:<{margin}}" if r == 0 else " " * margin, style="dim")
            left_open = True
            for d in drawn:
                if d is None:
                    line.append(("|" if not left_open else " ") + " " * cell)
                    left_open = True
                    continue
                line.append("|")
                line.append_text(d[r] if r < len(d) else Text(" " * cell))
                left_open = False
            if not left_open:
                line.append("|")
            if r == 0:
                blocks.append((y, []))
            blocks[-1][1].append(line)
    legend = grid_legend(gw, grid, list(stacks.values()), brief=brief) if key else []
    body = [line for _, block in blocks for line in block]
    if room is None or len(lines) + len(body) + len(legend) <= room:
        return lines + body + legend
    if len(lines) + len(body) <= room:
        return lines + body + legend[:room - len(lines) - len(body)]
    fits = room - len(lines) - 1 >= min(len(block) for _, block in blocks)
    shown = _rows_in_room(blocks, room - len(lines) - 1, {y for _, y in marks}) \
        if fits else set()            # (no room for a row: the title and the note only)
    left_out = [y - corner_y + 1 for y, _ in blocks if y not in shown]
    note = Text(gw.w.plural(None, "… row {rows} not shown: type board",
                            "… rows {rows} not shown: type board", len(left_out),
                            rows=_runs(left_out)), style="dim")
    if not fits:
        return [head, note][:max(1, room)]
    return lines + [line for y, block in blocks if y in shown for line in block] + [note]


def _rows_in_room(blocks: list[tuple[int, list]], room: int, wanted: set[int]) -> set[int]:
    """The rows (y) of a map to draw in `room` lines: a run of whole rows that starts at the
    first row holding a wanted cell (or at the top) and grows down, then up, while it fits
    (at least one row)."""
    first = next((i for i, (y, _) in enumerate(blocks) if y in wanted), 0)
    start, end, used = first, first + 1, len(blocks[first][1])
    while end < len(blocks) and used + len(blocks[end][1]) <= room:
        used += len(blocks[end][1])
        end += 1
    while start > 0 and used + len(blocks[start - 1][1]) <= room:
        start -= 1
        used += len(blocks[start][1])
    return {y for y, _ in blocks[start:end]}


def _runs(numbers: list[int]) -> str:
    """Sorted numbers as runs: [1, 2, 5, 6, 7] -> "1–2, 5–7"."""
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    return ", ".join(str(r[0]) if len(r) == 1 else f"{r[0]}–{r[-1]}" for r in runs)


def map_key(game: Game, view: dict, gw: GameWords, name: str, owner: Any,
            brief: bool = False) -> list[Text]:
    """The key to one owner's drawn grid (`grid_legend` of what lies on it); `brief`: each
    mark with its name only, for a short screen."""
    grid = game.definition.grids[name]
    return grid_legend(gw, grid, list(_stacks(view, name, owner).values()), brief=brief)


def _flags(gw: GameWords, grid, token: dict) -> str:
    """The marks of a token's true yes-or-no properties (the first letter of each one's
    name: "T" for a transport icon), but the one that makes it a whole tile."""
    return " ".join(gw.prop(p)[:1].upper() for p in _true_props(gw, grid, token))


def _true_props(gw: GameWords, grid, token: dict) -> list[str]:
    """The token's properties that are true, but the one that makes it a whole tile."""
    kind = gw.definition.tokens.get(token.get("kind", ""))
    props = kind.props if kind is not None else ()
    return [p for p in props if token.get(p) is True and p != grid.separate]


def _corner_mark(gw: GameWords, grid, stack: list[dict]) -> str:
    """What a cell writes after its bottom row of parts: the stack's height ("x3") and the
    top token's marks."""
    height = f"x{len(stack)}" if len(stack) > 1 else ""
    return " ".join(p for p in (height, _flags(gw, grid, stack[-1])) if p)


def _corner_text(grid, stack: list[dict], gw: GameWords, keyed: bool) -> str:
    """The longest text a cell writes after a row of parts: with keys on the map, the
    label and the corner mark share a row."""
    label = str(stack[-1].get(grid.label, "")) if grid.label else ""
    mark = _corner_mark(gw, grid, stack)
    if keyed:
        return " ".join(p for p in (label, mark) if p) + " "
    return max(label, mark, key=len)


def _meant(gw: GameWords, prop: str, item: str) -> str:
    """A key's item with what the property counts for, when the game says it
    (`property_meanings` in its text file): "T: transport icon (touching ... groups)"."""
    meant = meaning(gw, "property_meanings", prop)
    return gw.w("{item} ({meaning})", item=item, meaning=meant) if meant else item


def _with_effect(gw: GameWords, item: str, effect: str | None) -> str:
    """A key's item with what its whole tile does ("mi milestone (Score 2 ... win it)")."""
    if not effect:
        return item
    return gw.w("{item} ({meaning})", item=item, meaning=effect.rstrip("."))


def grid_legend(gw: GameWords, grid, stacks: list[list[dict]], width: int = 78,
                brief: bool = False) -> list[Text]:
    """The key to a drawn grid, built from what is drawn: each abbreviation with its word,
    the number in a cell's corner, a number after a part's letters, a stack's height and
    the marks of true properties; `brief`: without what each counts for or does."""
    w = gw.w
    items: list[str] = []
    seen: dict[str, str] = {}
    numbered = None
    for stack in stacks:
        top = stack[-1]
        parts = list(top.get(grid.parts) or []) if grid.parts else []
        marks = top.get(grid.part_props[0]) if grid.part_props else None
        for i, v in enumerate(parts):
            seen.setdefault(_abbreviation(gw, v).strip(), v)
            if isinstance(marks, list) and i < len(marks) and marks[i] and numbered is None:
                numbered = (v, marks[i])
    effects = {} if brief else whole_tile_effects(gw, grid, [s[-1] for s in stacks])
    items += [_with_effect(gw, f"{a} {gw.value(v)}", effects.get(str(v)))
              for a, v in seen.items()]
    if grid.label and any(s[-1].get(grid.label) is not None for s in stacks):
        items.append(w("a lone number: {property}", property=gw.prop(grid.label)))
    if numbered is not None:
        v, n = numbered
        example = w("{example}: {part} with {property} {number}",
                    example=_abbreviation(gw, v).strip() + str(n), part=gw.value(v),
                    property=gw.prop(grid.part_props[0]), number=n)
        items.append(example if brief else _meant(gw, grid.part_props[0], example))
    meant = next((v for v in seen.values() if gw.text("value_meanings", str(v))), None)
    if meant is not None and not brief:     # what each scores: `? park` says it
        items.append(w("? {name}: what it means", name=gw.value(meant)))
    heights = sorted({len(s) for s in stacks if len(s) > 1})
    if heights:
        items.append(w("x{n}: a stack of {n} tiles, the top one shown", n=heights[-1]))
    flags: dict[str, str] = {}
    for stack in stacks:
        for p in _true_props(gw, grid, stack[-1]):
            flags.setdefault(gw.prop(p)[:1].upper(),
                             gw.prop(p) if brief else _meant(gw, p, gw.prop(p)))
    items += [f"{letter}: {word}" for letter, word in flags.items()]
    if not items:
        return []
    lines, line = [], Text(w("key:"), style="dim")
    for item in items:
        if line.cell_len + len(item) + 3 > width and line.plain.strip() != w("key:"):
            lines.append(line)          # (a long first item starts beside "key:")
            line = Text("  ", style="dim")
        elif line.plain.strip():
            line.append(" ·" if line.plain.strip() != w("key:") else "", style="dim")
        for word in item.split(" "):        # an item longer than a line goes on the next
            if line.cell_len + len(word) + 1 > width and line.plain.strip():
                lines.append(line)
                line = Text("    ", style="dim")
            line.append(" " + word, style="dim")
    lines.append(line)
    return lines


def _key_text(key: str) -> Text:
    return Text(f"[{key}]", style="bold cyan")


def _part_labels(gw: GameWords, grid, token: dict, turns: int) -> list[str]:
    """A token's parts, turned `turns` quarter turns: two letters of the type and the
    per-part number ("pa2"), row by row."""
    from ..interpreter.grid import rotated
    parts = list(token.get(grid.parts) or []) if grid.parts else []
    parts = rotated(parts, turns) if parts else ["?"]
    marks = token.get(grid.part_props[0]) if grid.part_props else None
    marks = rotated(list(marks), turns) if isinstance(marks, list) else [0] * len(parts)
    return [_abbreviation(gw, v) + (str(m) if m else " ") for v, m in zip(parts, marks)]


def _cell_lines(gw: GameWords, grid, stack: list[dict], key: str | None = None,
                width: int = CELL) -> list[Text]:
    top = stack[-1]
    labels = _part_labels(gw, grid, top, top.get("rot", 0))
    k = math.isqrt(len(labels)) or 1
    rows = [" ".join(labels[r * k:(r + 1) * k]) for r in range(k)]
    label = str(top.get(grid.label, "")) if grid.label else ""
    height = _corner_mark(gw, grid, stack)
    extra = [label, height] if key is None else [None, " ".join(p for p in (label, height)
                                                                 if p)]
    out = []
    for i, row in enumerate(rows):
        line = Text(row + " ")
        if i < len(extra) and extra[i] is None:
            line.append_text(_key_text(key))
        elif i < len(extra):
            line.append(extra[i])
        elif i == len(rows) - 1 and key is not None and len(rows) == 1:
            line.append_text(_key_text(key))
        line.truncate(width, overflow="crop", pad=True)
        out.append(line)
    return out


def rotation_pictures(game: Game, view: dict, gw: GameWords, name: str, owner: Any,
                      token: dict, turns: list[int], keys: list[str], width: int,
                      cell: Any = None) -> list[Text]:
    """The token as it would lie in each of the quarter turns `turns`, side by side, each
    under its key; on `cell` if given, between the edges of its neighbours (theirs dim)."""
    grid = game.definition.grids[name]
    stacks = _stacks(view, name, owner)
    k = math.isqrt(len(_part_labels(gw, grid, token, 0))) or 1

    def side(dx: int, dy: int) -> list[str] | None:
        if cell is None:
            return None
        stack = stacks.get((cell[0] + dx, cell[1] + dy))
        if not stack:
            return None
        labels = _part_labels(gw, grid, stack[-1], stack[-1].get("rot", 0))
        if dx == 1:
            return labels[0::k]
        if dx == -1:
            return labels[k - 1::k]
        return labels[(k - 1) * k:] if dy == -1 else labels[:k]

    above, below, left, right = side(0, -1), side(0, 1), side(-1, 0), side(1, 0)
    inner = 4 * k - 1
    pictures = []
    for turn, key in zip(turns, keys):
        labels = _part_labels(gw, grid, token, turn)
        picture = [Text.assemble(_key_text(key), " ", gw.w.plural(
            None, "{n} turn", "{n} turns", turn))]
        picture.append(Text("    " + (" ".join(above) if above else "").ljust(inner),
                            style="dim"))
        for r in range(k):
            line = Text((left[r] if left else "").ljust(3), style="dim")
            line.append("|")
            line.append(" ".join(labels[r * k:(r + 1) * k]), style="bold")
            line.append("|")
            line.append((right[r] if right else "").ljust(3), style="dim")
            picture.append(line)
        picture.append(Text("    " + (" ".join(below) if below else "").ljust(inner),
                            style="dim"))
        pictures.append(picture)
    column = max(max(p.cell_len for p in picture) for picture in pictures) + 3
    per_row = max(1, width // column)
    out: list[Text] = []
    for start in range(0, len(pictures), per_row):
        group = pictures[start:start + per_row]
        for r in range(max(len(p) for p in group)):
            line = Text()
            for picture in group:
                part = picture[r].copy() if r < len(picture) else Text()
                part.truncate(column, pad=True)
                line.append_text(part)
            line.rstrip()
            if line.plain.strip() or r == 0:
                out.append(line)
    return out
