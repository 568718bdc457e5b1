"""A study's records as CSV: one row per game, one column per seat for the per-seat
figures (bot, main score, decisions), so a spreadsheet or pandas reads it as it is."""

from __future__ import annotations

import csv
import io


def csv_text(records: list[dict], seats: list[str]) -> str:
    """The records as CSV text (a header row, then one row per game)."""
    players = max((r["players"] for r in records), default=0)
    names = [seats[p] if p < len(seats) else str(p) for p in range(players)]
    header = ["game", "seed", "players", "reason", "winners", "conditions", "decisions",
              "length", *(f"bot_{s}" for s in names), *(f"score_{s}" for s in names),
              *(f"decisions_{s}" for s in names), "seconds"]
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(header)
    for r in records:
        met = sorted({c for cs in r["conditions"].values() for c in cs})
        scores = [s[0] if s else "" for s in r.get("scores", [])] or [""] * players
        writer.writerow([r["game"], r["seed"], r["players"], r["reason"],
                         " ".join(r["winner_seats"]), " ".join(met), r["steps"],
                         "" if r.get("length") is None else r["length"],
                         *r["bots"], *scores, *r.get("decisions", [""] * players),
                         r["seconds"]])
    return out.getvalue()
