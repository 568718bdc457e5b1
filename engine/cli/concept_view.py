"""What a seat is shown of tracks, money and connections, and their log lines.

All of it is public (state.observe gives it to every seat); names come from the game's
text file (`tracks`, `resources`) with the raw id as a fallback.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..i18n.game_words import GameWords, words


def track_name(gw: GameWords, name: str) -> str:
    """A track's name in the player's language."""
    return gw.text("tracks", name) or words(name)


def resource_name(gw: GameWords, name: str, n: int = 2) -> str:
    """A resource's name (plural unless n is 1)."""
    return gw.text("resources", name, n) or words(name)


def concept_tables(view: dict, gw: GameWords) -> list[Table]:
    """Tables of the tracks (space and order), money (held, in the bank, on pieces) and
    connections (tile ends) in a view; none for what the game does not have."""
    w = gw.w
    players = view["players"]
    out = []
    if view.get("tracks") or view.get("bank"):
        table = Table(title=w.ctx("table", "Tracks and money"), title_justify="left")
        table.add_column("")
        for p in range(players):
            table.add_column(gw.seat(p), justify="right")
        table.add_column(w.ctx("table", "bank"), justify="right")
        for name, track in view.get("tracks", {}).items():
            ahead = sorted(range(players), key=lambda p: (track["pos"][p], track["stamp"][p]),
                           reverse=True)
            cells = [f"{track['pos'][p]} (#{ahead.index(p) + 1})" for p in range(players)]
            table.add_row(Text(track_name(gw, name)), *cells, "")
        for name, res in view.get("bank", {}).items():
            bank = "-" if res["bank"] is None else str(res["bank"])
            table.add_row(Text(resource_name(gw, name)), *(str(n) for n in res["held"]), bank)
            if res["on"]:
                table.add_row(Text(w("{things} on pieces", things=resource_name(gw, name))),
                              *([""] * players), str(sum(res["on"].values())))
        out.append(table)
    links = view.get("links")
    if links:
        table = Table(title=w.ctx("table", "Connections"), title_justify="left")
        for column in (w.ctx("table", "connection"), w.ctx("table", "tile")):
            table.add_column(column)
        areas = gw.definition.connections
        tokens = {t["id"]: t for t in view["tokens"] if "id" in t}
        for cid, link in links.items():
            a, b = areas[cid]
            where = f"{gw.place(a)} – {gw.place(b)}"
            tile = tokens.get(link["tile"]) if link["tile"] else None
            if tile is None:
                table.add_row(Text(where), Text(w.ctx("table", "free")))
                continue
            first, second = tile.get("ends", ["?", "?"])
            near, far = (first, second) if link["facing"] == a else (second, first)
            table.add_row(Text(where), Text(f"{gw.piece(tile['kind'], 1)} {near}/{far}"))
        out.append(table)
    return out


def concept_event_text(event: dict, gw: GameWords, who: str, token: str) -> str | None:
    """A log line for an event of tracks, money or connections (None for other events)."""
    w = gw.w
    kind = event.get("e")
    if kind == "track":
        return w("{player}: {track} {source} -> {target}", player=who,
                 track=track_name(gw, event.get("track", "")), source=event.get("from"),
                 target=event.get("to"))
    if kind in ("gain", "pay"):
        n = event.get("n", 1)
        things = resource_name(gw, event.get("resource", ""), n)
        if kind == "gain":
            return w.plural(None, "{player} takes {n} {things} from the bank",
                            "{player} takes {n} {things} from the bank", n, player=who,
                            things=things)
        return w.plural(None, "{player} pays {n} {things} to the bank",
                        "{player} pays {n} {things} to the bank", n, player=who, things=things)
    if kind == "activate":
        return w("{player} puts a {thing} on {token}", player=who, token=token,
                 thing=resource_name(gw, event.get("resource", ""), 1))
    if kind == "clear_markers":
        return w("{things} on pieces go back to the bank ({n})", n=event.get("n", 0),
                 things=resource_name(gw, event.get("resource", "")))
    if kind == "lay_tile":
        a, b = gw.definition.connections.get(event.get("connection"), ("?", "?"))
        return w("{token} laid between {first} and {second}, end {value} toward {facing}",
                 token=token, first=gw.place(a), second=gw.place(b),
                 value=(event.get("ends") or ["?"])[0], facing=gw.place(event.get("facing")))
    return None
