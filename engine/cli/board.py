"""The compact board: what one seat sees, as one table that fits a terminal screen.

Built only from state.observe(seat). Rows are the places: the areas of the board that hold
something (numbered as their keys are), then the locations that hold a seat's pieces
(supply, hand), then each seat's tracks, money and variables; a column per seat, in the
seat's colour. A cell too narrow for its words counts its pieces by kind with short names
("15h 8p"), explained by the legend. Under the table: the seat's own things in full, what
belongs to no seat (a draw pile, a row of cards, a deck, the bank), and the empty areas.
Other seats' face-down tokens are only counted.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from dataclasses import dataclass, field

from rich import box
from rich.table import Table
from rich.text import Text

from ..game import Game
from ..i18n.game_words import GameWords
from ..interpreter.model import GameDef
from ..present.area_lines import all_area_lines, lines_panel, now_mark
from ..present.facts import (
    end_fact,
    game_var_facts,
    holds_seats,
    shown_game_vars,
    shown_player_vars,
    table_layout,
    used_by,
    var_kinds,
    var_text,
)
from ..present.labels import Namer, effects_of, token_label
from ..present.more_events import resource_name, track_name
from ..present.table_layout import area_names
from .colours import colour_seats, seat_style
from .grid_view import grid_maps

WRAPPED = 3
"""The lines a cell of words may wrap over before its pieces are only counted."""


def counted_words(gw: GameWords, definition: GameDef, held: Held) -> str:
    """A cell's pieces counted by kind in words ("15 cubes, 8 towers"); tokens that
    belong to an area say it ("2 guards (North)")."""
    homed = {kind for kind, _ in held.homes}
    areas = list(definition.areas)
    said = [gw.pieces(k, n) for k, n in held.counts.items() if k not in homed]
    said += [gw.w("{thing} ({number})", thing=gw.pieces(kind, n), number=gw.place(areas[home - 1]))
             for (kind, home), n in sorted(held.homes.items())]
    return ", ".join(said)


def row_height(cells: list[str], width: int) -> int:
    """The lines a row of cells takes when each wraps between words at `width`."""
    return max([1] + [wrapped_count(cell, width) for cell in cells])


def wrapped_count(text: str, width: int) -> int:
    """The lines `text` takes when wrapped between words at `width` (a longer word folds)."""
    lines, used = 1, 0
    for word in text.split():
        need = len(word) + (1 if used else 0)
        if used and used + need > width:
            lines, used = lines + 1, 0
            need = len(word)
        while need > width:
            lines, need = lines + 1, need - width
        used += need
    return lines


@dataclass
class Held:
    """What one owner has in one place: in words, and counted by kind."""

    detail: list[str] = field(default_factory=list)
    counts: Counter = field(default_factory=Counter)
    named: bool = False
    """Whether the seat sees which tokens these are (not only how many)."""
    homes: Counter = field(default_factory=Counter)
    """Tokens the table.yaml names, by kind and the number of the area they belong to."""


@dataclass
class Row:
    """One row of the board: a label, a cell per seat, and how soon it is dropped to fit
    (the highest rank first)."""

    label: str
    cells: list[Held]
    rank: int = 1
    spaces: Text | None = None
    """An area's spaces (building costs): the free ones by number, the filled ones as ■ in
    the colour of whose piece fills them."""
    asked: bool = False
    """Whether the question on screen offers this row's area (kept before the others of
    its rank)."""


def dropped_first(rows: list[Row]) -> int:
    """The index of the row to leave out first: the highest rank, then a row the question
    does not ask about, then the lowest on the table."""
    return max(range(len(rows)), key=lambda i: (rows[i].rank, not rows[i].asked, i))


def _grouped(gw: GameWords, labelled: list[tuple[str, str]]) -> list[str]:
    """Tokens' labels, the same ones counted ("2×Gold"); short labels (numbers) of one kind
    after the kind's name ("ballot markers 0 1 1 2")."""
    out: list[str] = []
    by_kind: dict[str, list[str]] = defaultdict(list)
    for label, kind in labelled:
        by_kind[kind].append(label)
    for kind, names in by_kind.items():
        if all(len(n) <= 3 for n in names):
            out.append(gw.w("{things} {labels}", things=gw.piece(kind, len(names)),
                            labels=" ".join(sorted(names))))
            continue
        out += [label if n == 1 else f"{n}×{label}" for label, n in Counter(names).items()]
    return out


def _told_apart(gw: GameWords, labelled: list[tuple[str, str, dict]]) -> list[tuple[str, str]]:
    """Tokens' labels with their kinds; tokens that read alike but do different things (two
    public buildings of one cost) get their effect after the label, so they are not
    counted as one ("public building (cost 8) (Take 2 coins)")."""
    effects: dict[str, set] = defaultdict(set)
    for label, _, token in labelled:
        effects[label].add(effects_of(gw).of_token(token))
    out = []
    for label, kind, token in labelled:
        effect = effects_of(gw).of_token(token) if len(effects[label]) > 1 else None
        out.append((gw.w("{token} ({effect})", token=label, effect=effect.rstrip("."))
                    if effect else label, kind))
    return out


def listed(things: list[str]) -> str:
    """Things side by side in a line: with commas, or with semicolons when a thing's own
    words hold a comma ("cultural (cost 3), icon: cultural 2; park (cost 2)")."""
    return ("; " if any(", " in t for t in things) else ", ").join(things)


class Board:
    """The board of one seat's view."""

    def __init__(self, game: Game, gw: GameWords, view: dict):
        self.game, self.gw, self.view = game, gw, view
        self.namer = Namer(game, gw, view)
        self.players = view["players"]
        self.seat = view.get("seat")
        self.places, self.on_grid = self._contents()
        self.short = self._short_names()
        self.used_short: set[str] = set()
        self.used_spaces = False
        self.used_homes: set[str] = set()
        self.asked: set[str] = set()        # the areas the question on screen offers

    # -- what is where -----------------------------------------------------------------
    def _contents(self) -> tuple[dict, dict]:
        """place -> owner -> Held; grid place -> owner -> tokens on it."""
        gw = self.gw
        places: dict[str, dict] = defaultdict(lambda: defaultdict(Held))
        for kind, by_place in self.view["pieces"].items():
            for place, row in by_place.items():
                for owner, n in enumerate(row):
                    if n:
                        places[place][owner].detail.append(gw.pieces(kind, n))
                        places[place][owner].counts[kind] += n
        on_grid: dict[str, Counter] = defaultdict(Counter)
        seen: dict[tuple, list[tuple[str, str]]] = defaultdict(list)
        hidden: dict[tuple, Counter] = defaultdict(Counter)
        used = used_by(self.game, self.view)
        for token in self.view["tokens"]:
            owner = token.get("owner")
            if owner is None:
                owner = token.get("controller")
            place = token.get("at")
            if place in self.game.definition.grids and "cell" in token:
                on_grid[place][owner] += 1
                continue
            held = places[place][owner]
            held.counts[token["kind"]] += 1
            home = self._home_number(token)
            if home is not None:
                held.homes[(token["kind"], home)] += 1
            if "id" in token:
                label = token_label(gw, token)
                if token["id"] in used.get(owner, ()):
                    label = gw.w("{token} (used)", token=label)
                seen[(place, owner)].append((label, token["kind"], token))
            else:
                hidden[(place, owner)][token["kind"]] += 1
        for owner, names in used.items():       # an office whose action was used
            for area in names & set(self.game.definition.areas):
                if owner in places.get(area, {}):
                    places[area][owner].detail.append(gw.w("used"))
        for (place, owner), labelled in seen.items():
            places[place][owner].detail += _grouped(gw, _told_apart(gw, labelled))
            places[place][owner].named = True
        for (place, owner), kinds in hidden.items():
            places[place][owner].detail += [gw.w("{things} face down",
                                                 things=gw.pieces(kind, n))
                                            for kind, n in kinds.items()]
        return places, on_grid

    def _home_number(self, token: dict) -> int | None:
        """The number of the area a token of a kind the table.yaml names belongs to (an
        token's home area), from the first of its labels that is an area."""
        layout = table_layout(self.game.definition)
        if token["kind"] not in (layout.named or ()):
            return None
        areas = list(self.game.definition.areas)
        for prop in (layout.labels or {}).get(token["kind"], []):
            if token.get(prop) in areas:
                return areas.index(token[prop]) + 1
        return None

    def _short_names(self) -> dict[str, str]:
        """A letter or two for each kind of piece and token, from its name."""
        out: dict[str, str] = {}
        definition = self.game.definition
        for kind in [*definition.pieces, *definition.tokens]:
            name = self.gw.piece(kind).lower()
            words = [w for w in name.replace("-", " ").split() if w[:1].isalpha()]
            candidates = [w[0] for w in words] + [words[0][:2] if words else kind[:2]] + \
                [w[:2] for w in words[1:]] + [kind[:3]]
            out[kind] = next((c for c in candidates if c not in out.values()), kind)
        return out

    # -- rows ----------------------------------------------------------------------------
    def rows(self) -> list[Row]:
        """The table's rows."""
        gw, definition = self.gw, self.game.definition
        rows: list[Row] = []
        lined = set(self.lined_areas())
        for number, area in enumerate(definition.areas, start=1):
            held = self.places.get(area, {})
            if area not in lined and any(owner is not None for owner in held):
                rows.append(self._row(f"{number} {gw.place(area)}", held, 1, area=True))
                rows[-1].spaces = self.spaces_text(area)
                rows[-1].asked = area in self.asked
        for place in definition.locations:
            held = self.places.get(place, {})
            if any(owner is not None for owner in held):
                rows.append(self._row(gw.place(place), held, 2))
        for grid, counts in self.on_grid.items():
            kind = next((t["kind"] for t in self.view["tokens"] if t.get("at") == grid), "")
            rows.append(Row(gw.place(grid), [Held([gw.pieces(kind, counts[p])],
                                                   Counter({kind: counts[p]}))
                                              if counts[p] else Held()
                                              for p in range(self.players)], 1))
        ahead = self._track_rows()             # what wins and what a seat decides by
        tracks = len(self.view.get("tracks", {}))
        return ahead[:tracks] + self._variable_rows() + ahead[tracks:] + rows

    def _row(self, label: str, held: dict, rank: int, area: bool = False) -> Row:
        cells = [held.get(p, Held()) for p in range(self.players)]
        if self.players > 1 and all(c.detail == cells[0].detail for c in cells) \
                and not area:
            rank += 2                 # the same for everyone: it tells least
        return Row(label, cells, rank)

    def own_values(self) -> Text | None:
        """The seat's own values a decision is made by (its rank-0 rows: tracks, resources,
        listed variables) in one line, "Red: victory points 3 · coins 6"; None for a
        watcher or a game without such rows."""
        if not isinstance(self.seat, int) or not 0 <= self.seat < self.players:
            return None
        said = [self.gw.w("{place}: {things}", place=row.label,
                          things=", ".join(row.cells[self.seat].detail))
                for row in self.rows() if row.rank == 0 and row.cells[self.seat].detail]
        if not said:
            return None
        return Text(f"{self.gw.seat(self.seat)}: " + " · ".join(said))

    def essential_rows(self) -> int:
        """How many rows a question keeps on screen before the story's older lines: what
        wins and what a seat decides by (rank 0), and the board's areas (rank 1)."""
        return sum(1 for row in self.rows() if row.rank <= 1)

    def _track_rows(self) -> list[Row]:
        gw, view, players = self.gw, self.view, self.players
        rows = []
        for name, track in view.get("tracks", {}).items():
            ahead = sorted(range(players), key=lambda p: (track["pos"][p], track["stamp"][p]),
                           reverse=True)
            rows.append(Row(track_name(gw, name), [
                Held([gw.w("{position} (place {rank})", position=track["pos"][p],
                           rank=ahead.index(p) + 1)]) for p in range(players)], 0))
        for name, res in view.get("bank", {}).items():
            rows.append(Row(resource_name(gw, name), [Held([str(n)]) for n in res["held"]], 0))
        return rows

    def _variable_rows(self) -> list[Row]:
        """Each seat's variables the game's table.yaml lists, in its order and always (a 0
        too: a player decides by it), in words; a game that lists none shows those that
        hold a number or a yes/no, when one of them is set."""
        values = self.view["player_vars"]
        listed = shown_player_vars(self.game, self.view)
        if listed is not None:
            kinds = var_kinds(self.game, "player")
            return [Row(self.gw.variable(name, "player"), [
                Held(["?" if name not in seat else
                      var_text(self.game, self.gw, self.view, seat[name], kinds.get(name, ""))])
                for seat in values], 0) for name in listed]
        rows = []
        for name in dict.fromkeys(k for seat in values for k in seat):
            shown = [seat.get(name) for seat in values]
            if not all(isinstance(v, int | None) for v in shown) or not any(shown):
                continue
            cells = [Held(["?" if name not in seat else "✓" if v is True else "-"
                           if v in (False, None) else str(v)])
                     for v, seat in zip(shown, values)]
            rows.append(Row(self.gw.variable(name, "player"), cells, 3))
        return rows

    def game_lines(self) -> list[Text]:
        """The game's variables the table.yaml lists that the screen's status line does not
        say ("the current row: the red cards"), one line each."""
        status = self.gw.text("screen", "status") or ""
        names = [k for k in shown_game_vars(self.game, self.view) if "{" + k + "}" not in status]
        out = []
        for name, (label, value) in zip(names, game_var_facts(self.game, self.gw, self.view,
                                                              names)):
            cards = self.view["decks"].get(self.view["vars"][name]) \
                if isinstance(self.view["vars"][name], str) else None
            if cards:                  # a variable naming a deck: the deck's cards too
                value = self.gw.w("{deck} ({cards})", deck=value, cards=", ".join(
                    "?" if c is None else self.namer.value(c) for c in cards))
            out.append(colour_seats(self.game, self.gw, self.gw.w(
                "{place}: {things}", place=label, things=value)))
        out += self.end_line()
        return out

    def end_line(self) -> list[Text]:
        """How the game ends, in one line, when the game writes it (present/facts.py)."""
        fact = end_fact(self.gw)
        return [Text(self.gw.w("{place}: {things}", place=fact[0], things=fact[1]))] \
            if fact else []

    def spaces_panel(self) -> dict | None:
        """The table.yaml's spaces of an areas panel (a building cost per space), if any."""
        for panel in table_layout(self.game.definition).panels:
            if panel.get("kind") == "areas" and panel.get("spaces"):
                return panel["spaces"]
        return None

    def spaces_text(self, area: str) -> Text | None:
        """An area's spaces in order: each free one by its number, each filled one by its
        builder's letter ("R", `builder_letters`; else ■) in the colour of whose piece fills
        it (told by the log's notes, else in seat order)."""
        spaces = self.spaces_panel()
        costs = self.game.definition.areas[area].get(spaces["property"]) if spaces else None
        if not isinstance(costs, list):
            return None
        counts = self.view["pieces"].get(spaces["piece"], {}).get(area) or []
        owners = [p for p, n in enumerate(counts) for _ in range(n)]
        if spaces.get("note"):
            told = [e.get("player") for e in self.view["log"] if e.get("e") == "note"
                    and e.get("msg") == spaces["note"] and e.get("area") == area]
            if sorted(told) == owners:
                owners = told
        out = Text()
        for i, cost in enumerate(costs):
            out.append(" " if i else "")
            if i < len(owners):
                out.append(self.builder_letters().get(owners[i], "■"),
                           style=seat_style(self.game, owners[i]))
            else:
                out.append(str(cost))
        return out

    def spaces_legend(self) -> list[Text]:
        """What the spaces column says: its title from the table.yaml, and ■ a filled one."""
        spaces = self.spaces_panel()
        if not spaces or not self.used_spaces:
            return []
        title = self.gw.text("table", spaces["label"]) if spaces.get("label") else None
        letters = self.builder_letters()
        if letters:                      # the letters said once a space is built on
            built = any(sum(row) for area, row in self.view["pieces"].get(
                spaces["piece"], {}).items() if area in self.game.definition.areas)
            piece, title = self.gw.piece(spaces["piece"], 2), \
                title or self.gw.prop(spaces["property"])
            if not built:
                return [Text(self.gw.w("{piece}: {title}", piece=piece, title=title),
                             style="dim")]
            return [Text(self.gw.w("{piece}: a number: {title}", piece=piece, title=title),
                         style="dim"),
                    Text(self.gw.w("a letter: who built there ({letters})", letters=", ".join(
                        f"{letter} {self.gw.seat(p)}" for p, letter in letters.items())),
                        style="dim")]
        return [Text(self.gw.w("{piece}: {title}; ■ a space built on", piece=self.gw.piece(
            spaces["piece"], 2), title=title or self.gw.prop(spaces["property"])),
            style="dim")]

    def builder_letters(self) -> dict[int, str]:
        """Each seat's letter for a space it built on (the first letter of its name: "R"
        Red), so a built space says whose it is without colour; empty when two seats'
        names start alike (then ■ in the builder's colour)."""
        letters = {p: self.gw.seat(p)[:1].upper() for p in range(self.players)}
        if len(set(letters.values())) < len(letters) or \
                any(not letter.isalpha() for letter in letters.values()):
            return {}
        return letters

    # -- the lines under the table ---------------------------------------------------------
    def mine(self) -> list[Text]:
        """The seat's own things outside the board's areas, in full ("hand (you): ..."):
        the table.yaml's `mine` places (the hand) before the others, all after what the other
        seats show face up there (`others_shown`)."""
        if self.seat is None:
            return []
        out = []
        first = table_layout(self.game.definition).mine or []   # the hand, before the rest
        for place in [*first, *(p for p in self.game.definition.locations if p not in first)]:
            held = self.places.get(place, {}).get(self.seat)
            if held is not None and held.detail and held.named:
                out.append(Text(self.gw.w("{place} (you): {things}",
                                          place=self.gw.place(place),
                                          things=listed(held.detail))))
        return self.others_shown() + out       # others' revealed things are news: first

    def others_shown(self) -> list[Text]:
        """The other seats' things turned face up in the places the table draws as a seat's
        own (table.yaml `mine`: a picked tile once every pick is revealed), in full:
        "picked tile (Blue): park"."""
        out = []
        shown = {(t.get("at"), t.get("owner")) for t in self.view["tokens"]
                 if t.get("shown") is True and "id" in t and "cell" not in t}
        for place in table_layout(self.game.definition).mine or []:
            if place in self.game.definition.areas:
                continue
            for seat in range(self.players):
                held = self.places.get(place, {}).get(seat)
                if seat != self.seat and (place, seat) in shown and held is not None \
                        and held.detail and held.named:
                    out.append(Text(self.gw.w("{place} ({seat}): {things}",
                                              place=self.gw.place(place),
                                              seat=self.gw.seat(seat),
                                              things=self._with_effects(place, seat)
                                              or listed(held.detail))))
        return out

    def _with_effects(self, place: str, seat: int) -> str | None:
        """The face-up tokens a seat holds at `place`, each with what it does when the game
        writes it ("public building (cost 3) — Score 1 victory point ..."); None when none
        of them has an effect text (then they are listed as the seat's own are)."""
        tokens = [t for t in self.view["tokens"] if t.get("at") == place
                  and t.get("owner") == seat and t.get("shown") is True and "cell" not in t]
        effects = [effects_of(self.gw).of_token(t) for t in tokens]
        if not any(effects):
            return None
        return listed([self.gw.w("{option} — {effect}", option=token_label(self.gw, t),
                                 effect=e) if e else token_label(self.gw, t)
                       for t, e in zip(tokens, effects)])

    def front_places(self) -> list[str]:
        """The areas the game's table.yaml draws first (a row of cards for sale): what
        lies there is shown before the board's other rows."""
        panels = table_layout(self.game.definition).panels
        if not panels or panels[0].get("kind") not in ("areas", "map"):
            return []
        return area_names(panels[0], self.game.definition)

    def front_notes(self) -> list[Text]:
        """What belongs to no seat in the areas drawn first, area by area; the areas of a
        panel that asks for `lines`, each in its line (what lies there and whose)."""
        panel = lines_panel(table_layout(self.game.definition), self.game.definition)
        if panel is not None:
            return [colour_seats(self.game, self.gw, line) for _, line in
                    all_area_lines(self.game.definition, self.gw, self.view, panel)]
        return self.notes(front=True)

    def current_line(self) -> int | None:
        """Which of the areas said each in its line is the current one, if one is."""
        panel = lines_panel(table_layout(self.game.definition), self.game.definition)
        if panel is None:
            return None
        names = area_names(panel, self.game.definition)
        return next((i for i, area in enumerate(names)
                     if now_mark(self.gw, self.view, panel, area)), None)

    def lined_areas(self) -> list[str]:
        """The areas said each in its own line (a panel's `lines`), not in the table."""
        panel = lines_panel(table_layout(self.game.definition), self.game.definition)
        return area_names(panel, self.game.definition) if panel is not None else []

    def notes(self, front: bool = False) -> list[Text]:
        """What belongs to no seat, place by place; decks; the bank; connections; the empty
        areas with their numbers (with `front`, only what lies in the areas drawn first;
        without, all but that)."""
        gw, definition = self.gw, self.game.definition
        out = []
        numbers = {a: n for n, a in enumerate(definition.areas, start=1)}
        first = set(self.front_places())
        lined = set() if front else set(self.lined_areas())
        for place in [*definition.areas, *definition.locations]:
            if (place in first) != front or place in lined:
                continue
            held = self.places.get(place, {}).get(None)
            if held is not None and held.detail:
                name = f"{numbers[place]} {gw.place(place)}" if place in numbers \
                    else gw.place(place)
                lone = self.lone_token(place) if front and place in numbers else None
                if lone:        # a card for sale: its number, name and price
                    out.append(Text(f"{numbers[place]} {lone}"))
                    continue
                things = listed(held.detail)
                effect = self.shared_effect(place)
                few = self.few_with_effects(place)
                if effect:      # (five alike say once what winning one gives)
                    things = gw.w("{things} — {effect}", things=things, effect=effect)
                elif few:       # (the two bonus tiles, each with what it is worth)
                    things = "; ".join(few)
                out.append(Text(gw.w("{place}: {things}", place=name, things=things)))
        if front:
            return [colour_seats(self.game, gw, n) for n in out]
        hidden = set(table_layout(self.game.definition).hidden)
        for name, cards in self.view["decks"].items():
            if cards and name not in hidden:
                seats = holds_seats(self.game, name)
                shown = ", ".join("?" if c is None else gw.seat(c) if seats else
                                  self.namer.value(c) for c in cards)
                out.append(Text(gw.w("{place}: {things}", place=gw.deck(name), things=shown)))
        for name, res in self.view.get("bank", {}).items():
            if res["bank"] is not None:
                out.append(Text(gw.w("bank: {things}", things=gw.w(
                    "{count} {pieces}", count=res["bank"], pieces=resource_name(gw, name)))))
        out += self._link_notes()
        lined = set(self.lined_areas())
        empty = [f"{n} {gw.place(a)}" for n, a in enumerate(definition.areas, start=1)
                 if not self.places.get(a) and a not in lined]
        if len(empty) > 12:
            out.append(Text(gw.w.plural(None, "{n} empty area", "{n} empty areas",
                                        len(empty)), style="dim"))
        elif empty:
            out.append(Text(gw.w("empty: {areas}", areas=", ".join(empty)), style="dim"))
        return [colour_seats(self.game, gw, n) for n in out]

    def shared_effect(self, place: str) -> str | None:
        """The effect text that every token lying at a place, belonging to nobody, shares
        (None if they have none, or differ)."""
        effects = {effects_of(self.gw).of_token(t) for t in self.view["tokens"]
                   if t.get("at") == place and t.get("owner") is None and "id" in t}
        return effects.pop() if len(effects) == 1 and None not in effects else None

    def few_with_effects(self, place: str, most: int = 3) -> list[str]:
        """Each token lying at a place, belonging to nobody, with what it does, when they
        are a few (at most `most`) and all have an effect text; else none."""
        here = [t for t in self.view["tokens"]
                if t.get("at") == place and t.get("owner") is None and "id" in t]
        effects = [effects_of(self.gw).of_token(t) for t in here]
        if not here or len(here) > most or None in effects:
            return []
        return [self.gw.w("{things} — {effect}", things=token_label(self.gw, t), effect=e)
                for t, e in zip(here, effects)]

    def lone_token(self, place: str, with_effect: bool = False) -> str | None:
        """The one face-up token lying in an area drawn first (a card for sale), with the
        last number its table label names (a card's price, plus the numbers the area shows,
        named: "price 2 + surcharge 1") and, `with_effect`, what it does: "Patron (price 4) — Gain
        2 coins."; None when not exactly one lies there."""
        gw = self.gw
        here = [t for t in self.view["tokens"] if t.get("at") == place and "id" in t
                and t.get("owner") is None]
        if len(here) != 1:
            return None
        token = here[0]
        label = token_label(gw, token)
        props = table_layout(self.game.definition).labels.get(token.get("kind", ""), [])
        numbers = [p for p in props if isinstance(token.get(p), int) and
                   not isinstance(token.get(p), bool)]
        if numbers:         # "(price 2 + surcharge 1)": the area's own numbers added
            area = self.game.definition.areas.get(place, {})
            added = [gw.w("{things} {labels}", things=gw.prop(p), labels=area[p])
                     for panel in table_layout(self.game.definition).panels or []
                     if "areas" in panel and place in area_names(panel, self.game.definition)
                     for p in panel.get("show") or []
                     if isinstance(area.get(p), int) and area[p]]
            label = gw.w("{token} ({which})", token=label, which=" + ".join([gw.w(
                "{things} {labels}", things=gw.prop(numbers[-1]),
                labels=token[numbers[-1]]), *added]))
        effect = effects_of(gw).of_token(token) if with_effect else None
        return gw.w("{option} — {effect}", option=label, effect=effect) if effect else label

    def _link_notes(self) -> list[Text]:
        gw, links = self.gw, self.view.get("links")
        if not links:
            return []
        laid, free = [], 0
        for cid, link in links.items():
            tile = self.namer.tokens.get(link["tile"]) if link["tile"] else None
            if tile is None:
                free += 1
                continue
            first, second = self.game.definition.connections[cid]
            ends = tile.get("ends", ["?", "?"])
            near, far = (ends[0], ends[1]) if link["facing"] == first else (ends[1], ends[0])
            laid.append(f"{gw.place(first)} {near}–{far} {gw.place(second)}")
        return [Text(gw.w("connections: {laid}; {free} free",
                          laid=", ".join(laid) or gw.w("none"), free=free))]

    def own_grids(self, brief: bool = False, room: int | None = None,
                  key: bool = True) -> list[str]:
        """The seat's own grids drawn as maps (a district of tiles), line by line; `brief`:
        their keys name each mark only; in `room` lines if given (the rows that fit, and
        a line naming the others); without their keys if not `key`."""
        if self.seat is None or not self.on_grid:
            return []
        lines: list[str] = []
        for drawn in grid_maps(self.game, self.view, self.gw, owners={self.seat},
                               effects=not brief and key, brief=brief, room=room, key=key):
            lines += drawn.splitlines()
        return lines

    def legend(self) -> list[Text]:
        """What the short names used in the table stand for, one entry per kind."""
        return [Text(self.gw.w("{short}N: the {piece} of area N", short=short, piece=self.gw.piece(
            kind)) if kind in self.used_homes else f"{short} {self.gw.piece(kind, 2)}",
                     style="dim")
                for kind, short in self.short.items() if short in self.used_short] + \
            self.spaces_legend()

    # -- drawing -------------------------------------------------------------------------
    def cell(self, held: Held, brief: bool) -> str:
        """A cell's words, or its pieces counted by kind in words ("15 cubes, 8 towers",
        "2 guards (North)")."""
        if not brief or not held.counts:
            return ", ".join(held.detail)
        return counted_words(self.gw, self.game.definition, held)

    @staticmethod
    def fits(held: Held, width: int) -> bool:
        """Whether a cell of face-up things named in words fits: it keeps its words (a
        seat's own ballot marker 3) even when the rest of its row is counted."""
        return held.named and len(", ".join(held.detail)) <= width

    def table(self, width: int, max_rows: int) -> tuple[Table, int]:
        """The board as a table at most `width` wide with at most `max_rows` rows; the
        number of rows left out. If a cell's words do not fit, every cell of its row is
        counted by kind, so a row reads alike across the seats, but for face-up things named
        in words that fit."""
        rows = self.rows()
        dropped = 0
        while len(rows) > max(max_rows, 1):
            rows.pop(dropped_first(rows))
            dropped += 1
        label_width = min(max(18, width // 4, width - 1 - 15 * self.players),
                          max([len(r.label) + 1 for r in rows] + [6]))   # + its padding
        seat_width = max(6, (width - label_width - 1) // max(self.players, 1) - 1)
        table = Table(box=box.SIMPLE_HEAD, padding=(0, 1, 0, 0), pad_edge=False,
                      show_edge=False, collapse_padding=True)
        spaced = self.used_spaces = any(r.spaces is not None for r in rows)
        if spaced:                   # an area's spaces (building costs) beside its name: a
            widest = max(r.spaces.cell_len for r in rows if r.spaces is not None)
            label_width = min(label_width, max(
                18, width - 1 - (widest + 2) - 17 * self.players,
                *(len(r.label) for r in rows if r.spaces is not None)))
            seat_width = max(6, (width - label_width - 1 - (widest + 2))   # longer label
                             // max(self.players, 1) - 1)                  # wraps
        table.add_column("", width=label_width, overflow="fold")   # a long label wraps
        if spaced:
            table.add_column(Text(self.gw.piece(self.spaces_panel()["piece"], 2)),
                             width=widest, no_wrap=True)
        for p in range(self.players):
            table.add_column(Text(self.gw.w("{seat} ({number})", seat=self.gw.seat(p),
                                            number=p + 1), style=seat_style(self.game, p)),
                             width=seat_width, overflow="fold")   # a long cell wraps
        said = [self.row_cells(row, seat_width) for row in rows]
        # whether a row's cells wrap (else one line): at most WRAPPED lines, so one row of
        # counts never pushes the seat's own lines off a small screen
        whole = [row_height(cells, seat_width) <= WRAPPED for cells in said]
        while len(rows) > 1 and sum(row_height(cells, seat_width) if w else 1 for cells, w
                                    in zip(said, whole)) > max(max_rows, 1):
            i = dropped_first(rows)
            tall = [k for k in range(len(rows)) if whole[k] and rows[k].rank <= 1
                    and row_height(said[k], seat_width) > 1]
            if rows[i].rank <= 1 and tall:   # the rows a seat decides by stay, in one line
                whole[tall[-1]] = False      # and their pieces counted
                said[tall[-1]] = [self.cell(h, True) for h in rows[tall[-1]].cells]
                continue
            del rows[i], said[i], whole[i]
            dropped += 1
        for row, cells, w in zip(rows, said, whole):
            if not w:     # one line: shorter words, else (a row of the board's areas)
                cells = [self.short_cell(h, c, seat_width - 1, row.rank <= 1)  # letters the
                         for h, c in zip(row.cells, cells)]                   # key explains
            spaces = [row.spaces or Text()] if spaced else []
            table.add_row(Text(row.label), *spaces, *(
                Text(cell) if w else Text(cell, no_wrap=True, overflow="ellipsis")
                for cell in cells))
        return table, dropped

    def short_cell(self, held: Held, said: str, width: int, letters: bool = True) -> str:
        """A one-line cell that does not fit `width`: its pieces counted with the game's
        short names (`pieces_short` in its text file: "2 houses, 4 markers"), else, with
        `letters`, by the letters of `legend` ("2h 4b a7": a7 the token whose home is area 7);
        `said` when it fits (or nothing shorter is allowed)."""
        if len(said) <= width or not held.counts:
            return said
        gw = self.gw
        homed = {kind for kind, _ in held.homes}
        areas = list(self.game.definition.areas)

        def pieces(kind: str, n: int) -> str:
            return gw.w("{count} {pieces}", count=n, pieces=gw.text("pieces_short", kind, n)
                        or gw.piece(kind, n))
        words = ", ".join([pieces(kind, n) for kind, n in held.counts.items()
                           if kind not in homed] +
                          [gw.w("{thing} ({number})", thing=pieces(kind, n),
                                number=gw.place(areas[home - 1]))
                           for (kind, home), n in sorted(held.homes.items())])
        if len(words) <= width or not letters:
            return words if len(words) < len(said) else said
        self.used_short |= {self.short[kind] for kind in held.counts}
        self.used_homes |= homed
        return " ".join([f"{n}{self.short[kind]}" for kind, n in held.counts.items()
                         if kind not in homed] +
                        [f"{n if n > 1 else ''}{self.short[kind]}{home}"
                         for (kind, home), n in sorted(held.homes.items())])

    def row_cells(self, row: Row, seat_width: int) -> list[str]:
        """A row's cells in words: whole when each fits in a few lines, else counted by
        kind in words in every cell of the row (but for face-up things named in words that
        fit)."""
        brief = any(wrapped_count(", ".join(h.detail), seat_width) > WRAPPED
                    for h in row.cells)
        return [self.cell(h, brief and not self.fits(h, seat_width)) for h in row.cells]
