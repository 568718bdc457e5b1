"""Worked examples from scenario files: a scenario marked `example:` is played here, step by
step, and what each step did is kept for the narration (narration.py).

    example:
      id: big_tie                        # its title: the text file's examples.<id>
      cast: {red: Ann, blue: Bob}        # the names the narration gives the seats
      picture: board                     # an outline picture drawn with the position
    steps:
      - set: {...}
        say: position                    # example_steps.<id>__position, told first
      - act: [...]
        tell: false                      # not told (a say text may stand for it)

The scenario runs in the tests like any other, so an example cannot disagree with the
engine: a book shows only examples that pass against the game (or variant) it describes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import RegolaError
from ...game import Game
from ...loading.yaml_source import load_yaml
from ...scenarios.document import Failure, Run
from ...scenarios.runner import SUFFIX, compile_file


@dataclass
class Beat:
    """One step of an example as played: its kind, its raw step, and the log it wrote."""

    kind: str                        # set, act, auto, run or expect
    node: dict                       # the step as written (say, tell and the body)
    events: list[dict] = field(default_factory=list)
    state: Any = None                # the state after the step (a copy)
    mark: int = 0                    # where the step's log began


@dataclass
class Played:
    """A scenario marked as an example, played through (or the reason it failed)."""

    id: str
    file: str
    cast: dict[str, str]
    picture: str | None
    players: int
    beats: list[Beat] = field(default_factory=list)
    failed: str = ""
    game: Game | None = None
    scope: Any = None                # the scenario's names (for matching facts)

    def last_play_mark(self, beat: Beat) -> int:
        """Where the log of the last play step before `beat` began (0 if none)."""
        mark = 0
        for other in self.beats:
            if other is beat:
                break
            if other.kind in ("act", "auto", "run"):
                mark = other.mark
        return mark

    @property
    def position(self) -> Any:
        """The state once the position is set: after the last set step before the first
        action."""
        state = None
        for beat in self.beats:
            if beat.kind == "act":
                break
            if beat.kind == "set":
                state = beat.state
        return state if state is not None else (self.beats[0].state if self.beats else None)


def example_files(folder: Path) -> list[tuple[Path, dict]]:
    """The scenario files of a folder marked `example:`, with their documents."""
    found = []
    if not folder.is_dir():
        return found
    for path in sorted(folder.rglob(f"*{SUFFIX}")):
        doc, _, problems = load_yaml(path, str(path))
        if not problems and isinstance(doc, dict) and isinstance(doc.get("example"), dict):
            found.append((path, doc))
    return found


def play_example(path: Path, doc: dict, game: Game) -> Played:
    """Play one example scenario against `game` (the book's game or variant)."""
    spec = doc["example"]
    played = Played(str(spec.get("id", path.stem)), path.name,
                    {str(k): str(v) for k, v in (spec.get("cast") or {}).items()},
                    spec.get("picture"), 0, game=game)
    report, compiled, failures = compile_file(path, path.name, games=lambda *_: game)
    if compiled is None:
        played.failed = "; ".join(f.message for f in failures) or "cannot be read"
        return played
    played.players = compiled.players
    played.scope = compiled.scope
    state = game.new_state(players=compiled.players, seed=compiled.seed)
    run = Run(compiled.scope, state, compiled.seed)
    nodes = [n for n in doc["steps"]]
    for (line, moves, step), node in zip(compiled.steps, nodes):
        kind = next(k for k in node if k in ("set", "act", "auto", "run", "expect"))
        mark = len(state.log)
        if moves:
            run.mark = mark
        try:
            step(run)
        except Failure as failure:
            played.failed = f"{path.name}:{failure.line}: {failure.message}"
            return played
        except RegolaError as err:
            played.failed = f"{path.name}:{line}: the rules failed: {err}"
            return played
        played.beats.append(Beat(kind, node, list(state.log[mark:]), state.clone(), mark))
    return played


_CACHE: dict[tuple, tuple[Game, list[Played]]] = {}


def examples_for(game: Game, folder: Path) -> list[Played]:
    """The examples in a game folder's scenarios, played against `game` (once per game
    object and set of scenario files)."""
    scenarios = folder / "scenarios"
    files = sorted(scenarios.rglob(f"*{SUFFIX}")) if scenarios.is_dir() else []
    key = (id(game), str(scenarios), tuple((str(p), p.stat().st_mtime_ns) for p in files))
    cached = _CACHE.get(key)
    if cached is not None and cached[0] is game:
        return cached[1]
    if len(_CACHE) > 32:
        _CACHE.clear()
    played = [play_example(path, doc, game) for path, doc in example_files(scenarios)]
    _CACHE[key] = (game, played)
    return played
