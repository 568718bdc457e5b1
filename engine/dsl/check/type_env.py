"""The types of what a game declares, inferred from its values: constants and options (with
where each value is in the rule files), game and player variables, area and token
properties, decks, and the names scripts may use."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ...errors import Location
from ...interpreter.model import GameDef
from ..types import (
    BOOLEAN,
    NOTHING,
    PLACE,
    PLAYER,
    TEXT,
    TOKEN,
    UNKNOWN,
    Type,
    join,
    join_all,
    list_of,
    of_value,
    values_type,
)
from . import named_args

FIELD_TYPES = {"owner": PLAYER, "at": PLACE, "controller": PLAYER, "shown": BOOLEAN,
               "kind": TEXT, "id": TOKEN}
"""The fields every token has, by type."""


@dataclass(frozen=True)
class Setting:
    """One value a constant or an option may have, and where the rule files give it."""

    value: Any
    type: Type
    location: Location | None

    def shown(self) -> str:
        """The value as the rule file writes it."""
        return json.dumps(self.value, ensure_ascii=False)


class GameTypes:
    """The static types of one game's declarations."""

    def __init__(self, game: GameDef):
        self.g = game
        places = set(game.areas) | set(game.locations) | set(game.grids)
        self.places = places
        self.names: dict[str, Type] = {"areas": list_of(PLACE)}
        for name in [*game.areas, *game.locations, *game.grids]:
            self.names[name] = PLACE
        for name in [*game.pieces, *game.tokens, *game.decks, *named_args.statics(game)]:
            self.names.setdefault(name, TEXT)
        self.settings: dict[str, list[Setting]] = {}
        for name, value in game.constants.items():
            self.settings[name] = self._constant(name, value)
        for name, option in game.options.items():
            where = self._at(f"options.{name}.value") or self._at(f"options.{name}")
            self.settings[name] = [Setting(option.value, of_value(option.value, places), where)]
        self.game_vars = {k: self._variable(v.initial) for k, v in game.game_vars.items()}
        self.player_vars = {k: self._variable(v.initial) for k, v in game.player_vars.items()}
        for scope, found in (("game", game.game_vars), ("player", game.player_vars)):
            for k, v in found.items():   # a variable's type comes from its initial value
                types = self.game_vars if scope == "game" else self.player_vars
                self.settings[f"{scope}.{k}"] = [Setting(
                    v.initial, types[k], self._at(f"variables.{scope}.{k}.initial")
                    or self._at(f"variables.{scope}.{k}"))]
        self.area_props: dict[str, Type] = {}
        for area in game.areas.values():
            for prop, value in area.items():
                self.area_props[prop] = join(self.area_props.get(prop, NOTHING),
                                             of_value(value, places))
        self.token_props: dict[str, dict[str, Type]] = {
            kind: {prop: values_type(values, places) for prop, values in tok.props.items()}
            for kind, tok in game.tokens.items()}
        self.deck_types = {name: values_type(deck.cards, places)
                           for name, deck in game.decks.items()}

    def _at(self, dotted: str) -> Location | None:
        return self.g.source_locations.get(dotted)

    def _constant(self, name: str, value: Any) -> list[Setting]:
        if isinstance(value, dict) and "by_players" in value:
            return [Setting(v, of_value(v, self.places),
                            self._at(f"constants.{name}.by_players.{n}")
                            or self._at(f"constants.{name}"))
                    for n, v in value["by_players"].items()]
        return [Setting(value, of_value(value, self.places), self._at(f"constants.{name}"))]

    def _variable(self, initial: Any) -> Type:
        found = of_value(initial, self.places)
        return list_of(UNKNOWN) if found.name == "list" else found

    def only_player_variable(self, attr: str) -> bool:
        """Whether `x.attr` can only be a player variable (no area or token has it)."""
        return attr in self.player_vars and attr not in self.area_props and \
            self.token_prop(attr) is None and attr not in FIELD_TYPES

    def setting_type(self, name: str) -> Type:
        """The type of a constant or an option: one of its values."""
        found = join_all(s.type for s in self.settings[name])
        return UNKNOWN if found == NOTHING else found

    def token_prop(self, attr: str, kind: str | None = None) -> Type | None:
        """The type of a token property (of one kind, or of any kind that has it)."""
        kinds = [kind] if kind in self.token_props else list(self.token_props)
        found = [self.token_props[k][attr] for k in kinds if attr in self.token_props[k]]
        return join_all(found) if found else None

    def attr(self, base: Type, attr: str) -> Type | None:
        """The type of `base.attr`; None if a value of that type cannot have it."""
        base_name = base.name
        if base_name in ("number", "player"):
            return self.player_vars.get(attr)
        if base_name == "place":
            return self.area_props.get(attr)
        if base_name == "token":
            field = FIELD_TYPES.get(attr)
            return field if field is not None else self.token_prop(attr)
        if base_name in ("boolean", "list", "none", "mapping"):
            return None
        sources = [self.area_props.get(attr), self.token_prop(attr), FIELD_TYPES.get(attr)]
        if base_name in ("unknown", "nothing"):
            sources.append(self.player_vars.get(attr))
        found = [t for t in sources if t is not None]
        if not found:
            return UNKNOWN if base_name != "text" else None
        joined = join_all(found)
        return UNKNOWN if joined == NOTHING else joined

    def deck_cards(self, deck: str | None) -> Type:
        """The type of a card of the deck named, or of any deck."""
        if deck in self.deck_types:
            return self.deck_types[deck]
        found = join_all(self.deck_types.values())
        return UNKNOWN if found == NOTHING else found
