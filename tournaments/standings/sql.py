"""The standings app's hand-written SQL, every statement in one place: the journal row of a
result change, the job's claim, the stores' advisory lock, the COPY of board scores and
snapshots, and the snapshot rows copied inside the database.

Each is the fast path of an ORM write (the ``connection.vendor`` branch beside it keeps the
ORM's way on SQLite) and is tested against that ORM twin on the same data
(``tests/standings/test_sql.py``): the same rows, or the same answer.
"""

from __future__ import annotations

from .models import RankingSnapshot, ScoreChange, ScoringState

MARK_SQL = f"""
INSERT INTO {ScoreChange._meta.db_table} (tournament_id, board_number, at) VALUES (%s, %s, %s)
"""  # noqa: S608 - the table name from the model, values as parameters
"""The journal row of ``mark_results_changed``: fixed SQL on PostgreSQL (every result write runs
it, and building it with the ORM cost more CPU than running it)."""

CLAIM_SQL = f"""
WITH claimed AS (
    UPDATE {ScoringState._meta.db_table} SET scheduled_at = %(now)s
    WHERE tournament_id = %(tournament)s
      AND (scheduled_at IS NULL OR scheduled_at < %(stale)s)
    RETURNING 1
)
SELECT
    (SELECT count(*) FROM claimed),
    EXISTS (SELECT 1 FROM {ScoringState._meta.db_table} WHERE tournament_id = %(tournament)s)
"""  # noqa: S608 - the table name from the model, values as parameters
"""The job's claim (``services._claim``): (claimed, the books exist) in one statement."""

STORE_LOCK = 0x5C0E
"""The first key of the stores' advisory lock (the second is the tournament's id)."""

LOCK_STORES_SQL = "SELECT pg_advisory_xact_lock(%s, %s)"
"""Wait for any other store of the tournament (``STORE_LOCK``, the tournament's id); released
with the transaction."""

NO_SYNCHRONOUS_COMMIT_SQL = "SET LOCAL synchronous_commit TO OFF"
"""A store's commit need not wait for the disk (what it writes can be computed again)."""

_SNAPSHOT_TABLE = RankingSnapshot._meta.db_table

SHARE_ENTRIES_SQL = f"""
INSERT INTO {_SNAPSHOT_TABLE} (tournament_id, version, up_to_round, method, entries,
    results_counted, includes_changes_until, computed_at, fingerprint)
SELECT tournament_id, version, %s, method, entries, %s, %s, %s, %s
FROM {_SNAPSHOT_TABLE}
WHERE tournament_id = %s AND version = %s AND up_to_round IS NOT DISTINCT FROM %s
"""  # noqa: S608 - the table name from the model, values as parameters
"""A snapshot row whose entries are another row's of the same version (PostgreSQL): parameters
up_to_round, results_counted, includes_changes_until, computed_at, fingerprint, then the
other row's tournament, version and up_to_round."""


def copy_rankings_sql(excluded: int) -> str:
    """Copy the rankings after each round of one version into another, but ``excluded`` of
    them (both databases): parameters the new version, includes_changes_until, computed_at,
    the tournament, the old version, then the ``excluded`` rounds."""
    return (
        f"""
        INSERT INTO {_SNAPSHOT_TABLE} (tournament_id, version, up_to_round, method, entries,
            results_counted, includes_changes_until, computed_at, fingerprint)
        SELECT tournament_id, %s, up_to_round, method, entries, results_counted, %s, %s,
            fingerprint
        FROM {_SNAPSHOT_TABLE}
        WHERE tournament_id = %s AND version = %s AND up_to_round IS NOT NULL
        """  # noqa: S608 - the table name from the model, values as parameters
        + ("AND up_to_round NOT IN (" + ", ".join(["%s"] * excluded) + ")" if excluded else "")
    )


def copy_sql(model, columns: tuple[str, ...]):
    """``COPY`` into ``model``'s table from the client, of ``columns`` (PostgreSQL)."""
    from psycopg import sql

    return sql.SQL("COPY {table} ({columns}) FROM STDIN").format(
        table=sql.Identifier(model._meta.db_table),
        columns=sql.SQL(", ").join(sql.Identifier(column) for column in columns),
    )
