"""How computed scores are shown: shared ranks as "3=", exact fractions to a few decimals.

Scores stay exact everywhere else; rounding happens here and nowhere before.
"""

from __future__ import annotations

import math
from fractions import Fraction


def display_rank(rank: int, tied: bool) -> str:
    """``"3"``, or ``"3="`` when several teams share the rank."""
    return f"{rank}=" if tied else str(rank)


def display_decimal(value: int | Fraction, places: int = 2) -> str:
    """``value`` with ``places`` decimals, a half rounding away from zero: 125/3 -> "41.67".

    Exact on fractions, unlike formatting a float (41.665 is not 41.665 in binary).
    """
    if places < 0:
        raise ValueError("places must be >= 0")
    scale = 10**places
    magnitude = math.floor(abs(Fraction(value)) * scale + Fraction(1, 2))
    sign = "-" if value < 0 and magnitude else ""
    whole, decimals = divmod(magnitude, scale)
    if not places:
        return f"{sign}{whole}"
    return f"{sign}{whole}.{decimals:0{places}d}"
