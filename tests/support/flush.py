"""Emptying the test database after a transactional test: DELETE rather than TRUNCATE.

A test that needs committed rows (``transactional_db``: the live server of the browser tests, a
worker process, concurrent transactions) is followed by Django's ``flush``, which on PostgreSQL
truncates every table in one statement. A TRUNCATE gives each table and index a new file and
drops the old ones: for the site's hundred-odd tables about 2 s on this machine under load (a
DELETE of the few rows a test leaves: a few hundredths), after each of the suite's transactional
tests. ``delete_rather_than_truncate`` makes the flush DELETE every row of every table instead:
the same empty tables afterwards (the sequences go on, as they do after Django's TRUNCATE
without ``reset_sequences``), in one transaction, the foreign keys being checked at its end
(Django makes them ``DEFERRABLE INITIALLY DEFERRED``). The rows a trigger writes while the
tables are emptied (the standings' setup versions: a deleted team counts as a change) are
deleted by a second pass over the tables. ``reset_sequences`` keeps Django's TRUNCATE.
"""


def delete_rather_than_truncate() -> None:
    """Patch PostgreSQL's flush statements for this test process (tests/conftest.py)."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences or not tables:
            return truncate(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        deletes = [
            f"{style.SQL_KEYWORD('DELETE FROM')} {style.SQL_FIELD(self.quote_name(table))};"
            for table in tables
        ]
        return deletes + deletes

    DatabaseOperations.sql_flush = sql_flush  # type: ignore[method-assign]
