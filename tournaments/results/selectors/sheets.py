"""The score sheets of a round (the arbiter's entry) and the first round not finished."""

from __future__ import annotations

from dataclasses import dataclass, field

from scoring.engine.cards import Hand, Seat
from tournaments.setup.models import Round, Table, TableAssignment, Tournament
from tournaments.setup.selectors import plan_assignments

from ..models import Result
from .hands import hands_by_board
from .states import board_state, current_results


@dataclass
class SheetRow:
    board: int
    result: Result | None
    state: str
    hands: dict[Seat, Hand] | None


@dataclass
class TableSheet:
    assignment: TableAssignment
    rows: list[SheetRow] = field(default_factory=list)

    @property
    def table(self) -> Table:
        return self.assignment.table


def round_sheets(tournament: Tournament, round_: Round) -> list[TableSheet]:
    """Each table of the round with its boards and their current results, in table order."""
    results = current_results(tournament, round_)
    hands = hands_by_board(tournament)
    sheets = []
    for assignment in plan_assignments(tournament).filter(round=round_).order_by("table__number"):
        sheet = TableSheet(assignment)
        if not assignment.has_phantom:
            for board in assignment.boards:
                result = results.get((round_.number, assignment.table.number, board))
                sheet.rows.append(SheetRow(board, result, board_state(result), hands.get(board)))
        sheets.append(sheet)
    return sheets


def first_unfinished_round(tournament: Tournament) -> Round | None:
    """The first round with a board not confirmed at some table (else the last round)."""
    rounds = list(tournament.round_set.order_by("number"))
    if not rounds:
        return None
    results = current_results(tournament)
    for round_ in rounds:
        for assignment in round_.assignments.select_related("table"):
            if assignment.has_phantom:
                continue
            for board in assignment.boards:
                key = (round_.number, assignment.table.number, board)
                if board_state(results.get(key)) not in Result.COUNTING_STATUSES:
                    return round_
    return rounds[-1]
