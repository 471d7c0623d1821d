"""Fixtures of the fault tests: a broker of the test's own, Celery processes on it, the test
database's URL for them, and PostgreSQL as a precondition."""

import pytest

from tests.support.celery import use_broker
from tests.support.processes import CeleryProcess, RedisServer


@pytest.fixture(autouse=True)
def needs_postgresql(request):
    if request.node.get_closest_marker("django_db") is None:
        return  # the database restart test brings its own PostgreSQL
    from django.db import connection

    if connection.vendor != "postgresql":
        pytest.fail("the fault tests need PostgreSQL: set DATABASE_URL (bin/test does)")


@pytest.fixture
def test_database_url(transactional_db, settings):
    """The URL of the test database, for processes of our own (workers, beat)."""
    from django.db import connection

    database = settings.DATABASES["default"]
    return (
        f"postgres://{database['USER']}@{database['HOST'] or '127.0.0.1'}:"
        f"{database['PORT'] or 5432}/{connection.settings_dict['NAME']}"
    )


def _point_publisher_at(broker_url: str | None) -> None:
    """Make this process publish its jobs to ``broker_url`` (None: back to in-process jobs),
    dropping the pools and result backend cached for the previous setting."""
    use_broker(
        broker_url=broker_url,
        result_backend=broker_url,
        task_always_eager=broker_url is None,
    )


@pytest.fixture
def broker(tmp_path, settings):
    """A redis-server of the test's own (ports 6391-6399) as this process's broker."""
    from config.celery import app

    server = RedisServer(tmp_path)
    server.start()
    saved = {
        key: app.conf.get(key) for key in ("broker_url", "result_backend", "task_always_eager")
    }
    settings.CELERY_TASK_ALWAYS_EAGER = False
    _point_publisher_at(server.url)
    try:
        yield server
    finally:
        server.stop()
        _point_publisher_at(None)
        app.conf.update(**saved)


@pytest.fixture
def celery(broker, test_database_url, tmp_path):
    """Start ``celery -A config worker`` (on every queue, or on ``queues`` as
    ``"standings"``) or ``beat`` on the test's broker; stopped afterwards."""
    started: list[CeleryProcess] = []

    def start(kind: str, name: str | None = None, queues: str | None = None) -> CeleryProcess:
        process = CeleryProcess(
            kind,
            broker.url,
            test_database_url,
            tmp_path,
            name or f"{kind}-{len(started) + 1}",
            queues=queues,
        )
        started.append(process)
        return process.start()

    yield start
    for process in reversed(started):
        process.stop()
