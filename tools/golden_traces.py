"""Golden traces: seeded random games recorded compactly, to replay on a changed core.

A trace of one game is its seed, how many decisions it took, a digest of everything offered
and taken (at each decision: the seat, the legal action ids in order, the action taken), a
shorter digest every CHECKPOINT decisions (to find where a replay first differs), and the
result. The engine must reproduce every trace exactly: the same decisions offered, the same
results.

    python tools/golden_traces.py record            # rewrite tests/golden/*.json
    python tools/golden_traces.py check [--games N] # replay; list every game that differs
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from regola.loading.loader import load_game
from regola.loading.sources import builtin_games

FORMAT = 1
GAMES_PER_COUNT = 200
CHECKPOINT = 100
MAX_DECISIONS = 4000      # a random game still running after this many is recorded unfinished
FOLDER = Path(__file__).resolve().parents[1] / "tests" / "golden"


@dataclass
class Trace:
    """One game's compact record."""

    seed: int
    decisions: int
    digest: str
    checkpoints: list[str]
    winners: list[int] | None
    reason: str | None

    def to_json(self) -> dict:
        """The trace as plain data (short keys: the files hold thousands)."""
        return {"seed": self.seed, "n": self.decisions, "digest": self.digest,
                "marks": self.checkpoints, "winners": self.winners, "reason": self.reason}

    @classmethod
    def from_json(cls, data: dict) -> Trace:
        """The trace written by to_json()."""
        return cls(data["seed"], data["n"], data["digest"], data["marks"], data["winners"],
                   data["reason"])


def play_trace(game, players: int, seed: int) -> Trace:
    """Play one seeded random game and record it (the bot's stream is seeded with `seed`)."""
    state = game.new_state(players=players, seed=seed)
    chooser = random.Random(seed)
    digest = hashlib.blake2b(digest_size=16)
    marks: list[str] = []
    decisions = 0
    while not state.is_over and decisions < MAX_DECISIONS:
        seat = state.to_move[0]
        ids = [a["id"] for a in state.legal_actions(seat)]
        pick = chooser.randrange(len(ids))
        digest.update(f"{seat}|{chr(31).join(ids)}|{pick}\n".encode())
        state.apply(seat, ids[pick])
        decisions += 1
        if decisions % CHECKPOINT == 0:
            marks.append(digest.hexdigest()[:8])
    result = state.result
    return Trace(seed, decisions, digest.hexdigest(), marks,
                 list(result["winners"]) if result else None,
                 result["reason"] if result else None)


def trace_file(game_id: str, players: int) -> Path:
    """Where the traces of one game and player count are kept."""
    return FOLDER / f"{game_id}-{players}.json"


def record(games: list[str], count: int = GAMES_PER_COUNT) -> None:
    """Write the traces of `count` seeded games for every game and player count."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    for game_id in games:
        game = load_game(game_id)
        for players in game.player_counts:
            started = time.perf_counter()
            traces = [play_trace(game, players, seed).to_json() for seed in range(count)]
            data = {"format": FORMAT, "game": game_id, "players": players,
                    "checkpoint": CHECKPOINT, "max_decisions": MAX_DECISIONS, "games": traces}
            text = json.dumps(data, separators=(",", ":"))
            trace_file(game_id, players).write_text(text.replace('},{"seed"', '},\n{"seed"')
                                                    + "\n", encoding="utf-8")
            print(f"{game_id} {players}p: {count} games in "
                  f"{time.perf_counter() - started:.1f} s", flush=True)


def differences(game_id: str, players: int, first: int | None = None) -> list[str]:
    """Replay the recorded games (the first `first` of them, or all); what differs."""
    data = json.loads(trace_file(game_id, players).read_text(encoding="utf-8"))
    game = load_game(game_id)
    found = []
    for recorded in [Trace.from_json(t) for t in data["games"][:first]]:
        now = play_trace(game, players, recorded.seed)
        if now == recorded:
            continue
        same = sum(1 for _ in zip(now.checkpoints, recorded.checkpoints)
                   if _[0] == _[1])
        where = f"after decision {same * CHECKPOINT}" if same else "within the first " \
            f"{CHECKPOINT} decisions"
        found.append(f"{game_id} {players}p seed {recorded.seed}: differs {where} "
                     f"({recorded.decisions} decisions, {recorded.reason} -> "
                     f"{now.decisions} decisions, {now.reason})")
    return found


def main(argv: list[str] | None = None) -> int:
    """Command line: record or check the traces."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["record", "check"])
    parser.add_argument("--games", type=int, default=None, help="games per player count")
    parser.add_argument("--only", nargs="*", default=None, help="game ids")
    args = parser.parse_args(argv)
    games = args.only or builtin_games()
    if args.command == "record":
        record(games, args.games or GAMES_PER_COUNT)
        return 0
    bad = []
    for game_id in games:
        for path in sorted(FOLDER.glob(f"{game_id}-*.json")):
            players = int(path.stem.rsplit("-", 1)[1])
            bad += differences(game_id, players, args.games)
    print("\n".join(bad) or "every trace replays exactly")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
