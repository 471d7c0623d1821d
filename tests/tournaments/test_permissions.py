"""Every organizer page refuses whoever does not organize this tournament.

Anonymous visitors go to the login page; an arbiter of the tournament, an organizer of another
tournament and a logged-in player get 403; its organizers (and superusers) get in.
"""

import pytest
from django.urls import reverse

from tests.support.factories import add_teams, make_tournament
from tests.support.organizer import row_counts
from tournaments.setup.models import Tournament

pytestmark = pytest.mark.django_db

PAGES = [
    ("tournaments:manage", ()),
    ("tournaments:edit", ()),
    ("tournaments:manage_teams", ()),
    ("tournaments:team_add", ()),
    ("tournaments:team_edit", (1,)),
    ("tournaments:checkin", ()),
    ("tournaments:team_import", ()),
    ("tournaments:import_template_csv", ()),
    ("tournaments:import_template_xlsx", ()),
    ("tournaments:plan", ()),
]
ACTIONS = [
    ("tournaments:status", (), {"status": "registration"}),
    ("tournaments:team_add", (), {}),
    ("tournaments:team_edit", (1,), {}),
    ("tournaments:team_withdraw", (1,), {"action": "withdraw"}),
    ("tournaments:team_delete", (1,), {}),
    ("tournaments:checkin_toggle", (1,), {"checked_in": "1"}),
    ("tournaments:checkin_all", (), {}),
    ("tournaments:team_import", (), {}),
    ("tournaments:team_import_confirm", (), {}),
    ("tournaments:plan_generate", (), {}),
    ("tournaments:plan_publish", (), {"round": "all"}),
]


@pytest.fixture
def setting(make_user):
    organizer = make_user("odile", role="organizer")
    arbiter = make_user("arnaud", role="arbiter")
    tournament = make_tournament(
        organizer=organizer, arbiter=arbiter, status=Tournament.Status.REGISTRATION
    )
    add_teams(tournament, 6)
    other_organizer = make_user("olivier", role="organizer")
    make_tournament(organizer=other_organizer)
    return {
        "tournament": tournament,
        "organizer": organizer,
        "arbiter": arbiter,
        "other_organizer": other_organizer,
        "player": make_user("paul"),
    }


def _url(setting, name, args) -> str:
    return reverse(name, args=[setting["tournament"].slug, *args])


def test_anonymous_visitors_are_sent_to_the_login_page(setting, login):
    client = login()
    for name, args in PAGES:
        response = client.get(_url(setting, name, args))

        assert response.status_code == 302, name
        assert response["Location"].startswith(reverse("accounts:login")), name


@pytest.mark.parametrize("who", ["arbiter", "other_organizer", "player"])
def test_pages_are_refused_to_anyone_but_the_organizers(setting, login, who):
    client = login(setting[who])
    for name, args in PAGES:
        assert client.get(_url(setting, name, args)).status_code == 403, name


def test_the_organizer_opens_every_page(setting, login):
    client = login(setting["organizer"])
    for name, args in PAGES:
        assert client.get(_url(setting, name, args)).status_code == 200, name


@pytest.mark.parametrize("who", [None, "arbiter", "other_organizer", "player"])
def test_actions_are_refused_and_change_nothing(setting, login, who):
    client = login(setting[who] if who else None)
    before = row_counts()
    teams = list(setting["tournament"].teams.values_list("checked_in", "withdrawn"))

    for name, args, data in ACTIONS:
        response = client.post(_url(setting, name, args), data)

        if who is None:
            assert response.status_code == 302, name
            assert response["Location"].startswith(reverse("accounts:login")), name
        else:
            assert response.status_code == 403, name
    assert row_counts() == before
    assert list(setting["tournament"].teams.values_list("checked_in", "withdrawn")) == teams
    setting["tournament"].refresh_from_db()
    assert setting["tournament"].status == Tournament.Status.REGISTRATION


def test_a_superuser_organizes_every_tournament(setting, login, django_user_model):
    admin = django_user_model.objects.create_superuser("root", "root@example.org", "x-long-pw-42")

    response = login(admin).get(reverse("tournaments:plan", args=[setting["tournament"].slug]))

    assert response.status_code == 200


def test_only_organizers_may_create_a_tournament(setting, login):
    url = reverse("tournaments:create")
    assert login().get(url).status_code == 302
    assert login(setting["arbiter"]).get(url).status_code == 403
    assert login(setting["player"]).get(url).status_code == 403
    assert login(setting["organizer"]).get(url).status_code == 200


def test_my_tournaments_lists_only_the_organizers_own(setting, login):
    url = reverse("tournaments:organizer_home")
    assert login().get(url).status_code == 302
    assert login(setting["arbiter"]).get(url).status_code == 403

    page = login(setting["other_organizer"]).get(url)

    assert page.status_code == 200
    assert setting["tournament"].name not in page.text


def test_an_unknown_tournament_is_refused_like_a_foreign_one(setting, login):
    url = reverse("tournaments:plan", args=["no-such-tournament"])

    assert login(setting["other_organizer"]).get(url).status_code == 403
