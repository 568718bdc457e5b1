"""A study's journal: a JSON Lines file that keeps each finished game of a study, so that a
long study (a game between search bots takes a minute) stopped by ^C, a crash or a machine
going down goes on where it stopped when it is run again with the same file.

The first line says which study the file keeps ({"study": {...}}: the game and the digest
of its rule files, variant, options, seats, seed, limits and regola's version; not the
number of games, so a study can be made longer); each further line is one game's record,
appended with a single write as the game finishes. Opening the journal of another study
is refused before any game is played. The file is written only when a game ends: a run
refused or stopped before that leaves it as it was. A run killed in the middle of a write
leaves a last line cut short: it is dropped when the next game is kept.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from .. import __version__
from ..errors import RegolaError, w
from ..game import Game
from .study import Study


class JournalError(RegolaError):
    """A journal that cannot be used for this study: another study's, or not a journal."""


def description(study: Study, game: Game) -> dict[str, Any]:
    """What makes two studies' games alike: everything but the number of games."""
    portable = study.portable()
    return {"game": portable.game, "rules": game.rules_digest, "variant": portable.variant,
            "options": dict(study.options), "seats": [s.label for s in study.seats],
            "seed": study.seed, "max_decisions": study.max_decisions,
            "step_limit": study.step_limit, "regola": __version__}


class Journal:
    """The journal of one study: the records it held, and `keep` to add more."""

    def __init__(self, path: Path, done: dict[int, dict], header: dict, complete: int):
        self.path = path
        self.done = done
        """The records the file held when opened, by game index."""
        self.held = len(done)
        """How many records the file holds now."""
        self._header = header
        self._complete = complete       # the bytes of whole lines: what follows is cut short
        self._fd: int | None = None

    def keep(self, records: list[dict]) -> None:
        """Append finished games' records, each line in one write (the file is begun, or
        a line cut short dropped, at the first)."""
        if self._fd is None:
            self._fd = os.open(self.path, os.O_WRONLY | os.O_CREAT, 0o644)
            os.truncate(self._fd, self._complete)
            os.lseek(self._fd, 0, os.SEEK_END)
            if self._complete == 0:
                os.write(self._fd, (json.dumps(self._header) + "\n").encode())
        for record in records:
            os.write(self._fd, (json.dumps(record, separators=(",", ":")) + "\n").encode())
            self.held += 1

    def close(self) -> None:
        """Close the file, if a game was kept (what was kept stays kept)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def open_journal(path: str | Path, study: Study, game: Game) -> Journal:
    """The journal at `path` for `study` (a missing or empty file: a new one); its games
    already played are in `.done`. JournalError, with the file and the line or the
    setting that differs, if the file is not this study's journal. Writes nothing."""
    path = Path(path)
    wanted = description(study, game)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        data = b""
    except OSError as error:
        raise JournalError.text(w("cannot read {file}: {reason}"), file=str(path),
                                reason=error.strerror or str(error)) from None
    complete = data[:data.rfind(b"\n") + 1]      # a last line cut short by a kill is dropped
    lines = complete.decode("utf-8", errors="replace").splitlines()
    done: dict[int, dict] = {}
    if lines:
        check_header(path, lines[0], wanted)
        for number, line in enumerate(lines[1:], start=2):
            done.update(read_record(path, number, line))
    return Journal(path, done, {"study": wanted}, len(complete) if lines else 0)


def kept_seed(path: str | Path) -> int | None:
    """The seed of the study the journal at `path` keeps, or None (no file, or not a
    journal: open_journal says what is wrong): a study run again without --seed goes on
    with its journal's seed."""
    try:
        with open(path, encoding="utf-8") as lines:
            seed = json.loads(lines.readline())["study"]["seed"]
    except (OSError, ValueError, KeyError, TypeError):
        return None
    return seed if type(seed) is int else None


def check_header(path: Path, line: str, wanted: dict[str, Any]) -> None:
    """JournalError unless the first line describes the study `wanted`."""
    try:
        kept = json.loads(line)["study"]
    except (ValueError, KeyError, TypeError):
        raise JournalError.text(w("{file}:1 is not a study journal (a file simulate --keep "
                                  "wrote); give a new file"), file=str(path)) from None
    for key, value in wanted.items():
        if kept.get(key) == value:
            continue
        if key == "rules":
            raise JournalError.text(w("{file} keeps a study of other rules: a rule file "
                                      "changed since it was begun; use a new file"),
                                    file=str(path))
        raise JournalError.text(
            w("{file} keeps another study: its {setting} is {kept}, this one's {value}; "
              "use the same settings, or a new file"),
            file=str(path), setting=key, kept=json.dumps(kept.get(key)), value=json.dumps(value))


def read_record(path: Path, number: int, line: str) -> dict[int, dict]:
    """{index: record} of one line of a journal; JournalError at its line if it is none."""
    try:
        record = json.loads(line)
        return {int(record["game"]): record}
    except (ValueError, KeyError, TypeError):
        raise JournalError.text(w("{file}:{line} is not a game's record"), file=str(path),
                                line=str(number)) from None
