"""What a card, office, building or tile does, in the player's language: the same written
texts as the rulebook's reference sheets (the `effects` section of the game's text file),
for the table to show beside a choice or on hover.

    effects = Effects(gw)
    effects.of_token(token)      # "Gain 2 coins." for a card whose effect is `coins`
    effects.of_area("finance")   # an office (an area) by its effect property
    effects.of_piece("ring")     # a kind's one text (effects.ring: "..."), pieces or tokens

`effects.<kind>.<value>` is the text of the tokens (or areas) of that kind whose property
picking the effect has that value; which property picks it is found from the data: the
property whose values name the texts.
"""

from __future__ import annotations

from typing import Any

from ..i18n.data_values import DataValues
from ..i18n.game_words import GameWords
from ..texts.templates import TemplateError, parse_template

EFFECTS = "effects"
"""The text file's section of effect texts (context <game>.effects)."""


def effect_key(value: Any) -> str:
    """A property value as the key of its effect text: a list of values joined by "_"
    (a tile's ends [3, 5] as "3_5"), anything else as itself."""
    if isinstance(value, list):
        return "_".join(str(v) for v in value)
    return str(value)


def rows_of(definition: Any, kind: str) -> list[dict[str, Any]]:
    """The tokens of a kind (or the areas of an area kind) as rows of their properties,
    an area's row with its id as `area`: what effect texts are filled from."""
    if kind in definition.tokens:
        props = definition.tokens[kind].props
        count = len(next(iter(props.values()))) if props else 0
        return [{p: values[i] for p, values in props.items()} for i in range(count)]
    return [{"area": key, **{k: v for k, v in area.items() if k != "kind"}}
            for key, area in definition.areas.items() if area.get("kind") == kind]


class Effects:
    """The effect texts of one game in one language, each worked out once."""

    def __init__(self, gw: GameWords):
        self.gw = gw
        self.definition = gw.definition
        self.texts: dict[str, dict] = {k: v for k, v in (gw.texts.get(EFFECTS) or {}).items()
                                       if isinstance(v, dict)}
        self.whole: dict[str, str] = {k: v for k, v in (gw.texts.get(EFFECTS) or {}).items()
                                      if isinstance(v, str)}   # a kind's one text
        self.values = DataValues(self.definition)
        self._by: dict[str, str | None] = {}
        self._done: dict[tuple, str | None] = {}

    def picking(self, kind: str) -> str | None:
        """The property of a token kind (or area kind) whose value picks its effect text."""
        if kind not in self._by:
            keys = set(self.texts.get(kind, {}))
            best, best_count = None, 0
            for prop, values in self._properties(kind).items():
                count = len(keys & {effect_key(v) for v in values if v is not None})
                if count > best_count:
                    best, best_count = prop, count
            self._by[kind] = best
        return self._by[kind]

    def _properties(self, kind: str) -> dict[str, list]:
        token_kind = self.definition.tokens.get(kind)
        if token_kind is not None:
            return dict(token_kind.props)
        props: dict[str, list] = {}
        for key, area in self.definition.areas.items():
            if area.get("kind") == kind:
                props.setdefault("area", []).append(key)
                for prop, value in area.items():
                    props.setdefault(prop, []).append(value)
        return props

    def of(self, kind: str, row: dict[str, Any]) -> str | None:
        """The effect text of one token (or area) of `kind` with the properties `row`;
        None when the game writes none (or the properties that pick it are hidden)."""
        if kind in self.whole:
            return self.of_piece(kind)
        by = self.picking(kind)
        if by is None or row.get(by) is None:
            return None
        english = self.texts.get(kind, {}).get(effect_key(row.get(by)))
        if not isinstance(english, str):
            return None
        key = (kind, english, tuple(sorted((k, repr(v)) for k, v in row.items())))
        if key not in self._done:
            self._done[key] = self._fill(english, {k: v for k, v in row.items()
                                                   if v is not None})
        return self._done[key]

    def of_piece(self, kind: str) -> str | None:
        """What every piece (or token) of a kind does, when the game writes one text for
        the whole kind (a control ring, a start lot)."""
        english = self.whole.get(kind)
        if english is None:
            return None
        key = (kind, english, ())
        if key not in self._done:
            self._done[key] = self._fill(english, {})
        return self._done[key]

    def of_token(self, token: dict) -> str | None:
        """The effect of a token as a seat sees it (a face-down card has none)."""
        return self.of(token.get("kind", ""), token)

    def of_value(self, value: Any) -> str | None:
        """The effect a bare value names (a building's code offered as a choice): the text
        of the tokens or areas whose effect-picking property holds that value, when they
        all read the same; None otherwise."""
        if not isinstance(value, str):
            return None
        if value in self.definition.areas:
            return self.of_area(value)
        for kind, texts in self.texts.items():
            if value not in texts:
                continue
            by = self.picking(kind)
            if by is None:
                continue
            rows = [{"kind": kind, **r} for r in rows_of(self.definition, kind)
                    if effect_key(r.get(by)) == value]
            said = {self.of(kind, r) for r in rows}
            if len(said) == 1:
                return said.pop()
        return None

    def of_area(self, area: str) -> str | None:
        """The effect of an area (an office, a public building)."""
        data = self.definition.areas.get(area)
        if data is None:
            return None
        return self.of(data.get("kind", ""), {"area": area, **data})

    def _fill(self, english: str, names: dict[str, Any]) -> str | None:
        return written(self.gw, EFFECTS, english, names, self.values)


def written(gw: GameWords, section: str, english: str, names: dict[str, Any] | None = None,
            values: DataValues | None = None) -> str | None:
    """A written text of the game's text file (an effect, an option's reading) translated
    and filled in from `names` and the game's data ({most_workers}, {=2}); None if a
    placeholder cannot be filled."""
    w = gw.w
    translated = w.ctx(f"{gw.definition.id}.{section}", english)
    local = names or {}
    data = values or DataValues(gw.definition)

    def lookup(path: str) -> Any:
        if path in local:
            return local[path]
        return data.lookup(path)
    try:
        return parse_template(translated).render(lookup, w, gw.value)
    except TemplateError:
        return None


def meaning(gw: GameWords, section: str, key: str) -> str | None:
    """What a word at the table means (text.yaml `value_meanings` or `property_meanings`:
    "war", "transport"), translated and filled from the game's data ({wars_after}); None
    if the game writes none."""
    english = (gw.texts.get(section) or {}).get(key)
    return written(gw, section, english) if isinstance(english, str) else None


def whole_tile_effects(gw: GameWords, grid: Any, tokens: list[dict]) -> dict[str, str]:
    """What the drawn whole tiles of a grid (one part type over the whole tile, such as a
    milestone) do, by that part's value, when every tile of that type in the game reads
    the same effect text (a milestone, not public buildings that differ); a key to the grid
    writes it beside the part's word."""
    from .labels import effects_of
    if not grid.separate or not grid.parts:
        return {}
    drawn = {str((t.get(grid.parts) or [None])[0]): t.get("kind", "") for t in tokens
             if t.get(grid.separate) and t.get(grid.parts)}
    out: dict[str, str] = {}
    for value, kind in drawn.items():
        said = {effects_of(gw).of(kind, row) for row in rows_of(gw.definition, kind)
                if row.get(grid.separate) and str((row.get(grid.parts) or [None])[0]) == value}
        if len(said) == 1 and None not in said:
            out[value] = said.pop()
    return out
