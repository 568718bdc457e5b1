"""What a seat is shown of tracks, money and connections, as terminal tables.

All of it is public (state.observe gives it to every seat); names come from the game's
text file (`tracks`, `resources`) with the raw id as a fallback.
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

from ..i18n.game_words import GameWords
from ..present.more_events import resource_name, track_name


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
            cells = [gw.w("{position} (place {rank})", position=track["pos"][p],
                          rank=ahead.index(p) + 1) for p in range(players)]
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
            table.add_row(Text(where), Text(tile_ends(gw, tile, a, b, near, far)))
        out.append(table)
    return out


def tile_ends(gw: GameWords, tile: dict, first: str, second: str, near: object,
              far: object) -> str:
    """A tile on a connection with what each end gives the area it touches ("bridge tile:
    Santa Croce 4, San Polo 3")."""
    return f"{gw.piece(tile['kind'], 1)}: {gw.place(first)} {near}, {gw.place(second)} {far}"
