"""The room display (affichage en salle): who may see it, the round's news (the next movement
in words, the late tables), the ranking, the themes, and the state it polls."""

import datetime

import pytest
from django.core.cache import cache
from django.urls import reverse
from django.utils import timezone

from tests.support.factories import add_plan, add_teams, demo_tournament, make_tournament
from tests.support.standings import SMALL_HOWELL
from tournaments.setup.models import Round, TableAssignment, Tournament
from tournaments.standings import selectors
from tournaments.standings.models import ScoringState

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def empty_cache():
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def demo():
    """The 6-team Mitchell, every result in and ranked; round 1 alone started."""
    tournament = demo_tournament()
    tournament.round_set.exclude(number=1).update(started_at=None)
    return tournament


def urls(tournament):
    return [
        reverse(f"standings:{name}", args=[tournament.slug])
        for name in ("room", "room_state", "room_fragment")
    ]


def test_anyone_sees_the_room_display_of_a_public_tournament(client, demo):
    for url in urls(demo):
        assert client.get(url).status_code == 200


def test_a_drafts_room_display_is_hidden(client, demo, make_user):
    Tournament.objects.filter(pk=demo.pk).update(status=Tournament.Status.DRAFT)
    for url in urls(demo):
        assert client.get(url).status_code == 404
    organizer = make_user("olga", role="organizer")
    demo.organizers.add(organizer)
    client.force_login(organizer)
    assert client.get(urls(demo)[0]).status_code == 200


def test_the_display_shows_the_round_its_clock_the_movement_and_the_ranking(client, demo):
    page = client.get(urls(demo)[0]).content.decode()
    assert demo.name in page
    assert "data-round-clock" in page and "Tour 1" in page
    assert (
        "Tour 2 : les EO avancent d&#x27;une table, les étuis descendent d&#x27;une table." in page
    )
    assert "Classement Nord-Sud" in page and "Équipe 2" in page
    assert "room.js" in page


def test_the_mitchell_movement_in_words(demo):
    assert selectors.room_display(demo).movement == (
        "Tour 2 : les EO avancent d'une table, les étuis descendent d'une table."
    )


def test_before_a_round_starts_the_room_reads_how_it_got_there(demo):
    Round.objects.filter(tournament=demo, number=2).update(published=True)
    Round.objects.filter(tournament=demo, number=1).update(started_at=None)
    assert selectors.room_display(demo).movement == ""
    Round.objects.filter(tournament=demo, number=1).update(started_at=timezone.now())
    Round.objects.filter(tournament=demo, number=3).update(started_at=timezone.now())
    assert selectors.room_display(demo).movement == "Dernier tour."


def test_an_arrow_switch_round_is_announced(demo):
    TableAssignment.objects.filter(round__tournament=demo, round__number=2).update(
        arrow_switch=True
    )
    assert selectors.room_display(demo).movement == (
        "Tour 2 : les EO avancent d'une table, les étuis descendent d'une table. "
        "Tour inversé : les NS jouent les cartes EO."
    )


def test_a_howell_sends_players_to_their_route_card():
    tournament = make_tournament(movement_type="howell")
    add_teams(tournament, 4)
    add_plan(tournament, SMALL_HOWELL, started=False)
    Round.objects.filter(tournament=tournament, number=1).update(started_at=timezone.now())
    assert selectors.room_display(tournament).movement == (
        "Tour 2 : consultez votre fiche de route ou le plan de salle."
    )


def test_an_unpublished_next_round_is_not_announced(demo):
    Round.objects.filter(tournament=demo, number=2).update(published=False)
    assert selectors.room_display(demo).movement == ""


def test_the_late_tables_are_listed(client, demo):
    # Round 2 started long ago, none of its results in: its three tables are late.
    demo.results.filter(round__number=2).delete()
    Round.objects.filter(tournament=demo, number=2).update(
        started_at=timezone.now() - datetime.timedelta(hours=1)
    )
    assert selectors.room_display(demo).late_tables == [1, 2, 3]
    fragment = client.get(urls(demo)[2]).content.decode()
    assert "Tables en retard" in fragment and "1, 2, 3" in fragment


def test_no_hand_is_on_the_display(client, demo):
    page = client.get(urls(demo)[0]).content.decode()
    for board in demo.boards.all():
        for hand in board.hands.values():
            assert hand not in page


@pytest.mark.parametrize(
    ("query", "theme"), [("", "auto"), ("?theme=sombre", "dark"), ("?theme=clair", "light")]
)
def test_the_themes(client, demo, query, theme):
    page = client.get(urls(demo)[0] + query).content.decode()
    assert f'class="room-theme-{theme}"' in page


def test_the_state_key_changes_with_the_ranking_and_the_rounds(client, demo):
    before = client.get(urls(demo)[1]).json()
    assert before["version"] == ScoringState.objects.get(tournament=demo).version == 1
    Round.objects.filter(tournament=demo, number=2).update(started_at=timezone.now())
    started = client.get(urls(demo)[1]).json()
    assert started["key"] != before["key"]
    ScoringState.objects.filter(tournament=demo).update(version=99)
    ranked = client.get(urls(demo)[1]).json()
    assert ranked["key"] != started["key"] and ranked["version"] == 99
    assert client.get(urls(demo)[1])["Cache-Control"] == "no-store"


def test_the_room_display_is_linked_from_the_dashboard_and_the_organizer_page(
    client, demo, make_user
):
    organizer = make_user("olga", role="organizer")
    demo.organizers.add(organizer)
    client.force_login(organizer)
    room = urls(demo)[0]
    for name in ("results:dashboard", "tournaments:manage"):
        page = client.get(reverse(name, args=[demo.slug])).content.decode()
        assert room in page and "Affichage en salle" in page


def test_a_finished_tournament_shows_its_final_ranking_and_no_clock(client, demo):
    Tournament.objects.filter(pk=demo.pk).update(status=Tournament.Status.FINISHED)
    demo.refresh_from_db()
    room = selectors.room_display(demo)
    assert room.finished and room.late_tables == []
    assert room.movement == "Tournoi terminé : classement final."
    page = client.get(urls(demo)[0]).content.decode()
    assert 'class="room-display room-finished"' in page
    assert "data-finished" in page


def test_the_state_key_changes_when_the_tournament_finishes(client, demo):
    before = client.get(urls(demo)[1]).json()["key"]
    Tournament.objects.filter(pk=demo.pk).update(status=Tournament.Status.FINISHED)
    assert client.get(urls(demo)[1]).json()["key"] != before
