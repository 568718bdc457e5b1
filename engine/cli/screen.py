"""One screen per decision: a header, the compact board, what happened since the seat's
last decision, where in the game the decision is asked, the question and its keyed options.

Everything is cut to the terminal's size (80 columns by 24 lines is the smallest that shows
it all usably): the board gives up its least useful rows first, the log its oldest lines.
On a terminal the screen is cleared before each decision; written to a pipe or a file, the
screens follow each other.
"""

from __future__ import annotations

import math
import re

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..game import Game
from ..i18n.game_words import GameWords
from ..present.events import event_text
from ..present.facts import status_line
from ..present.labels import Namer, cell_words, numbering_corner, seat_label
from ..present.story import Entry, ended_log, entry_text, since, story, without_secrets
from .board import Board
from .colours import colour_seats, seat_style
from .grid_view import DrawnMap, cell_names, grid_of_cells
from .keys import is_cell

LOG_LINES = 8
"""Most log lines a screen shows (the command `log` shows them all)."""


def collapse(lines: list[str]) -> list[str]:
    """Runs of the same line, or of the same two or three lines, said once with (×n)."""
    out: list[str] = []
    i = 0
    while i < len(lines):
        for size in (1, 2, 3):
            block = lines[i:i + size]
            n = 1
            while lines[i + n * size:i + (n + 1) * size] == block:
                n += 1
            if n > 1 and len(block) == size:
                marked = [f"{line} (×{n})" for line in block]
                out.extend(marked)
                i += n * size
                break
        else:
            out.append(lines[i])
            i += 1
    return out


def render_lines(console: Console, renderable, width: int) -> list[Text]:
    """A renderable as the lines it takes at `width`."""
    options = console.options.update(width=width, no_wrap=True, overflow="ellipsis")
    lines = console.render_lines(renderable, options, pad=False)
    return [Text.assemble(*((s.text, s.style) for s in line if not s.control)) for line in lines]


def wrapped(console: Console, line: Text, width: int, indent: int = 2) -> list[Text]:
    """A line too long for `width` over as many lines as it needs (cut between words), the
    later ones indented by `indent`: nothing a person reads is cut short."""
    if line.cell_len <= width:
        return [line]
    out = list(line.wrap(console, max(10, width - indent), overflow="fold"))
    for n, part in enumerate(out):
        part.rstrip()
        if n:
            out[n] = Text(" " * indent) + part
    return out


def option_lines(options: list[tuple[str, str]], width: int,
                 max_rows: int | None = None, console: Console | None = None) -> list[Text]:
    """Keyed options in as many columns as fit: "[b] build a tower   [d] do not build";
    with `max_rows`, in more columns to take at most that many lines, while every option
    still fits its column whole. An option longer than the screen (one with its effect)
    takes the lines it needs, one option a line."""
    if not options:
        return []
    items = [f"[{key}] {label}" for key, label in options]
    longest = max(len(i) for i in items)
    widest = min(longest + 3, width)
    columns = max(1, min(len(items), width // widest))
    if max_rows and math.ceil(len(items) / columns) > max_rows:
        more = min(len(items), math.ceil(len(items) / max_rows), max(1, width // 16))
        while more > columns and longest + 1 > width // more:
            more -= 1
        if more > columns:
            columns, widest = more, width // more
    rows = math.ceil(len(items) / columns)
    out = []
    for r in range(rows):
        line = Text()
        for c in range(columns):
            i = c * rows + r
            if i < len(items):
                key, label = options[i]
                cell = Text()
                cell.append(f"[{key}]", style="bold cyan")
                cell.append(f" {label}")
                if columns > 1:
                    cell.pad_right(widest - cell.cell_len)
                line.append_text(cell)
        out += wrapped(console or Console(width=width, emoji=False), line, width, indent=4)
    return out


def own_line_room(front: list[Text], mine: bool, left: int) -> tuple[list[Text], int]:
    """The lines drawn first (a row of cards for sale) and the room left under the board:
    when the seat has things of its own (its hand) and no line is left for them, the first
    lines give up their last lines, so that the seat's own first line is always shown."""
    if mine and left < 1 and front:
        cut = min(len(front), 1 - left)
        return front[:len(front) - cut], left + cut
    return front, left


def pack(items: list[Text], width: int) -> list[Text]:
    """Short lines joined into lines of at most `width` ("first row: Gold · second row:
    Joker"); a long one keeps a line of its own."""
    out: list[Text] = []
    for item in items:
        if out and out[-1].cell_len + 3 + item.cell_len <= width:
            out[-1].append(" · ", style="dim")
            out[-1].append_text(item)
        else:
            out.append(item.copy())
    return out


TALL = 30
"""The height from which a screen keeps lines of the story for itself."""
STORY_FLOOR = 5
"""The story lines a tall screen keeps beside areas said each in a line (what happened
stays in sight: the board gives up its lines first)."""
SMALL_STORY_FLOOR = 3
"""The same on a screen under TALL lines."""


def whole_entries(logs: list[Text], room: int) -> int:
    """How many of the last lines of the story to show in `room` lines without starting
    inside a wrapped entry (its lines after the first are indented)."""
    start = len(logs) - room
    while 0 < start < len(logs) and logs[start].plain.startswith("  "):
        start += 1
    return len(logs) - start


def cut_with_ellipsis(line: Text, width: int) -> Text:
    """A line that more words follow, ending in "…" within `width`."""
    cut = line.copy()
    cut.rstrip()
    cut.truncate(max(1, width - 2), overflow="crop")
    cut.append(" …", style="dim")
    return cut


def front_room(board: Board, room: int) -> int:
    """How many lines the areas drawn first may take: a share of `room`; every area when
    they are said each in its line (a player decides by them), but for the table's head and
    the rows a seat decides by."""
    if board.lined_areas():
        must = sum(1 for row in board.rows() if row.rank == 0)
        return max(0, room - 3 - min(must, 2))
    return max(0, (room - 4 - len(board.rows())) // 2, (room - 4) // 3)


class Screen:
    """Draws a seat's decision on a console."""

    def __init__(self, console: Console, game: Game, gw: GameWords):
        self.console, self.game, self.gw = console, game, gw
        self.seat: int | None = None       # whose screen is drawn
        self.marks: list = []              # the cells the map of the decision shows
        self.log: list = []                # the log whose lines are being said
        self.on_the_map = False            # whether the options are areas or connections
        self.asked: set[str] = set()       # the areas the options name (their rows kept)

    @property
    def width(self) -> int:
        """The width drawn to."""
        return max(40, self.console.width)

    def header(self, view: dict, seat: int | None) -> Text:
        """The game's name and variables, and whose screen this is."""
        gw = self.gw
        parts = [gw.game_name()]
        status = status_line(self.game, gw, view)
        if status:
            parts.append(status)
        left = colour_seats(self.game, gw, " · ".join(parts))
        line = Table.grid(expand=True)
        line.add_column(ratio=1, no_wrap=True, overflow="ellipsis")
        line.add_column(no_wrap=True, justify="right")
        right = Text()
        if seat is not None:
            right.append(gw.w("you: "))
            right.append(seat_label(gw, seat), style=seat_style(self.game, seat))
            right.append("  ")
        right.append(gw.w("? help"), style="dim")
        line.add_row(Text(left.plain, spans=left.spans, style="bold"), right)
        return render_lines(self.console, line, self.width)[0]

    def log_lines(self, view: dict, start: int) -> list[Text]:
        """The story since log index `start`: one line per entry (present/story.py),
        repeats collapsed, seat names in colour."""
        tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
        self.log = view["log"]
        lines = collapse([self.entry_line(e, tokens)
                          for e in without_secrets(since(story(ended_log(view)), start),
                                                   self.seat)])
        return [part for line in lines
                for part in wrapped(self.console, colour_seats(self.game, self.gw, line),
                                    self.width)]

    def full_log_lines(self, view: dict) -> list[Text]:
        """The whole story, each entry followed by its raw moves, indented and dim (a run
        of the same moves said once with its count), each line wrapped between words."""
        tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
        self.log = view["log"]
        out: list[Text] = []
        for entry in story(ended_log(view)):
            out += wrapped(self.console, colour_seats(self.game, self.gw,
                                                      self.entry_line(entry, tokens)),
                           self.width)
            for line in collapse([self.event_line(e, tokens) for e in entry.details]):
                out += wrapped(self.console, Text("    " + line, style="dim"), self.width, 6)
        return out

    def entry_line(self, entry: Entry, tokens: dict) -> str:
        """A story entry as its one line."""
        if entry.headline is None:
            return entry_text(entry, self.gw, tokens)
        return self.event_line(entry.headline, tokens)

    def event_line(self, event: dict, tokens: dict) -> str:
        """A log event as the screen says it: a choice without its question (the prompt
        said it), everything else as the log says it."""
        if event.get("e") == "place" and is_cell(event.get("cell")):
            return self.placed_line(event, tokens)
        if event.get("e") != "choice":
            return event_text(event, self.gw, tokens)
        w = self.gw.w
        value = event.get("value")
        namer = Namer(self.game, self.gw, {"tokens": list(tokens.values())})
        choice = (self.cell_then(event, tuple(value)) or
                  self.cell_words(value, event.get("player"), tokens)) if is_cell(value) \
            else None
        if "value" not in event:             # masked: a face-down token, named by its kind
            choice = self.gw.piece(event.get("piece"))
        line = w("{player} chooses {choice}", player=self.gw.seat(event.get("player")),
                 choice=choice or namer.value(value))
        return w("{line} (secret)", line=line) if event.get("private") else line

    def placed_line(self, event: dict, tokens: dict) -> str:
        """A token laid on a grid, its cell said by row and column as that grid's map
        numbers them now."""
        line = event_text(event, self.gw, tokens)
        grid = self.game.definition.grids.get(event.get("to"))
        if grid is None:
            return line
        token = tokens.get(event.get("token"), {})
        owner = token.get("owner") if grid.per_player else None
        cell = tuple(event["cell"])
        then = self.cell_then(event, cell)
        if then is not None:
            return line.replace(f" ({cell[0]}, {cell[1]})", ", " + then, 1)
        names = cell_names(self.game, {"tokens": list(tokens.values())}, self.gw,
                           event["to"], owner, [cell],
                           self.marks if owner == self.seat else (), over=False)
        words = names.get(cell)
        if words is None:
            return line
        return line.replace(f" ({cell[0]}, {cell[1]})", ", " + words, 1)

    def cell_then(self, event: dict, cell: tuple) -> str | None:
        """A cell of a log event by row and column as the grids were numbered when it
        happened (the log read up to that event; present.labels.grid_corner), without what
        stands there now; None when the grids are not numbered the same all game."""
        grids = self.game.definition.grids
        if not grids or any(numbering_corner(self.game.definition, g) is None for g in grids):
            return None
        at = next((i for i, e in enumerate(self.log) if e is event), len(self.log) - 1)
        return cell_words(self.gw, self.game.definition, cell, {"log": self.log[:at + 1]})

    def cell_words(self, cell: list, player: int | None, tokens: dict) -> str | None:
        """A cell a seat chose on its own grid, by row and column as its map numbers them
        now (None if not the screen's seat's, or on no grid of it)."""
        if player is None or player != self.seat:
            return None
        view = {"tokens": list(tokens.values())}
        found = grid_of_cells(self.game, view, player, [cell])
        if found is None:
            return None
        names = cell_names(self.game, view, self.gw, *found, [cell], self.marks)
        return names.get(tuple(cell))

    def where(self, steps: list[str]) -> Text:
        """The steps of the game the decision is asked in, as many as fit: the outermost
        ("play the game") left out when there are others, then the middle ones, then all
        but the innermost."""
        shown = steps[1:] if len(steps) > 1 else steps
        if len(" › ".join(shown)) > self.width and len(shown) > 2:
            middle = shown[1:-1]
            while middle and len(" › ".join([shown[0], "…", *middle, shown[-1]])) > self.width:
                middle.pop(0)
            shown = [shown[0], "…", *middle, shown[-1]]
        if len(" › ".join(shown)) > self.width and len(shown) > 1:
            shown = ["…", shown[-1]]
        return colour_seats(self.game, self.gw, " › ".join(shown))

    def where_lines(self, steps: list[str], room: int) -> list[Text]:
        """The steps of the decision over the lines they need (the innermost, the rule being
        played, whole), unless the question and its options leave fewer than that: then in
        `room` lines (at least one), the last saying `?` shows the rest."""
        lines = wrapped(self.console, self.where(steps), self.width)
        if len(lines) <= max(1, room):
            return lines
        lines = lines[:max(1, room)]
        more = self.gw.w(" … (? says it whole)")
        lines[-1].truncate(self.width - len(more))
        lines[-1].append(more, style="dim")
        return lines

    def with_every_area_line(self, view: dict, board_lines: list[Text], room: int,
                             log_room: int) -> tuple[list[Text], int]:
        """The board and the story's room when areas are said each in its line (a player
        decides by them, and by the rows beside them): the story gives up lines, one at a
        time, while the board has more of them to show: down to five lines on a tall
        screen; on a small one to three when much happened (at 80x24 a newcomer saw one
        line of a whole election), else to one."""
        floor = STORY_FLOOR if self.console.height >= TALL else \
            SMALL_STORY_FLOOR if log_room > 2 * SMALL_STORY_FLOOR else 1
        while log_room > floor:
            more = self.board_lines(view, room - log_room + 1)
            if len(more) <= len(board_lines):
                break
            board_lines, log_room = more, log_room - 1
        return board_lines, log_room

    def board_lines(self, view: dict, room: int, grid_map: list[Text] | None = None,
                    squeeze: bool = False) -> list[Text]:
        """The board in at most `room` lines. First served: a few rows of the table, the
        seat's own things and grid (a district), then more rows (the least useful ones are
        dropped first), then what belongs to nobody. A decision on a grid gives its map
        (`grid_map`, drawn instead of the seat's own grids): it is served first. With
        `squeeze` (the options need the screen), even the rows a seat decides by may go."""
        gw = self.gw
        if room < 3:                     # the question needs the screen: `board` shows it
            small = Board(self.game, gw, view)     # (but the current area, said in its line)
            current = self.front_lines(small, 1) if small.current_line() is not None else []
            return (current + self.fitted(small.mine()))[:max(0, room)]
        board = Board(self.game, gw, view)
        board.asked = self.asked
        mine, notes = self.fitted(board.mine()), self.fitted(board.notes())
        top = self.without_end_line(board, self.fitted(board.game_lines()), room)
        top = top[:max(0, room - 4)]
        if grid_map is None and len(top) > 1 and \
                room - len(top) < 5 + len(board.own_grids()) + min(len(mine), 2):
            top = [cut_with_ellipsis(top[0], self.width)]   # the seat's grid needs the room
        if grid_map is not None:         # the map of the question first, the seat's values
            own = self.own_values_line(board, len(grid_map), room)
            fits = max(0, room - len(grid_map) - 1 - len(own))
            if len(top) > fits:                          # cut: its last line ends in "…"
                top = top[:fits]
                if top:
                    top[-1] = cut_with_ellipsis(top[-1], self.width)
            return top + self.map_first(board, grid_map, mine + notes, room - len(top))
        room -= len(top)
        front = self.front_lines(board, front_room(board, room))
        if not squeeze and not board.lined_areas():   # the rows a seat decides by first
            front = front[:max(0, room - 4 - board.essential_rows() - min(len(mine), 1))]
        room -= len(front)
        grid = board.own_grids()
        if grid:
            lines, grid_room = self.grid_first(board, len(grid), room, mine, notes)
            if grid_room < len(grid):     # no room for the key whole: each mark by its name
                grid = board.own_grids(brief=True)      # (never an entry cut in two)
                lines, grid_room = self.grid_first(board, len(grid), room, mine, notes)
            # the district's rows would be cut: the seat's values in a line, not the table
            if grid_room < len(board.own_grids(brief=True, key=False)):
                lines, grid_room = self.grid_first(board, len(grid), room, mine, notes,
                                                   values_only=True)
            if 0 < grid_room < len(grid):  # no room for the map whole: the rows that fit
                grid = board.own_grids(brief=True, room=grid_room)
        else:
            want_rows = len(board.rows())
            reserved = min(len(mine), 2) + min(len(notes), 1)
            must = 0 if squeeze else \
                min(board.essential_rows(), max(0, room - 4))   # kept rows
            lines = self.table_lines(board, max(2, must, min(want_rows, room - 4 - reserved)))
            grid_room = 0
        front, left = own_line_room(front, bool(mine) and not board.lined_areas(),
                                    room - len(lines) - grid_room)
        lines += front + [Text(line) for line in grid[:grid_room]]
        return top + lines + self.under(mine + notes, left)

    def without_end_line(self, board: Board, top: list[Text], room: int) -> list[Text]:
        """The game's lines on top, without the line saying how the game ends (the last)
        when the rows a seat decides by would not keep their room (`board` says it)."""
        end = len(self.fitted(board.end_line()))
        if end and room - len(top) < 4 + board.essential_rows():
            return top[:len(top) - end]
        return top

    def grid_first(self, board: Board, grid: int, room: int, mine: list[Text],
                   notes: list[Text], values_only: bool = False) -> tuple[list[Text], int]:
        """The table's lines and the room of the seat's own grid (`grid` lines, with its
        key) on a board of `room` lines: the rows a seat decides by, then the grid whole,
        then the seat's own things; what belongs to nobody and the other rows of the table
        only in the room left. `values_only`: the seat's own values in a line instead of
        the table (the table then needs `board`), if the seat has such values."""
        must = max(2, sum(1 for row in board.rows() if row.rank == 0))
        lines = self.table_lines(board, must)
        if values_only:
            lines = self.own_values_line(board, 0, room) or lines
        grid_room = min(grid, max(0, room - len(lines) - min(len(mine), 1)))
        spare = room - len(lines) - grid_room - len(mine) - len(notes)
        for rows in range(len(board.rows()), must, -1):      # more rows in the room left
            more = self.table_lines(board, rows)
            if len(more) - len(lines) <= spare:
                return more, grid_room
        return lines, grid_room

    def crumb_room(self, view: dict, room: int) -> int:
        """The lines the question's breadcrumb may take: one (the question and its options
        come first; `?` says the step whole), or two on a tall screen when the options are
        no areas the board says each in a line."""
        if self.on_the_map and Board(self.game, self.gw, view).lined_areas():
            return min(room, 1)
        return min(room, 2 if self.console.height >= TALL else 1)

    def front_lines(self, board: Board, room: int) -> list[Text]:
        """The areas drawn first in at most `room` lines: short ones packed side by side,
        but areas said each in its line (a panel's `lines`) keep a line each, and when not
        all fit the current area's line is kept first."""
        if not board.lined_areas():
            return self.fitted(board.front_notes())[:room]
        groups = [wrapped(self.console, line, self.width) for line in board.front_notes()]
        current = board.current_line()
        order = ([current] if current is not None else []) + \
            [i for i in range(len(groups)) if i != current]
        kept: set[int] = set()
        for i in order:
            if sum(len(groups[k]) for k in kept) + len(groups[i]) <= room:
                kept.add(i)
        return [part for i, group in enumerate(groups) if i in kept for part in group]

    def least_board(self, view: dict) -> int:
        """The fewest lines the board takes: the game's listed variables, the table's head
        and the rows a seat decides by (the areas too), its legend, a line saying `board`
        shows the rest, the seat's own grid with its key (the subject of most of its
        questions) and the areas said each in a line (every one)."""
        board = Board(self.game, self.gw, view)
        must = board.essential_rows()
        board.table(self.width, must)        # which short names the legend explains
        legend = len(pack(board.legend(), self.width))
        return len(self.fitted(board.game_lines())) + 2 + max(2, must) + legend + 1 + \
            len(board.own_grids()) + len(board.lined_areas())

    def fitted(self, items: list[Text]) -> list[Text]:
        """Short lines packed side by side, a long one wrapped over the lines it needs."""
        return [part for line in pack(items, self.width)
                for part in wrapped(self.console, line, self.width)]

    def table_lines(self, board: Board, rows: int) -> list[Text]:
        """The board's table in at most `rows` rows, what it left out, and its legend."""
        table, dropped = board.table(self.width, rows)
        lines = render_lines(self.console, table, self.width)
        if dropped:
            lines.append(Text(self.gw.w.plural(None, "… {n} more row: type board",
                                               "… {n} more rows: type board", dropped),
                              style="dim"))
        return lines + pack(board.legend(), self.width)

    def under(self, more: list[Text], left: int) -> list[Text]:
        """The lines under the board in `left` lines, the last saying how many more."""
        under = more[:max(0, left)]
        if len(more) > len(under) and len(under) >= 2:
            keep = len(under) - 1
            while keep > 0 and more[keep].plain.startswith("  "):   # no half of a wrapped
                keep -= 1                                           # line
            hidden = len(more) - keep
            under = more[:keep] + [Text(self.gw.w.plural(None, "… {n} more line: type board",
                                                         "… {n} more lines: type board",
                                                         hidden), style="dim")]
        elif len(more) > len(under) and under:      # one line: it says that more follows
            under[-1] = cut_with_ellipsis(under[-1], self.width)
        return under

    def map_first(self, board: Board, grid_map: list[Text], more: list[Text],
                  room: int) -> list[Text]:
        """The board of a decision on a grid: two rows of the table (none if the map needs
        their room), the map whole if it fits, then the seat's own things."""
        lines: list[Text] = []
        if len(grid_map) + 6 <= room:
            lines = self.table_lines(board, 2)
        else:                   # no room for the table: the seat's own values in a line
            lines = self.own_values_line(board, len(grid_map), room)
        spare = room - len(lines) - len(grid_map)       # none: the map stays whole
        shown = max(0, room - len(lines) - (1 if more and (spare or not lines) else 0))
        lines += grid_map.within(shown) if isinstance(grid_map, DrawnMap) else grid_map[:shown]
        return lines + self.under(more, room - len(lines))

    def own_values_line(self, board: Board, needed: int, room: int) -> list[Text]:
        """The seat's own values (coins, points) in lines of their own, when they fit in
        `room` beside `needed` lines (a question's map: they come before what lies under
        it); none otherwise."""
        own = board.own_values()
        lines = self.fitted([own]) if own is not None else []
        return lines if len(lines) + needed <= room else []

    def names_only(self, options: list[tuple[str, str]], width: int) -> list[Text]:
        """Options too many to show with their effects: by their names, in columns, and a
        line saying that `?` tells what each does."""
        gw = self.gw
        joined = gw.w("{option} — {effect}", option="\0", effect="\1")
        sep = joined[joined.index("\0") + 1:joined.index("\1")]
        lines = option_lines([(key, label.split(sep, 1)[0]) for key, label in options], width,
                             max_rows=None, console=self.console)
        return lines + [Text(gw.w("? tells what each option does; ? KEY one of them"),
                             style="dim")]

    def one_line_each(self, options: list[tuple[str, str]], width: int,
                      room: int) -> list[Text]:
        """Options too many to show their effects whole: one line each, in `room` lines.
        An option longer than its line is said whole over the lines it needs while the
        room lasts (the first ones first), else cut between words, ending in "…" (`?`, on
        the header's line, says it whole)."""
        whole = [option_lines([option], width, console=self.console) for option in options]
        spare = room - len(options)
        lines: list[Text] = []
        for (key, label), said in zip(options, whole):
            if len(said) == 1 or len(said) - 1 <= spare:
                spare -= len(said) - 1
                lines += said
                continue
            line = Text()
            line.append(f"[{key}]", style="bold cyan")
            line.append(f" {label}")
            cut = line.plain.rfind(" ", 0, width - 1)          # cut between words
            lines.append(cut_with_ellipsis(line, cut + 2 if cut > len(key) + 3 else width))
        return lines

    def short_space(self, name: str) -> str | None:
        """A space's name said short ("row 3, column 4" -> "r3c4"), None if `name` is not
        a space named by row and column."""
        w = self.gw.w
        pattern = re.escape(w("row {row}, column {column}", row="\0", column="\1"))
        found = re.fullmatch(pattern.replace(re.escape("\0"), r"(\d+)")
                             .replace(re.escape("\1"), r"(\d+)"), name)
        return w("r{row}c{column}", row=found.group(1), column=found.group(2)) \
            if found else None

    def marked_options(self, options: list[tuple[str, str]], on_map: set[str],
                       width: int) -> list[Text]:
        """The options on the map packed several to a line, each by its key and its name
        said short ("[18] r3c4 · [19] r3c5", the first one also in full); options with
        notes grouped after their note, its reasons cut to their first words ("pay 3 coins
        (empty space): [18] r3c4 (row 3, column 4) · [19] r3c5; pay 1 coin (over a tile):
        [25] r4c4"), so each space keeps its name when the list is short."""
        lines = option_lines([o for o in options if o[0] not in on_map], width)
        groups: dict[str, list[tuple[str, str]]] = {}
        for key, label in options:
            if key not in on_map:
                continue
            name, _, note = label.partition(" — ")
            note = re.sub(r" \(([^():]*):[^()]*\)$", r" (\1)", note)
            groups.setdefault(note, []).append((key, name))
        words: list[list[tuple[str, str]]] = []   # each piece: (text, style) parts
        explained = False
        for note, items in groups.items():
            for i, (key, name) in enumerate(items):
                short = self.short_space(name)
                said = name if short is None else short if explained else \
                    f"{short} ({name})"
                explained = explained or short is not None
                piece = [(f"{note}: " if note and i == 0 else "", ""),
                         (f"[{key}]", "bold cyan"), (f" {said}", "")]
                sep = "" if not words else " · " if i else "; "
                words.append([(sep, "")] + piece)
        out: list[Text] = [Text()] if words else []
        for piece in words:         # as many lines as it takes, each option whole
            size = sum(len(t) for t, _ in piece)
            if out[-1].cell_len and out[-1].cell_len + size > width:
                out.append(Text("" if piece[0][0] == "; " else "    "))
                piece = [("", "")] + piece[1:]
            for text, style in piece:
                out[-1].append(text, style=style)
        return lines + out

    def draw(self, view: dict, seat: int, log_from: int, steps: list[str], question: str,
             options: list[tuple[str, str]], message: Text | None = None,
             grid_map: list[Text] | None = None, pictures: list[Text] | None = None,
             marks=None, map_keys=None, brief: str | None = None) -> None:
        """The whole screen of one decision; a decision on a grid draws its map
        (`grid_map`) above, and the pictures of its options (`pictures`) instead of the
        list of options; when the screen is short, the options the map shows with their keys
        (`map_keys`) are listed by their keys alone, and the question is asked `brief`ly
        (without what the things it lists aside do) if its options then keep their
        effects."""
        console, gw, width = self.console, self.gw, self.width
        self.seat, self.marks = seat, list(marks or [])
        height = max(16, console.height)
        if console.is_terminal:
            console.clear()
        for asking in dict.fromkeys([question, brief or question]):
            question_line = Text()
            question_line.append(seat_label(gw, seat), style=seat_style(self.game, seat))
            question_line.append(": ")
            question_line.append_text(colour_seats(self.game, gw, Text(asking,
                                                                       style="bold")))
            question_lines = wrapped(console, question_line, width)
            if pictures or len(option_lines(options, width, max_rows=max(3, height // 3),
                                            console=console)) <= \
                    height - 5 - len(question_lines):
                break
        logs = self.log_lines(view, log_from)
        on_map = set(map_keys or ())
        for _ in range(3):      # a space said by its key must be on the map as drawn
            choices = pictures if pictures else option_lines(options, width,
                                                             max_rows=max(3, height // 3),
                                                             console=console)
            if grid_map and not pictures and \
                    height - 3 - 2 - len(choices) - len(grid_map) < 7:
                choices = self.marked_options(options, on_map, width)
            if not pictures and len(choices) > height - 5 - len(question_lines):
                choices = self.one_line_each(options, width,    # effects cut to a line
                                             height - 4 - len(question_lines))
                if len(choices) > height - 4 - len(question_lines):   # (the board gives
                    choices = self.names_only(options, width)   # way), else names only:
                    # each effect whole under `?`
            # (options with their effects that need the board's room take it: the board
            # shrinks to the seat's own first line, and `board` shows the rest)
            asked = [*question_lines, *choices]
            if message is not None:
                asked.append(message)
            bottom = self.where_lines(steps, self.crumb_room(
                view, height - 3 - 4 - len(asked))) + asked
            room = height - 1 - len(bottom) - 1 - 1   # header, rule over the log, input line
            log_room = min(len(logs), LOG_LINES, 2 if grid_map else max(1, room // 5)) \
                if logs else 0
            if not grid_map and len(logs) > log_room:  # much happened: the story first
                log_room = min(len(logs), max(log_room, room - self.least_board(view)))
            board_lines = self.board_lines(view, room - log_room, grid_map)
            shown = "".join(line.plain for line in board_lines)
            hidden = {key for key in on_map if f"[{key}]" not in shown}
            if not hidden:
                break
            on_map -= hidden
        if len(board_lines) > room - log_room and logs:    # the story gives way first
            log_room = max(0, room - len(board_lines))
        if logs and not grid_map and Board(self.game, gw, view).lined_areas():
            board_lines, log_room = self.with_every_area_line(view, board_lines, room,
                                                              log_room)
        if len(board_lines) > room - log_room and not grid_map:   # it would push the top off
            board_lines = self.board_lines(view, room - log_room, grid_map, squeeze=True)
            if len(board_lines) > room - log_room:      # no room for the table: own line only
                board_lines = self.board_lines(view, min(2, room - log_room))
        log_room = max(0, min(len(logs), room - len(board_lines)))
        log_room = whole_entries(logs, log_room)
        out = [self.header(view, seat), *board_lines]
        title = gw.w("since your last decision") if logs else gw.w("nothing new since your "
                                                                   "last decision")
        skipped = len(logs) - log_room
        if skipped > 0:
            title = gw.w.plural(None, "since your last decision ({n} earlier line: type log)",
                                "since your last decision ({n} earlier lines: type log)",
                                skipped)
        out += render_lines(console, Rule(title, style="dim", align="left"), width)
        out += logs[len(logs) - log_room:] if log_room else []
        out += bottom
        for line in out:
            console.print(line, no_wrap=True, overflow="ellipsis", crop=True, markup=False,
                          highlight=False, soft_wrap=False)

