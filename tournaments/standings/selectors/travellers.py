"""A board's traveller (feuille ambulante): every table's result and score, and who may see it."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.setup import policy
from tournaments.setup.models import Team, Tournament

from ..models import BoardScore
from .boards import BoardStatus, board_finished, plays_per_board
from .penalties import PenaltyLine, penalty_lines


@dataclass(frozen=True)
class TravellerLine:
    """One table's result on the board (ligne de la feuille ambulante).

    ``record`` is the canonical result (contract, taker, points...; None for an adjusted
    score), ``made`` whether the contract was made. Scores are matchpoints, differences or
    points depending on the method (floats: round them to show them).
    """

    round: int
    table: int
    ns_team: int | None
    ns_name: str
    ew_team: int | None
    ew_name: str
    arrow_switched: bool
    record: dict | None
    made: bool | None
    ns_marks: int | None
    ew_marks: int | None
    ns_adjustment: str
    ew_adjustment: str
    ns_score: float | None
    ew_score: float | None
    ns_percentage: float | None
    ew_percentage: float | None
    top: float | None
    datum: int | None
    # The marks are an assigned score the arbiter gave (score assigné), not a deal played.
    assigned: bool = False

    @property
    def adjusted(self) -> bool:
        return bool(self.ns_adjustment or self.ew_adjustment)


@dataclass(frozen=True)
class Traveller:
    """The traveller (feuille ambulante) of a board: every scored table, by round then table.

    ``finished``: every table that plays the board has a counted result (players may see it
    only then). ``expected``/``scored``: tables that play it / that have a counted result.
    """

    board: int
    method: str
    expected: int
    scored: int
    lines: tuple[TravellerLine, ...]
    penalties: tuple[PenaltyLine, ...] = ()

    @property
    def finished(self) -> bool:
        return BoardStatus(self.board, self.expected, self.scored).finished

    @property
    def datum(self) -> int | None:
        return next((line.datum for line in self.lines if line.datum is not None), None)


def team_names(tournament: Tournament) -> dict[int, tuple[int, str]]:
    """Team pk -> (number, display name), in one query."""
    return {
        pk: (number, name or f"{first} – {second}")
        for pk, number, name, first, second in Team.objects.filter(
            tournament=tournament
        ).values_list("pk", "number", "name", "player_one__last_name", "player_two__last_name")
    }


def board_traveller(tournament: Tournament, board_number: int) -> Traveller:
    """The traveller of ``board_number`` from the latest scores, whether finished or not:
    callers showing it to players check ``finished`` first (see ``can_see_traveller``)."""
    names = team_names(tournament)
    rows = (
        BoardScore.objects.filter(tournament=tournament, board_number=board_number)
        .select_related("result")
        .order_by("round_number", "table_number")
    )
    lines = tuple(_traveller_line(row, names) for row in rows)
    plays = plays_per_board(tournament)
    return Traveller(
        board=board_number,
        method=tournament.scoring_method,
        expected=plays.get(board_number, 0),
        scored=len(lines),
        lines=lines,
        penalties=tuple(penalty_lines(tournament, board=board_number, plays=plays)),
    )


def _traveller_line(row: BoardScore, names: dict[int, tuple[int, str]]) -> TravellerLine:
    ns_number, ns_name = names.get(row.ns_team_id, (None, ""))
    ew_number, ew_name = names.get(row.ew_team_id, (None, ""))
    result = row.result
    return TravellerLine(
        round=row.round_number,
        table=row.table_number,
        ns_team=ns_number,
        ns_name=ns_name,
        ew_team=ew_number,
        ew_name=ew_name,
        arrow_switched=row.arrow_switched,
        record=result.record if result is not None and not row.adjusted else None,
        made=result.made if result is not None and not row.adjusted else None,
        ns_marks=row.ns_marks,
        ew_marks=row.ew_marks,
        ns_adjustment=row.ns_adjustment,
        ew_adjustment=row.ew_adjustment,
        ns_score=row.ns_score,
        ew_score=row.ew_score,
        ns_percentage=row.ns_percentage,
        ew_percentage=row.ew_percentage,
        top=row.top,
        datum=row.datum,
        assigned=row.assigned,
    )


def can_see_traveller(user, tournament: Tournament, board_number: int) -> bool:
    """Players see a traveller once the board is finished at every table; staff always."""
    if policy.can_see_board_results(user, tournament, finished_everywhere=False):
        return True
    return policy.can_see_board_results(
        user, tournament, finished_everywhere=board_finished(tournament, board_number)
    )
