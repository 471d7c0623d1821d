"""Counting the SQL statements of a request, the transaction's own savepoints left out."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import connection
from django.test.utils import CaptureQueriesContext

TRANSACTION_CONTROL = ("SAVEPOINT", "RELEASE SAVEPOINT", "ROLLBACK TO SAVEPOINT")


class Statements(list):
    """The statements run, in order (``str`` each); ``report()`` lists them for a failure."""

    def locking(self) -> list[str]:
        return [sql for sql in self if "FOR UPDATE" in sql]

    def report(self) -> str:
        return "\n".join(f"{index + 1}. {sql[:200]}" for index, sql in enumerate(self))


@contextmanager
def statements() -> Iterator[Statements]:
    """The SQL statements run inside the block, without the savepoints that stand for the
    transaction's BEGIN and COMMIT when the test itself runs in a transaction."""
    found = Statements()
    with CaptureQueriesContext(connection) as captured:
        yield found
    found.extend(
        query["sql"]
        for query in captured.captured_queries
        if not query["sql"].startswith(TRANSACTION_CONTROL)
    )
