"""Where each team of a table goes when its round is over (« Au tour 2 — Nord-Sud : restez
table 3 · Est-Ouest : table 5 »), from the published plan: shown on the table page once the
round is finished there."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from tournaments import vocabulary
from tournaments.setup.models import TableAssignment, Team


@dataclass(frozen=True)
class Move:
    side: str  # the side the team played in the round just over
    team: Team
    table: int | None  # None: the team sits out the next round
    next_side: str  # its side at the next table ("" when it sits out)
    stays: bool  # the same table, the same side


@dataclass(frozen=True)
class WhereNext:
    round_number: int
    moves: list[Move]


def where_next(assignment: TableAssignment) -> WhereNext | None:
    """The next published round's table of each team of ``assignment`` (None after the last
    published round)."""
    teams = [
        (side, team)
        for side, team in zip(
            vocabulary.SIDE_VALUES, (assignment.ns_team, assignment.ew_team), strict=True
        )
        if team is not None
    ]
    if not teams:
        return None
    next_number = assignment.round.number + 1
    rows = list(
        TableAssignment.objects.filter(
            round__tournament_id=assignment.round.tournament_id,
            round__number=next_number,
            round__published=True,
        )
        .filter(
            Q(ns_team__in=[team for _side, team in teams])
            | Q(ew_team__in=[team for _side, team in teams])
        )
        .select_related("table")
    )
    if not rows:
        return None
    moves = []
    for side, team in teams:
        row = next((row for row in rows if team.pk in (row.ns_team_id, row.ew_team_id)), None)
        if row is None or row.ns_team_id is None or row.ew_team_id is None:
            moves.append(Move(side, team, None, "", False))
        else:
            next_side = row.side_of(team)
            stays = row.table_id == assignment.table_id and next_side == side
            moves.append(Move(side, team, row.table.number, next_side, stays))
    return WhereNext(next_number, moves)
