"""The results app's hand-written SQL, every statement in one place: the lock a result write
takes on its table, the count of a team code's tries, and the plan row an entry names.

Each is tested against its ORM twin on the same data (``tests/results/test_sql.py``): the lock's
twin is the ``connection.vendor`` branch beside it (``services.versions._lock_board_orm``, the
way on SQLite); the count runs on both databases and its twin is written in the test.
"""

from __future__ import annotations

import functools

from django.db import connection

from tournaments import rows
from tournaments.deals.models import Board
from tournaments.setup.models import Round, Table, TableAssignment, Team

from .models import Result

LOCK_BOARD_SQL = f"""
SELECT
    (SELECT max(version) FROM {Result._meta.db_table}
        WHERE assignment_id = %(assignment)s AND board_number = %(board)s),
    (SELECT id FROM {Result._meta.db_table}
        WHERE assignment_id = %(assignment)s AND board_number = %(board)s AND is_current
        LIMIT 1),
    (SELECT id FROM {Result._meta.db_table}
        WHERE %(key)s::varchar IS NOT NULL AND submission_key = %(key)s::varchar LIMIT 1),
    EXISTS(SELECT 1 FROM {Round._meta.db_table}
        WHERE tournament_id = %(tournament)s AND number = %(next_round)s AND published
        AND started_at IS NULL)
FROM {TableAssignment._meta.db_table}
WHERE id = %(assignment)s
FOR UPDATE
"""  # noqa: S608 - table names from the models, values as parameters
"""``services.versions.lock_board`` on PostgreSQL: the table's plan row locked and, in the same
statement, the board's latest version, its current version, a version of the same submission
key, and whether the next round waits to start (every result write runs it, and building it
with the ORM cost more CPU than running it)."""

COUNT_TRY_SQL = (
    f"UPDATE {Team._meta.db_table} SET code_failures = code_failures + %s "  # noqa: S608
    "WHERE id IN (%s, %s) AND code_failures < %s RETURNING id"
)
"""``services.team_codes._count_try`` (both databases): one statement decides, for each team of
the meeting, whether its code may still be tried, and counts a wrong code against it, so that
the check and the count cannot be split by a concurrent guess. A right code adds nothing but
is accepted only from a team under the limit. Parameters: 1 for a wrong code (0 for a right
one), the two teams' ids, the limit; it returns the ids of the teams under the limit."""


ASSIGNMENT = rows.Columns(TableAssignment, "assignment")
ROUND = rows.Columns(Round, "round")
TABLE = rows.Columns(Table, "plan_table")
NS_TEAM = rows.Columns(Team, "ns_team")
EW_TEAM = rows.Columns(Team, "ew_team")
BOARD_HANDS = Board._meta.get_field("hands")


@functools.cache
def entry_assignment_sql() -> str:
    """``selectors.entry_assignment``'s read (both databases): the plan row an entry names, with
    its round, table and teams, and the board's hands; its ORM twin is written in
    ``tests/tournaments/test_rows.py``."""
    quote = connection.ops.quote_name
    teams = quote(Team._meta.db_table)
    return f"""
SELECT {ASSIGNMENT.sql}, {ROUND.sql}, {TABLE.sql}, {NS_TEAM.sql}, {EW_TEAM.sql},
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
