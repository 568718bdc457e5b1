"""The statistics of the lab, in plain Python: Wilson intervals for win rates, and the
tests `regola compare` marks differences with (two-proportion z-test, Mann-Whitney U),
with Holm's correction for testing many at once.

Each test returns a two-sided p-value. The samples are large (hundreds of games), so the
normal approximations these tests use are sound; scipy.stats gives the same values.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054
"""The normal quantile of a two-sided 95% interval."""


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default); (0, 0) for no trials.
    `successes` may be fractional (a shared win counts 1/k)."""
    if n <= 0:
        return 0.0, 0.0
    p = successes / n
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def normal_two_sided(z: float) -> float:
    """P(|Z| >= |z|) for a standard normal Z."""
    return math.erfc(abs(z) / math.sqrt(2))


def two_proportions(x1: float, n1: float, x2: float, n2: float) -> float:
    """The p-value of the pooled two-proportion z-test that x1/n1 and x2/n2 are equal."""
    if n1 <= 0 or n2 <= 0:
        return 1.0
    pooled = (x1 + x2) / (n1 + n2)
    spread = pooled * (1 - pooled) * (1 / n1 + 1 / n2)
    if spread <= 0:
        return 1.0
    return normal_two_sided((x1 / n1 - x2 / n2) / math.sqrt(spread))


def _ranks(values: Sequence[float]) -> tuple[list[float], list[int]]:
    """Mid-ranks of the values (1-based, ties share their mean rank) and the tie sizes."""
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    ties = []
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + j) / 2 + 1
        ties.append(j - i + 1)
        i = j + 1
    return ranks, ties


def mann_whitney(a: Sequence[float], b: Sequence[float]) -> float:
    """The p-value of the two-sided Mann-Whitney U test (normal approximation with the
    tie correction and a continuity correction, as scipy's method="asymptotic")."""
    n1, n2 = len(a), len(b)
    if n1 == 0 or n2 == 0:
        return 1.0
    ranks, ties = _ranks(list(a) + list(b))
    u1 = sum(ranks[:n1]) - n1 * (n1 + 1) / 2
    n = n1 + n2
    mean = n1 * n2 / 2
    tie_term = sum(t ** 3 - t for t in ties) / (n * (n - 1)) if n > 1 else 0.0
    variance = n1 * n2 / 12 * ((n + 1) - tie_term)
    if variance <= 0:
        return 1.0
    u = max(u1, n1 * n2 - u1)
    z = (u - mean - 0.5) / math.sqrt(variance)
    return min(1.0, normal_two_sided(z))


def holm(p_values: Sequence[float], alpha: float = 0.05) -> list[bool]:
    """Which hypotheses Holm's step-down method rejects at family-wise level `alpha`."""
    order = sorted(range(len(p_values)), key=p_values.__getitem__)
    rejected = [False] * len(p_values)
    m = len(p_values)
    for rank, i in enumerate(order):
        if p_values[i] > alpha / (m - rank):
            break
        rejected[i] = True
    return rejected
