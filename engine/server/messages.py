"""What one client is sent: built only from state.observe(seat) and the seat's own legal
actions (a spectator: observe(None), no actions), plus who sits where. The seed is added
once the game is over. `seat_message` is a pure function of those inputs."""

from __future__ import annotations

import dataclasses
import json
import marshal
import re
from typing import Any

from ..game import Game
from ..i18n.catalog import Words
from ..i18n.game_words import GameWords
from ..loading.loader import load_game
from ..present.effects import meaning
from ..present.events import event_text, result_lines
from ..present.facts import (
    end_fact,
    game_var_facts,
    held_facts,
    player_var_facts,
    status_line,
)
from ..present.labels import (
    Namer,
    cell_words,
    effects_of,
    noted,
    option_notes,
    part_numbers,
    piece_label,
    prop_text,
    token_label,
)
from ..present.more_events import resource_name, track_name
from ..present.scores import score_table, ties_line, verdict
from ..present.story import Entry, KeptStory, ended_log, entry_text, story
from ..present.table_layout import Layout
from .svg.board import draw_board, draw_mine
from .svg.context import NARROW, Ctx
from .svg.grids import question_map, tile, tile_text
from .svg.placing import candidate_ghosts, context_cells, placing_now, rotation_pictures
from .ui_words import seat_kind_name


class RememberedWords(GameWords):
    """GameWords that look each of the game's texts up once (the server draws many views)."""

    def __init__(self, definition: Any, w: Words):
        super().__init__(definition, w)
        self._texts: dict[tuple, str | None] = {}

    def text(self, section: str, key: Any, n: int | None = None,
             values: dict[str, Any] | None = None) -> str | None:
        """As GameWords.text, remembered (a text filled with values is not)."""
        if not isinstance(key, str):
            return None
        if values:
            return super().text(section, key, n, values)
        found = self._texts.get((section, key, n), self)
        if found is self:
            found = self._texts[(section, key, n)] = super().text(section, key, n)
        return found


_WORDS: dict[tuple[int, str], tuple[Any, RememberedWords]] = {}


def game_words(definition: Any, words: Words) -> GameWords:
    """The words of a game in a language, made once."""
    kept = _WORDS.get((id(definition), words.lang))
    if kept is None or kept[0] is not definition:
        kept = _WORDS[(id(definition), words.lang)] = (definition,
                                                       RememberedWords(definition, words))
    return kept[1]


LOG_LINES = 40
"""Most story entries in one message (the latest)."""
SPECTATOR_LINES = 30
"""Story entries a spectator is shown (the latest)."""
DETAIL_LINES = 60
EARLIER_SHOWN = 4
"""How many entries the story shows at least: earlier ones fill in when fewer are new."""
"""Most raw moves sent under one story entry (the latest)."""


def action_label(gw: GameWords, action: dict, tokens: dict[str, dict], ctx: Ctx,
                 kind: str = "") -> str:
    """A button's text: a player's seat name (`kind` "player", from the decision's
    context), a token's name for a token, a cell's coordinates, else the value."""
    value = action["value"]
    if kind == "player" and isinstance(value, int) and not isinstance(value, bool):
        return gw.seat(value)
    if isinstance(value, str) and value in tokens:
        return token_words(gw, tokens[value], ctx)
    ends = ctx.definition.connections.get(value) if isinstance(value, str) else None
    if ends and gw.text("choices", value) is None:
        return gw.w("{first} – {second}", first=gw.place(ends[0]), second=gw.place(ends[1]))
    if isinstance(value, list) and len(value) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in value):
        if action.get("ask") in (gw.texts.get("option_notes") or {}):
            return cell_words(gw, ctx.definition, value, ctx.view, offered_cells(ctx))
        return _cell_holding(gw, ctx, value)
    return gw.value(value)


def offered_cells(ctx: Ctx) -> list[tuple[int, int]]:
    """The cells the seat's question offers (its options' ids are their values)."""
    out = []
    for action_id in ctx.picks:
        try:
            value = json.loads(action_id)
        except ValueError:
            continue
        if isinstance(value, list) and len(value) == 2 and all(
                isinstance(v, int) and not isinstance(v, bool) for v in value):
            out.append((value[0], value[1]))
    return out


def _cell_holding(gw: GameWords, ctx: Ctx, cell: list) -> str:
    """A space of the seat's own grid by row and column, with what stands on it."""
    words = cell_words(gw, ctx.definition, cell, ctx.view, offered_cells(ctx))
    seat = ctx.view.get("seat")
    here = [t for t in ctx.view["tokens"] if t.get("at") in ctx.definition.grids
            and t.get("cell") == list(cell) and t.get("owner") == seat]
    if not here:
        return words
    top = max(here, key=lambda t: t.get("level", 0))
    return gw.w("{space}, holding {token}", space=words, token=token_label(gw, top))


def button_label(gw: GameWords, namer: Namer, action: dict, tokens: dict[str, dict],
                 ctx: Ctx, kind: str, pieces: dict, named: Any) -> str:
    """An option's button: as `action_label` says it; a number that picks one of the
    seat's own pieces with the piece's name ("9: Fatherly Friend"); a place with what
    lies there ("street space 3 (Patron)"), as the terminal says them."""
    value = action["value"]
    piece = _piece(pieces, value)
    if piece is not None and not isinstance(value, str):
        return piece_label(gw, action_label(gw, action, tokens, ctx, kind), piece)
    definition = ctx.definition
    if isinstance(value, str) and value not in tokens and value not in named and (
            value in definition.locations or value in definition.areas):
        return namer.option(value, named, kind)
    return action_label(gw, action, tokens, ctx, kind)


def _piece(pieces: dict, value: object) -> dict | None:
    """The seat's own piece an option picks (a card by its number), if any."""
    return pieces.get(value) if isinstance(value, int | str) else None


def token_words(gw: GameWords, token: dict, ctx: Ctx) -> str:
    """A token as a button names it; a tile of a grid by its parts and its label."""
    grid = next((g for g in ctx.definition.grids.values() if g.token == token["kind"]), None)
    parts = token.get(grid.parts) if grid is not None and grid.parts else None
    if isinstance(parts, list) and parts:
        shown = prop_text(gw, parts)        # as the terminal says it: "industrial×3/residential"
        if grid.label and token.get(grid.label) is not None:
            shown = gw.w("{what} ({property} {value})", what=shown,
                         property=gw.prop(grid.label), value=token[grid.label])
        extra = [w for w in ctx.label(token) if w not in ("?", gw.piece(token["kind"]))]
        if ctx.effect_of_token(token):      # its effect, under the button, says the rest
            extra = []
        shown = part_numbers(gw, token, shown)      # two tiles alike but for their numbers
        return " · ".join([shown, *extra]) if extra else shown
    return " · ".join(ctx.label(token))


def since_last_move(log: list[dict], seat: int | None) -> int:
    """Where in the log the events after the seat's last decision start (a spectator: 0)."""
    if seat is None:
        return 0
    for i in range(len(log) - 1, -1, -1):
        event = log[i]
        if event.get("e") == "choice" and event.get("player") == seat:
            return i + 1
    return 0


def story_entries(gw: GameWords, log: list[dict], tokens: dict[str, dict],
                  seat: int | None, name: Any = None, kept: KeptStory | None = None,
                  whole: bool = False) -> list[dict]:
    """The story since the seat's last decision (a spectator: the latest entries), each
    entry its line and the lines of its raw moves; when little happened since, the entries
    before it too (marked `earlier`), so that what came of the seat's own moves stays in
    sight. `kept`: the seat's story kept from its last view (only the new events are
    told), the same lines. `whole`: every entry of the game the seat may read instead."""
    start = since_last_move(log, seat)
    limit = SPECTATOR_LINES if seat is None else LOG_LINES

    def pick(entries: list[Entry]) -> list[Entry]:
        if whole:
            return [entry for entry in entries if not _unshown(entry, seat)]
        return _shown(entries, seat, start, limit)

    if kept is None:
        entries, found = pick(story(log)), {}   # found: id of an event -> its log index
    else:
        entries, found = kept.latest(log, pick)

    def detail(e: dict) -> str:
        if _cell(e):                            # said as the grids were counted then
            return detail_text(gw, {k: v for k, v in e.items() if v is not None}, tokens,
                               log[:_index(log, e, found) + 1])
        return _line(kept, gw, e, tokens, False, lambda: event_text(
            {k: v for k, v in e.items() if v is not None}, gw, tokens))

    return [{"text": entry_text(entry, gw, tokens, name) if entry.headline is None or
             entry.is_choice else _line(kept, gw, entry.headline, tokens, True,
                                        lambda e=entry: entry_text(e, gw, tokens, name)),
             "details": [detail(e) for e in entry.details[-DETAIL_LINES:]],
             **({"earlier": True} if entry.last < start else {})}
            for entry in entries]


def _line(kept: KeptStory | None, gw: GameWords, event: dict, tokens: dict[str, dict],
          headline: bool, make: Any) -> str:
    """make(), the line of `event` as a headline or a detail, or the line kept for it if
    the words and the tokens it names (by id, in its values) are the same as when it was
    made (event_text reads nothing else)."""
    if kept is None:
        return make()
    try:                                        # marshal: equal data, equal bytes
        named = marshal.dumps([tokens.get(v) for v in event.values()
                               if type(v) is str and v in tokens], 2)
    except ValueError:
        return make()
    key = (id(gw), id(event), headline)
    line = kept.lines.get(key)
    if line is not None and line[0] is event and line[1] is gw and line[2] == named:
        return line[3]
    text = make()
    kept.lines[key] = (event, gw, named, text)
    return text


def _shown(entries: list[Entry], seat: int | None, start: int, limit: int) -> list[Entry]:
    """The entries a view shows: the story without secrets from log index `start` on and,
    if fewer than EARLIER_SHOWN, the ones before it to make that many; the last `limit`.
    Read from the end (the entries' last events come in the log's order)."""
    new: list[Entry] = []
    earlier: list[Entry] = []
    enough = max(limit, EARLIER_SHOWN)          # then no earlier one is shown
    for entry in reversed(entries):
        if _unshown(entry, seat):
            continue
        if entry.last >= start and not earlier:
            new.append(entry)
            if len(new) >= enough:
                break
        elif len(new) + len(earlier) < EARLIER_SHOWN:
            earlier.append(entry)
        else:
            break
    return [*reversed(earlier), *reversed(new)][-limit:]


def _unshown(entry: Entry, seat: int | None) -> bool:
    """Whether a story entry is left out of a seat's story: a secret choice, or the seat's
    own bare choice (what came of it is told)."""
    return entry.is_choice and bool(entry.headline.get("private") or
                                    (seat is not None and entry.headline.get("player") == seat))


def whole_story(game: Game, view: dict, words: Words) -> list[dict]:
    """Every story entry of the game that the view's seat may read, from the first (each
    its line and the lines of its raw moves), for reading the game back."""
    gw = game_words(game.definition, words)
    tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
    return story_entries(gw, ended_log(view), tokens, view["seat"],
                         Namer(game, gw, view).value, whole=True)


def _cell(event: dict) -> bool:
    """Whether a raw move names a grid cell (its line then says it by row and column)."""
    cell = event.get("cell") if event.get("e") == "place" else event.get("value")
    return isinstance(cell, list) and len(cell) == 2 and all(
        isinstance(v, int) and not isinstance(v, bool) for v in cell)


def _index(log: list[dict], event: dict, found: dict[int, int] | None = None) -> int:
    """Where an event lies in the log (the last event if it is not found); `found` holds
    where events are (by id), and remembers the events passed on the way (the latest
    first)."""
    if found is not None and id(event) in found:
        return found[id(event)]
    for i in range(len(log) - 1, -1, -1):
        if found is not None:
            found.setdefault(id(log[i]), i)
        if log[i] is event:
            return i
    return len(log) - 1


def detail_text(gw: GameWords, event: dict, tokens: dict[str, dict], before: list[dict]) -> str:
    """A raw move under a story entry: a cell of a grid said by row and column as the grids
    were counted then (`before`: the log up to the move), not as coordinates."""
    line = event_text(event, gw, tokens)
    cell = event.get("cell") if event.get("e") == "place" else event.get("value")
    if not (isinstance(cell, list) and len(cell) == 2 and all(
            isinstance(v, int) and not isinstance(v, bool) for v in cell)):
        return line
    words = cell_words(gw, gw.definition, cell, {"log": before})
    if words.startswith("("):       # grids not counted the same all game: as they were
        return line
    if event.get("e") == "place":
        return line.replace(f" ({cell[0]}, {cell[1]})", ", " + words, 1)
    return line.replace(gw.value(cell), words, 1)


def score_message(gw: GameWords, result: dict, log: list[dict] | None = None) -> dict | None:
    """The score table of a result, as the page draws it (None without scores): with the
    parts of the first score when the game's `log` tells them, and which columns break
    ties."""
    table = score_table(result, gw, log)
    if table is None:
        return None
    return {"columns": table.columns, "verdict": verdict(table, gw),
            "conditions": table.conditions_differ,
            "parts": table.parts, "ties_from": table.ties_from, "ties": ties_line(table, gw),
            "tiebreak": gw.w("tie-break"),
            "rows": [{"seat": row.seat, "name": row.name, "place": row.place,
                      "winner": row.winner, "values": row.shown,
                      "parts": [gw.value(v) for v in row.parts],
                      "conditions": gw.w.join(row.conditions) if row.conditions else ""}
                     for row in table.rows]}


def player_facts(gw: GameWords, game: Game, layout: Layout, view: dict,
                 seat: int) -> list[list[str]]:
    """[label, value] pairs about one seat that the viewer sees, what wins first: track
    positions, variables (those the layout names, in its order) and money; then what the seat
    has on the board and off it, said whole ("supply: 15 cubes and 8 discs", value "")."""
    facts = [[track_name(gw, name), str(track["pos"][seat])]
             for name, track in (view.get("tracks") or {}).items()]
    facts += [[label, value] for label, value in player_var_facts(game, gw, view, seat,
                                                                   layout.player_vars)]
    for name, bank in (view.get("bank") or {}).items():
        facts.append([resource_name(gw, name), str(bank["held"][seat])])
    facts += [[text, ""] for text in held_facts(game, gw, view, seat)]
    return facts


def question_steps(game: Game, gw: GameWords, view: dict, context: dict | None) -> list[str]:
    """Where the question is asked, outermost first ("Year 2", "Election in Santa Croce"),
    as the terminal's breadcrumb says it; a markdown link keeps only its text."""
    return [re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", step)
            for step in Namer(game, gw, view).steps(context)]


def question_subject(definition: Any, view: dict, context: dict | None) -> frozenset[str]:
    """The areas, locations, connections and tokens (ones the seat sees) the question is
    about: the values its context names (the prompt's and the steps' placeholders)."""
    if not context:
        return frozenset()
    tokens = {t["id"] for t in view["tokens"] if "id" in t}
    found: set[str] = set()
    for values in [context.get("prompt") or {}] + [s["args"] for s in context.get("steps", [])]:
        for value in values.values():
            for v in value if isinstance(value, list) else [value]:
                if isinstance(v, str) and (v in definition.areas or v in tokens
                                           or v in definition.locations
                                           or v in definition.connections):
                    found.add(v)
    return frozenset(found)


def placing_by_looking(ctx: Ctx, actions: list[dict],
                       context: dict | None) -> tuple[Ctx, dict[str, str]]:
    """A question that lays a tile on a grid, seen: the cells its context names marked as
    its subject, the tile in hand shown faintly on a candidate cell under the pointer, and
    for its rotation a picture per option (the tile turned, on its chosen cell)."""
    if not actions:
        return ctx, {}
    cells = context_cells(context) if ctx.definition.grids else []
    ctx = dataclasses.replace(ctx, cells=frozenset(cells),
                              ghost=candidate_ghosts(ctx, actions[0]["ask"]))
    placing = placing_now(ctx, actions[0]["ask"])
    if placing is None:
        return ctx, {}
    return ctx, rotation_pictures(ctx, placing, actions, cells[0] if cells else None)


def subject_picture(ctx: Ctx) -> str | None:
    """The tile a question lays on a grid, drawn for the question itself (a phone has no
    pointer to show it on a cell), with its words as the picture's title."""
    token = ctx.ghost
    grid = next((g for g in ctx.definition.grids.values()
                 if token is not None and g.token == token.get("kind")), None)
    if grid is None:
        return None
    return tile(ctx, grid, token, 62).svg(tile_text(ctx, token))


def turn_label(turns: int) -> str:
    """A rotation's option under its picture: the angle it turns the tile (0°, 90°, ...);
    a count of quarter turns beside it ("0 · 0°") only puzzled players."""
    return f"{turns % 4 * 90}°"


LAYOUTS = ("wide", "narrow")
"""The boards a view may carry: laid out for a desktop's width and for a phone's."""


def seat_message(game: Game, layout: Layout, view: dict, actions: list[dict],
                 table: dict[str, Any], words: Words, option_kind: str = "",
                 context: dict | None = None, whole_log: bool = True,
                 layouts: tuple[str, ...] = LAYOUTS, story: KeptStory | None = None) -> dict:
    """The message for one seat (view["seat"]; None: a spectator). `table` holds what the
    server adds: id, version, title, kinds (who plays each seat) and, once the game is
    over, seed; `option_kind` is the kind of the options asked and `context` the whole
    decision_context (its steps are the question's breadcrumb, and what it names is marked
    on the board; `whole_log`: the view's log tells the whole game, the score table's parts
    are summed over it; `layouts`: the boards drawn, "wide" (board, hand) and "narrow"
    (board_narrow, hand_narrow and the question's map), both unless a client said which
    it shows; `story`: the seat's story kept from its last view)."""
    gw = game_words(game.definition, words)
    seat = view["seat"]
    if context and not option_kind:
        option_kind = context.get("option_kind", "")
    ctx = Ctx(game.definition, view, gw, layout, {a["id"]: a["id"] for a in actions},
              subject=question_subject(game.definition, view, context if actions else None),
              option_kind=option_kind or "",
              named=frozenset(v for v in (context or {}).get("named") or () if isinstance(v, str)))
    ctx, pictures = placing_by_looking(ctx, actions, context)
    tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
    seats = []
    for p in range(view["players"]):
        seats.append({"seat": p, "name": gw.seat(p), "colour": ctx.colour(p),
                      "kind": table["kinds"][p], "kind_name": seat_kind_name(words,
                                                                           table["kinds"][p]),
                      "to_move": p in view["to_move"], "you": p == seat,
                      "facts": player_facts(gw, game, layout, view, p)})
    facts = [[label, value] for label, value in game_var_facts(game, gw, view, layout.vars)]
    facts += [list(fact) for fact in [end_fact(gw)] if fact]
    prompt = None
    if actions:
        namer = Namer(game, gw, view)
        named = (context or {}).get("named") or []
        pieces = namer.own_pieces([a["value"] for a in actions], named, option_kind) \
            if option_kind != "player" else {}
        prompt = {"ask": actions[0]["ask"], "step": actions[0]["step"],
                  "text": namer.prompt(context, actions[0]["ask"],
                                       [a["value"] for a in actions]),
                  "steps": question_steps(game, gw, view, context),
                  "actions": [{"id": a["id"], "ask": a["ask"], "step": a["step"],
                               "label": namer.labelled(button_label(
                                   gw, namer, a, tokens, ctx, option_kind, pieces, named),
                                   a["value"], context)
                               if a["id"] not in pictures else turn_label(a["value"]),
                               "effect": "" if a["id"] in pictures else
                               namer.effect(a["value"], _piece(pieces, a["value"])) or "",
                               **({"picture": pictures[a["id"]]}
                                         if a["id"] in pictures else {})}
                              for a in actions]}
        subject = subject_picture(ctx)
        if subject:
            prompt["picture"] = subject
        spaces = question_map(dataclasses.replace(ctx, width=NARROW), NARROW - 40) \
            if "narrow" in layouts else None
        if spaces:                  # a phone shows it under the question (style.css)
            prompt["map"] = spaces
        notes = option_notes(gw, context, [a["value"] for a in actions])
        for shown, label in zip(prompt["actions"], noted(
                gw, [b["label"] for b in prompt["actions"]], notes)):
            shown["label"] = label
    waiting = [p for p in view["to_move"] if p != seat]
    message = {
        "type": "state", "game": table["id"], "version": table["version"],
        "rules": view["game"], "title": table["title"], "lang": words.lang,
        "status": status_line(game, gw, view) or "", "seat": seat,
        "pieces_help": [[gw.piece(kind, 2), effect] for kind in game.definition.pieces
                        if (effect := effects_of(gw).of_piece(kind))] + [
            [gw.value(value), meaning(gw, "value_meanings", value)]
            for value in gw.texts.get("value_meanings") or {}] + [
            [gw.prop(prop), meaning(gw, "property_meanings", prop)]
            for prop in gw.texts.get("property_meanings") or {}],
        "seats": seats, "facts": facts,
        "prompt": prompt,
        "waiting": gw.seats(waiting) if waiting else "",
        "log": story_entries(gw, ended_log(view), tokens, seat, Namer(game, gw, view).value,
                             story),
        "over": view["result"] is not None, "result": None,
    }
    if "wide" in layouts:
        message.update(board=draw_board(ctx, table["title"]), hand=draw_mine(ctx))
    if "narrow" in layouts:     # the same board laid out for a phone's width
        narrow = dataclasses.replace(ctx, width=NARROW)
        message.update(board_narrow=draw_board(narrow, table["title"]),
                       hand_narrow=draw_mine(narrow))
    if view["result"] is not None:
        message["result"] = {"lines": result_lines(view["result"], gw),
                             "scores": score_message(gw, view["result"],
                                                     view["log"] if whole_log else None),
                             "winners": list(view["result"].get("winners", [])),
                             # a string: JavaScript numbers lose digits beyond 2^53
                             "seed": None if table.get("seed") is None
                             else str(table["seed"])}
    return message


def table_info(game_id: str, version: int, kinds: list[str], rules: str,
               variant: str | None, words: Words, seed: int | None = None,
               title: str | None = None) -> dict[str, Any]:
    """What the server adds to a seat's view: the game's id and name (`title` if known),
    how many actions were taken, who plays each seat, and the seed once the game is over
    (else None: not sent)."""
    if title is None:
        title = GameWords(load_game(rules, variant).definition, words).game_name()
    table: dict[str, Any] = {"id": game_id, "version": version, "kinds": kinds, "title": title}
    if seed is not None:
        table["seed"] = seed
    return table
