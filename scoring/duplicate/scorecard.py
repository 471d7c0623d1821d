"""A team's scorecard (feuille de marque de l'équipe): its boards in playing order, each with
the opponents, the marks, the score and the running total.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from scoring.duplicate.board_result import Adjustment
from scoring.duplicate.table_score import TableScore
from scoring.engine.cards import Side


@dataclass(frozen=True, slots=True)
class ScorecardLine:
    """One board of a team's scorecard.

    ``direction`` is the line the team sat in, ``held`` the cards it played (the other side's
    on an arrow-switched board). ``marks``/``opponent_marks`` are None on an adjusted board,
    where ``adjustment`` says what the team got. ``score`` is matchpoints, a difference or
    points; ``top`` and the percentages are for matchpoints only. ``running_score`` and
    ``running_percentage`` add up every line so far.
    """

    round: int
    board: int
    table: int
    direction: Side
    held: Side
    opponent: int | None
    marks: int | None
    opponent_marks: int | None
    adjustment: Adjustment | None
    score: Fraction
    top: int | None
    percentage: Fraction | None
    running_score: Fraction
    running_percentage: Fraction | None


def scorecard(scores: Iterable[TableScore], team: int) -> tuple[ScorecardLine, ...]:
    """The scorecard of ``team``, ordered by round then board."""
    own = sorted(
        (score for score in scores if team in (score.result.ns_team, score.result.ew_team)),
        key=lambda score: (score.result.round, score.result.board, score.result.table),
    )
    lines: list[ScorecardLine] = []
    running = Fraction(0)
    running_top = 0
    for table_score in own:
        result = table_score.result
        direction = result.line_of(team)
        score = table_score.score_of(team)
        running += score
        running_top += table_score.top or 0
        if direction is Side.NS:
            marks, opponent_marks, adjustment = result.ns_marks, result.ew_marks, result.ns_adjusted
        else:
            marks, opponent_marks, adjustment = result.ew_marks, result.ns_marks, result.ew_adjusted
        lines.append(
            ScorecardLine(
                round=result.round,
                board=result.board,
                table=result.table,
                direction=direction,
                held=direction.other if result.arrow_switched else direction,
                opponent=result.opponent_of(team),
                marks=marks,
                opponent_marks=opponent_marks,
                adjustment=adjustment,
                score=score,
                top=table_score.top,
                percentage=table_score.percentage_of(team),
                running_score=running,
                running_percentage=100 * running / running_top if running_top else None,
            )
        )
    return tuple(lines)
