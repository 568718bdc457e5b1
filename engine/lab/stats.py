"""The statistics of the lab, in plain Python: Wilson intervals for win rates, and the
tests `regola compare` marks differences with (two-proportion z-test, Mann-Whitney U,
chi-square test of homogeneity), with Holm's correction for testing many at once.

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


def _upper_gamma(s: float, x: float) -> float:
    """The regularized upper incomplete gamma function Q(s, x)."""
    if x <= 0:
        return 1.0
    log_front = s * math.log(x) - x - math.lgamma(s)
    if x < s + 1:                                   # the series of P(s, x)
        term = total = 1 / s
        a = s
        for _ in range(10_000):
            a += 1
            term *= x / a
            total += term
            if abs(term) < abs(total) * 1e-15:
                break
        return max(0.0, 1 - total * math.exp(log_front))
    tiny = 1e-300                                   # Lentz's continued fraction of Q(s, x)
    b = x + 1 - s
    c = 1 / tiny
    d = 1 / b
    h = d
    for i in range(1, 10_000):
        an = -i * (i - s)
        b += 2
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1 / d
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return min(1.0, math.exp(log_front) * h)


def chi_square(table: Sequence[Sequence[float]]) -> float:
    """The p-value of Pearson's chi-square test of homogeneity of a table of counts (rows:
    samples, columns: categories); columns empty in every row are left out."""
    columns = [j for j in range(len(table[0])) if any(row[j] for row in table)] \
        if table else []
    rows = [[row[j] for j in columns] for row in table if sum(row[j] for j in columns)]
    if len(rows) < 2 or len(columns) < 2:
        return 1.0
    total = sum(map(sum, rows))
    row_sums = [sum(row) for row in rows]
    col_sums = [sum(row[j] for row in rows) for j in range(len(columns))]
    statistic = 0.0
    for i, row in enumerate(rows):
        for j, observed in enumerate(row):
            expected = row_sums[i] * col_sums[j] / total
            statistic += (observed - expected) ** 2 / expected
    freedom = (len(rows) - 1) * (len(columns) - 1)
    return _upper_gamma(freedom / 2, statistic / 2)


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
