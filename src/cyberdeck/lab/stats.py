"""Intervals for the proportions a designer reads: win rates, and differences of win rates.

Wilson's interval stays inside [0, 1] and behaves at 0 and n wins, where the textbook interval
does not; Newcombe's hybrid builds the interval of a difference from the two Wilson intervals, so
"improvement when drawn" and "first-seat advantage" get honest bounds even on small samples.
Standard library only, so the arena works without the lab's extra packages.
"""

from __future__ import annotations

import math

Z95 = 1.959964


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default); a draw may count as a half."""
    if n <= 0:
        return 0.0, 1.0
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(max(0.0, p * (1 - p) / n + z * z / (4 * n * n))) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def difference(
    a_successes: float, a_n: float, b_successes: float, b_n: float, z: float = Z95
) -> tuple[float, float, float]:
    """The difference of two independent proportions ``a - b`` with Newcombe's interval (method
    10: the two Wilson intervals combined); ``nan`` when either sample is empty."""
    if a_n <= 0 or b_n <= 0:
        return math.nan, math.nan, math.nan
    p, q = a_successes / a_n, b_successes / b_n
    lp, up = wilson(a_successes, a_n, z)
    lq, uq = wilson(b_successes, b_n, z)
    d = p - q
    low = d - math.sqrt((p - lp) ** 2 + (uq - q) ** 2)
    high = d + math.sqrt((up - p) ** 2 + (q - lq) ** 2)
    return d, max(-1.0, low), min(1.0, high)
