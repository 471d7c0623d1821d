"""Ten pairs register at once for the last two places, on real PostgreSQL: two get them, eight
go on the waiting list in order, none is lost or counted twice."""

import pytest
from django.db import connection
from django.test import Client
from django.urls import reverse

from tests.support.concurrency import run_together
from tests.support.factories import add_teams, make_tournament
from tournaments.registration import services
from tournaments.registration.models import Entry
from tournaments.setup.models import Tournament

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.slow, pytest.mark.postgresql]

PAIRS = 10


def test_ten_pairs_at_once_for_the_last_two_places():
    if connection.vendor != "postgresql":
        pytest.fail("the concurrency tests need PostgreSQL: set DATABASE_URL")
    tournament = make_tournament(status=Tournament.Status.REGISTRATION)
    add_teams(tournament, 4)
    services.set_registration(tournament=tournament, open=True, capacity=6)
    url = reverse("registration:register", args=[tournament.slug])

    def register(index):
        client = Client(REMOTE_ADDR=f"198.51.100.{index + 1}")
        return client.post(
            url,
            {
                "p1_first_name": "Anne",
                "p1_last_name": f"Martin{index}",
                "p2_first_name": "Bruno",
                "p2_last_name": f"Durand{index}",
                "email": f"paire{index}@example.org",
            },
        ).status_code

    assert run_together(PAIRS, register) == [302] * PAIRS
    statuses = list(Entry.objects.values_list("status", flat=True))
    assert len(statuses) == PAIRS
    assert statuses.count("pending") == 2 and statuses.count("waiting") == PAIRS - 2
    waiting = Entry.objects.filter(status="waiting").order_by("created_at", "pk")
    assert [services.waiting_position(entry=entry) for entry in waiting] == list(
        range(1, PAIRS - 1)
    )
    assert services.places_left(tournament=tournament) == 0
