"""The worker process running a recomputation is killed (SIGKILL) in the middle of it: the job
runs again and the rankings end up exactly those of a clean recomputation.

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
    worker = celery("worker")
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
