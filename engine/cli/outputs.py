"""Output paths of the commands, checked before any work is done: a command that would
fail to write its result after minutes of simulation fails at once instead."""

from __future__ import annotations

import os
from pathlib import Path

from ..errors import RegolaError, w


class OutputError(RegolaError):
    """A file or folder cannot be written."""


def _nearest_existing(path: Path) -> Path:
    for candidate in (path, *path.parents):
        if candidate.exists():
            return candidate
    return Path.cwd()


def check_output_file(path: str | Path) -> Path:
    """The path of a file to be written: its folder must exist and be writable, and it
    must not be a folder itself. OutputError otherwise."""
    target = Path(path)
    folder = target.parent
    if target.is_dir():
        raise OutputError.text(w("cannot write {file}: it is a folder"), file=str(path))
    if not folder.is_dir():
        raise OutputError.text(w("cannot write {file}: there is no folder {folder}"),
                               file=str(path), folder=str(folder))
    if not os.access(folder, os.W_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise OutputError.text(w("cannot write {file}: permission denied"), file=str(path))
    return target


def check_output_folder(path: str | Path) -> Path:
    """The absolute path of a folder to write into (made if missing): it must not be a
    file, and the folder that holds it must be writable. OutputError otherwise."""
    target = Path(path).resolve()
    existing = _nearest_existing(target)
    if not existing.is_dir():
        raise OutputError.text(w("cannot write into {folder}: {file} is a file"),
                               folder=str(path), file=str(existing))
    if not os.access(existing, os.W_OK):
        raise OutputError.text(w("cannot write into {folder}: permission denied"),
                               folder=str(path))
    return target
