"""A worked example told in words, from the scenario it was played from (examples.py):

- the position: what the scenario's `set` steps put where (from their log), as it stands;
- the play: every decision of an `act` step, in the game's words (`told` texts: how a
  decision reads, "places a marker worth {choice}"; a fixed choice may have its own);
- what follows: the facts of each `expect` step (counts, tokens, the game's log messages,
  who decides next, the winners), which held when the scenario ran.

A step may carry `say: KEY`: the text file's `example_steps.<id>__KEY` is told first (its
placeholders are seat names, {red}, read as the cast's names); `tell: false` leaves the
step's own telling out. Nothing here writes a number: every number comes from the run.
"""

from __future__ import annotations

from typing import Any

from ...i18n.game_words import GameWords
from ...interpreter.state import piece_counts
from ...scenarios.document import action_id
from ..texts import Texts, sentence
from .examples import Beat, Played


class CastWords(GameWords):
    """The game's words, with seats named by the example's cast."""

    def __init__(self, definition: Any, w, names: list[str]):
        super().__init__(definition, w)
        self.names = names

    def seat(self, player: Any) -> str:
        if isinstance(player, int) and not isinstance(player, bool) and \
                0 <= player < len(self.names):
            return self.names[player]
        return super().seat(player)


class Narrator:
    """Tells one played example in one language."""

    def __init__(self, texts: Texts, played: Played):
        self.t = texts
        self.w = texts.w
        self.g = texts.g
        self.p = played
        seats = self.g.seats[:played.players]
        self.names = [played.cast.get(s) or self.t.name("seats", s) for s in seats]
        self.gw = CastWords(self.g, self.w, self.names)

    # -- the whole example ---------------------------------------------------------------
    def title(self) -> str:
        return self.t.name("examples", self.p.id)

    def cast(self) -> str:
        """"Players: Ann (Red), Bob (Blue) ..." (empty without a cast)."""
        if not self.p.cast:
            return ""
        seats = self.g.seats[:self.p.players]
        items = [self.w("{name} ({colour})", name=self.names[i],
                        colour=self.t.colour(s)) for i, s in enumerate(seats)]
        return self.w("Players: {list}.", list=self.w.join(items))

    def start(self) -> int:
        """Where the play begins: after the last set step before the first action (play
        that only leads up to the position is not told)."""
        beats = self.p.beats
        first = next((i for i, b in enumerate(beats) if b.kind == "act"), len(beats))
        sets = [i for i, b in enumerate(beats[:first]) if b.kind == "set"]
        return sets[-1] + 1 if sets else 0

    def position(self) -> list[str]:
        """Sentences for what the set steps before the play put on the table."""
        out: list[str] = []
        for beat in self.p.beats[:self.start()]:
            if beat.kind == "set":
                out += self.said(beat)
                if beat.node.get("tell", True):
                    out += self.set_step(beat)
        return out

    def play(self) -> list[list[str]]:
        """The told steps after the position: each a list of sentences."""
        out: list[list[str]] = []
        last = ""
        for beat in self.p.beats[self.start():]:
            said = self.said(beat)
            told = self.step(beat) if beat.node.get("tell", True) else []
            told = told + said if beat.kind == "expect" else said + told   # results first
            if not told:
                continue
            if beat.kind == "expect" and last in ("act", "auto", "run"):
                out[-1] += told           # a decision and what it leads to: one item
            else:
                out.append(told)
            last = beat.kind
        return out

    def next_decides(self, beat: Beat) -> tuple[int, str] | None:
        """(player, ask) of the first decision of the play step right after `beat`."""
        beats = self.p.beats
        i = beats.index(beat)
        if i + 1 < len(beats) and beats[i + 1].kind == "act":
            for event in beats[i + 1].events:
                if event.get("e") == "choice":
                    return event["player"], event.get("ask")
        return None

    def said(self, beat: Beat) -> list[str]:
        key = beat.node.get("say")
        if not key:
            return []
        seats = dict(zip(self.g.seats, self.names))
        return [sentence(self.t.name("example_steps", f"{self.p.id}__{key}", **seats))]

    def step(self, beat: Beat) -> list[str]:
        if beat.kind == "set":
            return self.set_step(beat)
        if beat.kind in ("act", "auto", "run"):
            return self.decisions(beat.events)
        if beat.kind == "expect":
            return self.facts(beat)
        return []

    # -- the position --------------------------------------------------------------------
    def set_step(self, beat: Beat) -> list[str]:
        """What a set step put where, key by key as the scenario writes it, with the numbers
        of the position it made."""
        body = beat.node.get("set") or {}
        state = beat.state.data
        areas: dict[str, list[str]] = {}
        players: dict[int, list[str]] = {}
        out: list[str] = []
        for key, value in body.items():
            if key in ("place", "counts"):
                for item in value if isinstance(value, list) else [value]:
                    self._held(item, state, areas, players)
            elif key == "tokens":
                for item in value if isinstance(value, list) else [value]:
                    self._moved(item, areas)
            elif key == "deck":
                for deck, order in value.items():
                    cards = order.get("cards", []) if isinstance(order, dict) else order
                    out.append(sentence(self.w("{deck}, in order: {cards}", deck=self.t.name(
                        "decks", deck), cards=self.w.join([self.t.value(c) for c in cards]))))
            elif key == "tracks":
                for track, discs in value.items():
                    items = [self.w("{player} on space {n}", player=self.names[self.seat(p)],
                                    n=n) for p, n in discs.items()]
                    out.append(sentence(self.w("{track}: {list}", track=self.t.name(
                        "tracks", track), list=self.w.join(items))))
            elif key == "resources":
                for res, held in value.items():
                    for p, n in held.items():
                        players.setdefault(self.seat(p), []).append(self.w(
                            "{n} {things}", n=n, things=self.t.name("resources", res, n)))
            elif key == "piles":
                for kind, seats in value.items():
                    for p, piles in seats.items():
                        for place, pile in piles.items():
                            cards = pile.get("cards", []) if isinstance(pile, dict) else pile
                            players.setdefault(self.seat(p), []).append(
                                self._cards(kind, cards, place))
            elif key == "connections":
                out += self._connections(value, state)
            elif key in ("vars", "player_vars"):
                out += self._variables(key, value)
        lines = [sentence(self.w("{place}: {list}", place=self.place_name(place),
                                 list=self.w.join(items)))
                 for place, items in areas.items()]
        lines += [sentence(self.w("{player}: {list}", player=self.names[p],
                                  list=self.w.join(items)))
                  for p, items in players.items() if p is not None]
        return lines + out

    def place_name(self, place: str) -> str:
        """An area's name, or a place off the board as the glossary names it."""
        if place in self.g.areas:
            return self.t.area(place)
        return self.t.name("locations", place)

    def _held(self, item: dict, state: dict, areas: dict, players: dict) -> None:
        kind = item.get("piece", item.get("count"))
        player = self.seat(item.get("player"))
        at = item.get("at")
        if kind not in self.g.pieces or player is None or not isinstance(at, str):
            return
        n = piece_counts(self.g, state)[kind].get(at, [0] * (player + 1))[player]
        if at in self.g.areas:
            areas.setdefault(at, []).append(self.holding(player, kind, n))
        else:
            things = self.t.thing(kind, n if n else 2)
            players.setdefault(player, []).append(self.w("{n} {things} {place}", n=n,
                                                         things=things,
                                                         place=self.t.place(at, "in")))

    def holding(self, player: int, kind: str, n: int) -> str:
        if n == 0:
            return self.w("{player} no {things}", player=self.names[player],
                          things=self.t.thing(kind, 2))
        return self.w("{player} {n} {things}", player=self.names[player], n=n,
                      things=self.t.thing(kind, n))

    def _moved(self, item: dict, areas: dict) -> None:
        """A token the scenario put somewhere: "street space 1: card (Donor)"."""
        select = item.get("select") or {}
        kind = select.get("kind")
        to = item.get("to")
        if kind not in self.g.tokens or not isinstance(to, str):
            return
        text = self.described(kind, {k: v for k, v in select.items()
                                     if k not in ("kind", "owner", "at")})
        if item.get("controller") is not None:
            text = self.w("{token}, controlled by {player}", token=text,
                          player=self.names[self.seat(item["controller"])])
        areas.setdefault(to, []).append(text)

    def described(self, kind: str, props: dict, n: int = 1) -> str:
        """A token kind with the properties that tell it apart: "piece (home area North)",
        "card (Jester)" (a kind's first property, such as a card's name, goes unnamed)."""
        name = self.t.thing(kind, n)
        if not props:
            return name
        tk = self.g.tokens[kind]
        first = next(iter(tk.props), None)
        shown = [self.t.value(v) if k == first or not self.t.has("properties", k) else
                 self.w("{property} {value}", property=self.t.name("properties", k, 1),
                        value=self.t.value(v)) for k, v in props.items()]
        return self.w("{token} ({which})", token=name, which=", ".join(shown))

    def _cards(self, kind: str, cards: list, place: str) -> str:
        """"3 cards (X) in their hand": the cards a scenario put in a pile, counted."""
        from collections import Counter
        tk = self.g.tokens.get(kind)
        first = next(iter(tk.props), None) if tk else None
        counted = Counter(self.t.value(c if not isinstance(c, dict) else c.get(first))
                          for c in cards)
        items = [self.w("{n} {things} ({which})", n=n, things=self.t.thing(kind, n),
                        which=value) for value, n in counted.items()]
        if not items:
            items = [self.w("no {things}", things=self.t.thing(kind, 2))]
        return self.w("{things} {place}", things=self.w.join(items),
                      place=self.t.place(place, "in"))

    def _connections(self, value: dict, state: dict) -> list[str]:
        """The connections a scenario filled (grouped by kind of tile) or freed."""
        by_kind: dict[str, list[str]] = {}
        for conn, spec in value.items():
            ends = self.g.connections.get(conn, ["", ""])
            where = self.w("{a} – {b}", a=self.t.area(ends[0]), b=self.t.area(ends[1]))
            tile = (spec or {}).get("tile") or {}
            kind = tile.get("kind") if isinstance(tile, dict) else None
            by_kind.setdefault(kind if kind in self.g.tokens else "", []).append(where)
        out = []
        for kind, places in by_kind.items():
            what = self.t.thing(kind, len(places)) if kind else self.w("free connections")
            out.append(sentence(self.w("{tiles}: {list}", tiles=what[:1].upper() + what[1:],
                                       list=self.w.join(places))))
        return out

    def _variables(self, key: str, value: dict) -> list[str]:
        out = []
        items = value.items() if key == "vars" else \
            [(name, (p, v)) for p, values in value.items() for name, v in values.items()]
        for name, held in items:
            player, v = held if key == "player_vars" else (None, held)
            if isinstance(v, bool) or not isinstance(v, (int, str)):
                continue
            variable = self.t.name("game_variables", name) if player is None else \
                self.t.owned(self.names[self.seat(player)], name)
            out.append(sentence(self.w("{variable}: {value}", variable=variable,
                                       value=self.t.value(v))))
        return out

    # -- the play ------------------------------------------------------------------------
    def decisions(self, events: list[dict]) -> list[str]:
        """One sentence per run of decisions by one player; "each player ..." when every
        player decided the same."""
        groups: list[tuple[int, str, list]] = []     # (player, ask, values) in order
        for event in events:
            if event.get("e") != "choice":
                continue
            player, ask, value = event["player"], event.get("ask"), event.get("value")
            last = groups[-1] if groups else None
            if last and last[0] == player and last[1] == ask and \
                    not self.fixed(ask, value) and not self.fixed(ask, last[2][-1]):
                last[2].append(value)
            else:
                groups.append((player, ask, [value]))
        runs: list[tuple[int, list[str]]] = []
        for player, ask, values in groups:
            told = self.choice(ask, values)
            if runs and runs[-1][0] == player:
                runs[-1][1].append(told)
            else:
                runs.append((player, [told]))
        players = {p for p, _ in runs}
        if len(runs) == self.p.players > 1 and len(players) == len(runs) and \
                all(r[1] == runs[0][1] for r in runs):
            return [sentence(self.w("each player {actions}",
                                    actions=self.w.join(runs[0][1])))]
        return [sentence(self.w("{player} {actions}", player=self.names[p],
                                actions=self.w.join(actions))) for p, actions in runs]

    def value(self, value: Any) -> str:
        """An option as words: a connection by the areas it joins, a cell as (x, y), else
        the game's word."""
        if isinstance(value, list) and len(value) == 2 and \
                all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            return f"({value[0]}, {value[1]})"
        if isinstance(value, str) and value in self.g.connections:
            a, b = self.g.connections[value]
            return self.w("{a} – {b}", a=self.t.area(a), b=self.t.area(b))
        return self.gw.value(value)

    def fixed(self, ask: Any, value: Any) -> bool:
        """The option has a text of its own (`told.<ask>__<option>`)."""
        return self.t.has("told", f"{ask}__{action_id(value)}")

    def choice(self, ask: Any, values: list) -> str:
        """How one decision (or several alike in a row) reads: the game's `told` text of the
        ask, or of the option taken."""
        if len(values) == 1 and self.fixed(ask, values[0]):
            return self.t.name("told", f"{ask}__{action_id(values[0])}")
        shown = self.w.join([self.value(v) for v in values])
        if self.t.has("told", str(ask)):         # {one, other}: one option or several
            return self.t.name("told", str(ask), len(values), choice=shown)
        return self.w("chooses {choice}", choice=shown)

    # -- what follows --------------------------------------------------------------------
    def facts(self, beat: Beat) -> list[str]:
        body = beat.node.get("expect")
        facts = body if isinstance(body, list) else [body]
        out = []
        for fact in facts:
            told = self.fact(fact, beat) if isinstance(fact, dict) else ""
            if told and sentence(told) not in out:
                out.append(sentence(told))
        return out

    def seat(self, value: Any) -> int | None:
        seats = list(self.g.seats)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        return seats.index(value) if value in seats else None

    def fact(self, f: dict, beat: Beat) -> str:
        if "count" in f:
            return self.count_fact(f)
        if "token" in f:
            return self.token_fact(f, beat)
        if "log" in f:
            return self.log_fact(f["log"], beat)
        if "ask" in f and f.get("ask") and "player" in f:
            if self.next_decides(beat) == (self.seat(f["player"]), f["ask"]):
                return ""                 # the next step tells the decision itself
            return self.w("now {player} decides: {ask}", player=self.names[self.seat(
                f["player"])], ask=self.gw.ask(f["ask"]))
        if "winners" in f:
            winners = [self.names[self.seat(p)] for p in f["winners"]]
            return self.w.plural(None, "{players} wins", "{players} win", len(winners),
                                 players=self.w.join(winners))
        if "funds" in f and "player" in f and "is" in f:
            n = f["is"]
            return self.w("{player} has {n} {things}", player=self.names[self.seat(
                f["player"])], n=n, things=self.t.name("resources", f["funds"], n))
        if "track" in f and "player" in f and "at" in f:
            return self.w("{player} is on space {n} of {track}", player=self.names[
                self.seat(f["player"])], n=f["at"], track=self.t.name("tracks", f["track"]))
        if "track" in f and "order" in f:
            return self.w("on {track}, the order is {players}", track=self.t.name(
                "tracks", f["track"]), players=self.w.join(
                [self.names[self.seat(p)] for p in f["order"]]))
        return ""

    def count_fact(self, f: dict) -> str:
        kind = f["count"]
        n = f.get("is", f.get("at_least", f.get("at_most")))
        if not isinstance(n, int) or isinstance(n, bool):
            return ""
        extra = {k: v for k, v in f.items()
                 if k not in ("count", "player", "owner", "at", "is", "at_least", "at_most",
                              "from", "as", "shown")}
        things = self.t.thing(kind, n if n else 2)
        if extra:
            things = self.w("{things} ({which})", things=things, which=", ".join(
                self.filter(k, v) for k, v in extra.items()))
        at = f.get("at")
        place = self.t.place(at, "in") if isinstance(at, str) else ""
        who = f.get("player", f.get("owner"))
        amount = str(n) if "is" in f else self.w("at least {n}", n=n) if "at_least" in f \
            else self.w("at most {n}", n=n)
        if who is not None and self.seat(who) is not None:
            if n == 0 and "is" in f:
                return self.w("{player} has no {things} {place}", player=self.names[
                    self.seat(who)], things=things, place=place).replace("  ", " ")
            return self.w("{player} has {n} {things} {place}", player=self.names[
                self.seat(who)], n=amount, things=things, place=place).replace("  ", " ")
        return self.w("{place}: {n} {things}", place=self.t.area(at) if at in self.g.areas
                      else place, n=amount, things=things)

    def filter(self, key: str, value: Any) -> str:
        if key == "controller":
            return self.w("controlled by {player}", player=self.names[self.seat(value)]) \
                if value is not None else self.w("controlled by nobody")
        return self.w("{property} {value}", property=self.t.name("properties", key, 1),
                      value=self.t.value(value))

    def token_fact(self, f: dict, beat: Beat) -> str:
        select = f["token"] if isinstance(f["token"], dict) else {"kind": f["token"]}
        kind = select.get("kind")
        if kind not in self.g.tokens:
            return ""
        parts = [self.filter(k, v) for k, v in select.items() if k not in ("kind", "owner",
                                                                           "at")]
        name = self.t.thing(kind, 1)
        if parts:
            name = self.w("{things} ({which})", things=name, which=", ".join(parts))
        if select.get("owner") is not None:
            name = self.w("{owner}'s {token}", owner=self.names[self.seat(select["owner"])],
                          token=name)
        out = ""
        if "at" in f:
            out = self.w("{token} is {place}", token=name, place=self.t.place(f["at"], "in"))
        if "controller" in f:
            controlled = self.filter("controller", f["controller"])
            out = self.w("{token}, {controlled}", token=out or name, controlled=controlled)
        return out

    def log_fact(self, pattern: dict, beat: Beat) -> str:
        """The game's own log text of the event the fact found (the first since the last
        play step), with every field it holds."""
        if not isinstance(pattern, dict):
            return ""
        event = self.found(pattern, beat)
        if event is None:
            return ""
        if event.get("e") == "note":
            fields = {k: v for k, v in event.items() if k not in ("e", "msg", "private",
                                                                   "masked")}
            if not self.t.has("notes", event.get("msg", "")):
                return ""
            return self.gw.note(event["msg"], fields)
        if event.get("e") == "reveal" and event.get("player") is not None:
            values = [self.t.value(v) for k, v in event.items()
                      if k not in ("e", "token", "piece", "player", "at", "private", "masked")]
            return self.w("{owner}'s {token} {place} is turned face up: {values}",
                          owner=self.names[event["player"]],
                          token=self.t.thing(event.get("piece", ""), 1),
                          place=self.t.place(event["at"], "in") if event.get("at") else "",
                          values=self.w.join(values)).replace("  ", " ")
        if event.get("e") == "move":
            n = event.get("n", 1)
            return self.w("{player} moves {n} {things} {source} {destination}",
                          player=self.names[event["player"]], n=n,
                          things=self.t.thing(event["piece"], n),
                          source=self.t.place(event["from"], "from"),
                          destination=self.t.place(event["to"], "to"))
        return ""

    def found(self, pattern: dict, beat: Beat) -> dict | None:
        scope = self.p.scope
        events = list(beat.state.log)
        start = self.p.last_play_mark(beat)
        for event in events[start:]:
            if scope.matches({"e": "note", **pattern} if "msg" in pattern and "e" not in
                             pattern else pattern, event):
                return event
        for event in events:
            if scope.matches(pattern, event):
                return event
        return None
