"""Read a rule file's text: within a size limit, as UTF-8, each failure a located problem."""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..errors import Location, Problem

MAX_BYTES = 5 * 1024 * 1024     # the largest rule, script or scenario file regola reads


class SourceProblem(Exception):
    """A rule file that cannot be used as text (too large, not UTF-8): one located Problem."""

    def __init__(self, problem: Problem):
        super().__init__(str(problem))
        self.problem = problem


def read_source(path: Path, name: str) -> str:
    """The text of a rule file; OSError if it cannot be read, SourceProblem if it is too
    large or not UTF-8."""
    size = path.stat().st_size
    if size > MAX_BYTES:
        raise SourceProblem(Problem(Location(name, 1, 1),
                                    f"file too large: {size / 2**20:.1f} MB (rule files may "
                                    f"have at most {MAX_BYTES // 2**20} MB)"))
    data = path.read_bytes()
    if len(data) > MAX_BYTES:        # grew since stat (a pipe, a file being written)
        raise SourceProblem(Problem(Location(name, 1, 1), "file too large"))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise SourceProblem(_not_utf8(data, err, name)) from None


def _not_utf8(data: bytes, err: UnicodeDecodeError, name: str) -> Problem:
    """Where the first byte that is not UTF-8 is, as line and column."""
    start = err.start
    line_start = data.rfind(b"\n", 0, start) + 1
    line = data.count(b"\n", 0, start) + 1
    column = len(data[line_start:start].decode("utf-8", errors="replace")) + 1
    return Problem(Location(name, line, column),
                   f"not UTF-8 text: byte 0x{data[start]:02x} cannot be read here "
                   "(save the file as UTF-8)")


class ReadLog:
    """The files one load read, each with a digest of its bytes: the load still holds while
    every file is as it was read."""

    def __init__(self) -> None:
        self.digests: dict[Path, bytes] = {}

    def read(self, path: Path, name: str) -> str:
        """read_source, remembering what was read."""
        text = read_source(path, name)
        self.digests[path] = _digest(text.encode("utf-8"))
        return text

    def fingerprint(self) -> str:
        """One digest of every file read, in the order read (hex): equal rules, equal
        fingerprints, wherever the files are."""
        return hashlib.blake2b(b"".join(self.digests.values()), digest_size=16).hexdigest()

    def unchanged(self) -> bool:
        """Whether every file read still has the same contents."""
        for path, digest in self.digests.items():
            try:
                if _digest(path.read_bytes()) != digest:
                    return False
            except OSError:
                return False
        return True


def _digest(data: bytes) -> bytes:
    return hashlib.blake2b(data, digest_size=16).digest()
