"""One screen per decision: a header, the compact board, what happened since the seat's
last decision, where in the game the decision is asked, the question and its keyed options.

Everything is cut to the terminal's size (80 columns by 24 lines is the smallest that shows
it all usably): the board gives up its least useful rows first, the log its oldest lines.
On a terminal the screen is cleared before each decision; written to a pipe or a file, the
screens follow each other.
"""

from __future__ import annotations

import math

from rich.console import Console
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from ..dsl.value_types import types_of
from ..game import Game
from ..i18n.game_words import GameWords
from ..interpreter.decision_context import kind_name
from ..present.events import event_text
from ..present.labels import Namer, seat_label
from ..present.story import Entry, entry_text, since, story
from .board import Board
from .colours import colour_seats, seat_style
from .grid_view import cell_names, grid_of_cells
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
        out += wrapped(console or Console(width=width), line, width, indent=4)
    return out


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
        self.on_the_map = False            # whether the options are areas or connections

    @property
    def width(self) -> int:
        """The width drawn to."""
        return max(40, self.console.width)

    def header(self, view: dict, seat: int | None) -> Text:
        """The game's name and variables, and whose screen this is."""
        gw = self.gw
        namer = Namer(self.game, gw, view)
        kinds = types_of(self.game.definition).get("game", {})
        parts = [gw.game_name()]
        status = namer.filled(gw.text("screen", "status"), view["vars"],
                              {k: kind_name(t) for k, t in kinds.items()})
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
        lines = collapse([self.entry_line(e, tokens) for e in since(story(view["log"]), start)])
        return [part for line in lines
                for part in wrapped(self.console, colour_seats(self.game, self.gw, line),
                                    self.width)]

    def full_log_lines(self, view: dict) -> list[Text]:
        """The whole story, each entry followed by its raw moves, indented and dim (a run
        of the same moves said once with its count)."""
        tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
        out: list[Text] = []
        for entry in story(view["log"]):
            out.append(colour_seats(self.game, self.gw, self.entry_line(entry, tokens)))
            for line in collapse([self.event_line(e, tokens) for e in entry.details]):
                out.append(Text("    " + line, style="dim"))
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
        choice = self.cell_words(value, event.get("player"), tokens) if is_cell(value) \
            else None
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
        names = cell_names(self.game, {"tokens": list(tokens.values())}, self.gw,
                           event["to"], owner, [cell],
                           self.marks if owner == self.seat else (), over=False)
        words = names.get(cell)
        if words is None:
            return line
        return line.replace(f" ({cell[0]}, {cell[1]})", ", " + words, 1)

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

    def board_lines(self, view: dict, room: int, grid_map: list[Text] | None = None
                    ) -> list[Text]:
        """The board in at most `room` lines. First served: a few rows of the table, the
        seat's own things and grid (a district), then more rows (the least useful ones are
        dropped first), then what belongs to nobody. A decision on a grid gives its map
        (`grid_map`, drawn instead of the seat's own grids): it is served first."""
        gw = self.gw
        if room < 3:                     # the question needs the screen: `board` shows it
            return []
        board = Board(self.game, gw, view)
        mine, notes = self.fitted(board.mine()), self.fitted(board.notes())
        top = self.fitted(board.game_lines())[:max(0, room - 4)]
        if grid_map is not None:         # the map of the question first
            top = top[:max(0, room - len(grid_map) - 1)]
            return top + self.map_first(board, grid_map, mine + notes, room - len(top))
        room -= len(top)
        front = self.front_lines(board, front_room(board, room))
        room -= len(front)
        grid = board.own_grids()
        want_rows = len(board.rows())
        reserved = min(len(mine), 2) + min(len(notes), 1)
        grid_room = min(len(grid), max(0, room - min(want_rows, 3) - 4 - reserved))
        must = sum(1 for row in board.rows() if row.rank == 0)   # what a seat decides by
        lines = self.table_lines(board, max(2, must,
                                            min(want_rows, room - 4 - grid_room - reserved)))
        grid_room = min(len(grid), max(grid_room, room - len(lines) - reserved))
        lines += front + [Text(line) for line in grid[:grid_room]]
        return top + lines + self.under(mine + notes, room + len(front) - len(lines))

    def crumb_room(self, view: dict, room: int) -> int:
        """The lines the question's breadcrumb may take: `room`, but two when the board
        says its areas each in a line and the options are areas or connections (the areas'
        lines decide them; `?` says the step whole), one on a short screen."""
        if self.on_the_map and Board(self.game, self.gw, view).lined_areas():
            return min(room, 2 if self.console.height >= 28 else 1)
        return room

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
        and the rows a seat decides by, a line saying `board` shows the rest (and the
        areas said each in a line)."""
        board = Board(self.game, self.gw, view)
        must = sum(1 for row in board.rows() if row.rank == 0)
        return len(self.fitted(board.game_lines())) + 2 + max(2, must) + 1 + \
            len(board.lined_areas())      # areas said each in a line: every one

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
            hidden = len(more) - len(under) + 1
            under[-1] = Text(self.gw.w.plural(None, "… {n} more line: type board",
                                              "… {n} more lines: type board", hidden),
                             style="dim")
        return under

    def map_first(self, board: Board, grid_map: list[Text], more: list[Text],
                  room: int) -> list[Text]:
        """The board of a decision on a grid: two rows of the table (none if the map needs
        their room), the map whole if it fits, then the seat's own things."""
        lines: list[Text] = []
        if len(grid_map) + 6 <= room:
            lines = self.table_lines(board, 2)
        lines += grid_map[:max(0, room - len(lines) - (1 if more else 0))]
        return lines + self.under(more, room - len(lines))

    def names_only(self, options: list[tuple[str, str]], width: int) -> list[Text]:
        """Options too many to show with their effects: by their names, in columns, and a
        line saying that `?` tells what each does."""
        gw = self.gw
        joined = gw.w("{option} — {effect}", option="\0", effect="\1")
        sep = joined[joined.index("\0") + 1:joined.index("\1")]
        lines = option_lines([(key, label.split(sep, 1)[0]) for key, label in options], width,
                             max_rows=None, console=self.console)
        return lines + [Text(gw.w("? tells what each option does"), style="dim")]

    def marked_options(self, options: list[tuple[str, str]], on_map: set[str],
                       width: int) -> list[Text]:
        """The options with those on the map said by their keys only: "[18] [19] [24]: a
        marked space"."""
        lines = option_lines([o for o in options if o[0] not in on_map], width)
        marked = [key for key, _ in options if key in on_map]
        if not marked:
            return lines
        said = self.gw.w.plural(None, ": the marked space on the map",
                                ": a marked space on the map", len(marked))
        keyed = [Text()]
        for key in marked:          # as many lines of keys as it takes, the words last
            if keyed[-1].cell_len and keyed[-1].cell_len + len(key) + 3 > width:
                keyed.append(Text())
            keyed[-1].append(" " if keyed[-1].cell_len else "")
            keyed[-1].append(f"[{key}]", style="bold cyan")
        if keyed[-1].cell_len + len(said) > width:
            keyed.append(Text())
        keyed[-1].append(said)
        return lines + keyed

    def draw(self, view: dict, seat: int, log_from: int, steps: list[str], question: str,
             options: list[tuple[str, str]], message: Text | None = None,
             grid_map: list[Text] | None = None, pictures: list[Text] | None = None,
             marks=None, map_keys=None) -> None:
        """The whole screen of one decision; a decision on a grid draws its map
        (`grid_map`) above, and the pictures of its options (`pictures`) instead of the
        list of options; when the screen is short, the options the map shows with their keys
        (`map_keys`) are listed by their keys alone."""
        console, gw, width = self.console, self.gw, self.width
        self.seat, self.marks = seat, list(marks or [])
        height = max(16, console.height)
        if console.is_terminal:
            console.clear()
        question_line = Text()
        question_line.append(seat_label(gw, seat), style=seat_style(self.game, seat))
        question_line.append(": ")
        question_line.append_text(colour_seats(self.game, gw, Text(question, style="bold")))
        question_lines = wrapped(console, question_line, width)
        logs = self.log_lines(view, log_from)
        on_map = set(map_keys or ())
        for _ in range(3):      # a space said by its key must be on the map as drawn
            choices = pictures if pictures else option_lines(options, width,
                                                             max_rows=max(3, height // 3),
                                                             console=console)
            if grid_map and not pictures and \
                    height - 3 - 2 - len(choices) - len(grid_map) < 7:
                choices = self.marked_options(options, on_map, width)
            if not pictures and len(choices) > height - 8 - len(question_lines):
                choices = self.names_only(options, width)   # each effect whole under `?`
            asked = [*question_lines, *choices]
            if message is not None:
                asked.append(message)
            bottom = self.where_lines(steps, self.crumb_room(
                view, height - 3 - 4 - len(asked))) + asked
            room = height - 1 - len(bottom) - 1 - 1   # header, rule over the log, input line
            log_room = min(len(logs), LOG_LINES, 2 if grid_map else max(2, room // 5)) \
                if logs else 0
            if not grid_map and len(logs) > log_room:  # much happened: the story first
                log_room = min(len(logs), max(log_room, room - self.least_board(view)))
            board_lines = self.board_lines(view, room - log_room, grid_map)
            shown = "".join(line.plain for line in board_lines)
            hidden = {key for key in on_map if f"[{key}]" not in shown}
            if not hidden:
                break
            on_map -= hidden
        log_room = max(0, min(len(logs), room - len(board_lines)))
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

