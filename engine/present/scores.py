"""The score table at the end of a game: each player's value in each scoring category (the
game's tie-breakers, in order), their place, and what decided the winner.

    table = score_table(result, gw)
    table.columns            # ["victory points", "coins"]
    table.rows[0].values     # the winner's scores, [41, 3]
    table.decided_by         # "decided by victory points": the first category that
                             # separated first from second
    table.parts              # ["parks", "cultural", ...]: where the first score came from
    table.rows[0].parts      # the winner's points of each part, [12, 9, ...]

A game declares the parts of its first score in game.yaml (`end: parts:`): notes of its
story that tell a scoring step, the field with the points (or the scorer's new total) and
the part they count toward; the table sums them per player over the game's log. Points the
parts do not explain show in an "other" part, never hidden.

A category's title is the `scores` entry of the game's text file, keyed by the category's
id: a tie-breaker `p.vp` has the id `vp`, `stars(p)` the id `stars`, `funds(coin, p)` the
id `funds_coin`. Without an entry the title falls back on the names the game already
has (a player variable, a track, a resource), then on the id in words.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Location, Problem
from ..i18n.game_words import GameWords, words


@dataclass
class ScoreRow:
    """One player's line of the score table."""

    seat: int
    name: str
    place: int                    # 1 for the winners
    values: list[Any]
    winner: bool
    conditions: list[str] = field(default_factory=list)   # end conditions met, in words
    shown: list[str] = field(default_factory=list)        # the values as the table shows them
    parts: list[int] = field(default_factory=list)        # points of each part of the table


@dataclass
class ScoreTable:
    """The table: its columns, its rows from first to last, and why the first won."""

    columns: list[str]
    rows: list[ScoreRow]
    decided_by: str
    reason: str
    parts: list[str] = field(default_factory=list)        # titles of the parts of the score
    ties_from: int = 1             # the columns from this one on break ties (0: all of them)

    @property
    def tiebreaks(self) -> list[str]:
        """The titles of the columns that break ties, in order."""
        return self.columns[self.ties_from:]

    @property
    def conditions_differ(self) -> bool:
        """Whether the end conditions met tell the players apart (worth a column)."""
        return len({tuple(row.conditions) for row in self.rows}) > 1


def category_id(source: str, index: int) -> str:
    """The id of a tie-breaker's scoring category, from its expression: `p.vp` -> vp,
    `stars(p)` -> stars, `track_pos(vp, p)` -> track_pos_vp; score_<n> otherwise."""
    text = " ".join(str(source).split())
    attribute = re.fullmatch(r"p\.([a-z_][a-z0-9_]*)", text)
    if attribute:
        return attribute.group(1)
    call = re.fullmatch(r"([a-z_][a-z0-9_]*)\(([a-z0-9_, ]*)\)", text)
    if call:
        args = [a.strip() for a in call.group(2).split(",") if a.strip() and a.strip() != "p"]
        return "_".join([call.group(1), *args])
    return f"score_{index + 1}"


def category_title(gw: GameWords, source: str, index: int) -> str:
    """A scoring category's column title in the player's language."""
    cid = category_id(source, index)
    found = gw.text("scores", cid)
    if found is not None:
        return found
    definition = gw.definition
    text = " ".join(str(source).split())
    attribute = re.fullmatch(r"p\.([a-z_][a-z0-9_]*)", text)
    if attribute and attribute.group(1) in definition.player_vars:
        return gw.variable(attribute.group(1), "player")
    call = re.fullmatch(r"(track_pos|funds)\(([a-z0-9_]+), *p\)", text)
    if call:
        section = "tracks" if call.group(1) == "track_pos" else "resources"
        return gw.text(section, call.group(2), 2) or words(call.group(2))
    return words(cid)


def score_parts(definition: Any, log: Iterable[dict], players: int) -> list[dict[str, int]]:
    """Each player's points per part of the score (the game's `end: parts`), summed over the
    story in `log`, parts in the order they first score; empty dicts without parts."""
    end = getattr(definition, "end", None)
    declared = list(getattr(end, "parts", None) or [])
    out: list[dict[str, int]] = [{} for _ in range(players)]
    if not declared:
        return out
    by_note: dict[str, list] = {}
    for part in declared:
        by_note.setdefault(part.note, []).append(part)
    running = [0] * players
    for event in log:
        if event.get("e") != "note":
            continue
        for part in by_note.get(event.get("msg"), []):
            seat = event.get(part.player)
            if not isinstance(seat, int) or not 0 <= seat < players:
                continue
            pid = str(part.id if part.id is not None else event.get(part.part))
            if part.points is not None:
                points = event.get(part.points) or 0
            else:
                points = (event.get(part.total) or 0) - running[seat]
            if not isinstance(points, int | float):
                continue
            running[seat] += points
            out[seat][pid] = out[seat].get(pid, 0) + points
    return out


def whole_log(state: Any) -> list[dict] | None:
    """A state's log when it tells the whole game (as many choices as the game's decisions),
    the parts of the scores to be summed over; None for a log that starts later (a game
    resumed from a save without its log)."""
    log = list(state.log)
    choices = sum(1 for event in log if event.get("e") == "choice")
    return log if choices >= state.decisions else None


def part_title(gw: GameWords, pid: str) -> str:
    """A part of the score's title in the player's language."""
    found = gw.text("scores", pid)
    return found if found is not None else words(pid)


def _titled_parts(gw: GameWords) -> list[str]:
    """The parts of the score the game's texts title (`scores`, but the tie-breakers' own
    titles): a column in every game's table, a zero one too, so each table has the same
    columns."""
    titled = (gw.texts.get("scores") or {}) if isinstance(gw.texts, dict) else {}
    sources = list(gw.definition.end.tiebreaker_sources)
    own = {category_id(s, i) for i, s in enumerate(sources)}
    return [str(pid) for pid in titled if pid not in own]


def _part_columns(gw: GameWords, per_seat: list[dict[str, int]], totals: list[Any]
                  ) -> tuple[list[str], list[list[int]]]:
    """The part columns (those the game titles, and any other some player scored in) and
    each seat's values, with an "other" column when a player's parts do not add up to their
    total."""
    order: list[str] = _titled_parts(gw) if any(per_seat) else []
    for parts in per_seat:
        order += [pid for pid, v in parts.items() if v and pid not in order]
    titled = list((gw.texts.get("scores") or {}) if isinstance(gw.texts, dict) else [])
    order.sort(key=lambda pid: titled.index(pid) if pid in titled else len(titled))
    values = [[parts.get(pid, 0) for pid in order] for parts in per_seat]
    if not any(per_seat):
        return [], [[] for _ in per_seat]
    other = [(total - sum(row)) if isinstance(total, int | float) else 0
             for row, total in zip(values, totals, strict=True)]
    titles = [part_title(gw, pid) for pid in order]
    if any(other):
        titles.append(gw.w.ctx("score part", "other"))
        values = [row + [o] for row, o in zip(values, other, strict=True)]
    return titles, values


def score_table(result: dict | None, gw: GameWords,
                log: Iterable[dict] | None = None) -> ScoreTable | None:
    """The score table of a finished game's result, with the parts of its first score when
    the game's `log` (or the result's "parts") tells them; None before the end or for a
    result without scores (a game saved by an older regola)."""
    if not result or not result.get("scores"):
        return None
    end = gw.definition.end
    sources = list(end.tiebreaker_sources)
    columns = [category_title(gw, s, i) for i, s in enumerate(sources)]
    scores = result["scores"]
    per_seat = result.get("parts") or (score_parts(gw.definition, log, len(scores))
                                       if log is not None else [{} for _ in scores])
    part_titles, part_values = _part_columns(
        gw, per_seat, [s[0] if s else 0 for s in scores])
    winners = set(result.get("winners", []))
    met = {int(p): list(c) for p, c in (result.get("conditions") or {}).items()
           if str(p).isdigit()}
    candidates = set(met) | winners if end.conditions else set(range(len(scores)))

    def key(seat: int) -> tuple:
        return (seat in winners, seat in candidates, *scores[seat])

    order = sorted(range(len(scores)), key=lambda p: (key(p), -p), reverse=True)
    rows, place, previous = [], 0, None
    standings = list(end.standings)
    for i, seat in enumerate(order):
        if key(seat) != previous:
            place, previous = i + 1, key(seat)
        shown = [f"#{1 + sum(other[c] > scores[seat][c] for other in scores)}"
                 if c < len(standings) and standings[c] else gw.value(v)
                 for c, v in enumerate(scores[seat])]
        rows.append(ScoreRow(seat, gw.seat(seat), place, list(scores[seat]), seat in winners,
                             [gw.condition(c) for c in met.get(seat, [])], shown,
                             part_values[seat]))
    table = ScoreTable(columns, rows, _decided_by(rows, columns, candidates, gw),
                       gw.end_reason(result.get("reason")) or "", part_titles)
    table.ties_from = 0 if table.conditions_differ else 1
    return table


def ties_line(table: ScoreTable, gw: GameWords) -> str:
    """Which columns break ties, in order, in one line ("" when none does)."""
    w = gw.w
    names = table.tiebreaks
    if not names:
        return ""
    if table.ties_from == 0:
        return w.plural(None, "Among the players who met an end condition, ties are broken "
                        "by {categories}.", "Among the players who met an end condition, "
                        "ties are broken by {categories}, in that order.", len(names),
                        categories=w.join(names))
    return w.plural(None, "Ties on {score} are broken by {categories}.",
                    "Ties on {score} are broken by {categories}, in that order.", len(names),
                    score=table.columns[0], categories=w.join(names))


def verdict(table: ScoreTable, gw: GameWords) -> str:
    """Who won and why, in one line: "Blue wins (decided by victory points)", and what
    ended the game when every player met the same end condition (the table has no column
    for it then)."""
    w = gw.w
    winners = [row.name for row in table.rows if row.winner]
    if not winners:
        return w("nobody wins")
    line = w.plural(None, "{winners} wins", "{winners} win", len(winners),
                    winners=w.join(winners))
    if table.decided_by:
        line = w("{line} ({why})", line=line, why=table.decided_by)
    ended = sorted({c for row in table.rows for c in row.conditions})
    if ended and not table.conditions_differ:
        line = w("{line}. The game ended: {conditions}.", line=line,
                 conditions=w.join(ended))
    elif not ended and table.reason:
        line = w("{line}. The game ended: {conditions}.", line=line, conditions=table.reason)
    return line


def _decided_by(rows: list[ScoreRow], columns: list[str], candidates: set[int],
                gw: GameWords) -> str:
    """Why the first row won, in words: the first category that separated it from the
    next player, an end condition only it met, or a shared victory."""
    w = gw.w
    winners = [r for r in rows if r.winner]
    if not winners:
        return w("nobody wins")
    if len(winners) > 1:
        return w("tied in every category: the victory is shared")
    others = [r for r in rows if not r.winner]
    if not others:
        return ""
    first, second = winners[0], others[0]
    if first.seat in candidates and second.seat not in candidates:
        return w("only {player} met an end condition", player=first.name)
    for column, mine, theirs in zip(columns, first.values, second.values, strict=False):
        if mine != theirs:
            return w("decided by {category}", category=column)
    return w("decided by the game's rules")


def score_title_problems(definition: Any) -> list[Problem]:
    """A warning for each tie-breaker of a game with a text file but no `scores` title for
    it (its column at the end would fall back on its id)."""
    text = getattr(definition, "text", None) or {}
    end = getattr(definition, "end", None)
    if not text or end is None:
        return []
    titles = text.get("scores") or {}
    file = str(Path(definition.folder) / "game.yaml") if definition.folder else "game.yaml"
    problems = []
    for i, source in enumerate(end.tiebreaker_sources):
        cid = category_id(source, i)
        if cid not in titles:
            problems.append(Problem(Location(file, 0, 0, f"end.tiebreakers[{i}]"),
                                    f"no title for the score {cid!r} ({source}) in the scores "
                                    "section of the game's text file: the score table at "
                                    "the end shows its id"))
    return problems
