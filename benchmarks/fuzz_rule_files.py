"""Load mutated rule files: every mutant must load or be refused with located problems, never
with a Python exception or a hang. A few hundred seeded mutants run as a test
(tests/test_rule_file_fuzz.py); this script runs as many as asked and times the slowest.

Run: python benchmarks/fuzz_rule_files.py [--mutants N] [--seed S] [--game ID ...]
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import tempfile
import time
import traceback
from pathlib import Path

import regola
from regola.loading.sources import builtin_games, rules_root

REPLACEMENTS = [b"1" + b"0" * 400, b"1e999", b"-1", b"true", b'"x"', b"[]", b"{}", b"~",
                b"*a", b"&a ", b"!!python/none ", b"<<: ", b"0", b"3.5", b"\xff", b"[[[[",
                b"{a: 1, a: 2}", b"- - -", b"\t"]


def mutate(rng: random.Random, data: bytes) -> bytes:
    """One random change to a rule file: a line dropped, doubled, cut, shifted, or a value,
    byte or number replaced."""
    lines = data.split(b"\n")
    i = rng.randrange(len(lines))
    kind = rng.randrange(8)
    if kind == 0:
        del lines[i]
    elif kind == 1:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif kind == 2 and lines[i]:
        line = bytearray(lines[i])
        line[rng.randrange(len(line))] = rng.randrange(256)
        lines[i] = bytes(line)
    elif kind == 3:
        lines[i] = lines[i].replace(b": ", b": " + rng.choice(REPLACEMENTS), 1)
    elif kind == 4:
        lines[i] = b" " * rng.randrange(1, 4) + lines[i]
    elif kind == 5:
        lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
    elif kind == 6:
        number = str(rng.choice([0, -1, 1, 2, 99, 10**6, 2**53])).encode()
        lines[i] = re.sub(rb"\d+", lambda _: number, lines[i], count=1)
    else:
        lines[i] = lines[i].replace(b"_", b"", 1)
    return b"\n".join(lines)


def mutant(game: str, seed: int, folder: Path) -> Path:
    """A copy of a built-in game in `folder` whose game file has one to three mutations."""
    rng = random.Random(seed)
    target = folder / game
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(rules_root() / game, target)
    data = (target / "game.yaml").read_bytes()
    for _ in range(rng.randrange(1, 4)):
        data = mutate(rng, data)
    (target / "game.yaml").write_bytes(data)
    return target


def outcome(path: Path) -> str:
    """'loaded', 'refused' (every problem located), or what went wrong."""
    try:
        regola.load_game(str(path))
    except regola.RuleError as error:
        unlocated = [str(p) for p in error.problems if p.location.line < 1]
        return f"unlocated: {unlocated[0]}" if unlocated else "refused"
    except regola.RegolaError:
        return "refused"
    except Exception as error:  # noqa: BLE001 - what this script looks for
        frame = traceback.extract_tb(error.__traceback__)[-1]
        return f"{type(error).__name__}: {error} ({frame.filename}:{frame.lineno})"
    return "loaded"


def main() -> None:
    """Run the mutants and print a summary, then every mutant that went wrong."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mutants", type=int, default=500, help="mutants per game")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--game", action="append", help="a built-in game (default: all)")
    args = parser.parse_args()
    bad: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        for game in args.game or builtin_games():
            counts: dict[str, int] = {}
            slowest = 0.0
            for seed in range(args.seed, args.seed + args.mutants):
                started = time.perf_counter()
                result = outcome(mutant(game, seed, Path(tmp)))
                slowest = max(slowest, time.perf_counter() - started)
                key = result if result in ("loaded", "refused") else "wrong"
                counts[key] = counts.get(key, 0) + 1
                if key == "wrong":
                    bad.append(f"{game} seed {seed}: {result}")
            print(f"{game}: {counts} (slowest {slowest:.2f} s)")
    print("\n".join(bad) or "every mutant loaded or was refused with located problems")


if __name__ == "__main__":
    main()
