"""Games on disk: one SQLite database (stdlib sqlite3, WAL), written on every action.

A game is stored as what it was made from (rules id, variant, options, player count, seed,
seats with the hashes of their tokens) and the list of actions taken, each written inside
the transaction that also bumps the game's action count; every SNAPSHOT_EVERY actions the
whole state with its log (GameState.to_json(log=True)) is stored beside it, so a restart
replays only the actions after the last snapshot and the story is still told whole. A
game that did not begin at its seed's first position (a designer started it from a
scenario's) keeps the state it began at (`start`) and replays from there.
The database is the server's own: the seed and the actions (secret choices included) are
in it, so it must stay where players cannot read it.
"""

from __future__ import annotations

import json
import sqlite3
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SNAPSHOT_EVERY = 200
"""Actions between two snapshots of a game's state."""

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id TEXT PRIMARY KEY,
    rules TEXT NOT NULL,
    variant TEXT,
    options TEXT NOT NULL,
    players INTEGER NOT NULL,
    seed INTEGER NOT NULL,
    max_decisions INTEGER NOT NULL,
    seats TEXT NOT NULL,
    created REAL NOT NULL,
    actions INTEGER NOT NULL DEFAULT 0,
    over INTEGER NOT NULL DEFAULT 0,
    snapshot TEXT,
    snapshot_at INTEGER NOT NULL DEFAULT 0,
    start TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game TEXT NOT NULL REFERENCES games(id),
    n INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    PRIMARY KEY (game, n)
);
"""


@dataclass
class GameRecord:
    """What a game is made from, as stored (seats: [{"kind", "token_hash"}])."""

    id: str
    rules: str
    variant: str | None
    options: dict[str, Any]
    players: int
    seed: int
    max_decisions: int
    seats: list[dict[str, str]]
    created: float = field(default_factory=time.time)
    over: bool = False
    snapshot: str | None = None
    snapshot_at: int = 0
    actions: list[tuple[int, dict]] = field(default_factory=list)   # (seat, action) after it
    start: str | None = None        # the state it began at (to_json), if not the seed's


class Store:
    """The database of one server: create games, append actions, read everything back."""

    def __init__(self, path: str | Path):
        self.path = str(path)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")    # WAL + NORMAL: safe if the process dies
        self.db.execute("PRAGMA foreign_keys=ON")
        self.db.executescript(SCHEMA)
        columns = {row[1] for row in self.db.execute("PRAGMA table_info(games)")}
        if "start" not in columns:      # a database made before games could start elsewhere
            self.db.execute("ALTER TABLE games ADD COLUMN start TEXT")

    def close(self) -> None:
        """Close the database (the WAL is checkpointed)."""
        self.db.close()

    def create(self, record: GameRecord) -> None:
        """Store a new game (no actions yet)."""
        with self._transaction():
            self.db.execute(
                "INSERT INTO games (id, rules, variant, options, players, seed, max_decisions,"
                " seats, created, start) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (record.id, record.rules, record.variant, json.dumps(record.options),
                 record.players, record.seed, record.max_decisions, json.dumps(record.seats),
                 record.created, record.start))

    def append(self, game: str, n: int, seat: int, action: dict, over: bool,
               snapshot: str | None = None) -> None:
        """Store action number `n` (0-based) of a game, in one transaction with the game's
        count (and a snapshot of the state after it, if given)."""
        with self._transaction():
            self.db.execute("INSERT INTO actions (game, n, seat, action) VALUES (?, ?, ?, ?)",
                            (game, n, seat, json.dumps(action, sort_keys=True)))
            if snapshot is None:
                self.db.execute("UPDATE games SET actions = ?, over = ? WHERE id = ?",
                                (n + 1, int(over), game))
            else:
                self.db.execute("UPDATE games SET actions = ?, over = ?, snapshot = ?, "
                                "snapshot_at = ? WHERE id = ?",
                                (n + 1, int(over), snapshot, n + 1, game))

    def delete(self, game: str) -> None:
        """Remove a game and its actions."""
        with self._transaction():
            self.db.execute("DELETE FROM actions WHERE game = ?", (game,))
            self.db.execute("DELETE FROM games WHERE id = ?", (game,))

    def count(self, game: str) -> int:
        """How many actions of a game are stored."""
        row = self.db.execute("SELECT COUNT(*) FROM actions WHERE game = ?", (game,)).fetchone()
        return int(row[0])

    def load_all(self) -> list[GameRecord]:
        """Every stored game, oldest first, with the actions after its snapshot."""
        records = []
        rows = self.db.execute("SELECT id, rules, variant, options, players, seed, "
                               "max_decisions, seats, created, over, snapshot, snapshot_at, start "
                               "FROM games ORDER BY created, id").fetchall()
        for row in rows:
            record = GameRecord(id=row[0], rules=row[1], variant=row[2],
                                options=json.loads(row[3]), players=row[4], seed=row[5],
                                max_decisions=row[6], seats=json.loads(row[7]), created=row[8],
                                over=bool(row[9]), snapshot=row[10], snapshot_at=row[11],
                                start=row[12])
            actions = self.db.execute("SELECT seat, action FROM actions WHERE game = ? AND "
                                      "n >= ? ORDER BY n", (record.id, record.snapshot_at))
            record.actions = [(seat, json.loads(text)) for seat, text in actions]
            records.append(record)
        return records

    def actions(self, game: str) -> list[tuple[int, dict]]:
        """Every action of a game, in order: (seat, action)."""
        rows = self.db.execute("SELECT seat, action FROM actions WHERE game = ? ORDER BY n",
                               (game,))
        return [(seat, json.loads(text)) for seat, text in rows]

    def _transaction(self):
        return _Transaction(self.db)


class _Transaction:
    """BEGIN IMMEDIATE ... COMMIT, or ROLLBACK if the block fails."""

    def __init__(self, db: sqlite3.Connection):
        self.db = db

    def __enter__(self) -> sqlite3.Connection:
        self.db.execute("BEGIN IMMEDIATE")
        return self.db

    def __exit__(self, kind, value, traceback) -> None:
        self.db.execute("ROLLBACK" if kind else "COMMIT")
