"""What every panel draws from: the game's static data, one seat's observation, its words,
the layout, and the values the seat may pick now (shapes for them become buttons)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...i18n.game_words import GameWords, fill
from ...interpreter.model import GameDef
from ...present.labels import effects_of, token_label
from ...present.table_layout import Layout

WIDTH = 840
"""The board's width in SVG units (the page scales it; at 1280 px it is drawn about 1:1)."""
NARROW = 340
"""The board's width on a phone: drawn for about 390 px, its text at full size."""


@dataclass
class Ctx:
    """One seat's board: built only from state.observe(seat) and its legal actions."""

    definition: GameDef
    view: dict[str, Any]
    gw: GameWords
    layout: Layout
    picks: dict[str, str] = field(default_factory=dict)   # action id -> its label
    width: float = WIDTH
    subject: frozenset[str] = frozenset()   # areas, tokens, spaces the question is about
    cells: frozenset[tuple[int, int]] = frozenset()   # grid cells the question is about
    ghost: dict | None = None     # the tile in hand a candidate cell shows under the pointer
    option_kind: str = ""         # the kind of the options asked ("place": a place on the board)
    named: frozenset[str] = frozenset()   # options the rules write out ("done", "skip")
    _places: dict[str, list[dict]] | None = field(default=None, repr=False)
    _notes: dict[str, dict[Any, list]] | None = field(default=None, repr=False)

    def colour(self, seat: Any) -> str:
        """A seat's colour (grey for nobody or not a seat)."""
        if isinstance(seat, bool) or not isinstance(seat, int):
            return self.layout.seat_colour(self.definition, None)
        return self.layout.seat_colour(self.definition, seat)

    def tokens_at(self, place: str, kinds: list[str] | None = None) -> list[dict]:
        """The tokens the seat sees at a place (of the given kinds), in the view's order."""
        if self._places is None:
            self._places = {}
            for token in self.view["tokens"]:
                self._places.setdefault(token.get("at"), []).append(token)
        here = self._places.get(place, [])
        return here if kinds is None else [t for t in here if t["kind"] in kinds]

    def told(self, msg: str, area: str) -> list:
        """The players of the log's notes `msg` about `area`, in order (the log read once
        per board)."""
        if self._notes is None:
            self._notes = {}
            for event in self.view["log"]:
                if event.get("e") == "note":
                    self._notes.setdefault(event.get("msg"), {}).setdefault(
                        event.get("area"), []).append(event.get("player"))
        return self._notes.get(msg, {}).get(area, [])

    def pick(self, value_id: str) -> str | None:
        """The action id if the seat may pick this value now, else None."""
        return value_id if value_id in self.picks else None

    def about(self, value_id: object) -> bool:
        """Whether the question asked now is about this area, token or space."""
        return isinstance(value_id, str) and value_id in self.subject

    def effect_of_token(self, token: dict) -> str | None:
        """What a token does, as the game writes it (None: no text, or face down)."""
        return effects_of(self.gw).of_token(token)

    def effect_of_area(self, area: str) -> str | None:
        """What an area (an office, a public building) does, as the game writes it."""
        return effects_of(self.gw).of_area(area)

    def what_is(self, name: str) -> str | None:
        """What a kind of piece or token, or a deck, is, whatever its face: the game's
        table text `about_<name>`, else a piece kind's one effect (None if neither)."""
        return self.gw.text("table", f"about_{name}") or (
            effects_of(self.gw).of_piece(name) if name in self.definition.pieces else None)

    def explained(self, token: dict) -> str | None:
        """What a token is and does, for its hover and tap: a token some player may control
        is named with its controller ("<its name>, controlled by Red — effect"), a kind
        the layout names by its name with that name."""
        effect = self.effect_of_token(token)
        controller = token.get("controller")
        if effect is None:       # face down, or no text: what its kind is, if written
            return self.what_is(token["kind"])
        if controller is None and token["kind"] not in self.layout.named:
            return effect
        name, w = token_label(self.gw, token), self.gw.w
        if controller is not None:
            name = w("{token}, controlled by {player}", token=name,
                     player=self.gw.seat(controller))
        return w("{option} — {effect}", option=name, effect=effect)

    def effect_inputs(self, area: str) -> set[str]:
        """The area's properties its effect text is made of (the one that picks the text
        and those it fills in): shown as the text, not as raw values."""
        effects = effects_of(self.gw)
        data = self.definition.areas.get(area) or {}
        kind = str(data.get("kind", ""))
        by = effects.picking(kind)
        english = effects.texts.get(kind, {}).get(str(data.get(by))) if by else None
        if not isinstance(english, str):
            return set()
        return {by} | {p for p in data if "{" + p in english}

    def label(self, token: dict) -> list[str]:
        """A token as words: its name first, then details; "?" if the seat cannot see it."""
        kind = self.definition.tokens.get(token["kind"])
        if kind is None:
            return [self.gw.piece(token["kind"])]
        if token["kind"] in self.layout.named:
            return [token_label(self.gw, token)]
        props = self.layout.labels[token["kind"]] if token["kind"] in self.layout.labels \
            else list(kind.props)[:2]
        if not props:
            return [self.gw.piece(token["kind"])]
        shown = [self.gw.prop(p) if token[p] is True else self.detail(p, token[p])
                 for p in props if token.get(p) is not None and token[p] is not False]
        if not shown:
            hidden = any(p in kind.secret for p in props) and not all(p in token for p in props)
            return ["?"] if hidden else [self.gw.piece(token["kind"])]
        return shown

    def detail(self, prop: str, value: Any) -> str:
        """A property on a token's label: as the game's `table` text `label_<property>`
        says it ("price {value}"), else as the value alone."""
        template = self.gw.text("table", f"label_{prop}")
        if template is not None:
            return fill(template, {"value": self.value(value)})
        return self.value(value)

    def value(self, value: Any) -> str:
        """A property value as words (a list of numbers as 3·4)."""
        if isinstance(value, list) and value and all(isinstance(v, int) for v in value):
            return "·".join(str(v) for v in value)
        return self.gw.value(value)
