"""The resources' contents, pagination, filters and the organizer's writes through the API."""

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from rest_framework.test import APIClient

from tests.support.api import played
from tests.support.factories import add_teams, make_tournament
from tournaments.api import serializers
from tournaments.setup.models import Round, TableAssignment, Tournament
from tournaments.setup.services.tournament import SETTINGS_FIELDS

pytestmark = pytest.mark.django_db


@pytest.fixture
def base(tournament):
    return f"/api/v1/tournaments/{tournament.slug}"


# --- Errors, pagination, filters ----------------------------------------------------------------


def test_an_unknown_tournament_is_a_404_in_the_error_format(client_for):
    response = client_for("player").get("/api/v1/tournaments/nulle-part/teams/")

    assert response.status_code == 404
    assert response.json() == {"code": "not_found", "message": "Introuvable.", "errors": []}


def test_lists_are_paginated(client_for, base):
    client = client_for("anonymous")

    first = client.get(f"{base}/teams/", {"page_size": 4}).json()
    second = client.get(first["next"]).json()
    beyond = client.get(f"{base}/teams/", {"page_size": 4, "page": 3})

    assert first["count"] == 6
    assert [team["number"] for team in first["results"]] == [1, 2, 3, 4]
    assert [team["number"] for team in second["results"]] == [5, 6]
    assert second["next"] is None
    assert beyond.status_code == 404
    assert beyond.json()["code"] == "not_found"


def test_lists_are_filtered(client_for, base, tournament):
    client = client_for("anonymous")
    tournament.teams.filter(number=2).update(checked_in=False)

    waiting = client.get(f"{base}/teams/", {"checked_in": "false"}).json()["results"]
    team_4 = client.get(f"{base}/plan/", {"team": 4}).json()["results"]
    board_5 = client.get(f"{base}/plan/", {"board": 5}).json()["results"]
    north = client.get(f"{base}/boards/", {"dealer": "N"}).json()["results"]

    assert [team["number"] for team in waiting] == [2]
    assert [(row["round"], row["table"]) for row in team_4] == [(1, 1), (2, 2), (3, 3)]
    assert [(row["round"], row["table"]) for row in board_5] == [(1, 3), (2, 2), (3, 1)]
    assert [board["number"] for board in north] == [1, 5]


def test_a_bad_filter_value_is_a_400_field_by_field(client_for, base):
    response = client_for("anonymous").get(f"{base}/plan/", {"round": "premier"})

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "round"


def test_tournaments_list_drafts_only_to_their_organizers(client_for, cast, tournament):
    draft = make_tournament(organizer=cast["organizer"], status=Tournament.Status.DRAFT)

    def slugs(actor):
        return {t["slug"] for t in client_for(actor).get("/api/v1/tournaments/").json()["results"]}

    assert draft.slug in slugs("organizer")
    assert draft.slug not in slugs("other_organizer")
    assert draft.slug not in slugs("anonymous")
    assert tournament.slug in slugs("anonymous")


def test_a_longer_tournament_list_costs_no_more_queries(make_user, tournament):
    # A superuser organizes every tournament: each one shows its staff lists.
    client = APIClient()
    client.force_login(get_user_model().objects.create_superuser("root", password="x"))

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get("/api/v1/tournaments/").status_code == 200
        return len(captured)

    before = queries()
    for number in range(5):
        make_tournament(organizer=make_user(f"orga{number}"))

    assert queries() == before


# --- What each role reads -------------------------------------------------------------------


def test_licences_and_staff_lists_only_for_the_staff(client_for, base):
    public = client_for("player").get(f"{base}/teams/1/").json()
    staff = client_for("arbiter").get(f"{base}/teams/1/").json()

    assert {player["licence"] for player in public["players"]} == {None}
    assert all(player["licence"] for player in staff["players"])
    assert client_for("player").get(f"{base}/").json()["arbiters"] is None
    assert client_for("arbiter").get(f"{base}/").json()["arbiters"] == ["arnaud"]


def test_players_list_their_team(client_for, base, tournament):
    players = client_for("anonymous").get(f"{base}/players/", {"page_size": 100}).json()

    assert players["count"] == 12
    assert {player["team"] for player in players["results"]} == {1, 2, 3, 4, 5, 6}


def test_unpublished_rounds_are_for_the_staff(client_for, base, tournament):
    Round.objects.filter(tournament=tournament, number=3).update(published=False)

    public_rounds = client_for("player").get(f"{base}/rounds/").json()["results"]
    public_plan = client_for("player").get(f"{base}/plan/").json()["results"]
    staff_plan = client_for("arbiter").get(f"{base}/plan/").json()["results"]

    assert [r["number"] for r in public_rounds] == [1, 2]
    assert {row["round"] for row in public_plan} == {1, 2}
    assert {row["round"] for row in staff_plan} == {1, 2, 3}


def test_the_plan_row_names_teams_and_marks_the_sit_out(client_for, cast):
    tournament = make_tournament(organizer=cast["organizer"])
    add_teams(tournament, 3)
    from tests.support.factories import add_plan

    add_plan(tournament, rows=[(1, 1, 1, 2, [1, 2]), (1, 2, 3, None, [3, 4])])

    rows = client_for("anonymous").get(f"/api/v1/tournaments/{tournament.slug}/plan/").json()

    assert rows["results"][1] == {
        "round": 1,
        "table": 2,
        "ns_team": 3,
        "ew_team": None,
        "ns_name": "Équipe 3",
        "ew_name": "",
        "boards": [3, 4],
        "arrow_switch": False,
        "sit_out": True,
    }


# --- Organizer writes -------------------------------------------------------------------------


def test_the_api_reads_and_writes_every_setting_of_the_settings_page():
    # The one list is SETTINGS_FIELDS; the serializers declare each field with its own checks.
    assert set(SETTINGS_FIELDS) <= set(serializers.TournamentSerializer.Meta.fields)
    assert set(SETTINGS_FIELDS) <= set(serializers.TournamentWriteSerializer().fields)


def test_an_organizer_creates_a_tournament_with_a_preset_and_some_rules(client_for, cast):
    response = client_for("other_organizer").post(
        "/api/v1/tournaments/",
        {
            "name": "Coupe d'hiver",
            "date": "2027-01-16",
            "rules_preset": "ffb-coinche-sa-ta",
            "rules": {"rounding": "none"},
            "arbiters": ["arnaud"],
        },
        format="json",
    )

    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "draft"
    assert body["your_role"] == "organizer"
    assert body["rules"]["no_trump"] is True
    assert body["rules"]["rounding"] == "none"
    tournament = Tournament.objects.get(slug=body["slug"])
    assert list(tournament.organizers.all()) == [cast["other_organizer"]]
    assert list(tournament.arbiters.all()) == [cast["arbiter"]]


def test_unknown_staff_and_rules_are_refused_field_by_field(client_for):
    response = client_for("organizer").post(
        "/api/v1/tournaments/",
        {"name": "X", "date": "2027-01-16", "arbiters": ["personne"], "rules": {"rounding": "x"}},
        format="json",
    )

    assert response.status_code == 400
    assert {error["field"] for error in response.json()["errors"]} == {
        "arbiters",
        "rules.rounding",
    }


def test_a_rule_family_with_an_adjusted_axis_and_an_impossible_combination(client_for):
    client = client_for("organizer")
    made = client.post(
        "/api/v1/tournaments/",
        {
            "name": "Qualificatif",
            "date": "2027-01-16",
            "rules_preset": "cannes-2016",
            "rules": {"overtake_partner": "always"},
        },
        format="json",
    )
    assert made.status_code == 201
    rules = made.json()["rules"]
    assert rules["multiplier_scope"] == "bid_only" and rules["capot_bid"] == "bid_270"
    assert rules["overtake_partner"] == "always"

    refused = client.post(
        "/api/v1/tournaments/",
        {"name": "Y", "date": "2027-01-16", "rules": {"belote_transferred": True}},
        format="json",
    )
    assert refused.status_code == 400
    [error] = refused.json()["errors"]
    assert error["field"] == "rules" and error["code"] == "invalid_rules"
    assert "belote_imprenable" in error["message"]


def test_rules_are_frozen_once_results_exist(client_for, base, tournament):
    played(tournament)

    response = client_for("organizer").patch(
        f"{base}/", {"rules": {"annonces": False}}, format="json"
    )
    renamed = client_for("organizer").patch(f"{base}/", {"name": "Nouveau nom"}, format="json")

    assert response.status_code == 400
    assert response.json()["code"] == "refused"
    assert renamed.status_code == 200
    assert renamed.json()["name"] == "Nouveau nom"
    assert renamed.json()["rules"]["annonces"] is True


def test_status_changes_follow_the_allowed_steps(client_for, base):
    organizer = client_for("organizer")

    refused = organizer.post(f"{base}/status/", {"status": "draft"}, format="json")
    finished = organizer.post(f"{base}/status/", {"status": "finished"}, format="json")

    assert refused.status_code == 400
    assert finished.status_code == 200
    assert finished.json()["status"] == "finished"


def test_an_organizer_registers_checks_in_and_withdraws_teams(client_for, base, tournament):
    organizer = client_for("organizer")
    players = [
        {"first_name": "Irène", "last_name": "Joly", "licence": "X1"},
        {"first_name": "Karim", "last_name": "Lemoine"},
    ]

    created = organizer.post(
        f"{base}/teams/", {"players": players, "checked_in": True}, format="json"
    )
    duplicate = organizer.post(f"{base}/teams/", {"players": players}, format="json")
    withdrawn = organizer.patch(f"{base}/teams/7/", {"withdrawn": True}, format="json")
    in_plan = organizer.delete(f"{base}/teams/1/")
    deleted = organizer.delete(f"{base}/teams/7/")

    assert created.status_code == 201
    assert (created.json()["number"], created.json()["checked_in"]) == (7, True)
    assert duplicate.status_code == 400
    assert duplicate.json()["code"] == "refused"
    assert withdrawn.json()["withdrawn"] is True
    assert in_plan.status_code == 400
    assert deleted.status_code == 204
    assert not tournament.teams.filter(number=7).exists()


def test_a_team_needs_two_players(client_for, base):
    response = client_for("organizer").post(
        f"{base}/teams/",
        {"players": [{"first_name": "Seul", "last_name": "Joueur"}]},
        format="json",
    )

    assert response.status_code == 400
    assert response.json()["errors"][0]["field"] == "players"


def test_an_organizer_generates_and_publishes_the_plan(client_for, cast):
    tournament = make_tournament(organizer=cast["organizer"], rounds=None, boards_per_round=2)
    add_teams(tournament, 8)
    organizer = client_for("organizer")
    base = f"/api/v1/tournaments/{tournament.slug}"

    generated = organizer.post(f"{base}/plan/generate/", {}, format="json")
    hidden = client_for("player").get(f"{base}/plan/").json()["count"]
    published = organizer.post(f"{base}/plan/publish/", {"rounds": [1, 2]}, format="json")
    unknown = organizer.post(f"{base}/plan/publish/", {"rounds": [99]}, format="json")

    assert generated.status_code == 200
    assert generated.json()["tables"] == 4
    assert hidden == 0
    assert published.json()["changed"] == 2
    assert [r["published"] for r in published.json()["rounds"]][:3] == [True, True, False]
    assert client_for("player").get(f"{base}/plan/").json()["count"] == 8
    assert unknown.status_code == 400
    assert TableAssignment.objects.filter(round__tournament=tournament).count() > 8


def test_an_arbiter_starts_a_round(client_for, base):
    response = client_for("arbiter").post(f"{base}/rounds/2/start/", {}, format="json")

    assert response.status_code == 200
    assert response.json()["started_at"] is not None


def test_another_preset_starts_from_its_values_and_later_changes_keep_them(client_for, base):
    organizer = client_for("organizer")

    contree = organizer.patch(f"{base}/", {"rules_preset": "contree"}, format="json").json()
    tuned = organizer.patch(f"{base}/", {"rules": {"rounding": "none"}}, format="json").json()

    assert contree["rules_preset"] == "contree"
    assert contree["rules"]["annonces"] is False
    assert tuned["rules"]["annonces"] is False
    assert tuned["rules"]["rounding"] == "none"


def test_the_replay_opened_to_all_is_a_setting_of_the_api_and_of_the_page(
    client_for, base, tournament
):
    assert client_for("organizer").get(f"{base}/").json()["replay_open_to_all"] is False
    answer = client_for("organizer").patch(f"{base}/", {"replay_open_to_all": True}, format="json")
    assert answer.status_code == 200 and answer.json()["replay_open_to_all"] is True
    tournament.refresh_from_db()
    assert tournament.replay_open_to_all
    client = Client()
    client.force_login(tournament.organizers.first())
    page = client.get(reverse("tournaments:edit", args=[tournament.slug])).content.decode()
    assert 'name="replay_open_to_all"' in page and "Rejouer ouvert à tous" in page
