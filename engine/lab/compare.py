"""`regola compare`: the base game and each variant played with the same seats and seeds,
measure by measure, each variant's difference from the base tested:

- win rates (per seat, per bot kind) and the share of games each end condition ended or
  that did not finish: the pooled two-proportion z-test;
- decisions per game, the game's length (years, rounds) and the winner's lead over the
  second: the Mann-Whitney U test (lengths are skewed and discrete, so no normality is
  assumed).

Each variant's tests are one family: Holm's step-down correction keeps the chance of any
false "significant" in it at 5%. A row is marked when its corrected test rejects.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .stats import holm, mann_whitney, two_proportions
from .summary import STOPPED, _is_number

ALPHA = 0.05
"""The family-wise significance level of each variant's tests."""

ORDER = ("win", "bot", "decisions", "length", "lead", "condition", "stopped")
"""The order of the measures in a comparison (sorted is stable: seats stay in order)."""

Z_TEST = "two-proportion z-test"
U_TEST = "Mann-Whitney U"


@dataclass
class Row:
    """One measure: its key, its kind (a "rate" or a "median"), the test, the base's value,
    and each variant's value, p-value and whether the difference is significant."""

    key: tuple
    kind: str
    test: str
    base: float
    values: list[float] = field(default_factory=list)
    p: list[float] = field(default_factory=list)
    significant: list[bool] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        """The row as plain data."""
        return {"measure": list(self.key), "kind": self.kind, "test": self.test,
                "base": self.base, "variants": [
                    {"value": v, "p": p, "significant": s}
                    for v, p, s in zip(self.values, self.p, self.significant)]}


def _finished(records: list[dict]) -> list[dict]:
    return [r for r in records if r["reason"] not in STOPPED]


def samples(records: list[dict]) -> dict[tuple, Any]:
    """Every measure of one study: ("rate", successes, n) or ("median", values)."""
    n = len(records)
    players = records[0]["players"] if records else 0
    bots = records[0]["bots"] if records else []
    share = [0.0] * players
    for r in records:
        for p in r["winners"]:
            share[p] += 1 / len(r["winners"])
    out: dict[tuple, Any] = {("win", p): ("rate", share[p], n) for p in range(players)}
    kinds: dict[str, list[int]] = {}
    for p, label in enumerate(bots):
        kinds.setdefault(label, []).append(p)
    if len(kinds) > 1:
        for label, ps in kinds.items():
            out[("bot", label)] = ("rate", sum(share[p] for p in ps), n * len(ps))
    finished = _finished(records)
    out[("decisions",)] = ("median", [r["steps"] for r in finished])
    lengths = [r["length"] for r in finished if _is_number(r.get("length"))]
    if lengths:
        out[("length",)] = ("median", lengths)
    leads = []
    for r in finished:
        main = sorted((s[0] for s in r.get("scores", []) if s and _is_number(s[0])),
                      reverse=True)
        if len(main) > 1:
            leads.append(main[0] - main[1])
    if leads:
        out[("lead",)] = ("median", leads)
    conditions: dict[str, int] = {}
    for r in records:
        for cid in {c for met in r["conditions"].values() for c in met}:
            conditions[cid] = conditions.get(cid, 0) + 1
    for cid, count in sorted(conditions.items()):
        out[("condition", cid)] = ("rate", count, n)
    out[("stopped",)] = ("rate", n - len(finished), n)
    return out


def _value(sample: tuple) -> float:
    if sample[0] == "rate":
        return sample[1] / sample[2] if sample[2] else 0.0
    values = sorted(sample[1])
    if not values:
        return 0.0
    mid = len(values) // 2
    return values[mid] if len(values) % 2 else (values[mid - 1] + values[mid]) / 2


def _p(a: tuple, b: tuple) -> float:
    if a[0] == "rate":
        return two_proportions(a[1], a[2], b[1], b[2])
    return mann_whitney(a[1], b[1])


def compare(base: list[dict], variants: list[list[dict]], alpha: float = ALPHA) -> list[Row]:
    """The rows of a comparison of the base's records with each variant's."""
    measured = [samples(base), *(samples(v) for v in variants)]
    keys = sorted(dict.fromkeys(k for m in measured for k in m), key=lambda k: ORDER.index(k[0]))
    n = [len(base), *(len(v) for v in variants)]

    def sample(i: int, key: tuple, kind: str) -> tuple:
        """Study i's sample of a measure (empty when that study never saw it)."""
        found = measured[i].get(key)
        if found is not None:
            return found
        return ("rate", 0, n[i]) if kind == "rate" else ("median", [])
    rows = []
    for key in keys:
        kind = next(m[key][0] for m in measured if key in m)
        first = sample(0, key, kind)
        row = Row(key, kind, Z_TEST if kind == "rate" else U_TEST, _value(first))
        for i in range(1, len(measured)):
            other = sample(i, key, kind)
            row.values.append(_value(other))
            row.p.append(_p(first, other))
        rows.append(row)
    for i in range(len(variants)):
        rejected = holm([row.p[i] for row in rows], alpha)
        for row, significant in zip(rows, rejected):
            row.significant.append(significant)
    return rows
