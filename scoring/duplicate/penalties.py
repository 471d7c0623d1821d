"""Procedural penalties (pénalités de procédure): what the arbiter takes off a team's total.

A procedural penalty is taken off one team's total *after* the comparison: the other teams'
scores, the board's top and the tie-breaks on boards won and head-to-head do not change. Its
amount is in the ranking's own unit: a percentage of the common top in matchpoints, points with
the datum difference or total points. The rule is described in docs/scoring.md.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from fractions import Fraction

from scoring.duplicate.table_score import Method

MAX_PERCENT = 100
"""A penalty takes at most a whole top off a team (per penalty)."""

MAX_POINTS = 1000
"""A points penalty is at most 1000 points: several times the largest usual deal."""


class PenaltyUnit(Enum):
    """What a penalty's amount counts: a share of a top, or points."""

    PERCENT_OF_TOP = "percent"  # % du top (points de match)
    POINTS = "points"  # points (différence avec la moyenne, total des points)


def penalty_unit(method: Method | str) -> PenaltyUnit:
    """The unit a tournament ranked by ``method`` gives its penalties in."""
    if Method(method) is Method.MATCHPOINTS:
        return PenaltyUnit.PERCENT_OF_TOP
    return PenaltyUnit.POINTS


@dataclass(frozen=True, slots=True)
class Penalty:
    """A procedural penalty against ``team``: ``amount`` in ``unit``.

    ``board`` is the board it was given on (None: on the whole session), ``round`` the round
    from which it counts: rankings after an earlier round leave it out (the overall ranking
    always counts it).
    """

    team: int
    amount: int
    unit: PenaltyUnit
    round: int = 1
    board: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.amount, int) or isinstance(self.amount, bool) or self.amount < 1:
            raise ValueError(f"a penalty is a positive whole amount, not {self.amount!r}")
        if self.unit is PenaltyUnit.PERCENT_OF_TOP and self.amount > MAX_PERCENT:
            raise ValueError(f"a penalty takes at most {MAX_PERCENT} % of a top")
        if self.unit is PenaltyUnit.POINTS and self.amount > MAX_POINTS:
            raise ValueError(f"a penalty takes at most {MAX_POINTS} points")
        if self.round < 1:
            raise ValueError(f"round must be >= 1, not {self.round}")

    def applies_to(self, method: Method | str) -> bool:
        """Is the penalty in ``method``'s unit? (A penalty given in % of a top does not apply
        once the organizer ranks by points instead, and the reverse.)"""
        return self.unit is penalty_unit(method)

    def deduction(self, method: Method | str, common_top: int | None) -> Fraction:
        """What the penalty takes off the team's score with ``method``: ``amount`` % of the
        common top in matchpoints, ``amount`` points otherwise; 0 when it is in another unit,
        or in % of a top while the top is unknown or 0 (nothing compared)."""
        if not self.applies_to(method):
            return Fraction(0)
        if self.unit is PenaltyUnit.POINTS:
            return Fraction(self.amount)
        return Fraction(self.amount, 100) * (common_top or 0)


def deductions(
    penalties: Iterable[Penalty],
    method: Method | str,
    common_top: int | None,
    up_to_round: int | None = None,
) -> dict[int, Fraction]:
    """Each penalized team's total deduction in a ranking (after ``up_to_round``, or overall
    when None); teams without a penalty that counts are left out."""
    totals: dict[int, Fraction] = {}
    for penalty in penalties:
        if up_to_round is not None and penalty.round > up_to_round:
            continue
        amount = penalty.deduction(method, common_top)
        if amount:
            totals[penalty.team] = totals.get(penalty.team, Fraction(0)) + amount
    return totals
