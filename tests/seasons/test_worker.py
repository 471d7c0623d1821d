"""The season's ranking computed by a real Celery worker on the real Redis broker: a tournament
of the season finished through the set-up service publishes the job after the commit."""

import time

import pytest

from tests.support.seasons import club_with_players, finished_tournament
from tournaments.seasons.models import Season
from tournaments.seasons.selectors import season_table
from tournaments.seasons.services import create_season
from tournaments.setup.models import Tournament
from tournaments.setup.services.tournament import change_status

pytestmark = [pytest.mark.worker, pytest.mark.slow]


def wait_for(condition, timeout: float, message: str):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = condition()
        if value:
            return value
        time.sleep(0.2)
    pytest.fail(f"{message} (after {timeout} s)")


@pytest.mark.django_db(transaction=True)
def test_finishing_a_tournament_has_the_worker_rank_the_season(celery_worker):
    club, p = club_with_players(["Anne", "Bruno", "Chloé", "Denis"])
    first = finished_tournament(
        club,
        1,
        [(p["Anne"], p["Bruno"], 1, 60.0, None), (p["Chloé"], p["Denis"], 2, 40.0, None)],
    )
    second = finished_tournament(
        club,
        8,
        [(p["Anne"], p["Chloé"], 1, 70.0, None), (p["Bruno"], p["Denis"], 2, 30.0, None)],
        status=Tournament.Status.RUNNING,
    )
    season = create_season(
        club=club, values={"name": "Challenge", "method": "average"}, tournaments=[first, second]
    )
    # The worker computes the new season (one tournament finished so far).
    table = wait_for(
        lambda: (t := season_table(Season.objects.get(pk=season.pk))).rows and not t.pending and t,
        30,
        "the worker never ranked the new season",
    )
    assert [(row.name, row.played) for row in table.rows][0] == ("Anne Joueur", 1)
    change_status(tournament=second, status=Tournament.Status.FINISHED)

    def ranked_over_both():
        table = season_table(Season.objects.get(pk=season.pk))
        return not table.pending and table.rows[0].played == 2 and table

    table = wait_for(ranked_over_both, 30, "the worker never recomputed the season")
    assert [(row.name, row.score) for row in table.rows] == [
        ("Anne Joueur", 65.0),
        ("Chloé Joueur", 55.0),
        ("Bruno Joueur", 45.0),
        ("Denis Joueur", 35.0),
    ]
