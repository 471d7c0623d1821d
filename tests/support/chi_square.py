"""Pearson's chi-square test for the deal statistics, without scipy (not a project dependency).

The p-value is the regularised upper incomplete gamma function Q(df/2, x/2), computed by its
power series below a+1 and by its continued fraction above (Numerical Recipes, 6.2).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

_EPSILON = 1e-15
_MAX_ITERATIONS = 10_000


def _lower_series(a: float, x: float) -> float:
    """P(a, x) by its power series; converges fast for x < a + 1."""
    term = total = 1.0 / a
    denominator = a
    for _ in range(_MAX_ITERATIONS):
        denominator += 1.0
        term *= x / denominator
        total += term
        if abs(term) < abs(total) * _EPSILON:
            break
    return total * math.exp(-x + a * math.log(x) - math.lgamma(a))


def _upper_continued_fraction(a: float, x: float) -> float:
    """Q(a, x) by its continued fraction (modified Lentz); converges fast for x >= a + 1."""
    tiny = 1e-300
    b = x + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    fraction = d
    for i in range(1, _MAX_ITERATIONS):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = tiny if abs(d) < tiny else d
        c = b + an / c
        c = tiny if abs(c) < tiny else c
        d = 1.0 / d
        step = d * c
        fraction *= step
        if abs(step - 1.0) < _EPSILON:
            break
    return fraction * math.exp(-x + a * math.log(x) - math.lgamma(a))


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for X following the chi-square law with ``df`` degrees of freedom."""
    if df < 1:
        raise ValueError("degrees of freedom start at 1")
    if statistic <= 0:
        return 1.0
    a, x = df / 2.0, statistic / 2.0
    if x < a + 1.0:
        return max(0.0, 1.0 - _lower_series(a, x))
    return _upper_continued_fraction(a, x)


def pearson_statistic(observed: Iterable[float], expected: Iterable[float]) -> float:
    """Sum of (observed - expected)^2 / expected over the cells."""
    return sum(
        (seen - wanted) ** 2 / wanted for seen, wanted in zip(observed, expected, strict=True)
    )
