"""The table plan row a result names: by round and table, and in one fixed statement."""

from __future__ import annotations

from tournaments import rows
from tournaments.setup.models import TableAssignment, Tournament
from tournaments.setup.selectors import plan_assignments

from .. import sql
from .hands import hands_from_pbn


def assignment_at(tournament: Tournament, round_number: int, table_number: int):
    """The table plan row of that table in that round, or None (with its tournament: the
    access policy and the results services ask it)."""
    return (
        plan_assignments(tournament)
        .filter(round__number=round_number, table__number=table_number)
        .select_related("round__tournament")
        .first()
    )


def entry_assignment(
    tournament: Tournament, round_number: int, table_number: int, board_number: int
) -> TableAssignment | None:
    """The table plan row a result entry names, or None when that table does not play that
    round: with its round (and ``tournament`` as its tournament), table and teams, and the
    board's recorded hands as ``board_hands`` (``hands_from_pbn``), all in one query.

    Every entry runs it: it is fixed SQL (``tournaments.rows``), which costs a fraction of the
    CPU of the same statement built by the ORM."""
    with rows.cursor() as cursor:
        cursor.execute(
            sql.entry_assignment_sql(),
            [tournament.pk, board_number, tournament.pk, round_number, table_number],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    (assignment, round_, table, ns_team, ew_team), (hands,) = rows.split(
        row, sql.ASSIGNMENT, sql.ROUND, sql.TABLE, sql.NS_TEAM, sql.EW_TEAM
    )
    assignment.round, assignment.table = round_, table
    assignment.ns_team, assignment.ew_team = ns_team, ew_team
    round_.tournament = tournament
    assignment.board_hands = hands_from_pbn(rows.convert(sql.BOARD_HANDS, hands))
    return assignment
