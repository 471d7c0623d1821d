"""The Celery queues: each job goes to its queue (``standings``, ``documents``, ``analysis``,
``robots``), and a ranking recomputation is not held up by PDFs when a worker serves
``standings`` alone.

The proof runs the deployment of docker-compose.yml for real: two worker processes on the Redis
broker, one ``-Q standings``, one ``-Q documents,analysis`` (one pool process each, so that the
packet's jobs keep the documents worker busy), and the organizer's whole packet of a 20-table
tournament queued (its combined PDF alone takes some 30 s of CPU here) before the ranking is
asked for again.
"""

import os
import re

import pytest
import redis

from tests.support.celery import use_broker
from tests.support.processes import CeleryProcess, wait_for
from tests.support.standings import big_mitchell

QUEUE_OF_TASK = {
    "standings.recompute_tournament": "standings",
    "standings.catch_up": "standings",
    "health.ping": "standings",
    "printing.build_document": "documents",
    "seasons.recompute": "standings",
    "seasons.catch_up": "standings",
    "analysis.analyse_boards": "analysis",
    "analysis.catch_up": "analysis",
    "analysis.review_game": "analysis",
    "standings.recompute_event": "standings",
    "robots.play_turns": "robots",
    "robots.catch_up": "robots",
}
"""The routes documented in docs/architecture.md ("Jobs")."""


def _queue(name: str) -> str:
    from config.celery import app

    return app.amqp.router.route({}, name)["queue"].name


def test_each_job_goes_to_its_documented_queue():
    from config.celery import app

    app.loader.import_default_modules()
    ours = {name for name in app.tasks if not name.startswith("celery.")}

    assert ours == set(QUEUE_OF_TASK)
    assert {name: _queue(name) for name in ours} == QUEUE_OF_TASK


def test_every_job_of_the_site_takes_its_options_from_tournaments_jobs():
    from django.db import DatabaseError, InterfaceError

    from config.celery import app

    app.loader.import_default_modules()
    jobs = {name: task for name, task in app.tasks.items() if name in QUEUE_OF_TASK}
    del jobs["health.ping"]  # the worker's health probe (config/celery.py), not a job
    retried = {name for name, task in jobs.items() if getattr(task, "autoretry_for", ())}

    assert all(task.acks_late and task.ignore_result for task in jobs.values())
    assert retried == {
        "standings.recompute_tournament",
        "printing.build_document",
        "seasons.recompute",
        "analysis.analyse_boards",
        "robots.play_turns",
        "analysis.review_game",
        "standings.recompute_event",
    }
    for name in retried:
        assert tuple(jobs[name].autoretry_for) == (DatabaseError, InterfaceError)
        assert jobs[name].retry_jitter is True and jobs[name].retry_backoff_max == 60
    # The documents back off longer and give up sooner: a PDF is asked for again by a person.
    assert (
        jobs["printing.build_document"].retry_backoff,
        jobs["printing.build_document"].max_retries,
    ) == (2, 5)
    assert {jobs[name].max_retries for name in retried - {"printing.build_document"}} == {10}


def test_a_future_analysis_job_lands_on_the_analysis_queue_by_its_name():
    assert _queue("analysis.double_dummy") == "analysis"


def test_a_future_robot_job_lands_on_the_robots_queue_by_its_name():
    assert _queue("robots.catch_up") == "robots"


def test_a_job_nobody_routed_is_treated_as_long():
    assert _queue("reports.something_new") == "documents"


def test_the_four_queues_are_declared_with_late_acknowledgement_and_one_job_reserved():
    from config.celery import app

    assert list(app.amqp.queues) == ["standings", "documents", "analysis", "robots"]
    assert app.conf.task_acks_late is True
    assert app.conf.task_reject_on_worker_lost is True
    assert app.conf.worker_prefetch_multiplier == 1


@pytest.mark.worker
def test_a_worker_started_without_queues_consumes_all_four(celery_worker):
    from config.celery import app

    active = app.control.inspect(destination=[celery_worker.hostname], timeout=5).active_queues()

    assert sorted(queue["name"] for queue in active[celery_worker.hostname]) == [
        "analysis",
        "documents",
        "robots",
        "standings",
    ]


# --- Two workers, as deployed -----------------------------------------------------------------


@pytest.fixture
def two_workers(transactional_db, settings, tmp_path, monkeypatch):
    """A standings worker and a documents/analysis worker on the real Redis broker
    (TEST_BROKER_URL), with this process publishing to it."""
    from django.db import connection

    from config.celery import app

    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.postgresql":
        pytest.fail("worker tests need PostgreSQL: set DATABASE_URL (bin/test does)")
    database_url = (
        f"postgres://{database['USER']}@{database['HOST'] or '127.0.0.1'}:"
        f"{database['PORT'] or 5432}/{connection.settings_dict['NAME']}"
    )
    broker = os.environ.get("TEST_BROKER_URL", "redis://127.0.0.1:6379/15")
    redis.Redis.from_url(broker).flushdb()
    monkeypatch.setenv("MEDIA_ROOT", str(tmp_path / "media"))
    saved = {
        key: app.conf.get(key) for key in ("broker_url", "result_backend", "task_always_eager")
    }
    settings.CELERY_TASK_ALWAYS_EAGER = False
    use_broker(broker_url=broker, result_backend=broker, task_always_eager=False)
    standings = CeleryProcess(
        "worker", broker, database_url, tmp_path, "standings", queues="standings"
    )
    documents = CeleryProcess(
        "worker", broker, database_url, tmp_path, "documents", queues="documents,analysis"
    )
    try:
        standings.start()
        documents.start()
        # Each worker queues a catch-up when it starts: let both pass before the test begins.
        wait_for(
            lambda: (
                len(re.findall(r"Task standings\.catch_up\[[^\]]+\] succeeded", standings.log()))
                >= 2
            ),
            30,
            "the start-up catch-ups did not run",
        )
        yield standings, documents
    finally:
        documents.kill()  # it is still printing: no need to wait for the end of the job
        standings.stop()
        use_broker(**saved)
        redis.Redis.from_url(broker).flushdb()


@pytest.mark.worker
@pytest.mark.slow
def test_the_ranking_is_recomputed_while_the_packet_is_still_being_printed(two_workers):
    from django.db import transaction

    from tests.support.factories import drop_tournament
    from tournaments.printing import services as printing
    from tournaments.printing.models import Document
    from tournaments.results.models import Result
    from tournaments.standings import services as standings_services
    from tournaments.standings.models import BoardScore, ScoreChange, ScoringState
    from tournaments.standings.recomputation import recompute

    standings_worker, documents_worker = two_workers
    tournament = big_mitchell(tables=20, rounds=5)
    try:
        recompute(tournament.pk, force=True)
        result = Result.objects.filter(tournament=tournament, ns_marks__lt=250).first()
        score_before = BoardScore.objects.get(result=result).ns_score
        before = ScoringState.objects.get(tournament=tournament).version

        # The organizer asks for the whole packet; the documents worker starts on it.
        requested = printing.request_packet(tournament=tournament)
        assert len(requested) > 2
        running = wait_for(
            lambda: Document.objects.filter(
                tournament=tournament, status=Document.Status.RUNNING
            ).first(),
            30,
            "no document of the packet started",
        )

        # An arbiter corrects a result while the packet is printed (the row changed and the
        # scores marked stale in one transaction, as the results services do).
        with transaction.atomic():
            Result.objects.filter(pk=result.pk).update(ns_marks=250, ew_marks=0)
            standings_services.mark_results_changed(
                tournament=tournament, board_numbers=[result.board_number]
            )
        fresh = wait_for(
            lambda: (
                ScoringState.objects.filter(tournament=tournament, version__gt=before)
                .exclude(tournament__in=ScoreChange.objects.values("tournament"))
                .first()
            ),
            20,
            "the ranking was not recomputed while the packet was printed",
        )

        # Fresh while the same document is still being made, the rest of the packet waiting.
        running.refresh_from_db()
        assert running.status == Document.Status.RUNNING
        assert fresh.version == before + 1
        assert BoardScore.objects.get(result=result).ns_score != score_before
        waiting = Document.objects.filter(tournament=tournament, status=Document.Status.QUEUED)
        assert waiting.exists()
        # Each job ran where it was routed.
        assert "Task standings.recompute_tournament[" in standings_worker.log()
        assert "Task printing.build_document[" not in standings_worker.log()
        assert "Task printing.build_document[" in documents_worker.log()
        assert "Task standings." not in documents_worker.log()
    finally:
        documents_worker.kill()  # before the tournament goes: the job would fail on it
        drop_tournament(tournament)
