"""The JSON entries of a ranking snapshot: the core's rankings with their scores as numbers."""

from __future__ import annotations

from fractions import Fraction

from scoring.duplicate import (
    Computation,
)


def number(value: Fraction | int | None) -> int | float | None:
    """A score for JSON: an integer when whole, else a float to two decimals (a half rounded
    away from zero, as ``display_decimal``; in integers: 2,000 teams' entries are many)."""
    if value is None:
        return None
    numerator, denominator = value.numerator, value.denominator
    if denominator == 1:
        return int(numerator)
    magnitude = (abs(numerator) * 200 + denominator) // (2 * denominator)
    whole, decimals = divmod(magnitude, 100)
    sign = "-" if numerator < 0 and magnitude else ""
    return float(f"{sign}{whole}.{decimals:02d}")


def ranking_entries(computation: Computation, names: dict[int, str]) -> list[dict]:
    """The JSON entries of a snapshot: every ranking of ``computation``, NS before EW."""
    return [
        {
            "rank": entry.rank,
            "tied": entry.tied,
            "display_rank": entry.display_rank,
            "team": entry.team,
            "name": names.get(entry.team, ""),
            "direction": entry.direction.value if entry.direction else None,
            "score": number(entry.score),
            "percentage": number(entry.percentage),
            "boards": entry.boards,
            "boards_won": entry.boards_won,
            "penalty": number(entry.penalty),
        }
        for ranking in computation.rankings
        for entry in ranking.entries
    ]
