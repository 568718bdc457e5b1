"""Run scenario files: load, check their shape, play their steps, report located failures.

A scenario file (`*.scenario.yaml`):

    name: District election, tie for first        # optional
    rule: "District election: tie for first"      # the rule or reading it checks (free text)
    game: some_game     # a built-in id or a path from this file (in a game folder: optional,
                        # and that folder's game)
    variant: some_variant                          # optional
    options: {some_option: false}                  # optional: option values (load_game's)
    players: 4
    seed: 1
    xfail: "why this fails today"                  # optional: a known bug
    example:                                       # optional: a worked example of the rulebook
      id: some_example      # its title: the text file's examples.<id>
      cast: {red: Ann}      # names for the seats in the narration (optional)
      picture: board        # an outline picture drawn with the position (optional)
    steps:
      - set: {...}        # change the position (see setting.py)
      - act: [...]        # take actions (see acting.py)
      - auto: {...}       # play on until facts hold (see acting.py)
      - run: {...}        # play on until a point of the flow (see running.py)
      - expect: [...]     # facts that must hold (see facts.py)

A step of an example may also carry `say: KEY` (the text file's example_steps.<id>__KEY is
told before the step) and `tell: false` (the step itself is not told).

`main(paths)` runs files and folders (recursively), prints each failure as
`file:line: message` and ends with the line `N passed, M failed`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InvalidOption, RegolaError
from ..game import Game
from ..loading.loader import load_game
from ..loading.sources import rules_root
from ..loading.yaml_source import load_yaml
from .acting import parse_act, parse_auto
from .document import Failure, Run, Scope
from .facts import parse_expect, parse_facts
from .running import parse_run
from .setting import parse_set

SUFFIX = ".scenario.yaml"
TOP_KEYS = ("name", "rule", "game", "variant", "options", "players", "seed", "xfail", "example",
            "steps")
STEP_KINDS = ("set", "act", "auto", "expect", "run")
TELLING_KEYS = ("say", "tell")
"""Keys beside a step's kind that only say how a rulebook example tells it."""
EXAMPLE_KEYS = ("id", "cast", "picture")


@dataclass
class Report:
    """The outcome of one scenario file."""

    file: str
    name: str = ""
    problems: list[tuple[int, str]] = field(default_factory=list)
    xfail: str | None = None
    xfail_line: int = 0

    @property
    def failed(self) -> bool:
        """Did the scenario itself fail (whatever its xfail mark says)?"""
        return bool(self.problems)

    @property
    def ok(self) -> bool:
        """Did it go as the file says: passes, or fails while marked xfail?"""
        return self.failed == (self.xfail is not None)

    def lines(self) -> list[str]:
        """The report as `file:line: message` lines (none for a plain pass)."""
        if self.xfail is not None and not self.failed:
            return [f"{self.file}:{self.xfail_line}: marked xfail ({self.xfail}) "
                    "but it passes: remove the mark"]
        out = [f"{self.file}:{line}: {message}" for line, message in self.problems]
        if self.xfail is not None:
            out = [f"{self.file}:{self.xfail_line}: xfail ({self.xfail}): {m}" for m in out]
        return out


Loader = Callable[[str, "str | None"], Game]


@dataclass
class Compiled:
    """A scenario file read and checked, ready to play: its game and its steps."""

    game: Game
    players: int
    seed: int
    scope: Scope
    steps: list[tuple[int, bool, Callable]]   # (line, moves the game?, step)


def _top(scope: Scope, doc: Any, report: Report, games: Loader, path: Path
         ) -> tuple[Game, int, int, list]:
    if not isinstance(doc, dict):
        raise scope.fail((), "a scenario file must be a mapping with game, players and steps")
    scope.mapping(doc, (), "a scenario", required=("steps",) if home_game(path) else
                  ("game", "steps"), optional=TOP_KEYS)
    report.name = str(doc.get("name", ""))
    if "xfail" in doc:
        report.xfail = str(doc["xfail"])
        report.xfail_line = scope.line(("xfail",))
    try:
        game = games(game_of_scenario(scope, doc, path), doc.get("variant"))
    except RegolaError as err:
        raise scope.fail(("game",), f"cannot load the game: {err}") from None
    if doc.get("options") is not None:
        game = _with_options(scope, game, doc["options"])
    players = doc.get("players", game.definition.max_players)
    if players not in game.player_counts:
        raise scope.fail(("players",), f"{game.id} is for {game.player_counts[0]} to "
                                       f"{game.player_counts[-1]} players, not {players!r}")
    seed = scope.integer(doc.get("seed", 0), ("seed",), "seed")
    if "example" in doc:
        scope.game, scope.players = game.definition, players
        _example(scope, doc["example"])
    steps = doc["steps"]
    if not isinstance(steps, list) or not steps:
        raise scope.fail(("steps",), "steps must be a non-empty list")
    return game, players, seed, steps


def home_game(scenario: str | Path) -> Path | None:
    """The folder of the game a scenario file is kept with: the nearest folder above the
    file that holds a game.yaml (None for a scenario kept outside any game)."""
    for folder in Path(scenario).resolve().parents:
        if (folder / "game.yaml").is_file():
            return folder
    return None


def game_of_scenario(scope: Scope, doc: dict, path: Path) -> str:
    """What a scenario plays, as load_game takes it. A scenario inside a game folder plays
    that folder's game (its `game:` may be left out; naming another game is a located
    error, so a copy of a game never runs the original's rules); elsewhere `game:` is a
    built-in id or a path relative to the scenario file."""
    name = str(doc["game"]) if "game" in doc else None
    home = home_game(path)
    if home is not None:
        if name is None or name == _game_id(home) or _same_game(path, name, home):
            return str(home)
        raise scope.fail(("game",), f"this scenario is kept with the game in {home} (id "
                                    f"{_game_id(home)!r}), so it plays that game; leave "
                                    f"`game:` out or name that game, not {name!r}")
    assert name is not None   # required outside a game folder (_top checks it)
    relative = path.parent / name
    if "/" not in name and ((rules_root() / name / "game.yaml").is_file()
                            or not relative.exists()):
        return name          # a built-in id (an unknown one is reported as such)
    return str(relative)


def _game_id(folder: Path) -> str | None:
    doc, _, problems = load_yaml(folder / "game.yaml", str(folder / "game.yaml"))
    return str(doc.get("id")) if not problems and isinstance(doc, dict) else None


def _same_game(scenario: Path, name: str, home: Path) -> bool:
    """Whether `name`, a path relative to the scenario file, is the game folder `home`."""
    candidate = scenario.parent / name
    if candidate.is_file():
        candidate = candidate.parent
    return candidate.resolve() == home.resolve()


def _with_options(scope: Scope, game: Game, options: Any) -> Game:
    """The scenario's game loaded again as it was, with the scenario's option values."""
    if not isinstance(options, dict):
        raise scope.fail(("options",), "options must be a mapping of option names to values")
    try:
        return load_game(game.source["game"], game.source["variant"],
                         {**game.source["options"], **options})
    except InvalidOption as err:
        problem = err.problems[0]
        name = problem.location.path.removeprefix("options.")
        raise scope.fail(("options", name) if name in options else ("options",),
                         problem.message) from None


def _example(scope: Scope, node: Any) -> None:
    """`example:` its id, the names of the seats (cast) and the picture of the position."""
    body = scope.mapping(node, ("example",), "example", required=("id",),
                         optional=EXAMPLE_KEYS)
    for key in ("id", "picture"):
        if key in body and not (isinstance(body[key], str) and body[key].isidentifier()):
            raise scope.fail(("example", key), f"example {key} must be a name such as "
                                               f"san_marco, got {body[key]!r}")
    cast = scope.mapping(body.get("cast", {}), ("example", "cast"), "cast", extra=True)
    for seat, name in cast.items():
        scope.seat(seat, ("example", "cast", seat))
        if not isinstance(name, str) or not name.strip():
            raise scope.fail(("example", "cast", seat), f"a seat's name must be a text, "
                                                        f"got {name!r}")


def _telling(scope: Scope, node: dict, path: tuple) -> dict:
    """The step without its telling keys (say, tell), which are checked here."""
    if "say" in node and not (isinstance(node["say"], str) and node["say"].isidentifier()):
        raise scope.fail((*path, "say"), f"say names a text of the example, such as "
                                         f"position, got {node['say']!r}")
    if "tell" in node and not isinstance(node["tell"], bool):
        raise scope.fail((*path, "tell"), f"tell is true or false, got {node['tell']!r}")
    return {k: v for k, v in node.items() if k not in TELLING_KEYS}


def _step(scope: Scope, node: Any, path: tuple) -> Callable:
    if isinstance(node, dict) and len(node) > 1:
        node = _telling(scope, node, path)
    if not isinstance(node, dict) or len(node) != 1 or next(iter(node)) not in STEP_KINDS:
        keys = list(node) if isinstance(node, dict) else node
        raise scope.fail(path, f"a step is one of {', '.join(STEP_KINDS)} "
                               f"(a mapping with one of these keys), got {keys!r}")
    kind, body = next(iter(node.items()))
    here = (*path, kind)
    if kind == "set":
        return parse_set(scope, body, here)
    if kind == "act":
        return parse_act(scope, body, here)
    if kind == "auto":
        return parse_auto(scope, body, here, parse_facts)
    if kind == "run":
        return parse_run(scope, body, here)
    return parse_expect(scope, body, here)


def compile_file(path: str | Path, display: str | None = None, games: Loader = load_game
                 ) -> tuple[Report, Compiled | None, list[Failure]]:
    """Read a scenario file and check it without playing it: its shape and every name it
    uses (the game comes from `games(name, variant)`). Returns the report, the compiled
    scenario (None if it has problems) and every problem found, one per step at most."""
    file = display or str(path)
    report = Report(file)
    doc, pos, problems = load_yaml(Path(path), file)
    if problems:
        failures = [Failure(p.location.line or 1, p.message, location=p.location)
                    for p in problems]
        return report, None, failures
    scope = Scope(file, pos)
    try:
        game, players, seed, steps = _top(scope, doc, report, games, Path(path))
    except Failure as failure:
        return report, None, [failure]
    scope.game, scope.players = game.definition, players
    compiled, failures = [], []
    for i, node in enumerate(steps):
        try:
            step = _step(scope, node, ("steps", i))
        except Failure as failure:
            failures.append(failure)
            continue
        except Exception as err:  # a shape the checks above did not foresee
            failures.append(scope.fail(("steps", i), f"malformed step: "
                                                     f"{type(err).__name__}: {err}"))
            continue
        compiled.append((scope.line(("steps", i)), not (isinstance(node, dict) and
                                                        "expect" in node), step))
    if failures:
        return report, None, failures
    return report, Compiled(game, players, seed, scope, compiled), []


def run_file(path: str | Path, display: str | None = None) -> Report:
    """Load, check and play one scenario file (named `display` in messages)."""
    report, compiled, failures = compile_file(path, display)
    if compiled is None:
        report.problems = [p for failure in failures for p in failure.problems]
        return report
    try:
        play(compiled)
    except Failure as failure:
        report.problems = list(failure.problems)
    return report


def play(compiled: Compiled) -> Run:
    """Play a compiled scenario's steps from a new game; the Run at the end (its state), or
    the first located Failure."""
    scope = compiled.scope
    try:
        state = compiled.game.new_state(players=compiled.players, seed=compiled.seed)
    except RegolaError as err:
        raise scope.fail(("game",), f"the game cannot start: {err}") from None
    run = Run(scope, state, compiled.seed)
    for line, moves, step in compiled.steps:
        if moves:
            run.mark = len(state.log)
        try:
            step(run)
        except RegolaError as err:
            raise Failure(line, f"the rules failed: {err}") from None
        except Failure:
            raise
        except Exception as err:  # an engine bug: still a located report
            raise Failure(line, f"unexpected {type(err).__name__}: {err}") from None
    return run


def discover(paths: list[str]) -> tuple[list[Path], list[str]]:
    """The scenario files named by `paths` (files; folders, such as a game's, searched
    recursively; built-in game ids), and problems."""
    files: list[Path] = []
    missing: list[str] = []
    for name in paths:
        path = Path(name)
        if not path.exists() and "/" not in name and (rules_root() / name / "game.yaml").is_file():
            path = rules_root() / name   # a built-in game's id: its scenarios
        if path.is_dir():
            files.extend(sorted(path.rglob(f"*{SUFFIX}")))
        elif path.is_file():
            files.append(path)
        else:
            missing.append(f"{name}: no such scenario file or folder")
    return files, missing


def main(paths: list[str]) -> int:
    """Run scenario files and folders; print failures and `N passed, M failed`; 0 if all
    went as expected, else 1."""
    files, missing = discover(paths)
    passed = failed = 0
    for line in missing:
        print(line)
        failed += 1
    for path in files:
        report = run_file(path)
        for line in report.lines():
            print(line)
        if report.ok:
            passed += 1
        else:
            failed += 1
    print(f"{passed} passed, {failed} failed")
    sys.stdout.flush()
    return 1 if failed else 0
