"""Compile a generated module once (cached by its source in memory, and on disk if asked:
see dsl/cache.py) and bind its functions to the Program: procedures' frame entries,
functions, constants and the game file's expressions."""

from __future__ import annotations

import hashlib
import linecache
import marshal
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import CodeType
from typing import Any

from ...interpreter.limits import open_budget
from ...interpreter.script_support import HELPERS
from ...interpreter.script_values import VALUE_HELPERS
from ..cache import module_folder
from .writer import Spot

KEPT = 64
"""How many compiled modules (and their sources, for tracebacks) are kept in memory."""

_compiled: dict[str, CodeType] = {}
_shown: list[str] = []      # the module sources registered in linecache, oldest first


@dataclass
class Module:
    """A game's generated module: its source, line table and namespace."""

    filename: str
    source: str
    table: list[Spot | None]
    namespace: dict[str, Any] = field(default_factory=dict)


class ScriptFunction:
    """A compiled expression of the game file, called as fn(runtime, *args)."""

    __slots__ = ("fn",)

    def __init__(self) -> None:
        self.fn: Callable[..., Any] | None = None

    def __call__(self, c: Any, *args: Any) -> Any:
        return self.fn(c, open_budget(), *args)


def compile_source(source: str, filename: str) -> CodeType:
    """The code of a module's source: compiled once per source text and Python version."""
    digest = hashlib.sha256(f"{sys.version}\n{filename}\n{source}".encode()).hexdigest()
    code = _compiled.get(digest)
    if code is not None:
        return code
    folder = module_folder()
    path = folder / f"{digest[:32]}.code" if folder is not None else None
    if path is not None and path.is_file():
        try:
            code = marshal.loads(path.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            code = None
    if code is None:
        code = compile(source, filename, "exec")
        if path is not None:
            _store(path, marshal.dumps(code))
    _compiled[digest] = code
    while len(_compiled) > KEPT:
        del _compiled[next(iter(_compiled))]
    return code


def _store(path: Path, data: bytes) -> None:
    """Write a cache file atomically; a cache that cannot be written is skipped."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        temporary = path.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_bytes(data)
        temporary.replace(path)
    except OSError:
        pass


def load(source: str, table: list[Spot | None], name: str, extra: dict[str, Any]) -> Module:
    """Run a generated module's source; the module with its namespace."""
    digest = hashlib.sha256(source.encode()).hexdigest()[:12]
    filename = f"<regola {name} {digest}>"
    code = compile_source(source, filename)
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    if filename not in _shown:
        _shown.append(filename)
    while len(_shown) > KEPT:
        linecache.cache.pop(_shown.pop(0), None)
    namespace: dict[str, Any] = {"__name__": f"regola_scripts_{digest}", **HELPERS,
                                 **VALUE_HELPERS, **extra}
    exec(code, namespace)  # noqa: S102 - our own generated code
    return Module(filename, source, table, namespace)


def frame_entry(fn: Callable[..., Any], params: list[str]) -> Callable[..., None]:
    """Run a procedure that never pauses as a frame (at its start, pc 0)."""
    def run(c: Any, budget: list[int], thread: dict, frame: dict) -> None:
        env = frame["e"]
        fn(c, budget, *[env[p] for p in params])
    return run


def with_budget(fn: Callable[..., Any]) -> Callable[..., Any]:
    """A generated function called from outside the scripts, as fn(runtime, *args)."""
    def call(c: Any, *args: Any) -> Any:
        return fn(c, open_budget(), *args)
    return call


def as_expression(fn: Callable[..., Any]) -> Callable[[dict, Any], Any]:
    """A constant's function, called as expr(env, runtime) like an expression."""
    def value(env: dict, c: Any) -> Any:
        return fn(c, open_budget())
    return value
