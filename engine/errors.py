"""Named exceptions of regola. Each carries its location; the CLI turns them into messages."""

from __future__ import annotations

import reprlib
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class Location:
    """Where a problem is: a file, a 1-based line and column, and the path inside the document."""

    file: str
    line: int = 0
    column: int = 0
    path: str = ""

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}:{self.column}" if self.line else self.file
        return f"{where}: {self.path}" if self.path else where


def w(message: str) -> str:
    """Marks an English message for the catalogs (extracted like every `w(...)`); the CLI
    translates it when it shows the error."""
    return message


_BRIEF = reprlib.Repr()
_BRIEF.maxstring = _BRIEF.maxother = 60
_BRIEF.maxlist = _BRIEF.maxdict = 6


def brief(value: Any) -> str:
    """`value` as a short repr for a message (long texts, lists and nesting cut with ...),
    so that an error never echoes a huge input back."""
    return _BRIEF.repr(value)


class RegolaError(Exception):
    """Base class of every error regola reports to a user."""

    template: str | None = None
    values: dict[str, str] = {}

    @classmethod
    def text(cls, template: str, **values: str) -> RegolaError:
        """An error with an English message template the CLI can show translated."""
        error = cls(template.format(**values))
        error.template, error.values = template, values
        return error

    def translated(self, words) -> str:
        """The message in the language of `words` (a Words), if it has a template."""
        return words(self.template, **self.values) if self.template else str(self)


@dataclass
class Problem:
    """One located problem in a rule file."""

    location: Location
    message: str

    def __str__(self) -> str:
        return f"{self.location}: {self.message}"

    def to_json(self) -> dict:
        """The problem as a plain dict (for `--format json`)."""
        loc = self.location
        return {"file": loc.file, "line": loc.line, "column": loc.column,
                "path": loc.path, "message": self.message}


@dataclass
class RuleError(RegolaError):
    """A game's rule files are invalid; carries every problem found, not just the first."""

    problems: list[Problem] = field(default_factory=list)

    def __str__(self) -> str:
        return "\n".join(str(p) for p in self.problems)


class VariantNotGame(RuleError):
    """A variant file given where a game is expected: says how to load it as a variant."""

    def __init__(self, location: Location, base: str, game: str, variant: str):
        super().__init__([Problem(location, f"this file is a variant of {base}, not a game; "
                                            f"load it with its game: load_game({game!r}, "
                                            f"{variant!r})")])
        self.base, self.game, self.variant = base, game, variant

    def usage(self, command: str) -> Problem:
        """The problem as a command line tells it: with the command to type instead."""
        return Problem(self.problems[0].location,
                       f"this file is a variant of {self.base}, not a game; use: "
                       f"regola {command} {self.game} --variant {self.variant}")


class InvalidOption(RuleError):
    """Option values given to load_game that the game cannot take: each problem names the
    option (`options.NAME`) in `load_game(options=...)`; nothing is loaded."""


class UnknownGame(RegolaError):
    """A game name that is not built in and is not a path to a game."""


class UnsupportedPlayers(RegolaError):
    """A player count the game does not allow."""


class IllegalAction(RegolaError):
    """An action that is not legal now; the state is left unchanged."""

    def __init__(self, message: str, legal: list | None = None):
        super().__init__(message)
        self.legal = legal or []


class StaleAction(IllegalAction):
    """An action that answers another question than the one pending (its ask or step differ);
    the state is left unchanged."""


class InvalidArgument(RegolaError, ValueError):
    """A value passed to the Python API that it cannot take (a seed that is not an integer)."""


class InvalidSave(RegolaError, ValueError):
    """A saved game that is not a state of this game: `field` names where it is wrong."""

    def __init__(self, message: str, field: str = ""):
        super().__init__(f"{field}: {message}" if field else message)
        self.field = field


class ScriptRuntimeError(RegolaError):
    """A rule script failed while running (a bug in the rule data, located in the script)."""

    def __init__(self, message: str, location: Location | None = None):
        super().__init__(f"{location}: {message}" if location else message)
        self.location = location


class BaselineError(RegolaError):
    """A hand-written baseline for `regola bench` that cannot be used (named by its file)."""

    def __init__(self, message: str, location: Location):
        super().__init__(f"{location}: {message}")
        self.location = location


class CheckoutError(RegolaError):
    """Another checkout that `regola bench --against` cannot measure (named by its path)."""

    def __init__(self, message: str, location: Location):
        super().__init__(f"{location}: {message}")
        self.location = location
