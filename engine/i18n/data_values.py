"""The values of a game's data that a written text may name, each by a path.

    values = DataValues(definition)
    values.lookup("hand_limit")               # 7 (a constant)
    values.lookup("harbour.costs")            # [3, 4, 5] (a property of an area)
    values.holding(7)                         # ["hand_limit", "cube.per_player", ...]

Every value has a full path (`constants.hand_limit`, `pieces.cube.per_player`,
`areas.harbour.costs`, `tokens.card.name.merchant.price`) and, where no other value shares
it, a short one: constants and options by their name, everything else without its first
part (`cube.per_player`, `harbour.costs`, `merchant.price`). The paths:

- players.min, players.max; constants.C (per player count: constants.C.N too); options.O;
- pieces.P.per_player; tokens.T.count (tokens in a set) and tokens.T.PROP (the values);
  tokens.T.PROP.VALUE.count and tokens.T.PROP.VALUE.OTHER for the tokens whose property
  PROP is VALUE (a name, a code): `merchant.price`, `b2.value`, `joker.count`;
- areas.A.PROP; area_kinds.K.count, and area_kinds.K.PROP when every area of the kind
  shares it (`port.costs`); areas.count;
- decks.D.count; tracks.T.start and tracks.T.floor; resources.R.bank (what the box
  holds); connections.count;
- game_variables.V.initial and player_variables.V.initial: a number variable's value at the
  start (`coins.initial`);
- any list by the position of a value, from 1: `harbour.costs.2` (the second cost).
"""

from __future__ import annotations

import difflib
from collections import defaultdict
from typing import Any

from ..texts.templates import ByPlayers, TemplateError


class DataValues:
    """The nameable values of one loaded game (a GameDef)."""

    def __init__(self, definition: Any):
        self.full: dict[str, Any] = {}
        self._collect(definition)
        by_short: dict[str, list[str]] = defaultdict(list)
        for path in self.full:
            by_short[_short(path)].append(path)
        self.short = {short: paths[0] for short, paths in by_short.items() if len(paths) == 1}
        self.ambiguous = {short: paths for short, paths in by_short.items() if len(paths) > 1}

    # -- what a text may name -----------------------------------------------------------
    def lookup(self, path: str) -> Any:
        """The value a placeholder's path names (TemplateError naming the near ones)."""
        if path in self.full:
            return self.full[path]
        if path in self.short:
            return self.full[self.short[path]]
        head, _, last = path.rpartition(".")
        if head and last.isdigit():
            whole = self.full.get(head, self.full.get(self.short.get(head, ""), None))
            if isinstance(whole, list):
                if 1 <= int(last) <= len(whole):
                    return whole[int(last) - 1]
                raise TemplateError(f"{{{path}}}: {head} has {len(whole)} values; "
                                    f"{{{head}.1}} to {{{head}.{len(whole)}}} name them")
        if path in self.ambiguous:
            raise TemplateError(f"{{{path}}} could mean "
                                + ", ".join("{" + p + "}" for p in self.ambiguous[path]))
        names = list(self.short) + list(self.full)
        near = difflib.get_close_matches(path, names, n=3, cutoff=0.6)
        hint = f"; did you mean {', '.join('{' + n + '}' for n in near)}?" if near else \
            "; `regola rulebook GAME --placeholders` lists them"
        raise TemplateError(f"unknown placeholder {{{path}}}{hint}")

    def name_of(self, path: str) -> str:
        """The shortest path that names the same value as `path`."""
        full = self.short.get(path, path)
        short = _short(full)
        return short if self.short.get(short) == full else full

    def holding(self, number: float) -> list[str]:
        """The paths (short where possible) of the values equal to `number` or holding it
        in a list: the placeholders a number written by hand should have been."""
        found = []
        for path, value in self.full.items():
            if _holds(value, number):
                found.append(self.name_of(path))
        return sorted(found, key=lambda p: (p.count("."), p))

    def numbers(self) -> set[float]:
        """Every number the data holds, alone or in a list."""
        out: set[float] = set()
        for value in self.full.values():
            out.update(_numbers(value))
        return out

    def listing(self) -> list[tuple[str, Any]]:
        """(the path to write, value) for every value, in order."""
        return [(self.name_of(path), value) for path, value in self.full.items()]

    # -- collecting ---------------------------------------------------------------------
    def _put(self, path: str, value: Any) -> None:
        if isinstance(value, dict) and "by_players" in value:
            table = {int(k): v for k, v in value["by_players"].items()}
            self.full[path] = ByPlayers(table)
            for players, each in table.items():
                self.full[f"{path}.{players}"] = each
        elif _nameable(value):
            self.full[path] = value

    def _collect(self, g: Any) -> None:
        self._put("players.min", g.min_players)
        self._put("players.max", g.max_players)
        for name, value in g.constants.items():
            self._put(f"constants.{name}", value)
        for name, option in g.options.items():
            self._put(f"options.{name}", option.value)
        for name, piece in g.pieces.items():
            self._put(f"pieces.{name}.per_player", piece.per_player)
        for name, kind in g.tokens.items():
            self._tokens(name, kind)
        kinds: dict[str, list[dict]] = defaultdict(list)
        for area, props in g.areas.items():
            kinds[props.get("kind", "")].append(props)
            for prop, value in props.items():
                if prop != "kind":
                    self._put(f"areas.{area}.{prop}", value)
        self._put("areas.count", len(g.areas))
        for kind, areas in kinds.items():
            if not kind:
                continue
            self._put(f"area_kinds.{kind}.count", len(areas))
            for prop in areas[0]:
                shared = [a.get(prop) for a in areas]
                if prop != "kind" and all(v == shared[0] for v in shared):
                    self._put(f"area_kinds.{kind}.{prop}", shared[0])
        for name, deck in g.decks.items():
            self._put(f"decks.{name}.count", len(deck.cards))
        for name, track in g.tracks.items():
            self._put(f"tracks.{name}.start", getattr(track, "start", None))
            self._put(f"tracks.{name}.floor", getattr(track, "floor", None))
        for name, resource in g.resources.items():
            self._put(f"resources.{name}.bank", getattr(resource, "in_box", None))
        if g.connections:
            self._put("connections.count", len(g.connections))
        for section, variables in (("game_variables", g.game_vars),
                                   ("player_variables", g.player_vars)):
            for name, variable in variables.items():
                if isinstance(variable.initial, int | float) and \
                        not isinstance(variable.initial, bool):
                    self._put(f"{section}.{name}.initial", variable.initial)

    def _tokens(self, name: str, kind: Any) -> None:
        columns = kind.props
        count = len(next(iter(columns.values()))) if columns else 0
        self._put(f"tokens.{name}.count", count)
        for prop, values in columns.items():
            if all(_nameable(v) and not isinstance(v, list) for v in values):
                self._put(f"tokens.{name}.{prop}", list(values))
        for prop, values in columns.items():
            if not all(isinstance(v, str) or type(v) is int for v in values) or \
                    len(set(values)) == len(values) \
                    and len(values) > 1 and prop not in ("name", "code"):
                continue
            for value in dict.fromkeys(values):
                rows = [i for i, v in enumerate(values) if v == value]
                base = f"tokens.{name}.{prop}.{value}"
                self._put(f"{base}.count", len(rows))
                for other, column in columns.items():
                    if other == prop:
                        continue
                    seen = [column[i] for i in rows]
                    if all(v == seen[0] for v in seen) and seen[0] is not None:
                        self._put(f"{base}.{other}", seen[0])


def _short(path: str) -> str:
    head, _, rest = path.partition(".")
    if head in ("constants", "options"):
        return rest
    if head == "tokens" and rest.count(".") >= 3:     # tokens.T.PROP.VALUE.FIELD
        return rest.split(".", 2)[2]
    return rest if head not in ("players", "areas") or rest.count(".") else path


def _nameable(value: Any) -> bool:
    if isinstance(value, bool) or value is None:
        return isinstance(value, bool)
    if isinstance(value, int | float | str):
        return True
    if isinstance(value, list):
        return all(isinstance(v, int | float | str) and not isinstance(v, bool) for v in value)
    return False


def _holds(value: Any, number: float) -> bool:
    return number in _numbers(value)


def _numbers(value: Any) -> set[float]:
    if isinstance(value, bool):
        return set()
    if isinstance(value, int | float):
        return {value}
    if isinstance(value, list):
        return {v for v in value if isinstance(v, int | float) and not isinstance(v, bool)}
    if isinstance(value, ByPlayers):
        out: set[float] = set()
        for each in value.table.values():
            out |= _numbers(each)
        return out
    return set()
