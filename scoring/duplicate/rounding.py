"""Rounding to the nearest 10, the way coinche marks are rounded (arrondi à la dizaine)."""

from __future__ import annotations

import math
from fractions import Fraction


def round_to_ten(value: int | Fraction) -> int:
    """The nearest multiple of 10, a 5 rounding away from zero: 85 -> 90, 84 -> 80, -85 -> -90.

    The deal-score rule (FFB: 95 -> 100, 94 -> 90), mirrored below zero so that exchanging the
    NS and EW labels exactly negates a rounded datum.
    """
    tens = math.floor(abs(Fraction(value)) / 10 + Fraction(1, 2))
    return 10 * tens if value >= 0 else -10 * tens
