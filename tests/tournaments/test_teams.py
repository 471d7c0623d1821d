"""Registering, editing, withdrawing and checking in teams through the organizer's pages."""

import pytest
from django.urls import reverse

from tests.support.factories import add_teams, make_tournament
from tournaments.setup.models import Player, Team, Tournament
from tournaments.setup.services import generate_plan, set_team_flags

pytestmark = pytest.mark.django_db


def team_data(**overrides) -> dict:
    data = {
        "number": "",
        "name": "Les As de Trèfle",
        "p1_first_name": "Anne",
        "p1_last_name": "Martin",
        "p1_licence": "0123456",
        "p1_club": "Coinche Club",
        "p2_first_name": "Bruno",
        "p2_last_name": "Petit",
        "p2_licence": "0123457",
        "p2_club": "Coinche Club",
    }
    data.update(overrides)
    return data


@pytest.fixture
def tournament(organizer):
    return make_tournament(organizer=organizer, status=Tournament.Status.REGISTRATION)


def test_a_team_gets_the_next_free_number(tournament, organizer, login):
    add_teams(tournament, 3)
    tournament.teams.filter(number=2).delete()
    client = login(organizer)

    page = client.get(reverse("tournaments:team_add", args=[tournament.slug]))
    assert "le prochain numéro libre (4)" in page.text
    response = client.post(reverse("tournaments:team_add", args=[tournament.slug]), team_data())

    assert response.status_code == 302
    team = tournament.teams.get(number=4)
    assert (team.name, str(team.player_one), team.player_two.licence) == (
        "Les As de Trèfle",
        "Anne Martin",
        "0123457",
    )


def test_save_and_add_another_comes_back_to_an_empty_form(tournament, organizer, login):
    response = login(organizer).post(
        reverse("tournaments:team_add", args=[tournament.slug]), team_data(another="1")
    )

    assert response["Location"] == reverse("tournaments:team_add", args=[tournament.slug])


def test_registration_errors_are_shown_and_nothing_is_saved(tournament, organizer, login):
    add_teams(tournament, 1)
    taken = tournament.teams.get().player_one.licence
    client = login(organizer)
    url = reverse("tournaments:team_add", args=[tournament.slug])

    missing = client.post(url, team_data(p2_last_name=""))
    duplicate = client.post(url, team_data(p1_licence=taken, number="1"))
    twice = client.post(url, team_data(p2_licence="0123456"))

    assert "Ce champ est obligatoire." in missing.text
    assert f"Joueur 1 : la licence {taken} est déjà inscrite dans ce tournoi." in duplicate.text
    assert "Le numéro 1 est déjà pris par une autre équipe." in duplicate.text
    assert "la licence 0123456 apparaît plusieurs fois." in twice.text
    assert tournament.teams.count() == 1
    assert Player.objects.filter(tournament=tournament).count() == 2


def test_editing_a_team_keeps_its_own_licences(tournament, organizer, login):
    add_teams(tournament, 2)
    team = tournament.teams.get(number=1)
    url = reverse("tournaments:team_edit", args=[tournament.slug, 1])
    client = login(organizer)
    form = client.get(url).context["form"]
    data = {name: form[name].value() or "" for name in form.fields}

    data.update(name="Les Capots", p2_first_name="Bérénice")
    response = client.post(url, data)

    assert response.status_code == 302
    team.refresh_from_db()
    assert team.name == "Les Capots"
    assert team.player_two.first_name == "Bérénice"


def test_a_team_in_the_plan_keeps_its_number_and_cannot_be_deleted(tournament, organizer, login):
    add_teams(tournament, 6)
    generate_plan(tournament=tournament)
    client = login(organizer)
    url = reverse("tournaments:team_edit", args=[tournament.slug, 1])
    form = client.get(url).context["form"]
    data = {name: form[name].value() or "" for name in form.fields}

    response = client.post(url, {**data, "number": "9"})
    assert "son numéro ne peut plus changer" in response.text
    response = client.post(
        reverse("tournaments:team_delete", args=[tournament.slug, 1]), follow=True
    )
    assert "déclarez-la forfait au lieu de la supprimer" in response.text
    assert tournament.teams.filter(number=1).exists()


def test_withdraw_then_reinstate(tournament, organizer, login):
    add_teams(tournament, 4)
    client = login(organizer)
    url = reverse("tournaments:team_withdraw", args=[tournament.slug, 3])

    client.post(url, {"action": "withdraw"})
    assert tournament.teams.get(number=3).withdrawn
    public = login().get(reverse("tournaments:public", args=[tournament.slug]))
    assert [team.number for team in public.context["teams"]] == [1, 2, 4]

    client.post(url, {"action": "reinstate"})
    assert not tournament.teams.get(number=3).withdrawn


def test_team_flags_change_only_where_a_value_is_given(tournament):
    team = add_teams(tournament, 1)[0]

    set_team_flags(team=team, checked_in=True)
    set_team_flags(team=team, withdrawn=True)
    set_team_flags(team=team)

    team.refresh_from_db()
    assert team.checked_in
    assert team.withdrawn


def test_deleting_a_team_registered_by_mistake(tournament, organizer, login):
    add_teams(tournament, 2)

    login(organizer).post(reverse("tournaments:team_delete", args=[tournament.slug, 2]))

    assert list(tournament.teams.values_list("number", flat=True)) == [1]
    assert Player.objects.filter(tournament=tournament).count() == 2


def test_check_in_toggles_without_javascript_too(tournament, organizer, login):
    add_teams(tournament, 3)
    Team.objects.filter(tournament=tournament).update(checked_in=False)
    client = login(organizer)
    url = reverse("tournaments:checkin_toggle", args=[tournament.slug, 2])

    response = client.post(url)
    assert response["Location"].endswith("#equipe-2")
    assert tournament.teams.get(number=2).checked_in
    client.post(url)
    assert not tournament.teams.get(number=2).checked_in
    data = client.post(url, {"checked_in": "1"}, HTTP_ACCEPT="application/json").json()
    assert data.pop("count_html").strip() == (
        "<strong data-checked-in>1</strong> équipe pointée sur <span data-active>3</span>"
    )
    assert data == {"number": 2, "checked_in": True, "checked_in_count": 1, "active_count": 3}
    data = client.post(
        reverse("tournaments:checkin_toggle", args=[tournament.slug, 3]),
        {"checked_in": "1"},
        HTTP_ACCEPT="application/json",
    ).json()
    assert "2</strong> équipes pointées sur" in data["count_html"]


def test_the_check_in_page_is_made_for_a_phone(tournament, organizer, login):
    add_teams(tournament, 3)
    tournament.teams.filter(number=3).update(withdrawn=True)

    page = login(organizer).get(reverse("tournaments:checkin", args=[tournament.slug]))

    assert 'name="viewport"' in page.text
    assert 'type="search"' in page.text
    assert "tournaments/checkin.js" in page.text
    assert page.text.count('class="checkin-toggle') == 2  # the withdrawn team is not listed


@pytest.mark.parametrize(
    ("checked_in", "manage_says", "teams_say", "checkin_says"),
    [
        # The organizer's checklist counts the teams still to check in, or all those that are.
        (1, "2 équipes non pointées", "1 pointée", "1</strong> équipe pointée sur"),
        (2, "1 équipe non pointée", "2 pointées", "2</strong> équipes pointées sur"),
        (3, "3 équipes pointées", "3 pointées", "3</strong> équipes pointées sur"),
    ],
)
def test_counts_agree_with_their_number(
    tournament, organizer, login, checked_in, manage_says, teams_say, checkin_says
):
    add_teams(tournament, 3)
    tournament.teams.filter(number__gt=checked_in).update(checked_in=False)
    client = login(organizer)

    manage = client.get(reverse("tournaments:manage", args=[tournament.slug])).text
    teams = client.get(reverse("tournaments:manage_teams", args=[tournament.slug])).text
    checkin = client.get(reverse("tournaments:checkin", args=[tournament.slug])).text

    assert manage_says in manage
    assert "3 équipes inscrites" in manage
    assert teams_say in teams
    assert checkin_says in checkin
    assert "(s)" not in manage + teams + checkin


def test_a_new_team_never_takes_a_code_another_team_of_the_tournament_has(monkeypatch):
    """Two teams with one code could not tell which confirms: a drawn code already taken is
    drawn again (here the draws give the taken code twice before a free one)."""
    from tournaments.setup import models

    tournament = make_tournament()
    add_teams(tournament, 2)
    taken = tournament.teams.get(number=1).code
    draws = iter([taken, taken, "0042" if taken != "0042" else "0043"])
    monkeypatch.setattr(models, "new_team_code", lambda: next(draws))
    players = Player.objects.filter(tournament=tournament)[:2]
    team = Team(
        tournament=tournament, number=3, player_one=players[0], player_two=players[1], code=taken
    )
    team.save()
    assert team.code != taken
    assert len(set(tournament.teams.values_list("code", flat=True))) == 3


def test_the_database_refuses_two_teams_with_one_code():
    from django.db import IntegrityError, transaction

    tournament = make_tournament()
    add_teams(tournament, 2)
    first, second = tournament.teams.order_by("number")
    with pytest.raises(IntegrityError), transaction.atomic():
        Team.objects.filter(pk=second.pk).update(code=first.code)
