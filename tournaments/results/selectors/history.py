"""A result's history: its versions and its audit events."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.setup.models import TableAssignment

from ..models import Result, ResultEvent
from .states import board_state


@dataclass
class History:
    assignment: TableAssignment
    board: int
    versions: list[Result]
    events: list[ResultEvent]

    @property
    def current(self) -> Result | None:
        return next((version for version in self.versions if version.is_current), None)

    @property
    def state(self) -> str:
        return board_state(self.current)


def result_history(
    assignment: TableAssignment, board_number: int, *, with_flags: bool = True
) -> History:
    """Every version (newest first) and every event (oldest first) of a board at a table.

    The audit snapshots record the result's flags (what the hands contradict); without
    ``with_flags`` (a reader who may not see the hands) they are left out of the events."""
    versions = list(
        Result.objects.filter(assignment=assignment, board_number=board_number)
        .select_related("entered_by", "confirmed_by")
        .order_by("-version")
    )
    events = list(
        ResultEvent.objects.filter(
            tournament=assignment.round.tournament,
            round_number=assignment.round.number,
            table_number=assignment.table.number,
            board_number=board_number,
        )
        .select_related("actor", "result")
        .order_by("at", "pk")
    )
    if not with_flags:
        for event in events:
            for snapshot in (event.before, event.after):
                if snapshot:
                    snapshot.pop("flags", None)
    return History(assignment, board_number, versions, events)
