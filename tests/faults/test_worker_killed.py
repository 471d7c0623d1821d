"""The worker process running a job is killed (SIGKILL) in the middle of it, on each queue's
worker as deployed (docker-compose.yml): a recomputation on the ``standings`` worker runs again
and the rankings end up exactly those of a clean recomputation; a PDF on the
``documents,analysis`` worker is made again and stored.

The recomputation is caught in the middle by its size, not by any test hook: a 100-table
Mitchell with 3,000 confirmed results takes a second or so to score and store. The job is acked
late and the worker rejects (requeues) a job whose process was lost (CELERY_TASK_ACKS_LATE,
CELERY_TASK_REJECT_ON_WORKER_LOST): the same message is delivered again, to a new pool process.
"""

import os
import re
import signal

import pytest
from django.test import Client
from django.urls import reverse

from tests.support.processes import wait_for
from tests.support.standings import big_mitchell
from tournaments.standings import selectors
from tournaments.standings.models import BoardScore, ScoringState
from tournaments.standings.recomputation import recompute

pytestmark = [pytest.mark.worker, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

RECEIVED = re.compile(r"Task standings\.recompute_tournament\[([0-9a-f-]+)\] received")
DOCUMENT_RECEIVED = re.compile(r"Task printing\.build_document\[([0-9a-f-]+)\] received")


def board_scores(tournament) -> list[tuple]:
    return list(
        BoardScore.objects.filter(tournament=tournament)
        .order_by("round_number", "table_number", "board_number")
        .values_list(
            "round_number",
            "table_number",
            "board_number",
            "ns_score",
            "ew_score",
            "ns_percentage",
            "ew_percentage",
            "result_id",
        )
    )


def test_a_recomputation_killed_midway_runs_again_and_converges(celery, make_user):
    worker = celery("worker", queues="standings")
    # Let the catch-up a starting worker queues pass first: it must not be the run we kill.
    wait_for(
        lambda: re.search(r"Task standings\.catch_up\[[^\]]+\] succeeded", worker.log()),
        30,
        "the start-up catch-up did not run",
    )
    tournament = big_mitchell()
    arbiter = make_user("arbitre-recalcul", "arbiter")
    tournament.arbiters.add(arbiter)
    client = Client()
    client.force_login(arbiter)
    pool_before = worker.pool_pids()

    # The arbiter asks for a recomputation ("Recalculer maintenant").
    response = client.post(reverse("standings:recompute", args=[tournament.slug]))
    assert response.status_code == 302

    # As soon as the job has started, its process is killed.
    wait_for(
        lambda: (
            ScoringState.objects.filter(tournament=tournament, started_at__isnull=False)
            .values_list("started_at", flat=True)
            .first()
        ),
        30,
        "the recomputation did not start",
        interval=0.005,
    )
    for pid in pool_before:
        os.kill(pid, signal.SIGKILL)

    # It was caught in the middle: it stored nothing.
    state = ScoringState.objects.get(tournament=tournament)
    assert state.version == 0 and state.pending
    assert not BoardScore.objects.filter(tournament=tournament).exists()

    # The worker saw its process die, started a new one, and the same job ran again there.
    wait_for(lambda: "WorkerLostError" in worker.log(), 30, "the worker did not see the loss")
    wait_for(
        lambda: not ScoringState.objects.get(tournament=tournament).pending,
        60,
        "the recomputation did not run again",
    )
    received = RECEIVED.findall(worker.log())
    assert len(received) == 2 and received[0] == received[1], received
    assert not set(worker.pool_pids()) & set(pool_before)
    assert not worker.exited()

    # The rankings are exactly those of a clean recomputation.
    state = ScoringState.objects.get(tournament=tournament)
    assert state.version == 1
    after_the_kill = selectors.current_ranking(tournament)
    assert after_the_kill.results_counted == 3000
    scores_after_the_kill = board_scores(tournament)
    assert len(scores_after_the_kill) == 3000

    recompute(tournament.pk, force=True)
    clean = selectors.current_ranking(tournament)
    assert clean.version == 2
    assert clean.entries == after_the_kill.entries
    for up_to_round in range(1, 11):
        assert (
            selectors.current_ranking(tournament, up_to_round, version=1).entries
            == selectors.current_ranking(tournament, up_to_round, version=2).entries
        )
    assert board_scores(tournament) == scores_after_the_kill


def test_a_document_killed_midway_is_made_again_on_the_documents_queue(
    celery, tmp_path, monkeypatch
):
    from tournaments.printing import services as printing
    from tournaments.printing.models import Document

    monkeypatch.setenv("MEDIA_ROOT", str(tmp_path / "media"))  # the worker's, read below
    worker = celery("worker", queues="documents,analysis")
    # The score sheets of a 20-table, 5-round tournament: 50 pages, several seconds to make.
    tournament = big_mitchell(tables=20, rounds=5)
    recompute(tournament.pk, force=True)
    pool_before = worker.pool_pids()

    document = printing.request_document(tournament=tournament, kind="score_sheets", scope="staff")
    wait_for(
        lambda: Document.objects.filter(pk=document.pk, status=Document.Status.RUNNING).exists(),
        30,
        "the document did not start",
        interval=0.005,
    )
    for pid in pool_before:
        os.kill(pid, signal.SIGKILL)

    wait_for(lambda: "WorkerLostError" in worker.log(), 30, "the worker did not see the loss")
    document = wait_for(
        lambda: Document.objects.filter(pk=document.pk, status=Document.Status.READY).first(),
        120,
        "the document was not made again",
    )
    received = DOCUMENT_RECEIVED.findall(worker.log())
    assert len(received) == 2 and received[0] == received[1], received
    assert not set(worker.pool_pids()) & set(pool_before)
    assert document.pages == 50
    assert (tmp_path / "media" / document.file.name).stat().st_size == document.file_size
