"""The procedural penalties in force, as the lines the ranking, travellers and scorecards show."""

from __future__ import annotations

from dataclasses import dataclass

from scoring.duplicate import Method, most_plays, top
from tournaments.results.models import Penalty
from tournaments.results.services.penalties import core_penalty
from tournaments.setup.models import Team, Tournament

from .boards import plays_per_board


@dataclass(frozen=True)
class PenaltyLine:
    """A procedural penalty (pénalité de procédure) as travellers and scorecards show it.

    ``board`` is None for a penalty on the session. ``amount`` is in ``unit`` ("percent": % of
    a top, "points"); ``deduction`` is what it takes off the team's score in the ranking
    (matchpoints, difference or points), 0 when ``applies`` is False: it was given in the unit
    of another ranking method than the tournament's now.
    """

    team: int
    team_name: str
    board: int | None
    round: int
    amount: int
    unit: str
    reason: str
    deduction: float
    applies: bool


def penalty_lines(
    tournament: Tournament,
    *,
    team: Team | None = None,
    board: int | None = None,
    plays: dict[int, int] | None = None,
) -> list[PenaltyLine]:
    """The penalties in force (not removed), of ``team`` or on ``board`` when given, in the
    order they were given."""
    rows = Penalty.objects.filter(tournament=tournament, removed_at__isnull=True).select_related(
        "team", "team__player_one", "team__player_two"
    )
    if team is not None:
        rows = rows.filter(team=team)
    if board is not None:
        rows = rows.filter(board_number=board)
    rows = list(rows)
    if not rows:
        return []
    method = tournament.scoring_method
    common_top = None
    if Method(method) is Method.MATCHPOINTS:
        most = most_plays(plays if plays is not None else plays_per_board(tournament))
        common_top = top(most) if most else None
    lines = []
    for row in rows:
        penalty = core_penalty(penalty=row, team_number=row.team.number)
        lines.append(
            PenaltyLine(
                team=row.team.number,
                team_name=row.team.display_name,
                board=row.board_number,
                round=row.round_number,
                amount=row.amount,
                unit=row.unit,
                reason=row.reason,
                deduction=float(penalty.deduction(method, common_top)),
                applies=penalty.applies_to(method),
            )
        )
    return lines
