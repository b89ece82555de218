"""Small statistics for the playtest report: proportions with their 95 % intervals, quartiles.

- wilson(k, n): the Wilson score interval of a proportion k/n (good near 0 and 1
  and for small n, where the textbook p +- 1.96 sqrt(p(1-p)/n) fails).
- newcombe(k1, n1, k2, n2): the difference p1 - p2 with Newcombe's hybrid score
  interval (his method 10, 1998), built from the two Wilson intervals; the
  difference is significant at 5 % when the interval leaves out zero.
- binomial_tail(k, n, p): P(X >= k) for X ~ Binomial(n, p), exactly: the one-sided p-value of k
  successes in n trials when each succeeds with probability p (a sign test when p is 1/2).
- quartiles(values): first quartile, median, third quartile, by linear
  interpolation between the sorted values (position q*(n-1), numpy's default).
"""

from __future__ import annotations

import math
from typing import Sequence

Z95 = 1.959963984540054     # the standard normal's 97.5 % quantile


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """(low, high) of the Wilson interval of k successes in n trials; (0, 1) when n is 0."""
    if n <= 0:
        return 0.0, 1.0
    if not 0 <= k <= n:
        raise ValueError(f"{k} successes in {n} trials")
    p = k / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(k1: int, n1: int, k2: int, n2: int, z: float = Z95) -> tuple[float, float, float]:
    """(p1 - p2, low, high): the difference of two proportions and its hybrid score interval."""
    p1, p2 = k1 / n1, k2 / n2
    l1, u1 = wilson(k1, n1, z)
    l2, u2 = wilson(k2, n2, z)
    d = p1 - p2
    return d, d - math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)


def binomial_tail(k: int, n: int, p: float) -> float:
    """P(at least k successes in n trials of probability p), summed term by term (n is a playtest's games)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return min(1.0, sum(math.comb(n, i) * p ** i * (1 - p) ** (n - i) for i in range(k, n + 1)))


def quantile(sorted_values: Sequence[float], q: float) -> float:
    """The q-quantile of already sorted values, interpolated at position q*(n-1)."""
    if not sorted_values:
        raise ValueError("no values")
    at = q * (len(sorted_values) - 1)
    low = math.floor(at)
    high = min(low + 1, len(sorted_values) - 1)
    return sorted_values[low] + (sorted_values[high] - sorted_values[low]) * (at - low)


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """(first quartile, median, third quartile)."""
    s = sorted(values)
    return quantile(s, 0.25), quantile(s, 0.5), quantile(s, 0.75)
