"""Total points (total des points): the classic, non-duplicate concours, where each team simply
adds up the marks it scored, deal after deal.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scoring.duplicate.board_result import Adjustment, BoardResult, check_distinct
from scoring.duplicate.rounding import round_to_ten
from scoring.duplicate.table_score import TableScore


def field_average(results: Sequence[BoardResult]) -> Fraction | None:
    """The mean marks one side scored on a deal, over every side of every played result.

    None when nothing was played yet.
    """
    marks = [
        mark
        for result in results
        if result.is_played
        for mark in (result.ns_marks, result.ew_marks)
        if mark is not None
    ]
    if not marks:
        return None
    return Fraction(sum(marks), len(marks))


def adjusted_marks(adjustment: Adjustment, average: Fraction | None) -> int:
    """The marks an adjusted side gets: its share of the field's average, over the 50 % an
    average is, rounded to 10 like marks. Average = the field average, average-plus 6/5 of it,
    average-minus 4/5 of it; 0 while nothing was played.
    """
    if average is None:
        return 0
    return round_to_ten(average * adjustment.share * 2)


def score_totals(results: Sequence[BoardResult]) -> list[TableScore]:
    """Each team's marks as its score; the answer is in the order of ``results``."""
    average = field_average(results)
    check_distinct(results)
    scores: list[TableScore] = []
    for result in results:
        ns_score: Fraction | None
        ew_score: Fraction | None
        if result.is_played:
            ns_score = Fraction(result.ns_marks or 0)
            ew_score = Fraction(result.ew_marks or 0)
        else:
            ns_score = _adjusted(result.ns_team, result.ns_adjusted, average)
            ew_score = _adjusted(result.ew_team, result.ew_adjusted, average)
        scores.append(TableScore(result, ns_score, ew_score))
    return scores


def _adjusted(
    team: int | None, adjustment: Adjustment | None, average: Fraction | None
) -> Fraction | None:
    if team is None or adjustment is None:
        return None
    return Fraction(adjusted_marks(adjustment, average))
