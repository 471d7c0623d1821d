"""The arbiter's dashboard: the grid of rounds and tables, its late tables, the results to
check and the disputed ones.
"""

from __future__ import annotations

import datetime
from collections import Counter
from dataclasses import dataclass

from django.utils import timezone

from tournaments.setup.models import Round, TableAssignment, Tournament
from tournaments.setup.selectors import plan_assignments

from ..models import (
    ADJUSTED,
    CONFIRMED,
    DISPUTED,
    ENTERED,
    MISSING,
    SITOUT,
    STATES,
    Result,
)
from .states import board_state, current_results

# The cell of a table shows its most urgent board.
_URGENCY = (DISPUTED, MISSING, ENTERED, ADJUSTED, CONFIRMED)


@dataclass
class BoardCell:
    board: int
    state: str
    result: Result | None


@dataclass
class GridCell:
    assignment: TableAssignment
    boards: list[BoardCell]
    state: str
    late: bool
    due_at: datetime.datetime | None

    @property
    def done(self) -> int:
        return sum(1 for cell in self.boards if cell.state in Result.COUNTING_STATUSES)


@dataclass
class GridRound:
    round: Round
    cells: list[GridCell | None]
    counts: Counter


@dataclass
class Dashboard:
    tables: list[int]
    rounds: list[GridRound]
    counts: Counter
    late_tables: int
    now: datetime.datetime

    @property
    def state_counts(self) -> list[tuple[str, int]]:
        """(state, number of boards) in a fixed order, for the page."""
        return [(state, self.counts[state]) for state in STATES]


def _cell_state(states: list[str]) -> str:
    for state in _URGENCY:
        if state in states:
            return state
    return MISSING


def dashboard(tournament: Tournament, now: datetime.datetime | None = None) -> Dashboard:
    """The grid round × table: each board's state, late tables, counts per state."""
    now = now or timezone.now()
    results = current_results(tournament)
    assignments = list(plan_assignments(tournament).order_by("round__number", "table__number"))
    tables = sorted({assignment.table.number for assignment in assignments})
    rounds: dict[int, GridRound] = {}
    counts: Counter = Counter(dict.fromkeys(STATES, 0))
    late_tables = 0
    for round_ in tournament.round_set.order_by("number"):
        rounds[round_.number] = GridRound(round_, [None] * len(tables), Counter())
    for assignment in assignments:
        grid_round = rounds[assignment.round.number]
        column = tables.index(assignment.table.number)
        if assignment.has_phantom:
            grid_round.cells[column] = GridCell(assignment, [], SITOUT, False, None)
            continue
        boards = []
        for board in assignment.boards:
            result = results.get((assignment.round.number, assignment.table.number, board))
            state = board_state(result)
            boards.append(BoardCell(board, state, result))
            grid_round.counts[state] += 1
            counts[state] += 1
        states = [cell.state for cell in boards]
        due_at = None
        late = False
        if assignment.round.started_at is not None:
            minutes = len(assignment.boards) * tournament.minutes_per_board
            due_at = assignment.round.started_at + datetime.timedelta(minutes=minutes)
            late = now > due_at and any(state not in Result.COUNTING_STATUSES for state in states)
        late_tables += late
        grid_round.cells[column] = GridCell(assignment, boards, _cell_state(states), late, due_at)
    return Dashboard(tables, list(rounds.values()), counts, late_tables, now)


def late_tables(board: Dashboard) -> list[int]:
    """The tables of the grid still entering after their round's time (in table order)."""
    return sorted(
        {
            cell.assignment.table.number
            for row in board.rounds
            for cell in row.cells
            if cell and cell.late
        }
    )


def flagged_results(tournament: Tournament) -> list[Result]:
    """Current results whose record disagrees with the hands (« résultats à vérifier »), entered
    by someone who could not see them. For those who may see the hands only."""
    return list(
        Result.objects.filter(tournament=tournament, is_current=True)
        .exclude(flags=[])
        .exclude(status=Result.Status.DELETED)
        .select_related("round", "table")
        .order_by("round__number", "table__number", "board_number")
    )


def disputed_results(tournament: Tournament) -> list[Result]:
    """Current results disputed by a table (contestés), for the arbiter to resolve."""
    return list(
        Result.objects.filter(tournament=tournament, is_current=True, status=Result.Status.DISPUTED)
        .select_related("round", "table")
        .order_by("round__number", "table__number", "board_number")
    )
