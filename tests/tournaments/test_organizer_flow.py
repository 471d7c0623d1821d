"""The organizer's day through the pages: create, import 30 teams, check in, plan, publish."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.support.factories import small_tournament
from tests.support.organizer import csv_bytes, plan_of, settings_data, team_rows
from tournaments.setup.models import Team, Tournament

pytestmark = pytest.mark.django_db


def test_the_whole_day_from_creation_to_publication(organizer, make_user, login):
    arbiter = make_user("arnaud", role="arbiter")
    client = login(organizer)

    # Create the tournament: the creator organizes it, the slug comes from the name.
    response = client.post(reverse("tournaments:create"), settings_data(arbiters=[str(arbiter.pk)]))
    tournament = Tournament.objects.get(name="Open de Montreuil")
    assert response.status_code == 302
    assert response["Location"] == reverse("tournaments:manage", args=[tournament.slug])
    assert tournament.slug == "open-de-montreuil"
    assert tournament.status == Tournament.Status.DRAFT
    assert list(tournament.organizers.all()) == [organizer]
    assert list(tournament.arbiters.all()) == [arbiter]
    assert tournament.rules["rounding"] == "half_up"

    # Open the registrations.
    client.post(reverse("tournaments:status", args=[tournament.slug]), {"status": "registration"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.REGISTRATION

    # Import 30 teams from a CSV file: a preview first, nothing saved until confirmed.
    upload = SimpleUploadedFile("equipes.csv", csv_bytes(team_rows(30)), "text/csv")
    response = client.post(
        reverse("tournaments:team_import", args=[tournament.slug]), {"file": upload}
    )
    assert response.status_code == 200
    assert "Aperçu avant import" in response.text
    assert "30 équipes seront inscrites" in response.text
    assert Team.objects.filter(tournament=tournament).count() == 0
    response = client.post(reverse("tournaments:team_import_confirm", args=[tournament.slug]))
    assert response.status_code == 302
    assert tournament.teams.count() == 30
    team_7 = tournament.teams.get(number=7)
    assert (team_7.name, team_7.player_one.first_name, team_7.player_two.last_name) == (
        "Équipe 7",
        "Élodie",
        "Gaël7",
    )

    # Check in: one tap per team on the phone (JSON), the last ones all at once.
    for number in range(1, 28):
        response = client.post(
            reverse("tournaments:checkin_toggle", args=[tournament.slug, number]),
            {"checked_in": "1"},
            HTTP_X_REQUESTED_WITH="fetch",
        )
        assert response.json()["checked_in"] is True
    assert response.json()["checked_in_count"] == 27
    page = client.get(reverse("tournaments:checkin", args=[tournament.slug]))
    assert "27</strong> équipes pointées sur" in page.text
    client.post(reverse("tournaments:checkin_all", args=[tournament.slug]))
    assert tournament.teams.filter(checked_in=True).count() == 30

    # Generate the plan: 15 tables (an odd number: a full Mitchell of 15 rounds), 3 boards each.
    response = client.post(reverse("tournaments:plan_generate", args=[tournament.slug]))
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.plan_generated_at is not None
    plan = plan_of(tournament)
    assert {row[1] for row in plan} == set(range(1, 16))
    assert {row[0] for row in plan} == set(range(1, 16))
    assert all(len(row[4]) == 3 for row in plan)
    grid = client.get(reverse("tournaments:plan", args=[tournament.slug]))
    assert "Table 15" in grid.text
    assert "non publié" in grid.text

    # Nothing published yet: the public sees no table.
    public = login().get(reverse("tournaments:public", args=[tournament.slug]))
    assert "Le plan de table n'est pas encore publié" in public.text

    # Publish round 1, then everything.
    client.post(reverse("tournaments:plan_publish", args=[tournament.slug]), {"round": "1"})
    assert list(tournament.round_set.filter(published=True).values_list("number", flat=True)) == [1]
    client.post(reverse("tournaments:plan_publish", args=[tournament.slug]), {"round": "all"})
    assert not tournament.round_set.filter(published=False).exists()

    # Start the tournament; players find their table.
    client.post(reverse("tournaments:status", args=[tournament.slug]), {"status": "running"})
    tournament.refresh_from_db()
    assert tournament.status == Tournament.Status.RUNNING
    public = login().get(reverse("tournaments:public", args=[tournament.slug]))
    assert public.status_code == 200
    assert 'id="tour-15"' in public.text
    team_page = login().get(reverse("tournaments:team", args=[tournament.slug, 16]))
    assert team_page.status_code == 200
    assert "Prochain tour" in team_page.text
    schedule = team_page.context["schedule"]
    assert len(schedule) == 15
    # Team 16 is the first EW team: table 1 in round 1, against NS team 1, boards 1-3.
    first = schedule[0]
    assert (first.table, first.direction, first.opponent.number, first.boards) == (
        1,
        "EW",
        1,
        [1, 2, 3],
    )


def test_the_movement_command_prints_the_stored_plan(organizer, login):
    from io import StringIO

    from django.core.management import call_command

    from tests.support.factories import add_teams, make_tournament

    tournament = make_tournament(organizer=organizer, rounds=None, boards_per_round=2)
    add_teams(tournament, 8)
    login(organizer).post(reverse("tournaments:plan_generate", args=[tournament.slug]))
    output = StringIO()
    call_command("movement", "--tournament", tournament.slug, "--json", stdout=output)
    rows = json.loads(output.getvalue())
    assert [(r["round"], r["table"], r["ns"], r["ew"], r["boards"]) for r in rows] == [
        tuple(row) for row in plan_of(tournament)
    ]


def test_finishing_with_results_missing_asks_first(client, organizer):
    tournament = small_tournament(organizer=organizer)
    client.force_login(organizer)
    manage = reverse("tournaments:manage", args=[tournament.slug])
    html = client.get(manage).content.decode()
    # 3 tables x 3 rounds x 2 boards, none entered yet.
    assert "(18 résultats manquants)" in html
    assert "18 résultats manquent encore. Terminer le tournoi quand même ?" in html
    status = reverse("tournaments:status", args=[tournament.slug])
    client.post(status, {"status": "finished"})
    tournament.refresh_from_db()
    assert tournament.status == "running"
    assert "18 résultats manquent encore" in client.get(manage).content.decode()
    client.post(status, {"status": "finished", "missing_confirmed": "1"})
    tournament.refresh_from_db()
    assert tournament.status == "finished"
