"""Fuzz the rule loader and interpreter with mutated copies of the built-in games.

Each mutant is a built-in game's folder with one or two small mutations (a line deleted,
doubled or re-indented, a value replaced by one of another type, bytes that are not UTF-8,
an alias bomb, deep nesting, a loop that never decides, ...). Every mutant must end in one
of two ways: a located problem (RuleError, every problem naming its file and line; or a
ScriptRuntimeError naming its script line), or a game that runs. Anything else (a Python
exception, a hang) is a finding.

    python tools/fuzz_rules.py --mutants 2000 --seed 1      # a larger run than the tests'

The tests run a few hundred seeded mutants (tests/test_fuzz_rules.py).
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import signal
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

from regola.bots import RandomBot
from regola.errors import RegolaError, RuleError, ScriptRuntimeError
from regola.loading.loader import load_game
from regola.loading.sources import builtin_games, rules_root

GAMES = ("doge", "rialto", "warsaw", "copycat")
DECISIONS = 300          # decisions played in a mutant game that loads
TIME_LIMIT = 20.0        # seconds for one mutant (load and play) before it counts as a hang
NOT_LOADED = {"coverage.yaml", "rulebook.yaml"}   # read by the tests and the rulebook only

ODD_VALUES = [
    "three", "true", "false", "-5", "0", "99999999999999999999999999999999999999999",
    "1e999", "-1e999", ".inf", ".nan", "[]", "{}", "null", "~", "''", "[1, [2, [3]]]",
    "{value: maybe}", "!!python/object/apply:os.system ['true']", "!!binary aGVsbG8=",
    "!!set {a, b}", "*nowhere", "&anchor 3", "'unterminated", "0x1F", "2001-01-01",
    "{<<: {a: 1}}", '"\\x00"', "é" * 3,
]
SCRIPT_INSERTS = [
    "while true:\n{i}    pass",
    "for i_fz in range(100000000):\n{i}    pass",
    "let xs_fz = range(100000000)",
    "let big_fz = [0 for k_fz in range(100000)] + [0 for k_fz in range(100000)]",
    "let deep_fz = " + "- " * 5000 + "1",
    "let sum_fz = " + " + ".join(["1"] * 5000),
    "let not_fz = " + "not " * 5000 + "true",
    "let paren_fz = " + "(" * 3000 + "1" + ")" * 3000,
    "let list_fz = " + "[" * 3000 + "]" * 3000,
    "let mix_fz = 1 + \"one\"",
    "let idx_fz = [1, 2][7]",
    "let div_fz = 1 // 0",
    "log(\"no_such_message\")",
    "let u_fz = undefined_name_fz",
]
BOMB = ("bomb_a: &a [x, x, x, x, x, x, x, x, x, x]\n"
        + "".join(f"bomb_{c}: &{c} [{', '.join(['*' + p] * 10)}]\n"
                  for p, c in zip("abcdefgh", "bcdefghi")))


@dataclass
class Outcome:
    """How one mutant ended: ok-problem, ok-runs, or a finding (crash, hang, unlocated)."""

    kind: str
    detail: str = ""

    @property
    def is_finding(self) -> bool:
        """True for what the fuzzer exists to find."""
        return self.kind in ("crash", "hang", "unlocated")


# -- mutations ------------------------------------------------------------------------------

NUMBER_IN_DATA = re.compile(r"(?:[:\[,]\s*)(-?\d+)(?=\s*[,\]}]|\s*$)")
"""A number written as a value of a mapping or list (a row's price, a cost in a list)."""
RETYPED = ["'null'", "'3'", "true", "[1]", "{a: 1}", "1.5"]
"""What the retype mutation writes in place of such a number."""


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _indent_of(line: str) -> str:
    return line[: len(line) - len(line.lstrip(" "))]


def mutate_yaml(text: str, rng: random.Random) -> str:
    """One mutation of a YAML rule file's text."""
    lines = _lines(text)
    i = rng.randrange(len(lines))
    op = rng.choice(["delete", "double", "swap", "indent", "value", "value", "value", "bomb",
                     "nest", "merge", "tab", "truncate", "key", "retype"])
    if op == "delete":
        del lines[i]
    elif op == "double":
        lines.insert(i, lines[i])
    elif op == "swap" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif op == "indent":
        lines[i] = ("  " + lines[i]) if rng.random() < 0.5 else lines[i][2:]
    elif op == "value":
        values = [j for j, line in enumerate(lines) if re.match(r"\s*[\w-]+:\s*\S", line)
                  or re.match(r"\s*- \S", line)]
        if values:
            j = rng.choice(values)
            head = re.match(r"(\s*(?:[\w-]+:|-)\s*)", lines[j]).group(1)
            lines[j] = head + rng.choice(ODD_VALUES)
    elif op == "bomb":
        lines.append(BOMB)
    elif op == "nest":
        keyed = [j for j, line in enumerate(lines) if re.match(r"\s*[\w-]+:\s*\S", line)]
        if keyed:
            j = rng.choice(keyed)
            depth = rng.choice([100, 5000, 50000])
            head = re.match(r"(\s*[\w-]+:\s*)", lines[j]).group(1)
            lines[j] = head + "[" * depth + "]" * depth
    elif op == "merge":
        keyed = [j for j, line in enumerate(lines) if re.match(r"\s*[\w-]+:\s*$", line)]
        if keyed:
            j = rng.choice(keyed)
            child = _indent_of(lines[j]) + "  "
            lines.insert(j + 1, child + rng.choice(["<<: {extra: 1}", "<<: *nowhere"]))
    elif op == "tab":
        lines[i] = "\t" + lines[i].lstrip(" ")
    elif op == "truncate":
        return text[: rng.randrange(len(text) + 1)]
    elif op == "retype":                     # one number of a data row becomes another kind
        numbered = [j for j, line in enumerate(lines) if NUMBER_IN_DATA.search(line)]
        if numbered:
            j = rng.choice(numbered)
            spots = list(NUMBER_IN_DATA.finditer(lines[j]))
            spot = rng.choice(spots)
            lines[j] = lines[j][:spot.start(1)] + rng.choice(RETYPED) + lines[j][spot.end(1):]
    elif op == "key":
        keyed = [j for j, line in enumerate(lines) if re.match(r"\s*\w+:", line)]
        if keyed:
            j = rng.choice(keyed)
            lines[j] = re.sub(r"(\w+):", lambda m: m.group(1)[:-1] + ":", lines[j], count=1)
    return "\n".join(lines)


def mutate_script(text: str, rng: random.Random) -> str:
    """One mutation of a script file's text."""
    lines = _lines(text)
    i = rng.randrange(len(lines))
    op = rng.choice(["delete", "double", "swap", "indent", "name", "number", "operator",
                     "insert", "insert", "insert"])
    if op == "delete":
        del lines[i]
    elif op == "double":
        lines.insert(i, lines[i])
    elif op == "swap" and i + 1 < len(lines):
        lines[i], lines[i + 1] = lines[i + 1], lines[i]
    elif op == "indent":
        lines[i] = ("    " + lines[i]) if rng.random() < 0.5 else lines[i][2:]
    elif op == "name":
        names = sorted(set(re.findall(r"\b[a-z_][a-z0-9_]*\b", text)))
        found = list(re.finditer(r"\b[a-z_][a-z0-9_]*\b", lines[i]))
        if found and names:
            m = rng.choice(found)
            lines[i] = lines[i][: m.start()] + rng.choice(names) + lines[i][m.end():]
    elif op == "number":
        found = list(re.finditer(r"\b\d+\b", lines[i]))
        if found:
            m = rng.choice(found)
            new = rng.choice(['"one"', "99999999999999999999999999", "-1", "0", "none", "true"])
            lines[i] = lines[i][: m.start()] + new + lines[i][m.end():]
    elif op == "operator":
        swaps = [("+", "*"), ("==", "<"), (" and ", " or "), ("- ", "+ "), ("[", "(")]
        old, new = rng.choice(swaps)
        lines[i] = lines[i].replace(old, new, 1)
    elif op == "insert":
        defs = [j for j, line in enumerate(lines) if line.startswith("def ")]
        if defs:
            j = rng.choice(defs)
            body = next((k for k in range(j + 1, len(lines)) if lines[k].strip()), None)
            if body is not None:
                indent = _indent_of(lines[body])
                lines.insert(body, indent + rng.choice(SCRIPT_INSERTS).format(i=indent))
    return "\n".join(lines)


def mutate_bytes(data: bytes, rng: random.Random) -> bytes:
    """Bytes that are not UTF-8 at a random place."""
    at = rng.randrange(len(data) + 1)
    return data[:at] + rng.choice([b"\xff\xfe", b"\xc3\x28", b"\x80", b"\xed\xa0\x80"]) + data[at:]


def make_mutant(game: str, target: Path, rng: random.Random) -> list[str]:
    """Copy a built-in game to `target` and mutate it; the mutations made, described."""
    shutil.copytree(rules_root() / game, target)
    files = [p for p in sorted(target.rglob("*"))
             if p.suffix in (".yaml", ".regola") and p.name not in NOT_LOADED
             and "scenarios" not in p.parts]
    done = []
    for _ in range(rng.choice([1, 1, 2])):
        path = rng.choice(files)
        rel = path.relative_to(target).as_posix()
        if rng.random() < 0.06:
            path.write_bytes(mutate_bytes(path.read_bytes(), rng))
            done.append(f"{rel}: bytes")
            continue
        text = path.read_text(encoding="utf-8", errors="surrogateescape")
        mutate = mutate_script if path.suffix == ".regola" else mutate_yaml
        path.write_text(mutate(text, rng), encoding="utf-8", errors="surrogateescape")
        done.append(rel)
    return done


# -- running a mutant ------------------------------------------------------------------------

class _Timeout(Exception):
    pass


def _alarm(signum, frame):  # pragma: no cover - only on a hang
    raise _Timeout


def _located(error: RegolaError) -> bool:
    if isinstance(error, RuleError):
        return bool(error.problems) and all(p.location.file and p.location.line >= 1
                                            for p in error.problems)
    if isinstance(error, ScriptRuntimeError):
        return error.location is not None and error.location.line >= 1
    return True   # other named errors (unknown game, players) carry their own message


def run_mutant(folder: Path, variant: str | None, seed: int,
               time_limit: float = TIME_LIMIT) -> Outcome:
    """Load a mutated game (with a variant if it names one) and play it briefly."""
    previous = signal.signal(signal.SIGALRM, _alarm)
    signal.setitimer(signal.ITIMER_REAL, time_limit)
    try:
        game = load_game(str(folder), variant)
        state = game.new_state(players=game.player_counts[0], seed=seed)
        bot = RandomBot(seed)
        for _ in range(DECISIONS):
            if state.is_over:
                break
            seat = state.to_move[0]
            state.apply(seat, bot.choose(state, seat))
        return Outcome("runs")
    except _Timeout:
        return Outcome("hang", f"more than {time_limit:.0f} s")
    except RegolaError as error:
        if not _located(error):
            return Outcome("unlocated", f"{type(error).__name__}: {str(error)[:300]}")
        return Outcome("problem", f"{type(error).__name__}: {str(error)[:200]}")
    except (RecursionError, MemoryError, Exception) as error:  # noqa: B014 - the finding
        tb = traceback.format_exc(limit=-3)
        return Outcome("crash", f"{type(error).__name__}: {str(error)[:200]}\n{tb}")
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def mutants(count: int, seed: int) -> Iterator[tuple[int, str, random.Random]]:
    """(index, game, rng) for each mutant of a seeded run, the games in turn."""
    games = [g for g in GAMES if g in builtin_games()]
    for index in range(count):
        yield index, games[index % len(games)], random.Random(f"{seed}/{index}")


Report = Callable[[int, str, list[str], Outcome], None]


def fuzz(count: int, seed: int, time_limit: float = TIME_LIMIT,
         report: Report | None = None) -> Counter:
    """Run `count` mutants; the outcomes counted by kind (report() sees each one)."""
    kinds: Counter = Counter()
    with tempfile.TemporaryDirectory() as tmp:
        for index, game, rng in mutants(count, seed):
            folder = Path(tmp) / f"m{index}" / game
            what = make_mutant(game, folder, rng)
            variants = sorted((folder / "variants").glob("*.yaml"))
            variant = str(variants[0]) if variants and rng.random() < 0.2 else None
            outcome = run_mutant(folder, variant, seed=index, time_limit=time_limit)
            kinds[outcome.kind] += 1
            if report:
                report(index, game, what, outcome)
            shutil.rmtree(folder.parent, ignore_errors=True)
    return kinds


def main(argv: list[str] | None = None) -> int:
    """Command line: run a seeded fuzzing campaign and list every finding; exit 1 on any."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mutants", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 1000))
    started = time.perf_counter()
    findings = []

    def report(index: int, game: str, what: list[str], outcome: Outcome) -> None:
        if outcome.is_finding:
            findings.append((index, game, what, outcome))
            print(f"#{index} {game} {what}: {outcome.kind}: {outcome.detail}", flush=True)
        elif index % 50 == 0:
            print(f"... {index} mutants", flush=True)

    kinds = fuzz(args.mutants, args.seed, report=report)
    seconds = time.perf_counter() - started
    print(f"{args.mutants} mutants in {seconds:.0f} s: "
          + ", ".join(f"{k} {n}" for k, n in sorted(kinds.items())))
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
