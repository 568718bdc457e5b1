"""A position drawn from what every player sees of it (`GameState.observe(None)`): the
board (an `area_map` or `area_blocks` picture of the outline) with the pieces on it, then
the decks, the players' grids, what lies beside the board and one panel per player.

    from regola.rulebook.pictures.position import draw_position
    svg = draw_position(state, lang="es")            # any GameState, at any point of play

The outline's `position` picture (rulebook.yaml) gives the hints: `board` (the picture the
board is drawn from), `labels` (kind -> properties a token shows), `hide` (token kinds and
decks that are no component, such as an engine's aids), `space_pieces` (the counted kind
that fills an area's numbered spaces in order), `token_fill` (kind -> property whose value
picks a fill from the board's `fills`), `open_var` (a game variable listing the areas in
use; the others of their kind are drawn faded, or as blank backs with `closed: face_down`),
`laid_var` (a player variable listing the areas where that player's piece lies on its side,
drawn long and flat), `counts` (`var`, `text`, `areas`: a number per area on a badge, as the
table's panels show it), `player_vars`, `scores` (player variables shown in one strip of
coloured chips when `panels` is false, such as the players' points) and, for the setup picture
of the book, `players` and `seed` of the new_state() it draws.
"""

from __future__ import annotations

from typing import Any

from ...present.table_layout import area_names
from ..texts import Texts
from . import position_parts as parts
from .area_blocks import AreaBlocks, plain
from .area_map import SPACE, AreaMap
from .svg import (
    HIDDEN,
    INK,
    MARK,
    block_label,
    circle,
    fitted,
    label,
    legend,
    rect,
    seat_colour,
    svg,
    text_width,
)

ROOM = 48
WIDTH = 760
TOKEN_LABEL = 12
"""A token's label (11 on a 760 wide picture printed across the text's width is 7 pt; it
shrinks below only where a long name must fit a narrow token)."""
BACK = "#c9bfa8"                                # the back of a card lying face down



def _chips(texts: Texts, x: float, y: float, w: float, counts: list[int],
           lying: frozenset[int] = frozenset()) -> list[str]:
    """One chip per seat with pieces here, saying how many; a seat in `lying` has its piece
    laid on its side (drawn long and flat)."""
    body = []
    for seat, n in enumerate(counts):
        if n and x + 24 <= x + w:
            colour = seat_colour(texts.g.seats, seat)
            cw, ch, dy = (34, 11, 6) if seat in lying else (24, 17, 0)
            body.append(rect(x, y + dy, cw, ch, colour, INK, 1, 3))
            ink = INK if colour in ("#e9c31c", "#f7f7f7") else "#ffffff"
            body.append(label(x + cw / 2, y + dy + ch - 2 - (0 if seat in lying else 2), str(n),
                              9 if seat in lying else 11, "middle", "bold", ink))
            x += cw + 3
    return body


def _token(texts: Texts, spec: dict, fills: dict, token: dict, x: float, y: float, w: float,
           h: float) -> list[str]:
    fill = "#ffffff"
    prop = spec.get("token_fill", {}).get(token["kind"])
    if prop and token.get(prop) in fills:
        fill = fills[token[prop]]
    owner = token.get("controller")
    owner = token.get("owner") if owner is None else owner
    stroke = seat_colour(texts.g.seats, owner) if isinstance(owner, int) else "#444444"
    if not token.get("shown"):
        return [rect(x, y, w, h, HIDDEN, stroke, 2.5 if isinstance(owner, int) else 1.5, 4),
                label(x + w / 2, y + h / 2 + 5, "?", 13, "middle", "bold", "#ffffff")]
    text = parts.token_label(texts, spec, token) or texts.thing(token["kind"], 1)
    return [rect(x, y, w, h, fill, stroke, 2.5 if isinstance(owner, int) else 1.2, 4),
            *block_label(x + w / 2, y + h / 2, text, w - 6, TOKEN_LABEL,
                         max_lines=2)]


class Position:
    """One drawing of a public view on the outline's board."""

    def __init__(self, texts: Texts, view: dict, spec: dict, board_spec: dict | None,
                 marks: set[str] | frozenset[str] = frozenset(),
                 cast: dict[str, str] | None = None,
                 cells: frozenset[tuple[int, int, int]] = frozenset()):
        self.t, self.view, self.spec, self.board_spec = texts, view, spec, board_spec or {}
        self.marks = set(marks)                 # areas drawn with a ring: what matters
        self.cells = cells                      # grid cells (seat, x, y) drawn with a ring
        self.cast = cast or {}                  # seat -> the name an example gives it
        self.body: list[str] = []
        self.places: set[str] = set()
        self.chip_kinds: set[str] = set()
        self.owned_kinds: dict[str, str] = {}   # kind -> a label drawn (an owner's outline)
        self.hidden_kinds: set[str] = set()     # kinds drawn face down ("?")
        self.width = spec.get("canvas", WIDTH)   # narrower: larger letters on the page

    def tokens_at(self, place: str) -> list[dict]:
        return [t for t in self.view["tokens"] if t.get("at") == place and
                t["kind"] not in self.spec.get("hide", [])]

    def board(self) -> float:
        kind = self.board_spec.get("kind")
        if kind == "area_map":
            return self._map()
        if kind == "area_blocks":
            return self._blocks()
        return 8

    def _area_contents(self, key: str, x: float, y: float, w: float,
                       th: float = 22) -> list[str]:
        body: list[str] = []
        tokens = self.tokens_at(key)
        # As wide as the longest label needs (a lone marker is no bar across its area),
        # in as many rows as the area's width asks (none sticks out of its area).
        needed = max((text_width(parts.token_label(self.t, self.spec, t) or
                                 self.t.thing(t["kind"], 1), TOKEN_LABEL) + 10
                      for t in tokens), default=34)
        tw = min(w, max(34, min(needed, (w - 4 * (len(tokens) - 1)) / max(1, len(tokens)))))
        per_row = max(1, int((w + 4) // (tw + 4)))
        for i, tok in enumerate(tokens):
            if not tok.get("shown"):
                self.hidden_kinds.add(tok["kind"])
            elif isinstance(tok.get("owner"), int) or isinstance(tok.get("controller"), int):
                self.owned_kinds.setdefault(tok["kind"], parts.token_label(self.t, self.spec, tok)
                                            or "")
            body += _token(self.t, self.spec, self.board_spec.get("fills", {}), tok,
                           x + (i % per_row) * (tw + 4), y + (i // per_row) * (th + 4), tw, th)
        cy = y + (th + 4) * -(-len(tokens) // per_row)
        for kind, where in self.view.get("pieces", {}).items():
            counts = where.get(key)
            if counts and any(counts) and kind != self.spec.get("space_pieces"):
                self.chip_kinds.add(kind)
                body += _chips(self.t, x, cy, w, counts, self._lying(key))
                cy += 20
        return body

    def _lying(self, key: str) -> frozenset[int]:
        """The seats whose piece on `key` lies on its side: the spec's `laid_var` names a
        player variable listing the areas where that player's piece is laid down."""
        var = self.spec.get("laid_var")
        if not var:
            return frozenset()
        return frozenset(seat for seat, values in enumerate(self.view.get("player_vars", []))
                         if key in (values.get(var) or []))

    def _map(self) -> float:
        board = AreaMap(self.t, self.board_spec, room=ROOM)
        self.width = max(self.width, board.width)
        self.places |= set(board.keys)
        self.body += board.board()
        for cid, link in self.view.get("links", {}).items():
            mid = board.connection_at(cid)
            tok = next((t for t in self.view["tokens"] if link.get("tile") is not None and
                        t.get("id") == link.get("tile")), None)
            if mid and tok:
                self.body += _token(self.t, self.spec, {}, tok, mid[0] - 22, mid[1] - 12, 44, 24)
                self.body += self._ends(board, cid, link, tok, mid)
        for key in board.keys:
            box = board.boxes[key]
            counts = self.view.get("pieces", {}).get(self.spec.get("space_pieces"), {}).get(key)
            filled = [seat for seat, n in enumerate(counts or []) for _ in range(n)]
            for i, seat in enumerate(filled[:len(board.values(key))]):
                sx, sy = board.space(key, i)
                self.body.append(circle(sx + SPACE / 2, sy + SPACE / 2, SPACE / 2 - 3,
                                        seat_colour(self.t.g.seats, seat), INK, 1.5))
            self.body += self._area_contents(key, box.x + 8, board.content_top(key),
                                             box.w - 16)
        self.body += self._marked(board.boxes)
        return board.height

    def _ends(self, board: AreaMap, cid: str, link: dict, tok: dict,
              mid: tuple[float, float]) -> list[str]:
        """A two-ended tile on a connection: each end's number drawn on the side of the
        area it faces (the tile's first end toward `facing`)."""
        ends = next((v for k, v in tok.items() if k not in ("cell",) and isinstance(v, list)
                     and len(v) == 2 and all(isinstance(n, int) for n in v)), None)
        joined = self.t.g.connections.get(cid, [])
        if not ends or not tok.get("shown") or link.get("facing") not in joined or \
                not all(a in board.boxes for a in joined):
            return []
        first = link["facing"]
        other = joined[1] if joined[0] == first else joined[0]
        body = []
        for area, value in ((first, ends[0]), (other, ends[1])):
            cx, cy = board.boxes[area].centre
            dx, dy = cx - mid[0], cy - mid[1]
            size = max(1.0, (dx * dx + dy * dy) ** 0.5)
            x, y = mid[0] + dx / size * 27, mid[1] + dy / size * 27
            body.append(circle(x, y, 9, "#ffffff", INK, 1.2))
            body.append(label(x, y + 4, str(value), 11, "middle", "bold"))
        return body

    def _marked(self, boxes: dict) -> list[str]:
        """A ring around each marked area (what the picture's caption is about)."""
        return [rect(box.x - 4, box.y - 4, box.w + 8, box.h + 8, "none", MARK, 4, 10,
                     ' stroke-dasharray="10 5"')
                for key, box in boxes.items() if key in self.marks]

    def _blocks(self) -> float:
        board = AreaBlocks(self.t, self.board_spec, room=ROOM - 14)
        self.width = max(self.width, board.width)
        self.places |= set(board.boxes)
        self.body += board.body
        open_var = self.spec.get("open_var")
        in_use = set(self.view.get("vars", {}).get(open_var) or []) if open_var else set()
        kinds = {self.t.g.areas[k]["kind"] for k in in_use if k in self.t.g.areas}
        for key, box in board.boxes.items():
            self.body += self._area_contents(key, box.x + 4, box.y + box.h - ROOM + 12,
                                             box.w - 8, 30)
            self.body += self._count_badge(key, box)
            if open_var and self.t.g.areas[key]["kind"] in kinds and key not in in_use:
                self.body.append(self._closed(box))
        self.body += self._marked(board.boxes)
        return board.height

    def _count_badge(self, key: str, box) -> list[str]:
        """The area's number from the spec's `counts` (a game variable holding one number per
        area of `areas`, in the game's order, as the table's panels have it), in the game's
        words (`text`, a table text with {n}) on a badge at the foot of its box, as the
        table shows it; nothing for 0."""
        counts = self.spec.get("counts")
        values = self.view.get("vars", {}).get(counts["var"]) if counts else None
        if not isinstance(values, list):
            return []
        names = area_names(counts, self.t.g)
        n = values[names.index(key)] if key in names and names.index(key) < len(values) else 0
        if not isinstance(n, int) or isinstance(n, bool) or not n:
            return []
        words = self.t.name("table", counts["text"], n)
        size = fitted(words, box.w - 18, 9, "bold")
        width = text_width(words, size, "bold") + 10
        x, y = box.x + box.w - width - 4, box.y + box.h - 18
        return [rect(x, y, width, 14, "#fff3c4", "#b8860b", 1, 4, f' data-count="{n}"'),
                label(x + width / 2, y + 10.5, words, size, "middle", "bold")]

    def _closed(self, box) -> str:
        """An area not in use: faded, or with `closed: face_down` a blank back (the card
        that will lie there is not known yet)."""
        if self.spec.get("closed") == "face_down":
            return rect(box.x, box.y, box.w, box.h, BACK, INK, 1, 6)
        return rect(box.x, box.y, box.w, box.h, "#ffffff", "none", 0, 6, ' fill-opacity="0.62"')

    def key(self, y: float) -> tuple[list[str], float]:
        """Who plays which colour (an example's cast), what the chips and the faded areas
        mean."""
        seats = list(self.t.g.seats)
        entries = [(seat_colour(seats, seats.index(seat)), name)
                   for seat, name in self.cast.items() if seat in seats]
        entries += [(f"chip:{seat_colour(seats, 0)}:2",
                     self.t.w("{things}: a square in the owner's colour says how "
                                         "many", things=self.t.name("pieces", k, 2)))
                   for k in sorted(self.chip_kinds)]
        for kind, sample in sorted(self.owned_kinds.items()):
            entries.append((f"token:{seat_colour(seats, 0)}:{sample if len(sample) <= 2 else ''}",
                            self.t.w("{things}: outlined in their player's colour",
                                     things=self.t.thing(kind, 2))))
        for kind in sorted(self.hidden_kinds):
            entries.append(("hidden", self.t.w("{things} face down",
                                                        things=self.t.thing(kind, 2))))
        if self.marks or self.cells:
            entries.append((f"frame:{MARK}",
                            self.t.w("dashed frame: the places the example talks about")))
        if self.spec.get("open_var") and self.spec.get("closed") == "face_down":
            kinds = sorted({self.t.g.areas[k]["kind"] for k in
                            self.view.get("vars", {}).get(self.spec["open_var"]) or []
                            if k in self.t.g.areas})
            entries += [(BACK, self.t.w("{things} not open yet (their cards still in the piles)",
                                        things=self.t.name("area_kinds", k, 2)))
                        for k in kinds]
        elif self.spec.get("open_var"):
            entries.append(("#eeeeee", self.t.w("faded: not in play yet")))
        return legend(entries, 8, y, self.width - 16, 11) if entries else ([], 0)

    def draw(self, title: str) -> str:
        y = self.board()
        parts = [self.key, self._grids, self._decks]
        parts += [self._beside] if self.spec.get("beside", True) else []
        parts += [self._players] if self.spec.get("panels", True) else [self._scores]
        for part in parts:
            extra, height = part(y + 6)
            self.body += extra
            y += height + (6 if height else 0)
        return svg(self.width, y + 4, self.body, title)

    def _grids(self, y: float):
        return parts.grids(self.t, self.view, self.spec, y, self.width, self.cells, self.cast)

    def _decks(self, y: float):
        return parts.decks(self.t, self.view, self.spec, y, self.width)

    def _beside(self, y: float):
        return parts.beside(self.t, self.view, self.spec, self.places, y, self.width)

    def _scores(self, y: float):
        return parts.score_strip(self.t, self.view, self.spec, y, self.width, self.cast)

    def _players(self, y: float):
        return parts.players(self.t, self.view, self.spec, self.places, y, self.width,
                             self.cast)


def _outline_hints(game) -> tuple[dict, dict | None]:
    """The outline's first `position` picture and the board picture it names."""
    from ..book.outline import game_folder, load_outline
    pictures = load_outline(game, game_folder(game)).pictures
    spec = next((p for p in pictures.values() if p.get("kind") == "position"), {})
    return spec, pictures.get(spec.get("board", ""))


def draw_position(state: Any, texts: Texts | None = None, *, lang: str = "en",
                  spec: dict | None = None, board: dict | None = None,
                  title: str = "", marks: set[str] | frozenset[str] = frozenset(),
                  cast: dict[str, str] | None = None,
                  cells: frozenset[tuple[int, int, int]] = frozenset(),
                  face_down: frozenset[Any] = frozenset()) -> str:
    """The SVG of a GameState's position as every player sees it (observe(None)), drawn on
    the board of the game's outline (or the given `spec` and `board` pictures); the tokens
    whose ids `face_down` names are drawn face down whatever the state shows."""
    game = state.game.definition
    if texts is None:
        from ...i18n.catalog import Words
        texts = Texts(game, Words(lang))
    if spec is None:
        spec, board = _outline_hints(game)
    view = state.observe(None)
    if face_down:
        view = {**view, "tokens": [{"id": t.get("id"), "kind": t["kind"], "at": t.get("at"),
                                    "owner": t.get("owner"), "shown": False}
                                   if t.get("id") in face_down else t
                                   for t in view["tokens"]]}
    return Position(texts, view, spec, board, marks, cast, cells).draw(title)


def revealed_since(before: Any, after: Any, keep: set[str] | frozenset[str] = frozenset()
                   ) -> frozenset[Any]:
    """The ids of the players' secret tokens on the board's areas that lay face down in
    `before` and face up in `after`, except at the places `keep` names: what a picture of
    `after` draws face down when only `before` and the marked places are shown on purpose
    (the engine may have played on, and revealed more, than an example tells)."""
    game = before.game.definition
    secret = {k for k, t in game.tokens.items() if getattr(t, "secret", None)}

    def face_up(state: Any) -> dict[Any, dict]:
        return {t.get("id"): t for t in state.observe(None)["tokens"]
                if t["kind"] in secret and t.get("shown")}
    was = face_up(before)
    return frozenset(tid for tid, t in face_up(after).items()
                     if tid not in was and t.get("owner") is not None and
                     t.get("at") in game.areas and t.get("at") not in keep)


def position(texts: Texts, spec: dict, title: str, game: Any = None,
             pictures: dict | None = None) -> str:
    """The outline's `position` picture: a new_state() of the game (its `players`, `seed`)
    drawn ready to play."""
    state = game.new_state(players=spec.get("players"), seed=spec.get("seed", 1))
    board = (pictures or {}).get(spec.get("board", ""))
    return draw_position(state, texts, spec=spec, board=board, title=title)


__all__ = ["draw_position", "position", "plain", "revealed_since"]
