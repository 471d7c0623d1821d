"""« Copier un tournoi »: a new draft with the settings, rules and staff of a previous one, its
teams if asked (names and players, nothing of the day), only for the source's organizers."""

import datetime
import logging

import pytest
from django.urls import reverse

from tests.support.factories import add_plan, add_teams, make_tournament
from tests.support.organizer import add_result, row_counts
from tournaments.deals.models import DealSet
from tournaments.deals.services import generate_deals
from tournaments.setup.models import Tournament
from tournaments.setup.services import OrganizerError, copy_tournament
from tournaments.setup.services.copying import COPIED_FIELDS

pytestmark = pytest.mark.django_db

NEW_DATE = datetime.date(2027, 1, 9)


@pytest.fixture
def source(organizer, make_user):
    """Last month's tournament: its own settings and rules, a co-organizer, an arbiter, six
    teams checked in (one withdrawn), its plan, deals and a result."""
    tournament = make_tournament(
        organizer=organizer,
        name="Open de décembre",
        slug="open-de-decembre",
        boards_per_round=4,
        rounds=5,
        minutes_per_board=7,
        movement_type="howell",
        scoring_method="datum",
        table_entry=False,
        arbiters_see_hands=True,
        rules_preset="contree",
        rules={"failure_base": 162},
    )
    tournament.organizers.add(make_user("colette", role="organizer"))
    tournament.arbiters.add(make_user("arnaud", role="arbiter"))
    teams = add_teams(tournament, 6)
    teams[5].withdrawn = True
    teams[5].save()
    add_plan(tournament)
    generate_deals(tournament=tournament)
    add_result(tournament)
    return tournament


def copy_url(tournament) -> str:
    return reverse("tournaments:copy", args=[tournament.slug])


# --- The service -----------------------------------------------------------------------


def test_a_copy_is_a_draft_with_the_same_settings_rules_and_staff(source, organizer):
    copy = copy_tournament(source=source, by=organizer, name="Open de janvier", date=NEW_DATE)
    assert copy.status == Tournament.Status.DRAFT
    assert (copy.name, copy.date, copy.slug) == ("Open de janvier", NEW_DATE, "open-de-janvier")
    for field in COPIED_FIELDS:
        assert getattr(copy, field) == getattr(source, field), field
    assert copy.rule_settings() == source.rule_settings()
    assert set(copy.organizers.values_list("username", flat=True)) == {"odile", "colette"}
    assert list(copy.arbiters.values_list("username", flat=True)) == ["arnaud"]
    assert copy.plan_generated_at is None


def test_without_the_box_no_team_comes(source, organizer):
    copy = copy_tournament(source=source, by=organizer, name="Open de janvier", date=NEW_DATE)
    assert copy.teams.count() == 0
    assert copy.players.count() == 0


def test_teams_come_with_their_names_and_players_and_nothing_of_the_day(source, organizer):
    copy = copy_tournament(
        source=source, by=organizer, name="Open de janvier", date=NEW_DATE, with_teams=True
    )
    old = {team.number: team for team in source.teams.select_related("player_one", "player_two")}
    new = list(copy.teams.select_related("player_one", "player_two"))
    assert [team.number for team in new] == [1, 2, 3, 4, 5, 6]
    for team in new:
        before = old[team.number]
        assert team.name == before.name
        for player, was in (
            (team.player_one, before.player_one),
            (team.player_two, before.player_two),
        ):
            assert player.pk != was.pk
            assert player.tournament_id == copy.pk
            assert (player.first_name, player.last_name, player.licence, player.club) == (
                was.first_name,
                was.last_name,
                was.licence,
                was.club,
            )
        # Check-in, withdrawal and the team's secrets belong to the day that was.
        assert not team.checked_in
        assert not team.withdrawn
        assert team.token != before.token
    assert copy.round_set.count() == 0
    assert copy.tables.count() == 0
    assert copy.boards.count() == 0
    assert copy.results.count() == 0
    assert copy.documents.count() == 0
    assert not DealSet.objects.filter(tournament=copy).exists()


def test_the_source_is_left_as_it_was(source, organizer):
    teams_before = list(source.teams.values_list("pk", "checked_in", "code", "token"))
    copy_tournament(
        source=source, by=organizer, name="Open de janvier", date=NEW_DATE, with_teams=True
    )
    assert list(source.teams.values_list("pk", "checked_in", "code", "token")) == teams_before
    assert source.results.count() == 1


def test_the_same_name_gets_a_slug_of_its_own(source, organizer):
    first = copy_tournament(source=source, by=organizer, name=source.name, date=NEW_DATE)
    second = copy_tournament(source=source, by=organizer, name=source.name, date=NEW_DATE)
    assert (first.slug, second.slug) == ("open-de-decembre-2", "open-de-decembre-3")


def test_only_the_organizers_of_the_source_may_copy_it(source, make_user):
    stranger = make_user("gaston", role="organizer")
    before = row_counts()
    with pytest.raises(OrganizerError) as refused:
        copy_tournament(source=source, by=stranger, name="Pris", date=NEW_DATE, with_teams=True)
    assert str(refused.value.message) == "Seuls les organisateurs de ce tournoi peuvent le copier."
    assert row_counts() == before


def test_a_copy_is_logged(source, organizer, caplog):
    with caplog.at_level(logging.INFO, logger="tournaments.setup.services.copying"):
        copy = copy_tournament(
            source=source, by=organizer, name="Open", date=NEW_DATE, with_teams=True
        )
    assert f"source=open-de-decembre new={copy.slug} teams=6 by=odile" in caplog.text


# --- The page --------------------------------------------------------------------------


def test_the_copy_page_asks_a_name_and_a_date(source, organizer, login):
    response = login(organizer).get(copy_url(source))
    assert response.status_code == 200
    html = response.content.decode()
    assert 'value="Open de décembre (copie)"' in html
    assert 'name="date"' in html
    assert 'name="with_teams"' in html


def test_copying_from_the_page_opens_the_new_draft(source, organizer, login):
    response = login(organizer).post(
        copy_url(source),
        {"name": "Open de janvier", "date": "2027-01-09", "with_teams": "on"},
        follow=True,
    )
    copy = Tournament.objects.get(slug="open-de-janvier")
    assert response.redirect_chain[-1][0] == reverse("tournaments:manage", args=[copy.slug])
    assert "Tournoi « Open de janvier » créé à partir de « Open de décembre » (brouillon)." in (
        response.content.decode()
    )
    assert copy.teams.count() == 6
    assert copy.organizers.filter(pk=organizer.pk).exists()


def test_a_missing_name_or_date_is_said_in_french_and_nothing_is_made(source, organizer, login):
    before = Tournament.objects.count()
    response = login(organizer).post(copy_url(source), {"name": "  ", "date": "demain"})
    assert response.status_code == 200
    html = response.content.decode()
    assert "Corrigez les champs signalés ci-dessous." in html
    assert "Ce champ est obligatoire." in html
    assert "Saisissez une date valide." in html
    assert Tournament.objects.count() == before


@pytest.mark.parametrize("who", ["other_organizer", "arbiter", "co_organizer_without_role"])
def test_others_get_403_and_nothing_is_made(source, make_user, login, who):
    if who == "other_organizer":
        user = make_user("gaston", role="organizer")
    elif who == "arbiter":
        user = source.arbiters.get()
    else:
        user = make_user("sans-role")
        source.organizers.add(user)
    before = Tournament.objects.count()
    client = login(user)
    assert client.get(copy_url(source)).status_code == 403
    response = client.post(copy_url(source), {"name": "Pris", "date": "2027-01-09"})
    assert response.status_code == 403
    assert Tournament.objects.count() == before


def test_an_unknown_tournament_is_the_same_403(organizer, login):
    url = reverse("tournaments:copy", args=["nulle-part"])
    assert login(organizer).get(url).status_code == 403


def test_anonymous_visitors_are_sent_to_the_login_page(source, login):
    response = login().get(copy_url(source))
    assert response.status_code == 302
    assert "/comptes/connexion/" in response["Location"]


def test_the_list_and_the_tournament_page_link_to_the_copy(source, organizer, login):
    client = login(organizer)
    home = client.get(reverse("tournaments:organizer_home")).content.decode()
    assert f'href="{copy_url(source)}"' in home
    manage = client.get(reverse("tournaments:manage", args=[source.slug])).content.decode()
    assert f'href="{copy_url(source)}"' in manage
