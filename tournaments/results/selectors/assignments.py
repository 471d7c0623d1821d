"""The table plan row a result names: by round and table, and in one fixed statement."""

from __future__ import annotations

import functools

from django.db import connection

from tournaments import rows
from tournaments.deals.models import Board
from tournaments.setup.models import Round, Table, TableAssignment, Team, Tournament
from tournaments.setup.selectors import plan_assignments

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
            _entry_assignment_sql(),
            [tournament.pk, board_number, tournament.pk, round_number, table_number],
        )
        row = cursor.fetchone()
    if row is None:
        return None
    (assignment, round_, table, ns_team, ew_team), (hands,) = rows.split(
        row, _ASSIGNMENT, _ROUND, _TABLE, _NS_TEAM, _EW_TEAM
    )
    assignment.round, assignment.table = round_, table
    assignment.ns_team, assignment.ew_team = ns_team, ew_team
    round_.tournament = tournament
    assignment.board_hands = hands_from_pbn(rows.convert(_BOARD_HANDS, hands))
    return assignment


_ASSIGNMENT = rows.Columns(TableAssignment, "assignment")
_ROUND = rows.Columns(Round, "round")
_TABLE = rows.Columns(Table, "plan_table")
_NS_TEAM = rows.Columns(Team, "ns_team")
_EW_TEAM = rows.Columns(Team, "ew_team")
_BOARD_HANDS = Board._meta.get_field("hands")


@functools.cache
def _entry_assignment_sql() -> str:
    quote = connection.ops.quote_name
    teams = quote(Team._meta.db_table)
    return f"""
SELECT {_ASSIGNMENT.sql}, {_ROUND.sql}, {_TABLE.sql}, {_NS_TEAM.sql}, {_EW_TEAM.sql},
    (SELECT board.hands FROM {quote(Board._meta.db_table)} board
        WHERE board.tournament_id = %s AND board.number = %s LIMIT 1)
FROM {quote(TableAssignment._meta.db_table)} assignment
JOIN {quote(Round._meta.db_table)} round ON round.id = assignment.round_id
JOIN {quote(Table._meta.db_table)} plan_table ON plan_table.id = assignment.table_id
LEFT JOIN {teams} ns_team ON ns_team.id = assignment.ns_team_id
LEFT JOIN {teams} ew_team ON ew_team.id = assignment.ew_team_id
WHERE round.tournament_id = %s AND round.number = %s AND plan_table.number = %s
LIMIT 1
"""  # noqa: S608 - table and column names from the models, values as parameters
