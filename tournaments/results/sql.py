"""The results app's hand-written SQL, every statement in one place: the lock a result write
takes on its table, and the count of a team code's tries.

Each is tested against its ORM twin on the same data (``tests/results/test_sql.py``): the lock's
twin is the ``connection.vendor`` branch beside it (``services.versions._lock_board_orm``, the
way on SQLite); the count runs on both databases and its twin is written in the test.
"""

from __future__ import annotations

from tournaments.setup.models import Round, TableAssignment, Team

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
