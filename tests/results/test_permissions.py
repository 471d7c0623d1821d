"""Who may open the arbiter's pages and the table-entry page."""

import json

import pytest
from django.urls import reverse

from tests.support.factories import small_tournament
from tests.support.results import contract
from tournaments.results.models import Result

pytestmark = pytest.mark.django_db

GET_PAGES = [
    ("results:dashboard", []),
    ("results:dashboard_grid", []),
    ("results:entry", []),
    ("results:entry_round", [1]),
    ("results:history", [1, 1, 1]),
    ("results:exchange", []),
    ("results:table_links", []),
    ("results:export", ["jsonl"]),
    ("results:export", ["csv"]),
]
POST_PAGES = [
    ("results:entry_round", [1]),
    ("results:start_round", [1]),
    ("results:confirm", [1, 1, 1]),
    ("results:adjust", [1, 1, 1]),
    ("results:delete", [1, 1, 1]),
    ("results:exchange", []),
]


@pytest.fixture
def people(make_user, arbiter, organizer, tournament):
    """Everyone but this tournament's staff: a player, and the staff of another tournament."""
    other_arbiter = make_user("autre-arbitre", "arbiter")
    other_organizer = make_user("autre-organisateur", "organizer")
    small_tournament(arbiter=other_arbiter, organizer=other_organizer)
    return {
        "player": make_user("joueur"),
        "other_arbiter": other_arbiter,
        "other_organizer": other_organizer,
        "arbiter": arbiter,
        "organizer": organizer,
    }


def url(tournament, name, args):
    return reverse(name, args=[tournament.slug, *args])


def test_anonymous_visitors_are_sent_to_the_login_page(client, tournament):
    for name, args in GET_PAGES:
        response = client.get(url(tournament, name, args))
        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("accounts:login")), name
    for name, args in POST_PAGES:
        response = client.post(url(tournament, name, args), {"version": 1})
        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("accounts:login")), name
    assert not Result.objects.exists()


@pytest.mark.parametrize("who", ["player", "other_arbiter", "other_organizer"])
def test_users_without_a_role_in_this_tournament_are_refused(client, tournament, people, who):
    client.force_login(people[who])
    started_at = tournament.round_set.get(number=1).started_at
    for name, args in GET_PAGES:
        assert client.get(url(tournament, name, args)).status_code == 403, name
    for name, args in POST_PAGES:
        response = client.post(
            url(tournament, name, args),
            {"version": 1, "ns_adjustment": "A", "ew_adjustment": "A"},
        )
        assert response.status_code == 403, name
    assert not Result.objects.exists()
    assert tournament.round_set.get(number=1).started_at == started_at


@pytest.mark.parametrize("who", ["player", "other_arbiter", "other_organizer"])
def test_the_json_entry_refuses_other_users(client, tournament, people, who):
    client.force_login(people[who])
    response = client.post(
        url(tournament, "results:entry_row", [1]),
        json.dumps({"table": 1, "board": 1, "record": contract()}),
        content_type="application/json",
    )
    assert response.status_code == 403
    assert response.json() == {"ok": False, "message": "Vous n'êtes pas arbitre de ce tournoi."}
    assert not Result.objects.exists()


def test_the_json_entry_answers_401_to_anonymous_visitors(client, tournament):
    response = client.post(
        url(tournament, "results:entry_row", [1]),
        json.dumps({"table": 1, "board": 1, "record": contract()}),
        content_type="application/json",
    )
    assert response.status_code == 401
    assert not Result.objects.exists()


@pytest.mark.parametrize("who", ["arbiter", "organizer"])
def test_the_tournament_staff_open_every_page(client, tournament, people, who):
    client.force_login(people[who])
    for name, args in GET_PAGES:
        response = client.get(url(tournament, name, args), follow=name == "results:entry")
        assert response.status_code == 200, name


@pytest.mark.parametrize("who", ["arbiter", "organizer"])
def test_the_tournament_staff_may_enter_results(client, tournament, people, who):
    client.force_login(people[who])
    response = client.post(
        url(tournament, "results:entry_row", [1]),
        json.dumps({"table": 1, "board": 1, "record": contract()}),
        content_type="application/json",
    )
    assert response.status_code == 201
    assert Result.objects.get().entered_by == people[who]


def test_an_unknown_tournament_is_a_404(client, arbiter):
    client.force_login(arbiter)
    assert client.get(reverse("results:dashboard", args=["nope"])).status_code == 404


def test_a_wrong_table_token_is_a_404(client, tournament):
    assert client.get(reverse("results:table_entry", args=["not-a-token"])).status_code == 404
    response = client.post(
        reverse("results:table_entry", args=["not-a-token"]), {"action": "side", "side": "NS"}
    )
    assert response.status_code == 404


def test_table_entry_is_closed_when_the_tournament_does_not_allow_it(client, tournament):
    tournament.table_entry = False
    tournament.save()
    table = tournament.tables.get(number=1)
    response = client.get(reverse("results:table_entry", args=[table.token]))
    assert response.status_code == 403
    assert "La saisie des résultats par les joueurs n'est pas ouverte" in response.content.decode()
    response = client.post(
        reverse("results:table_entry", args=[table.token]),
        {"action": "enter", "board": 1, "b1-passed": "on"},
    )
    assert response.status_code == 403
    assert not Result.objects.exists()


def test_the_menu_shows_the_arbiter_entries_to_the_staff_only(client, tournament, people):
    public_page = reverse("tournaments:public", args=[tournament.slug])
    dashboard = reverse("results:dashboard", args=[tournament.slug])
    entry = reverse("results:entry", args=[tournament.slug])
    assert dashboard not in client.get(public_page).content.decode()
    client.force_login(people["other_arbiter"])
    assert dashboard not in client.get(public_page).content.decode()
    client.force_login(people["arbiter"])
    page = client.get(public_page).content.decode()
    assert dashboard in page and entry in page
