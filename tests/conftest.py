"""Fixtures shared by the whole suite: users with roles, and a real Celery worker process; the
suite's own static and media folders."""

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest
from celery._state import _set_task_join_will_block

from tests.support.celery import use_broker
from tests.support.flush import delete_rather_than_truncate
from tests.support.paths import ROOT
from tests.support.processes import xdist_worker

_OWN_FOLDERS: list[Path] = []


def pytest_configure(config):
    """The suite's own static and media folders, whatever the checkout holds.

    ``bin/run`` collects the static files into ``var/staticfiles`` with a manifest of hashed
    names; a test run reading that folder would render those names and could not serve them
    (the live server serves the apps' own files). The tests get an empty static root (no
    manifest: the files keep their names and are served from the apps' folders) and a media
    root of their own, in this process's settings and in the environment of the processes the
    tests start (workers, servers). Only with pytest-django loaded."""
    _own_broker_database()
    if not config.pluginmanager.has_plugin("django"):
        return
    from django.conf import settings
    from django.test.utils import override_settings

    if not settings.configured:
        return
    _scan_the_static_files_once()
    # After each transactional test, empty the tables by DELETE rather than TRUNCATE: about
    # 2 s less a test (tests/support/flush.py).
    if settings.DATABASES["default"]["ENGINE"].endswith("postgresql"):
        delete_rather_than_truncate()
    folder = Path(tempfile.mkdtemp(prefix="coinche-tests-"))
    _OWN_FOLDERS.append(folder)
    static_root, media_root = folder / "static", folder / "media"
    os.environ["STATIC_ROOT"], os.environ["MEDIA_ROOT"] = str(static_root), str(media_root)
    override_settings(STATIC_ROOT=static_root, MEDIA_ROOT=media_root).enable()


# WhiteNoise's list of the static files its finders find, per the settings that make it.
_STATIC_FILES: dict[tuple, dict] = {}
_WHITENOISE_SETTINGS = (
    "DEBUG",
    "STATIC_URL",
    "STATICFILES_DIRS",
    "STATICFILES_FINDERS",
    "INSTALLED_APPS",
    "FORCE_SCRIPT_NAME",
    "WHITENOISE_AUTOREFRESH",
    "WHITENOISE_MAX_AGE",
    "WHITENOISE_ALLOW_ALL_ORIGINS",
    "WHITENOISE_CHARSET",
    "WHITENOISE_MIMETYPES",
    "WHITENOISE_ADD_HEADERS_FUNCTION",
    "WHITENOISE_INDEX_FILE",
    "WHITENOISE_IMMUTABLE_FILE_TEST",
    "WHITENOISE_STATIC_PREFIX",
)


def _scan_the_static_files_once() -> None:
    """WhiteNoise's middleware lists and reads the headers of every static file the finders
    find (``WHITENOISE_USE_FINDERS``: about 200) when it is made: once per process in
    production, but once per test client in the suite (each client loads the middleware again),
    about 11 ms each. The files do not change during a run: the first list made under given
    settings is copied into each later middleware made under the same settings. The static
    root's own files are still listed by each middleware, as before."""
    from django.conf import settings
    from whitenoise.middleware import WhiteNoiseMiddleware

    scan = WhiteNoiseMiddleware.add_files_from_finders

    def add_files_from_finders(self) -> None:
        key = tuple(repr(getattr(settings, name, None)) for name in _WHITENOISE_SETTINGS)
        if key not in _STATIC_FILES:
            before, self.files = self.files, {}
            scan(self)
            _STATIC_FILES[key] = self.files
            self.files = before
        self.files.update(_STATIC_FILES[key])

    WhiteNoiseMiddleware.add_files_from_finders = add_files_from_finders


def _own_broker_database() -> None:
    """Each pytest-xdist worker publishes to a Redis database of its own: ``TEST_BROKER_URL``'s
    for the first worker (gw0), the one below it for the next (``/15``, ``/14``, …), so that
    one worker's ``flushdb`` or Celery worker never meets the other's tasks. Set once, in the
    environment, for every fixture and process of the worker that reads it."""
    index, _ = xdist_worker()
    if not index:
        return
    url = _broker_url()
    base, _, database = url.rpartition("/")
    if not database.isdigit() or int(database) < index:
        raise pytest.UsageError(f"TEST_BROKER_URL must end in a database number >= {index}: {url}")
    os.environ["TEST_BROKER_URL"] = f"{base}/{int(database) - index}"


def pytest_unconfigure(config):
    for folder in _OWN_FOLDERS:
        shutil.rmtree(folder, ignore_errors=True)


@pytest.fixture
def make_user(db):
    """Create a user, optionally in a role group (``organizer`` or ``arbiter``)."""
    from tournaments.accounts.services import ensure_user

    def make(username: str, role: str | None = None, password: str = "correct-horse-42"):
        return ensure_user(username=username, password=password, role=role)

    return make


# What also runs on SQLite, the database of a club's ``bin/run`` (bin/test's SQLite run:
# ``-m "sqlite and not postgresql"`` with a SQLite DATABASE_URL; docs/testing.md): the page
# walker and the functional tests that write through every app. Paths under tests/.
SQLITE_SUITE = (
    "site/test_page_walk.py",
    "tournaments",
    "results",
    "registration",
    "seasons",
    "clubs",
    "accounts",
    "play",
    "events",
    "online/test_services.py",
    "online/test_views.py",
    "deals/test_generation.py",
    "deals/test_pbn.py",
    "deals/test_typed_and_unrecorded.py",
    "deals/test_release.py",
    "standings/test_pages.py",
    "standings/test_penalties.py",
    "standings/test_incremental.py",
    "standings/test_sql.py",
    "printing/test_views.py",
    "api/test_results.py",
    "api/test_registrations.py",
    "api/test_arbiter_corrections.py",
    "api/test_tokens.py",
)


def pytest_collection_modifyitems(config, items):
    """``sqlite`` on the tests of ``SQLITE_SUITE`` (not the browser or slow ones: the run stays
    short); ``postgresql`` on the ``worker`` tests, whose worker process reads the test
    database from outside (SQLite's test database is in this process's memory)."""
    tests = ROOT / "tests"
    for item in items:
        if item.get_closest_marker("worker"):
            item.add_marker(pytest.mark.postgresql)
        if item.get_closest_marker("browser") or item.get_closest_marker("slow"):
            continue
        if not item.path.is_relative_to(tests):
            continue
        where = item.path.relative_to(tests).as_posix()
        if any(where == path or where.startswith(path + "/") for path in SQLITE_SUITE):
            item.add_marker(pytest.mark.sqlite)
    if hasattr(config, "workerinput"):
        items[:] = _spread_the_long_tests(items, config.workerinput["workercount"])


def _spread_the_long_tests(items: list, workers: int) -> list:
    """Under pytest-xdist, the long tests spread over the workers from the start.

    ``--dist worksteal`` (bin/test) first gives each worker a contiguous share of the list
    (``len // workers``, then the rest shared the same way), and an idle worker later takes
    half of the tail of the busiest one's. In the order collected, the long tests (slow,
    browser, worker process) sat together, and a long one starting last on a worker kept
    the run going while the other had nothing left. So each share is laid out as: its part of
    the long tests (dealt round-robin, the slow ones first), then short tests in the order
    collected (a module's tests stay together, its module-wide data built once). Every worker
    collects and lays out the same list (docs/testing.md, « Both cores »)."""
    long = sorted((item for item in items if _start_order(item) < 2), key=_start_order)
    short = [item for item in items if _start_order(item) == 2]
    shares: list[list] = []
    left = len(items)
    for index in range(workers):
        size = left // (workers - index)
        left -= size
        own = long[index::workers]
        taken = max(0, size - len(own))
        shares.append(own + short[:taken])
        short = short[taken:]
    shares[-1] += short
    return [item for share in shares for item in share]


def _start_order(item) -> int:
    """The slow tests, then those driving a browser or starting a worker process, then the rest."""
    if item.get_closest_marker("slow"):
        return 0
    if item.get_closest_marker("browser") or item.get_closest_marker("worker"):
        return 1
    return 2


def pytest_runtest_setup(item):
    """A test marked ``postgresql`` fails at once, saying why, on another database."""
    if item.get_closest_marker("postgresql") and item.config.pluginmanager.has_plugin("django"):
        from django.conf import settings

        engine = settings.DATABASES["default"]["ENGINE"]
        if not engine.endswith("postgresql"):
            pytest.fail(f"needs PostgreSQL (marker postgresql), not {engine}: set DATABASE_URL")


@pytest.fixture(scope="session")
def django_db_modify_db_settings(request, django_db_modify_db_settings_parallel_suffix):
    """On SQLite the test database is a file beside DATABASE_URL's (``test_<name>``), as
    ``bin/run``'s database is a file: not Django's default in-memory database, whose locking
    and journal are not a club laptop's."""
    from django.conf import settings

    database = settings.DATABASES["default"]
    if database["ENGINE"].endswith("sqlite3") and not database.get("TEST", {}).get("NAME"):
        name = Path(database["NAME"])
        worker = getattr(request.config, "workerinput", {}).get("workerid")
        suffix = f"_{worker}" if worker else ""
        test_name = name.with_name(f"test_{name.stem}{suffix}{name.suffix}")
        database.setdefault("TEST", {})["NAME"] = str(test_name)


def _broker_url() -> str:
    return os.environ.get("TEST_BROKER_URL", "redis://127.0.0.1:6379/15")


@pytest.fixture
def celery_worker(transactional_db, settings):
    """A real ``celery worker`` process on the real Redis broker, using the test database.

    The test process itself publishes through the broker (no eager mode) while the fixture is
    active. Tests using it must write through committed transactions (transactional_db).
    """
    from django.db import connection

    from config.celery import app

    broker = _broker_url()
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.postgresql":
        pytest.fail("worker tests need PostgreSQL: set DATABASE_URL (bin/test does)")
    url = (
        f"postgres://{database['USER']}@{database['HOST'] or '127.0.0.1'}:"
        f"{database['PORT'] or 5432}/{connection.settings_dict['NAME']}"
    )
    env = dict(os.environ, DATABASE_URL=url, CELERY_BROKER_URL=broker, DB_CONN_MAX_AGE="0")
    env.pop("CACHE_URL", None)
    # Start from an empty queue so that a previous run's leftovers cannot interfere.
    import redis

    redis.Redis.from_url(broker).flushdb()
    hostname = f"test-{os.getpid()}-{time.monotonic_ns()}@localhost"
    # The worker's log goes to a file: a pipe nobody reads would block a talkative worker.
    log = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 - closed in the teardown
    process = subprocess.Popen(  # noqa: S603 - fixed arguments
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--loglevel=INFO",
            "--concurrency=1",
            "--pool=prefork",
            "--without-gossip",
            "--without-mingle",
            "-n",
            hostname,
        ],
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        text=True,
    )
    saved = {
        key: app.conf.get(key) for key in ("broker_url", "result_backend", "task_always_eager")
    }
    use_broker(broker_url=broker, result_backend=broker, task_always_eager=False)
    # Eager tasks run from several threads at once (live server, concurrency tests) can leave
    # Celery's process-wide "inside a task" flag set; this process is no worker: clear it.
    _set_task_join_will_block(False)
    settings.CELERY_TASK_ALWAYS_EAGER = False
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if process.poll() is not None:
                log.seek(0)
                pytest.fail("celery worker exited:\n" + log.read())
            replies = app.control.ping(destination=[hostname], timeout=1.0)
            if replies:
                break
        else:
            pytest.fail("celery worker did not answer within 60 s")
        process.hostname = hostname
        yield process
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        log.close()
        use_broker(**saved)


@pytest.fixture(autouse=True)
def _fast_password_hasher(request):
    """Hashing test users' passwords with the production hasher costs seconds per test.

    Only with pytest-django loaded: the plain-Python tests also run without it
    (``pytest -p no:django tests/scoring``), where there is no ``settings`` fixture.
    """
    if not request.config.pluginmanager.has_plugin("django"):
        return
    settings = request.getfixturevalue("settings")
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _no_background_analysis(request):
    """Without a broker the site analyses the boards and makes the documents in threads of its
    own (tournaments/background.py), which would reach the test database from outside the
    test's transaction: off, unless a test turns it on. Only with pytest-django loaded."""
    if not request.config.pluginmanager.has_plugin("django"):
        return
    settings = request.getfixturevalue("settings")
    settings.ANALYSIS_IN_PROCESS = "0"
    # The documents, likewise: made in the request that asks (after its commit), unless a test
    # turns the documents thread on.
    settings.DOCUMENTS_IN_PROCESS = "1"
    # The robots' turns of a game played online, likewise: after the commit of the request.
    settings.ROBOTS_IN_PROCESS = "1"
    # The national figures of the simultaneous events, likewise.
    settings.EVENTS_IN_PROCESS = "1"
    # And shown at once: the robots' pause is tested where it is the subject, and the card
    # table's steps (one robot's action after another) where the page is seen as a player sees
    # it (tests/e2e/test_card_table.py).
    settings.PLAY_ROBOT_PAUSE = 0
    settings.PLAY_SHOW_STEP = 0


@pytest.fixture(autouse=True)
def _site_language_after_each_test(request):
    """A request of the test client activates its language in this thread and leaves it there
    (``config.locale``): a test asking for English must not turn the next test's messages into
    English. Back to the site's default (French) after each test."""
    yield
    if request.config.pluginmanager.has_plugin("django"):
        from django.utils import translation

        translation.deactivate()


@pytest.fixture(autouse=True)
def _empty_cache(request):
    """Each test starts with an empty cache (the public pages kept whole are keyed by the
    tournament's slug, which the factories give again from one test to the next), and without
    the public page cache: tests change rows directly, without the services that tell the cache
    (tests/site/test_public_page_cache.py turns it on). Only with pytest-django loaded."""
    if not request.config.pluginmanager.has_plugin("django"):
        return
    settings = request.getfixturevalue("settings")
    from django.core.cache import cache

    cache.clear()
    settings.PUBLIC_PAGE_CACHE = False


@pytest.fixture(autouse=True)
def _no_event_field_kept_between_tests(request):
    """The events' job keeps each event's field in its process between runs, by the event's id
    (tournaments/events/recomputation.py); a rolled-back test gives its ids to the next one
    (SQLite reuses them), which must not find the previous test's field. Only with Django."""
    if not request.config.pluginmanager.has_plugin("django"):
        return
    from tournaments.events import recomputation

    recomputation._KEPT.clear()
