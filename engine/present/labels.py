"""Names at the table, for every surface (terminal, web, book examples): seats with their
1-based numbers, tokens by what a seat knows of them, values (areas, connections, grid
cells), and a decision's context.

A token is named by its kind's entry in the `token_names` section of the game's text file
("{code}", "{name} ({price})"), its {placeholders} filled with the properties the seat
sees; without one, by the names of its known properties, none repeating another.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from ..game import Game
from ..i18n.game_words import GameWords, fill
from ..i18n.game_words import words as id_words
from .effects import Effects, meaning
from .table_layout import load_layout

LINK = re.compile(r"“?\[([^\]]+)\]\([^)]*\)”?")
"""A Markdown link in a text, with the quotes around it: a table says its words alone
("see Placing a building")."""
SEE_ALSO = re.compile(r"\s*\([^()]*?\[[^\]]+\]\(#[^)]*\)[^()]*\)")
"""A parenthesis pointing to a section of the rulebook ("(see “[Drawing cards](#...)”)"):
the table cannot show that section, so it leaves the pointer out."""


def seat_label(gw: GameWords, seat: int) -> str:
    """A seat as a person reads it: its colour and its number counted from 1 ("Red (1)")."""
    return gw.w("{seat} ({number})", seat=gw.seat(seat), number=seat + 1)


def token_label(gw: GameWords, token: dict) -> str:
    """A token by what the seat sees of it: "green building 1", "Gold", "card" (face down)."""
    kind = gw.definition.tokens.get(token.get("kind", ""))
    if kind is None:
        return gw.piece(token.get("kind", "token"))
    known = {p: token[p] for p in kind.props if p in token and token[p] is not None}
    if not known:
        return gw.piece(kind.name)
    template = gw.text("token_names", kind.name)
    if template is not None:
        filled = fill(template, {p: prop_text(gw, v) for p, v in known.items()})
        if "{" not in filled:
            return ", ".join([part_numbers(gw, token, filled), *shown_flags(gw, token)])
    names: list[str] = []
    for value in known.values():
        text = prop_text(gw, value)
        if not any(text.lower() in other.lower() for other in names):
            names = [n for n in names if n.lower() not in text.lower()] + [text]
    return " ".join(names) if names else gw.piece(kind.name)


_LABELS: dict[int, tuple[Any, dict]] = {}
"""Each game's table labels (table.yaml), read once: by the definition's id, with the
definition (kept, so that its id names it alone)."""


def shown_flags(gw: GameWords, token: dict) -> list[str]:
    """The names of a token's true/false properties that are true and that the table's
    labels show ("transport icon"), as the web table's buttons say them; none for a token
    whose effect text says what it does."""
    held = _LABELS.get(id(gw.definition))
    if held is None or held[0] is not gw.definition:
        held = _LABELS[id(gw.definition)] = (gw.definition, load_layout(gw.definition).labels)
    labels = held[1]
    if effects_of(gw).of_token(token):
        return []
    return [gw.prop(p) for p in labels.get(token.get("kind"), []) if token.get(p) is True]


def kinds_of_piece(definition: Any, value: Any) -> list[str] | None:
    """The few kinds a piece comes in, in the data's order, if `value` is one of them (a
    card's type: a value of a token property with at most nine values); None otherwise."""
    for kind in definition.tokens.values():
        for column in kind.props.values():
            if value in column:
                kinds = list(dict.fromkeys(v for v in column if isinstance(v, str)))
                if len(kinds) <= 9 and value in kinds:
                    return kinds
    return None


def is_kind_of_piece(definition: Any, value: str) -> bool:
    """Whether a value is one of the few kinds a piece comes in, not a piece of its own."""
    return kinds_of_piece(definition, value) is not None


def part_numbers(gw: GameWords, token: dict, name: str) -> str:
    """A grid token's name with the numbers printed on its parts, by the part's type, so
    that two tiles of the same types and cost read apart ("cultural (cost 3), icon:
    cultural 2")."""
    grid = next((g for g in gw.definition.grids.values() if g.token == token.get("kind")),
                None)
    if grid is None or not grid.parts or not grid.part_props:
        return name
    parts, marks = token.get(grid.parts), token.get(grid.part_props[0])
    if not isinstance(parts, list) or not isinstance(marks, list):
        return name
    found = [f"{gw.value(p)} {m}" for p, m in zip(parts, marks)
             if isinstance(m, int) and not isinstance(m, bool) and m]
    if not found:
        return name
    return gw.w("{token}, {property}: {values}", token=name,
                property=gw.prop(grid.part_props[0]), values=", ".join(found))


def prop_text(gw: GameWords, value: Any) -> str:
    """A token property's value as words; a list of parts with its repeats counted
    ("commercial/industrial×3"), or once if all are the same ("park")."""
    if isinstance(value, list) and len(value) > 2 and all(isinstance(v, str) for v in value):
        if len(set(value)) == 1:
            return gw.value(value[0])
        runs: list[list] = []
        for v in value:
            if runs and runs[-1][0] == v:
                runs[-1][1] += 1
            else:
                runs.append([v, 1])
        return "/".join(gw.value(v) if n == 1 else f"{gw.value(v)}×{n}" for v, n in runs)
    return gw.value(value)


class Namer:
    """Names the values of one seat's view: tokens by id, connections, cells, areas."""

    def __init__(self, game: Game, gw: GameWords, view: dict | None = None):
        self.game, self.gw = game, gw
        self.tokens = {t["id"]: t for t in (view or {}).get("tokens", []) if "id" in t}
        self.seat = (view or {}).get("seat")
        self.view = view or {}
        self.offered: list = []            # the cells the question being named offers

    def option(self, value: Any, named: Any = (), kind: str = "") -> str:
        """An option of a decision: a named action by its name; a player by their seat's
        name (`kind` "player"); a place with what lies there, belonging to nobody ("first
        row (Gold, 2×Joker)")."""
        if isinstance(value, str) and value in named:
            return self.gw.value(value)
        label = self.value(value, kind)
        definition = self.game.definition
        if isinstance(value, str) and (value in definition.locations or
                                       value in definition.areas):
            here = [token_label(self.gw, t) for t in self.tokens.values()
                    if t.get("at") == value and t.get("owner") is None and
                    t.get("controller") is None]
            if here:
                counts = Counter(here)
                label = self.gw.w("{place} ({things})", place=label, things=", ".join(
                    t if n == 1 else f"{n}×{t}" for t, n in counts.items()))
        return label

    def options(self, values: list[Any], named: Any = (), kind: str = "",
                context: dict | None = None) -> list[str]:
        """The labels of a decision's options: each as `option` names it; a number that
        picks one of the seat's own pieces (a card by its number) with that piece's name;
        with the game's label for it (`labelled`); and with what the option does when the game
        writes its effect ("Local Radio — Gain 1 coin.")."""
        pieces = self.own_pieces(values, named, kind) if kind != "player" else {}
        self.offered = [v for v in values if _is_cell(v)]
        out = []
        for value in values:
            label = self.option(value, named, kind)
            piece = pieces.get(value) if isinstance(value, int | str) else None
            if piece is not None and not isinstance(value, str):
                label = piece_label(self.gw, label, piece)
            label = self.labelled(label, value, context)
            effect = self.effect(value, piece)
            if effect:
                label = self.gw.w("{option} — {effect}", option=label, effect=effect)
            out.append(label)
        return out

    def labelled(self, label: str, value: Any, context: dict | None) -> str:
        """An option's label as the game's `option_labels` text of the ask says it ("{option},
        {price} coins"): {option} is the label, {value} the option itself, and each other
        placeholder the value the asking procedure pairs with this option ([option, value]
        pairs); the label as it is when the game notes nothing on this option."""
        notes = (context or {}).get("option_labels") or {}
        if not notes:
            return label
        found: dict[str, Any] = {}
        for name, pairs in notes.items():
            match = next((pair[1] for pair in pairs if isinstance(pair, list) and
                          len(pair) == 2 and pair[0] == value), None) \
                if isinstance(pairs, list) else None
            if match is None:
                return label
            found[name] = match
        n = next((v for v in found.values() if isinstance(v, int) and
                  not isinstance(v, bool)), None)
        words = {"option": label, "value": self.value(value),
                 **{k: self.value(v) for k, v in found.items()}}
        entry = self.gw.text("option_labels", context["ask"], n, words)
        if entry is None:
            return label
        text = fill(entry, words)
        return label if "{" in text else text

    def effect(self, value: Any, piece: dict | None = None) -> str | None:
        """What an option does, when it is (or picks) a token or an area with an effect
        text; None otherwise."""
        effects = effects_of(self.gw)
        if piece is not None:
            return effects.of_token(piece)
        if isinstance(value, str) and value in self.tokens:
            return effects.of_token(self.tokens[value])
        if isinstance(value, str) and value in self.game.definition.areas:
            kind = self.game.definition.areas[value].get("kind", "")
            # (a text keyed by the area itself tells what happens there, on the board; an
            # option says what the area does only when a property of it picks the text)
            own = effects.of_area(value) if effects.picking(kind) != "area" else None
            return self.area_facts(value) or own or self._lone_effect(value)
        if isinstance(value, str) and value in self.game.definition.locations:
            return self._lone_effect(value)
        if isinstance(value, str) and value not in self.game.definition.locations:
            return effects.of_value(value)
        return None

    def explained(self, name: str) -> str | None:
        """`? NAME`: "Name — what it does" for an area or a seen token called `name` (any
        case; a token also by its name without its numbers, "public building") that has
        an effect text; tokens of one name that do different things are each said, on a
        line of their own. None if nothing by that name has an effect."""
        wanted = " ".join(name.split()).casefold()
        effects = effects_of(self.gw)
        for area in self.game.definition.areas:
            if self.value(area).casefold() == wanted:
                # (an area's own text first: what happens there, as its board place says)
                effect = effects.of_area(area) or self.effect(area)
                if effect:
                    return self.gw.w("{thing} — {effect}", thing=self.value(area),
                                     effect=effect)
        for kind in self.game.definition.pieces:
            if wanted in (self.gw.piece(kind).casefold(), self.gw.piece(kind, 2).casefold()):
                effect = effects.of_piece(kind)
                if effect:
                    return self.gw.w("{thing} — {effect}", thing=self.gw.piece(kind),
                                     effect=effect)
        for prop in (self.gw.texts.get("property_meanings") or {}):
            names = {self.gw.prop(prop).casefold(), self.gw.prop(prop)[:1].casefold(),
                     prop.replace("_", " ").casefold()}
            if wanted in names:      # ("? transport", or its mark "? T" on a grid's key)
                return self.gw.w("{thing} — {effect}", thing=self.gw.prop(prop),
                                 effect=meaning(self.gw, "property_meanings", prop))
        for value in (self.gw.texts.get("value_meanings") or {}):
            name = self.gw.value(value).casefold()     # ("? wars": a plural's ending too)
            if wanted in (name, value.replace("_", " ")) or \
                    wanted.startswith(name) and 0 < len(wanted) - len(name) <= 2:
                return self.gw.w("{thing} — {effect}", thing=self.gw.value(value),
                                 effect=meaning(self.gw, "value_meanings", value))
        said: dict[str, str] = {}
        for token in self.tokens.values():
            label = self.value(token["id"])
            if wanted not in (label.casefold(), label.split(" (")[0].casefold(),
                              token_label(self.gw, token).split(" (")[0].casefold()):
                continue
            effect = effects.of_token(token)
            if effect and effect not in said.values():
                said[label] = effect
        if not said:        # a card nobody has seen yet (in the box), by its name
            from .effects import rows_of
            for kind in self.game.definition.tokens:
                for row in rows_of(self.game.definition, kind):
                    named = [v for v in row.values() if isinstance(v, str) and
                             self.gw.value(v).casefold() == wanted]
                    effect = effects.of(kind, row) if named else None
                    if effect and effect not in said.values():
                        said[self.gw.value(named[0])] = effect
        return "\n".join(self.gw.w("{thing} — {effect}", thing=label, effect=effect)
                         for label, effect in said.items()) or None

    def area_facts(self, area: str) -> str | None:
        """An area of a panel that asks for `lines`, as its line says it but for the tokens
        its option's label names ("◀ now · worth 4 · Red 1, Blue 2"); None for other areas."""
        from .area_lines import area_parts, lines_panel
        from .facts import table_layout
        from .table_layout import area_names
        if "pieces" not in self.view:
            return None
        panel = lines_panel(table_layout(self.game.definition), self.game.definition)
        if panel is None or area not in area_names(panel, self.game.definition):
            return None
        return " · ".join(area_parts(self.game.definition, self.gw, self.view,
                                     {**panel, "tokens": []}, area)) or None

    def _lone_effect(self, place: str) -> str | None:
        """The effect of the one token that lies at a place and belongs to nobody (a card
        on a space of a row), if there is exactly one."""
        here = [t for t in self.tokens.values() if t.get("at") == place and
                t.get("owner") is None and t.get("controller") is None]
        return effects_of(self.gw).of_token(here[0]) if len(here) == 1 else None

    def own_pieces(self, values: list[Any], named: Any = (), kind: str = "") -> dict[Any, dict]:
        """When every option (but the named ones, such as "stop", and areas, such as an
        office offered beside the cards) is a value that one property of the seat's own
        tokens holds (the number or the name of a card in hand), each value's token; else
        nothing. Numbers 0, 1, ... n asked as numbers are a count ("how many cards do you
        draw?"), never pieces, even when some card happens to carry those numbers."""
        if kind == "number" and values == list(range(len(values))):
            return {}
        definition = self.game.definition
        values = [v for v in values if not (isinstance(v, str) and (
            v in named or v in definition.areas))]
        plain = [v for v in values if (isinstance(v, int) and not isinstance(v, bool)) or (
            isinstance(v, str) and v not in self.tokens and
            v not in definition.areas and v not in definition.locations)]
        seat = self.seat
        if not plain or len(plain) != len(values) or seat is None:
            return {}
        own = [t for t in self.tokens.values() if t.get("owner") == seat]
        props = {p for t in own for p, v in t.items() if isinstance(v, int | str) and
                 not isinstance(v, bool) and p in definition.tokens[t["kind"]].props}
        for prop in sorted(props):
            found = {}
            for value in plain:
                match = next((t for t in own if t.get(prop) == value), None)
                if match is None:
                    break
                found[value] = match
            else:
                return found
        return {}

    def value(self, value: Any, kind: str = "") -> str:
        """A value as words; `kind` (from a decision's context) tells a player from a count."""
        gw, definition = self.gw, self.game.definition
        if kind == "player" and isinstance(value, int):
            return gw.seat(value)
        if kind == "list:player" and isinstance(value, list):
            return gw.seats(value)
        if isinstance(value, str):
            if value in self.tokens:
                return token_label(gw, self.tokens[value])
            if value in definition.connections:
                first, second = definition.connections[value]
                return gw.w("{first} – {second}", first=gw.place(first), second=gw.place(second))
        said = phrase_words(gw, value)
        if said is not None:
            return said
        if isinstance(value, list) and len(value) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            return cell_words(gw, definition, value, self.view, self.offered)
        if isinstance(value, list) and value and all(_is_pair(v) for v in value):
            return gw.w.join([gw.w("{thing} ({number})", thing=self.value(v[0]), number=v[1])
                              for v in value])
        if isinstance(value, list):
            return gw.w.join([self.value(v) for v in value]) if value else gw.w("none")
        return gw.value(value)

    def filled(self, template: str | None, values: dict, kinds: dict) -> str | None:
        """A text with its {placeholders} filled from a context; None if one has no value."""
        if template is None:
            return None
        text = fill(template, {k: self.value(v, kinds.get(k, "")) for k, v in values.items()})
        return None if "{" in text else text

    def prompt(self, context: dict | None, ask: str, values: list[Any] | None = None,
               aside: bool = True) -> str:
        """The question of a decision: its prompt filled from its context, else its ask; a
        prompt's {options} are the options offered (`values`), named and joined with "or"
        ("play a card or end the turn"); a token it names comes with what the token does,
        when the game writes it, and so do the things it lists aside, unless not `aside`."""
        if context:
            n = context["prompt"].get("n")
            if n is None:           # a {one, other} prompt counts by its first number
                n = next((v for v in context["prompt"].values() if isinstance(v, int) and
                          not isinstance(v, bool)), None)
            kinds = context["prompt_kinds"]
            words = {k: self.value(v, kinds.get(k, "")) for k, v in context["prompt"].items()}
            if values is not None:
                named, kind = context.get("named") or [], context.get("option_kind", "")
                words["options"] = self.gw.w.join([self.option(v, named, kind)
                                                   for v in values], "or")
            entry = self.gw.text("prompts", ask, n if isinstance(n, int) else None, words)
            text = fill(entry, words) if entry is not None else None
            definition = self.game.definition
            for value in context["prompt"].values():
                # (a named area is the question's subject, said plainly; areas listed
                # aside, as "taken already: ...", each come with what they do)
                for item, listed in ([(v, True) for v in value if aside]
                                     if isinstance(value, list) else [(value, False)]):
                    effect = self.effect(item) if isinstance(item, str) and (
                        listed or item not in definition.areas) and \
                        item not in definition.locations and \
                        not is_kind_of_piece(definition, item) else None
                    name = self.value(item) if effect else None
                    if text and name and name in text:
                        text = text.replace(name, self.gw.w(
                            "{token} ({effect})", token=name, effect=effect.rstrip(".")), 1)
            if text and "{" not in text:
                return text
        return self.gw.ask(ask)

    def steps(self, context: dict | None) -> list[str]:
        """The steps of the game a decision is asked in, outermost first, as the game's
        `procedures` phrases say them (steps with no phrase are left out)."""
        out: list[str] = []
        for step in (context or {}).get("steps", []):
            n = step["args"].get("n")
            entry = self.gw.text("procedures", step["procedure"], n if isinstance(n, int)
                                 else None)
            text = self.filled(entry, step["args"], step["kinds"])
            text = LINK.sub(r"\1", SEE_ALSO.sub("", text)) if text else text
            if text and text not in out:
                out.append(text)
        return out


def phrase_words(gw: GameWords, value: Any) -> str | None:
    """A value that is a phrase, in words: a list whose first item names a text of the
    game's `phrases` section and whose other items are [field, value] pairs that fill it,
    each in words as a note's field is ("player": a seat's name, "players": a list of
    seats); None for any other value."""
    if not (isinstance(value, list) and value and isinstance(value[0], str)):
        return None
    template = gw.text("phrases", value[0])
    if template is None or not all(isinstance(v, list) and len(v) == 2 and
                                   isinstance(v[0], str) for v in value[1:]):
        return None
    return fill(template, {k: gw.field(k, v) for k, v in value[1:]})


def _is_pair(value: Any) -> bool:
    """Whether a value is a thing paired with its number (["street_9", 6]): a list of a
    name and a count, as a prompt names what cannot be taken and why ("Intern (6)")."""
    return isinstance(value, list) and len(value) == 2 and isinstance(value[0], str) and \
        isinstance(value[1], int) and not isinstance(value[1], bool)


def option_notes(gw: GameWords, context: dict | None, values: list[Any]) -> list[str | None]:
    """What each option of a decision costs or brings, as the game's `option_notes` text
    for its ask says it ("over a tile, 1 coin"; `<ask>__<option>` for a named option), its
    {placeholders} filled with the item of a list of the asking procedure, one per option;
    an option whose item is none has no note. A note with no placeholder is the same each
    time ("abstain — and move a house instead")."""
    if not context:
        return [None] * len(values)
    lists = {k: v for k, v in (context.get("option_values") or {}).items()
             if isinstance(v, list) and len(v) == len(values)}
    out: list[str | None] = []
    for i, value in enumerate(values):
        fields = {k: v[i] for k, v in lists.items()}
        if lists and any(v is None for v in fields.values()):
            out.append(None)        # nothing to note for this option
            continue
        count = next((v for v in fields.values() if isinstance(v, int) and
                      not isinstance(v, bool)), None)
        entries = gw.texts.get("option_notes") or {}
        key = f"{context['ask']}__{value}" if isinstance(value, str) else ""
        entry = entries.get(key) if key in entries else entries.get(context["ask"])
        shown = {k: gw.value(v) for k, v in fields.items()}
        text = None
        if isinstance(entry, str):
            text = fill(gw.w.ctx(f"{gw.game}.option_notes", entry), shown)
        elif isinstance(entry, dict) and "one" in entry and "other" in entry:
            one, other = entry["one"], entry["other"]   # (names, not literals: not extracted)
            try:
                text = gw.w.plural(f"{gw.game}.option_notes", one, other,
                                   1 if count is None else count, **shown)
            except (KeyError, ValueError, IndexError):
                text = None
        out.append(text if text and "{" not in text else None)
    return out


def _is_cell(value: Any) -> bool:
    return isinstance(value, list) and len(value) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in value)


def noted(gw: GameWords, labels: list[str], notes: list[str | None]) -> list[str]:
    """Options' labels, each followed by its note when it has one."""
    return [gw.w("{option} — {effect}", option=label, effect=note) if note else label
            for label, note in zip(labels, notes)]


def numbering_corner(definition: Any, name: str) -> tuple[int, int] | None:
    """The cell of a grid counted as row 1, column 1, fixed for the whole game: as far up
    and left of the first cell (0, 0) as a tile may ever lie; None for a grid without a
    size limit (its rows and columns move as it grows)."""
    grid = definition.grids[name]
    if not grid.fit:
        return None
    reach = max(max(w, h) for w, h in grid.fit) - 1
    return -reach, -reach


def grid_corner(definition: Any, name: str, log: Any = (), cells: Any = ()
                ) -> tuple[int, int] | None:
    """The cell counted as row 1, column 1 of a grid of limited size: `numbering_corner`,
    moved up and left only as far as a token the log has laid on that grid, or one of
    `cells`, lies beyond it (so that no row or column counts 0 or below). Read with the
    log up to an event, it names that event's spaces as they were named then; None for a
    grid without a size limit."""
    fixed = numbering_corner(definition, name)
    if fixed is None:
        return None
    xs, ys = [fixed[0]], [fixed[1]]
    for event in log:
        cell = event.get("cell") if event.get("to") == name else None
        if isinstance(cell, list) and len(cell) == 2:
            xs.append(cell[0])
            ys.append(cell[1])
    for x, y in cells:
        xs.append(x)
        ys.append(y)
    return min(xs), min(ys)


def view_corner(definition: Any, name: str, view: dict | None, cells: Any = ()
                ) -> tuple[int, int] | None:
    """`grid_corner` of a grid as a seat's view shows it now: its log, every token on that
    grid and `cells` (the spaces a question offers)."""
    view = view or {}
    laid = [tuple(t["cell"]) for t in view.get("tokens", ())
            if t.get("at") == name and isinstance(t.get("cell"), list)]
    return grid_corner(definition, name, view.get("log", ()),
                       [*laid, *(tuple(c) for c in cells)])


def cell_words(gw: GameWords, definition: Any, cell: list | tuple, view: dict | None = None,
               cells: Any = ()) -> str:
    """A space of a grid in words, "row 4, column 3", when the game's grids count their
    rows and columns the same way (`view_corner` of the seat's view, with the question's
    other `cells`); else its coordinates "(x, y)"."""
    x, y = cell
    corners = {view_corner(definition, name, view, [(x, y), *cells])
               for name in definition.grids}
    if len(corners) != 1 or None in corners:
        return f"({x}, {y})"
    corner_x, corner_y = corners.pop()
    return gw.w("row {row}, column {column}", row=y - corner_y + 1, column=x - corner_x + 1)


def piece_label(gw: GameWords, number: str, piece: dict) -> str:
    """A number that picks one of the seat's pieces, with the piece: "9: Fatherly Friend";
    a piece named only by that number reads as its kind and the number ("ballot marker
    3")."""
    thing = token_label(gw, piece)
    if thing == number:
        return gw.w("{token} {number}", token=gw.piece(piece.get("kind", "token")),
                    number=number)
    return gw.w("{number}: {thing}", number=number, thing=thing)


_EFFECTS: dict[tuple[int, str], tuple[Any, Effects]] = {}


def effects_of(gw: GameWords) -> Effects:
    """The effect texts of a game in a language, made once."""
    key = (id(gw.definition), gw.lang)
    kept = _EFFECTS.get(key)
    if kept is None or kept[0] is not gw.definition:
        kept = _EFFECTS[key] = (gw.definition, Effects(gw))
    return kept[1]


def plain_id(value: Any) -> str:
    """A value as an identifier a person could type (its id with spaces)."""
    return id_words(value) if isinstance(value, str) else str(value)
