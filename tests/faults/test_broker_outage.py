"""Redis (the broker) dies during result entry: every result is kept, the rankings say they are
pending, and once Redis is back they catch up by themselves.

Real processes: a redis-server of the test's own, a Celery worker and celery beat on it. The
arbiter enters results through the entry sheet's JSON endpoint (the Django test client); the
public ranking is read from its live fragment, as the open page would.
"""

import time

import pytest
import redis
from django.test import Client
from django.urls import reverse

from tests.support.factories import SMALL_MITCHELL, small_tournament
from tests.support.processes import wait_for
from tournaments.results.models import Result, ResultEvent
from tournaments.standings import selectors
from tournaments.standings.models import ScoringState
from tournaments.standings.recomputation import recompute

pytestmark = [pytest.mark.worker, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

# A hang guard, not a performance claim: a request must not wait for a broker that is down.
ENTRY_HANG_GUARD_SECONDS = 30
BEAT_RETRIES = "beat: Connection error"


def record(points: int) -> dict:
    """North takes 90 hearts and makes ``points`` card points (made from 90 up)."""
    return {
        "passed": False,
        "contract": {"bid": 90, "strain": "H", "taker": "N", "coinche": 0},
        "taker_points": points,
        "capot": None,
        "belote": [],
        "annonces": [],
    }


def enter_round(client: Client, tournament, round_number: int) -> list[float]:
    """Enter every board of a round from the arbiter's sheet; return each request's duration."""
    url = reverse("results:entry_row", args=[tournament.slug, round_number])
    durations = []
    for row_round, table, _ns, _ew, boards in SMALL_MITCHELL:
        if row_round != round_number:
            continue
        for board in boards:
            started = time.monotonic()
            response = client.post(
                url,
                {
                    "table": table,
                    "board": board,
                    "record": record(90 + 7 * board + table),
                    "submission_key": f"r{round_number}-t{table}-b{board}",
                },
                content_type="application/json",
            )
            durations.append(time.monotonic() - started)
            assert response.status_code == 201, response.content
    return durations


def ranking(tournament) -> str:
    return (
        Client().get(reverse("standings:ranking_fragment", args=[tournament.slug])).content.decode()
    )


def no_job_in_flight(broker) -> bool:
    """No job taken by a worker and not yet acknowledged (kombu's ``unacked`` hash)."""
    client = redis.Redis.from_url(broker.url)
    try:
        return client.hlen("unacked") == 0
    finally:
        client.close()


def shows(tournament, counted: int) -> bool:
    page = ranking(tournament)
    return f"{counted} résultats comptés" in page and "calcul en attente" not in page


def test_results_entered_while_redis_is_down_are_kept_and_the_rankings_catch_up(
    broker, celery, make_user
):
    arbiter = make_user("arbitre-panne", "arbiter")
    tournament = small_tournament(arbiter=arbiter)
    worker = celery("worker")
    beat = celery("beat")
    client = Client()
    client.force_login(arbiter)

    # Round 1 with everything up: the worker brings it to the ranking.
    enter_round(client, tournament, 1)
    wait_for(lambda: shows(tournament, 6), 30, "round 1 did not reach the ranking")
    # The worker acknowledges its job just after the ranking is written. A broker that dies in
    # that instant makes the worker exit (kombu's « Couldn't ack », then « Unrecoverable
    # error »): what a supervisor restarts in production (docs/deployment.md, « Redis »), not
    # what this test is about, so Redis dies once no job is in flight.
    wait_for(lambda: no_job_in_flight(broker), 30, "the worker did not acknowledge its job")

    # Redis dies. Round 2 is entered all the same, without waiting for it.
    broker.kill()
    durations = enter_round(client, tournament, 2)
    assert max(durations) < ENTRY_HANG_GUARD_SECONDS, durations
    counted = Result.objects.filter(tournament=tournament, is_current=True, status="confirmed")
    assert counted.count() == 12
    assert ResultEvent.objects.filter(tournament=tournament, action="create").count() == 12
    state = ScoringState.objects.get(tournament=tournament)
    assert state.pending
    page = ranking(tournament)
    assert "calcul en attente" in page and "6 résultats comptés" in page

    # Beat's next tick finds no broker: it keeps trying, and does not give up.
    wait_for(lambda: BEAT_RETRIES in beat.log(), 30, "beat did not notice that Redis was down")
    assert not beat.exited()

    # Redis comes back on the same port, empty. Nobody does anything.
    broker.start()
    wait_for(lambda: shows(tournament, 12), 60, "the ranking did not catch up")
    assert not ScoringState.objects.get(tournament=tournament).pending
    # It was the catch-up (beat's periodic job) that did it, in the same worker and beat
    # processes, which reconnected by themselves.
    assert f"caught up on tournaments [{tournament.pk}]" in worker.log()
    assert not worker.exited() and not beat.exited()

    # The rankings are those a clean recomputation gives.
    caught_up = selectors.current_ranking(tournament)
    assert caught_up.results_counted == 12
    recompute(tournament.pk, force=True)
    clean = selectors.current_ranking(tournament)
    assert clean.version == caught_up.version + 1
    assert clean.entries == caught_up.entries
