"""Datum difference (différence avec la moyenne): each net score against the board's average.

Butler style: the datum is the mean of the net scores on the same cards, rounded to 10; a
table's NS team scores its net minus the datum, its EW team the opposite.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from scoring.duplicate.board_result import Adjustment, BoardResult, check_distinct
from scoring.duplicate.rounding import round_to_ten
from scoring.duplicate.table_score import TableScore

DEFAULT_ADJUSTMENT_POINTS = 50
"""What average-plus earns (and average-minus costs) in datum scoring, in points."""

DEFAULT_DROP_EXTREMES_FROM = 5
"""The fewest played results on a board for the highest and lowest to be dropped."""


def datum(
    nets: Sequence[int],
    *,
    drop_extremes: bool = False,
    drop_extremes_from: int = DEFAULT_DROP_EXTREMES_FROM,
) -> int:
    """The datum of a board: the mean of its net scores, rounded to 10.

    With ``drop_extremes`` the single highest and single lowest nets are left out, provided the
    board has at least ``drop_extremes_from`` results (so at least three remain).
    """
    if not nets:
        raise ValueError("a board with no played result has no datum")
    if drop_extremes_from < 3:
        raise ValueError("dropping the highest and lowest needs at least 3 results")
    values = sorted(nets)
    if drop_extremes and len(values) >= drop_extremes_from:
        values = values[1:-1]
    return round_to_ten(Fraction(sum(values), len(values)))


def adjusted_difference(adjustment: Adjustment, points: int = DEFAULT_ADJUSTMENT_POINTS) -> int:
    """An adjusted score in datum scoring: average 0, average-plus +points, minus -points."""
    if adjustment is Adjustment.AVERAGE_PLUS:
        return points
    if adjustment is Adjustment.AVERAGE_MINUS:
        return -points
    return 0


def score_datum(
    results: Sequence[BoardResult],
    *,
    drop_extremes: bool = False,
    drop_extremes_from: int = DEFAULT_DROP_EXTREMES_FROM,
    adjustment_points: int = DEFAULT_ADJUSTMENT_POINTS,
) -> list[TableScore]:
    """Score every result against its board's datum; the answer is in the order of ``results``.

    The datum is taken over the played results on the board's N-S cards (arrow-switched tables
    included, their sign turned); adjusted tables are left out of it and score
    ``adjusted_difference`` instead.
    """
    if adjustment_points < 0:
        raise ValueError(f"the adjustment is a number of points >= 0, not {adjustment_points}")
    nets_by_board: dict[int, list[int]] = {}
    for result in results:
        net = result.net_on_ns_cards
        if net is not None:
            nets_by_board.setdefault(result.board, []).append(net)
    datums = {
        board: datum(nets, drop_extremes=drop_extremes, drop_extremes_from=drop_extremes_from)
        for board, nets in nets_by_board.items()
    }

    check_distinct(results)
    scores: list[TableScore] = []
    for result in results:
        board_datum = datums.get(result.board)
        net = result.net_on_ns_cards
        ns_score: Fraction | None
        ew_score: Fraction | None
        if net is not None:
            on_ns_cards = Fraction(net - datums[result.board])
            if result.arrow_switched:
                ns_score, ew_score = -on_ns_cards, on_ns_cards
            else:
                ns_score, ew_score = on_ns_cards, -on_ns_cards
        else:
            ns_score = _adjusted(result.ns_team, result.ns_adjusted, adjustment_points)
            ew_score = _adjusted(result.ew_team, result.ew_adjusted, adjustment_points)
        scores.append(TableScore(result, ns_score, ew_score, datum=board_datum))
    return scores


def _adjusted(team: int | None, adjustment: Adjustment | None, points: int) -> Fraction | None:
    if team is None or adjustment is None:
        return None
    return Fraction(adjusted_difference(adjustment, points))
