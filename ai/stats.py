"""Small statistics for arena standings."""

from __future__ import annotations

import math

Z95 = 1.959963984540054


def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a win share (ties count as fractions).

    Preferred to the normal approximation because it stays inside [0, 1]
    and behaves at shares near 0 or 1, which is where "rules vs random" lives.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, wins / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))
