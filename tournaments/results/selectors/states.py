"""Where a board stands at a table (``board_state``): missing (no result, or a deleted one),
entered (waiting for the other side), confirmed, disputed or adjusted; the current versions.
"""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.setup.models import Round, TableAssignment, Tournament

from ..models import MISSING, Result


def board_state(result: Result | None) -> str:
    """missing, entered, confirmed, disputed or adjusted."""
    if result is None or result.status == Result.Status.DELETED:
        return MISSING
    return result.status


def current_result(assignment: TableAssignment, board_number: int) -> Result | None:
    return Result.objects.filter(
        assignment=assignment, board_number=board_number, is_current=True
    ).first()


def current_results(tournament: Tournament, round_: Round | None = None) -> dict[tuple, Result]:
    """Current versions keyed by (round number, table number, board number)."""
    queryset = Result.objects.filter(tournament=tournament, is_current=True).select_related(
        "round", "table"
    )
    if round_ is not None:
        queryset = queryset.filter(round=round_)
    return {
        (result.round.number, result.table.number, result.board_number): result
        for result in queryset
    }


def counting_results(tournament: Tournament) -> QuerySet[Result]:
    """Current confirmed and adjusted results, in round, table, board order."""
    return (
        Result.objects.filter(
            tournament=tournament,
            is_current=True,
            status__in=Result.COUNTING_STATUSES,
        )
        .select_related("round", "table")
        .order_by("round__number", "table__number", "board_number")
    )
