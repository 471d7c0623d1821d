"""How far each board is: its expected and scored plays, finished or not (the travellers' and
scorecards' progress)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.setup.models import Tournament
from tournaments.setup.stored_plan import stored_plan

from ..models import BoardScore


def plays_per_board(tournament: Tournament) -> dict[int, int]:
    """How many tables the plan has play each board (tables with two real teams)."""
    return stored_plan(tournament).plays_per_board


def scored_per_board(tournament: Tournament) -> dict[int, int]:
    """How many tables have a counted result on each board, in the latest scores."""
    counts: dict[int, int] = {}
    for board in BoardScore.objects.filter(tournament=tournament).values_list(
        "board_number", flat=True
    ):
        counts[board] = counts.get(board, 0) + 1
    return counts


@dataclass(frozen=True)
class BoardStatus:
    """Whether a board is finished (has a counted result at every table that plays it)."""

    board: int
    expected: int
    scored: int

    @property
    def finished(self) -> bool:
        return self.expected > 0 and self.scored >= self.expected


def board_statuses(tournament: Tournament) -> list[BoardStatus]:
    """Every board of the plan, in order, with how many of its tables are scored."""
    expected = plays_per_board(tournament)
    scored = scored_per_board(tournament)
    return [BoardStatus(board, expected[board], scored.get(board, 0)) for board in sorted(expected)]


def board_finished(tournament: Tournament, board_number: int) -> bool:
    """Has the board a counted result at every table that plays it?"""
    expected = plays_per_board(tournament).get(board_number, 0)
    scored = BoardScore.objects.filter(tournament=tournament, board_number=board_number).count()
    return BoardStatus(board_number, expected, scored).finished
