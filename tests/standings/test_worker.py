"""The whole chain with real processes: results entered through the results services, the job
published to a real Redis broker, run by a real Celery worker, seen on the public ranking page.

The outage test runs its own redis-server (port 6390 by default, STANDINGS_TEST_REDIS_PORT) so
that stopping it never touches the shared Redis; the worker and beat must reconnect by
themselves and the catch-up must bring the ranking up to date with nothing lost.
"""

import os
import subprocess
import sys
import time

import pytest
from django.urls import reverse

from tests.support.api import MADE_80_HEARTS
from tests.support.celery import use_broker
from tests.support.factories import small_tournament
from tests.support.paths import ROOT
from tests.support.processes import RedisServer, xdist_worker
from tests.support.results import assignment
from tournaments.results.services import record_result
from tournaments.standings import selectors
from tournaments.standings.models import BoardScore, ScoringState

pytestmark = [pytest.mark.worker, pytest.mark.slow]

# One port per xdist worker (6390, 6389, …): two workers' tests never race for it.
PRIVATE_REDIS_PORT = int(os.environ.get("STANDINGS_TEST_REDIS_PORT", "6390")) - xdist_worker()[0]

RECORD = MADE_80_HEARTS  # made by NS: 100 + 80 = 180 against 62 → 60.


def enter(tournament, round_number: int, table: int, board: int):
    """An arbiter's entry through the results services: confirmed at once, committed."""
    return record_result(
        assignment=assignment(tournament, round_number, table), board_number=board, data=RECORD
    )


def wait_for(condition, timeout: float, message: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"{message} (after {timeout} s)")


def public_ranking(client, tournament) -> str:
    """The public ranking page, as an anonymous player sees it."""
    response = client.get(reverse("standings:ranking", args=[tournament.slug]))
    assert response.status_code == 200
    return response.text


@pytest.fixture
def fresh_publisher():
    """Drop pooled broker connections left closed by a worker test of the session, before and
    after ours (tests/conftest.py closes the app's pool on teardown but keeps it cached)."""
    use_broker()
    yield
    use_broker()


@pytest.fixture
def worker(fresh_publisher, celery_worker):
    return celery_worker


def test_a_result_entered_reaches_the_public_ranking_through_the_worker(worker, client):
    tournament = small_tournament()
    before = public_ranking(client, tournament)
    assert "Aucun résultat n'est encore compté" in before

    enter(tournament, 1, 1, 1)

    wait_for(
        lambda: "1 résultat compté" in public_ranking(client, tournament),
        30,
        "the worker did not recompute the ranking",
    )
    text = public_ranking(client, tournament)
    # Board 1 played once of three: Neuberg (0 + 1) × 3 − 1 = 2 of a top of 4: 50 %.
    assert "50,00\u00a0%" in text
    assert "mis à jour à" in text
    state = ScoringState.objects.get(tournament=tournament)
    assert not state.pending and state.version >= 1
    assert worker.poll() is None

    # A burst of changes: the ranking ends up with all of them.
    for round_number, table, board in [(1, 2, 3), (1, 2, 4), (1, 3, 5), (1, 3, 6)]:
        enter(tournament, round_number, table, board)
    wait_for(
        lambda: "5 résultats comptés" in public_ranking(client, tournament),
        30,
        "the burst did not reach the ranking",
    )


# --- Broker outage -------------------------------------------------------------------------


@pytest.fixture
def private_redis(tmp_path, monkeypatch):
    redis = RedisServer(tmp_path, PRIVATE_REDIS_PORT)
    if redis.answers():
        pytest.fail(f"port {PRIVATE_REDIS_PORT} is taken: set STANDINGS_TEST_REDIS_PORT")
    redis.start()
    # The shared celery_worker fixture reads its broker from here.
    monkeypatch.setenv("TEST_BROKER_URL", redis.url)
    use_broker()
    try:
        yield redis
    finally:
        if redis.process is not None:
            redis.stop()
        use_broker()  # after the worker fixture closed its pool: leave a usable publisher


@pytest.fixture
def worker_and_beat(private_redis, celery_worker, tmp_path, settings):
    """The worker (from tests/conftest.py) and a beat process, both on the private Redis."""
    from django.db import connection

    database = settings.DATABASES["default"]
    url = (
        f"postgres://{database['USER']}@{database['HOST'] or '127.0.0.1'}:"
        f"{database['PORT'] or 5432}/{connection.settings_dict['NAME']}"
    )
    env = dict(
        os.environ, DATABASE_URL=url, CELERY_BROKER_URL=private_redis.url, DB_CONN_MAX_AGE="0"
    )
    env.pop("CACHE_URL", None)
    beat = subprocess.Popen(  # noqa: S603 - fixed arguments
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "beat",
            "--loglevel=INFO",
            "--schedule",
            str(tmp_path / "celerybeat-schedule"),
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        yield celery_worker, beat
    finally:
        beat.terminate()
        try:
            beat.wait(timeout=20)
        except subprocess.TimeoutExpired:
            beat.kill()
            beat.wait()


def test_with_redis_stopped_results_are_kept_and_the_ranking_catches_up_by_itself(
    worker_and_beat, private_redis, client
):
    worker, beat = worker_and_beat
    tournament = small_tournament()
    enter(tournament, 1, 1, 1)
    wait_for(
        lambda: "1 résultat compté" in public_ranking(client, tournament),
        30,
        "the first result did not reach the ranking",
    )

    private_redis.stop()
    started = time.monotonic()
    entered = [enter(tournament, 1, 2, 3), enter(tournament, 1, 3, 5), enter(tournament, 2, 1, 3)]
    # Every entry was saved without waiting for the broker; a hang guard, not a performance claim.
    assert time.monotonic() - started < 60
    assert all(result.pk and result.is_current for result in entered)
    assert ScoringState.objects.get(tournament=tournament).pending
    page = public_ranking(client, tournament)
    assert "calcul en attente" in page and "1 résultat compté" in page

    private_redis.start()

    # No manual step: the worker and beat reconnect, the catch-up recomputes.
    def caught_up() -> bool:
        page = public_ranking(client, tournament)
        return "4 résultats comptés" in page and "calcul en attente" not in page

    wait_for(caught_up, 90, "the ranking did not catch up after the broker came back")
    assert BoardScore.objects.filter(tournament=tournament).count() == 4
    assert selectors.current_ranking(tournament).results_counted == 4
    assert not ScoringState.objects.get(tournament=tournament).pending
    assert worker.poll() is None and beat.poll() is None
