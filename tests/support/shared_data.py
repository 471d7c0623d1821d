"""Data built once for the tests of a module, as Django's ``TestCase.setUpTestData`` does.

A module whose tests each build the same world (a tournament with its results, a club, the
callers...) can build it once: ``kept_for_the_module`` opens a transaction around the module,
the world is written into it, and each test's own transaction (pytest-django's ``db``) is a
savepoint inside it, rolled back after the test. Every test still meets the same world, as if
it had been built for it alone: what a test writes (rows, a changed status...) is undone before
the next one; the world itself is rolled back after the module's last test, never committed.

Only for tests run in a transaction (``db``, not ``transactional_db``, ``live_server`` or a
worker process: those see committed rows only). Model instances kept across tests would carry
one test's changes made in memory to the next: keep primary keys and slugs, and read the rows
again in each test (a function-scoped fixture).

Not for tests that write much: the rows each test writes and rolls back stay in the tables as
dead rows until the module's transaction ends (PostgreSQL cannot clean them while it is open),
and each later query reads past them. The API's schemathesis run (47 tests, hundreds of writes
each) was slower this way (its tests' calls 50 s -> 92 s, its world built 47 times 17 s less);
the permission matrix (65 tests, a few writes each) gains a little.

Usage, in a test module::

    @pytest.fixture(scope="module")
    def _built(django_db_setup, django_db_blocker):
        with kept_for_the_module(django_db_blocker):
            yield build()   # primary keys, slugs: no model instance

    @pytest.fixture
    def world(_built, db):
        return {**_built, "tournament": Tournament.objects.get(slug=_built["slug"])}
"""

from collections.abc import Iterator
from contextlib import contextmanager

from django.db import transaction
from django.test import override_settings

# What tests/conftest.py's autouse fixtures set for each test and the build runs before them
# (a module's fixture is made before a test's): the jobs a write asks for run in the request
# (or not at all) rather than in a thread of their own reaching the database from outside the
# transaction; users' passwords hashed fast.
_AS_IN_A_TEST = {
    "ANALYSIS_IN_PROCESS": "0",
    "DOCUMENTS_IN_PROCESS": "1",
    "ROBOTS_IN_PROCESS": "1",
    "EVENTS_IN_PROCESS": "1",
    "PUBLIC_PAGE_CACHE": False,
    "PASSWORD_HASHERS": ["django.contrib.auth.hashers.MD5PasswordHasher"],
}


@contextmanager
def kept_for_the_module(django_db_blocker) -> Iterator[None]:
    """A transaction around a module's tests, rolled back after them (see the module)."""
    with django_db_blocker.unblock(), override_settings(**_AS_IN_A_TEST):
        atomic = transaction.atomic()
        atomic.__enter__()
        # Django's own test transactions carry this mark: a durable atomic block opened by the
        # code under test (transaction.atomic(durable=True)) is allowed inside them.
        atomic._from_testcase = True  # type: ignore[attr-defined]
        try:
            yield
        finally:
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
