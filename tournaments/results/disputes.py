"""A disputed board as the arbiter weighs it (« Résultats contestés » on the dashboard): the
version that was contested and, when the other team typed its own, that one beside it, each
with the side that entered it, so the two tables' memories are read side by side."""

from __future__ import annotations

from dataclasses import dataclass

from .models import Result
from .selectors import disputed_results


@dataclass(frozen=True)
class Dispute:
    result: Result
    # The contested record and the other side's, when it typed one (None: the reason only).
    contested: Result
    other: Result | None


def disputes(tournament) -> list[Dispute]:
    """The tournament's disputed boards, each with its two versions where there are two: the
    current one (the version contested) and the latest version of the same board at the same
    table entered by the other side."""
    current = disputed_results(tournament)
    if not current:
        return []
    versions = Result.objects.filter(
        assignment_id__in={result.assignment_id for result in current},
        board_number__in={result.board_number for result in current},
    ).order_by("-version")
    by_board: dict[tuple[int, int], list[Result]] = {}
    for version in versions:
        by_board.setdefault((version.assignment_id, version.board_number), []).append(version)
    found = []
    for result in current:
        history = by_board.get((result.assignment_id, result.board_number), [])
        other = next(
            (
                version
                for version in history
                if version.entered_side
                and result.entered_side
                and version.entered_side != result.entered_side
                and version.record
            ),
            None,
        )
        found.append(Dispute(result=result, contested=result, other=other))
    return found


def dashboard_items(tournament, correction_url) -> list[dict]:
    """« Résultats contestés » on the dashboard: both versions side by side, and the entry
    sheet's row (``correction_url(tournament, round, table, board)``)."""
    return [
        {
            "result": item.result,
            "other": item.other,
            "correction_url": correction_url(
                tournament,
                item.result.round.number,
                item.result.table.number,
                item.result.board_number,
            ),
        }
        for item in disputes(tournament)
    ]
