"""The round clock: its length from the settings, its states by the server's time, and the
public JSON endpoint the pages set their clocks by."""

import datetime
from unittest import mock

import pytest
from django.urls import reverse
from django.utils import timezone

from tests.support.factories import make_tournament
from tournaments.results import selectors
from tournaments.setup.models import Round, Tournament

pytestmark = pytest.mark.django_db

START = datetime.datetime(2026, 12, 5, 14, 0, tzinfo=datetime.UTC)


@pytest.fixture
def started(tournament):
    """Round 1 alone started, at 14:00 (2 boards × 8 minutes: it ends at 14:16)."""
    tournament.round_set.update(started_at=None)
    tournament.round_set.filter(number=1).update(started_at=START)
    return tournament


def clock_at(tournament, minutes, round_number=None):
    return selectors.round_clock(
        tournament, round_number, now=START + datetime.timedelta(minutes=minutes)
    )


def test_a_round_lasts_its_boards_times_the_minutes_per_board(started):
    clock = clock_at(started, 0)
    assert clock.round == 1
    assert clock.minutes == 2 * 8
    assert clock.ends_at == START + datetime.timedelta(minutes=16)


def test_time_left_counts_down_by_the_server_time(started):
    clock = clock_at(started, 3.5)
    assert clock.seconds_left == 12 * 60 + 30
    assert clock.state == "running"


def test_the_last_five_minutes_are_a_warning(started):
    assert clock_at(started, 10.9).state == "running"
    assert clock_at(started, 11).state == "warning"
    assert clock_at(started, 15.99).state == "warning"


def test_after_the_end_the_time_is_up(started):
    clock = clock_at(started, 17)
    assert clock.seconds_left == 0
    assert clock.state == "over"


def test_a_round_not_started_has_no_end(started):
    clock = clock_at(started, 0, round_number=2)
    assert clock.round == 2
    assert clock.started_at is None and clock.ends_at is None and clock.seconds_left is None
    assert clock.state == "waiting"


def test_the_current_round_is_the_last_started_one(started):
    started.round_set.filter(number=2).update(started_at=START + datetime.timedelta(minutes=20))
    assert clock_at(started, 21).round == 2


def test_before_any_start_the_current_round_is_the_first_published(started):
    started.round_set.update(started_at=None)
    started.round_set.filter(number=1).update(published=False)
    clock = clock_at(started, 0)
    assert (clock.round, clock.state) == (2, "waiting")


def test_without_a_published_round_there_is_no_clock():
    tournament = make_tournament()
    assert selectors.round_clock(tournament).state == "none"


def test_the_minutes_per_board_are_the_tournaments(started):
    Tournament.objects.filter(pk=started.pk).update(minutes_per_board=10)
    started.refresh_from_db()
    assert clock_at(started, 0).minutes == 20


# --- The JSON endpoint ------------------------------------------------------------------


def clock_url(tournament, query=""):
    return reverse("results:clock", args=[tournament.slug]) + query


def test_anyone_reads_the_clock_of_a_public_tournament(client, started):
    now = START + datetime.timedelta(minutes=12)
    with mock.patch.object(timezone, "now", return_value=now):
        response = client.get(clock_url(started))
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    data = response.json()
    assert data["now"] == now.isoformat()
    assert data["round"] == 1
    assert data["started_at"] == START.isoformat()
    assert data["ends_at"] == (START + datetime.timedelta(minutes=16)).isoformat()
    assert data["seconds_left"] == 4 * 60
    assert data["state"] == "warning"
    assert data["warning_seconds"] == 300


def test_the_clock_of_a_named_round(client, started):
    data = client.get(clock_url(started, "?tour=2")).json()
    assert (data["round"], data["state"], data["ends_at"]) == (2, "waiting", None)


def test_an_unpublished_round_has_no_public_clock(client, started):
    Round.objects.filter(tournament=started, number=3).update(published=False)
    assert client.get(clock_url(started, "?tour=3")).json()["round"] is None


def test_a_drafts_clock_is_hidden(client, started, organizer):
    Tournament.objects.filter(pk=started.pk).update(status=Tournament.Status.DRAFT)
    assert client.get(clock_url(started)).status_code == 404
    client.force_login(organizer)
    assert client.get(clock_url(started)).status_code == 200


def test_the_clock_is_on_the_dashboard(client, started, arbiter):
    client.force_login(arbiter)
    page = client.get(reverse("results:dashboard", args=[started.slug])).content.decode()
    assert "data-round-clock" in page
    assert clock_url(started) in page
    assert "results/round_clock.js" in page


def test_the_clock_is_on_the_table_page(client, started):
    table = started.tables.get(number=1)
    page = client.get(reverse("results:table_entry", args=[table.token])).content.decode()
    assert "data-round-clock" in page
    assert clock_url(started, "?tour=1") in page
